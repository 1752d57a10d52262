/**
 * The provider plugin's operations on plain values: the same declarations and the same engine as
 * the dynamic path (`dynamicProvider(declaration)` per type), reached by type token instead of a
 * serialized provider. What the dynamic SDK passes as control inputs comes from the engine here:
 * the resource's name from the URN (autonaming), the import id as Read's id.
 */
import type { z } from "zod";
import { defaultProject } from "../provider/config";
import { ProviderRuntime } from "../provider/runtime";
import type { Args, ResourceDeclaration, State } from "../provider/engine/declaration/declaration";
import { dynamicProvider, type CheckFailure, type DynamicProvider } from "../provider/engine/pulumi/dynamicProvider";
import { importIdentity } from "../provider/engine/lifecycle/ids";
import type { PropertyChangeKind } from "../provider/engine/plan/diff";
import { formatId, placeholders } from "../provider/engine/declaration/template";
import { declarations } from "../provider/registry";
import { parseUrn, resourceToken } from "../provider/typeTokens";
import type { Values } from "./values";

/** A value and the top-level properties that are secrets. */
export interface Marked {
  readonly values: Values;
  readonly secrets: ReadonlySet<string>;
}

export interface DiffResult {
  readonly changes: boolean;
  readonly replaces: readonly string[];
  readonly deleteBeforeReplace: boolean;
  readonly detailedDiff: Readonly<Record<string, PropertyChangeKind>>;
}

interface Served {
  readonly declaration: ResourceDeclaration;
  readonly provider: DynamicProvider;
}

/** Every declared type's provider, in one plugin process's runtime. */
function servedIn(runtime: ProviderRuntime): (urn: string) => Served & { readonly name: string } {
  const served = new Map<string, Served>(
    declarations.map((declaration) => [resourceToken(declaration), { declaration, provider: dynamicProvider(declaration, runtime) }]),
  );
  return (urn) => {
    const { type, name } = parseUrn(urn);
    const found = served.get(type);
    if (found === undefined) throw new Error(`pulumi-svc: no resource type ${type} (known: ${[...served.keys()].join(", ")})`);
    return { ...found, name };
  };
}

/** What stays secret in what the plugin answers: the declared secret outputs, and whatever the program gave as a secret. */
function secretsOf(declaration: ResourceDeclaration, given: ReadonlySet<string>): Set<string> {
  return new Set([...(declaration.secretOutputs ?? []), ...given]);
}

/**
 * The plugin's operations on plain values, in the runtime of its process (made where the plugin
 * starts, plugin/main.ts; a test's own): every type it serves and every invoke shares its
 * settings, clients, windows, listings, polls and locks.
 */
export function pluginOperations(runtime: ProviderRuntime) {
  const servedBy = servedIn(runtime);
  return {
    configure: (config: Marked) => configure(runtime, config),
    check: (urn: string, olds: Marked, news: Marked) => check(servedBy(urn), urn, olds, news),
    diff: (urn: string, id: string, olds: Marked, news: Marked) => diff(servedBy(urn), id, olds, news),
    create: (urn: string, inputs: Marked) => create(servedBy(urn), inputs),
    read: (urn: string, id: string, props: Marked, inputs: Marked) => read(runtime, servedBy(urn), id, props, inputs),
    update: (urn: string, id: string, olds: Marked, news: Marked) => update(servedBy(urn), id, olds, news),
    remove: (urn: string, id: string, props: Marked) => servedBy(urn).provider.delete(id, props.values),
  };
}

export type PluginOperations = ReturnType<typeof pluginOperations>;

/** The stack configuration as the provider reads it (`svc:<key>`), from the plugin's configuration. */
function configure(runtime: ProviderRuntime, config: Marked): void {
  const value = (key: string): string | undefined => {
    const raw = config.values[key.replace(/^svc:/, "")];
    if (raw === undefined || raw === null) return undefined;
    return typeof raw === "string" ? raw : JSON.stringify(raw);
  };
  runtime.configure({ get: value, isSecret: (key) => config.secrets.has(key.replace(/^svc:/, "")) });
}

async function check(
  { declaration, provider, name }: Served & { readonly name: string },
  urn: string,
  olds: Marked,
  news: Marked,
): Promise<{ inputs?: Marked; failures?: CheckFailure[] }> {
  const given: Args = { ...news.values };
  // The dynamic SDK passes the name for autonaming; here the URN says it.
  if (declaration.autoName !== undefined) given["__resourceName"] = name;
  // The key of the object's ownership record (provider/engine/ownership/records.ts), as the SDK makes it: project, stack, type, name.
  const [, stack = "", project = ""] = /^urn:pulumi:([^:]*)::([^:]*)::/.exec(urn) ?? [];
  given["__owner"] = `${project}::${stack}::${declaration.module}:${declaration.name}::${name}`;
  const result = await provider.check(olds.values, given);
  if (result.failures !== undefined && result.failures.length > 0) return { failures: result.failures };
  return { inputs: { values: result.inputs ?? {}, secrets: secretsOf(declaration, news.secrets) } };
}

async function diff({ provider }: Served, id: string, olds: Marked, news: Marked): Promise<DiffResult> {
  const result = await provider.diff(id, olds.values, news.values);
  return {
    changes: result.changes,
    replaces: result.replaces ?? [],
    deleteBeforeReplace: result.deleteBeforeReplace === true,
    detailedDiff: result.detailedDiff ?? {},
  };
}

async function create({ declaration, provider }: Served, inputs: Marked): Promise<{ id: string; outs: Marked }> {
  const { id, outs } = await provider.create(inputs.values);
  return { id, outs: { values: outs, secrets: secretsOf(declaration, inputs.secrets) } };
}

/**
 * The canonical id of an import id in any accepted form (`{managedZone}/{name}/{type}`), the
 * project from the settings where the form leaves it out; the id as given when it is no form.
 */
function canonicalId(runtime: ProviderRuntime, declaration: ResourceDeclaration, id: string): string {
  const known: Args = declaration.projectScoped === true ? { project: defaultProject(runtime.settings) } : {};
  const identity = importIdentity(declaration, id, known);
  if (identity === undefined) return id;
  const missing = placeholders(declaration.id.format).filter((part) => identity[part] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `svc.${declaration.module}.${declaration.name}: the import id ${JSON.stringify(id)} leaves out ${missing.join(", ")}, which only a program's inputs ` +
        `could say; an import by the engine needs the full form ${declaration.id.format}.`,
    );
  }
  return formatId(declaration.id.format, identity);
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && value !== null && Object.keys(value).length === 0);

/**
 * The inputs that describe an object read for an import, as `pulumi import` writes them into the
 * program: what the API answered of the inputs, empty values left out, none of the inputs the API
 * never sees (local ones, request options). Where the API answers more than a program may give
 * together (a palette color and the colors it stands for), an optional input that check refuses
 * is left out of both, as it would be of a program (whose state keeps only what it gives), and check asked again.
 */
async function importedInputs(declaration: ResourceDeclaration, provider: DynamicProvider, state: State): Promise<{ inputs: Args; props: State }> {
  const notObject = new Set([...(declaration.localInputs ?? []), ...Object.keys(declaration.requestOptions ?? {})]);
  const inputs: Args = Object.fromEntries(
    Object.keys(declaration.args.shape)
      .filter((name) => !notObject.has(name) && !isEmpty(state[name]))
      // An input the state holds in another form is written as a program gives it (a zone's records map).
      .map((name) => [name, declaration.stored?.[name]?.toProgram(state[name]) ?? state[name]]),
  );
  const props: State = { ...state };
  const optional = (name: string): boolean => name in inputs && (declaration.args.shape[name] as z.ZodType | undefined)?.safeParse(undefined).success === true;
  for (let round = 0; round < 3; round++) {
    const { failures = [] } = await provider.check({}, inputs);
    // A refusal of two inputs together names one and mentions the other: the one it mentions is left out, as a program would.
    const mentioned = failures.flatMap((failure) =>
      Object.keys(inputs).filter((name) => name !== failure.property && new RegExp(`\\b${name}\\b`).test(failure.reason)),
    );
    const dropped = (mentioned.length > 0 ? mentioned : failures.map((failure) => failure.property)).filter(optional);
    if (dropped.length === 0) break;
    for (const name of dropped) {
      delete inputs[name];
      delete props[name];
    }
  }
  return { inputs, props };
}

/**
 * A refresh (the stored state given) or an import (only the id): the object as the API has it,
 * nothing when it is gone. An import also answers the inputs that describe it, which the engine
 * checks, diffs and writes as the program's code.
 */
async function read(
  runtime: ProviderRuntime,
  { declaration, provider }: Served,
  id: string,
  props: Marked,
  inputs: Marked,
): Promise<{ id?: string; props?: Marked; inputs?: Marked }> {
  const importing = Object.keys(props.values).length === 0;
  if (importing && declaration.importable === false) {
    throw new Error(
      `svc.${declaration.module}.${declaration.name} cannot be imported: the API offers no way to read it back, so the import could not be checked.`,
    );
  }
  const target = importing ? canonicalId(runtime, declaration, id) : id;
  const result = await provider.read(target, props.values);
  if (result.id === undefined || result.props === undefined) return {};
  const secrets = secretsOf(declaration, props.secrets);
  if (!importing)
    return { id: result.id, props: { values: result.props, secrets }, inputs: { values: inputs.values, secrets: new Set([...inputs.secrets, ...secrets]) } };
  const imported = await importedInputs(declaration, provider, result.props);
  return { id: result.id, props: { values: imported.props, secrets }, inputs: { values: imported.inputs, secrets } };
}

async function update({ declaration, provider }: Served, id: string, olds: Marked, news: Marked): Promise<Marked> {
  const { outs } = await provider.update(id, olds.values, news.values);
  return { values: outs, secrets: secretsOf(declaration, new Set([...olds.secrets, ...news.secrets])) };
}
