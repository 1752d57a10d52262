/**
 * The provider plugin's operations on plain values: the same declarations and the same engine as
 * the dynamic path (`dynamicProvider(declaration)` per type), reached by type token instead of a
 * serialized provider. What the dynamic SDK passes as control inputs comes from the engine here:
 * the resource's name from the URN (autonaming), the import id as Read's id.
 */
import { defaultProject, useStackConfig } from "../provider/config";
import type { Args, ResourceDeclaration, State } from "../provider/engine/declaration";
import { dynamicProvider, type CheckFailure, type DynamicProvider } from "../provider/engine/dynamicProvider";
import { importIdentity } from "../provider/engine/checkInputs";
import type { PropertyChangeKind } from "../provider/engine/diff";
import { formatId, placeholders } from "../provider/engine/template";
import { declarations } from "../provider/registry";
import { parseUrn, resourceToken } from "./tokens";
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

const served = new Map<string, Served>(
  declarations.map((declaration) => [resourceToken(declaration), { declaration, provider: dynamicProvider(declaration) }]),
);

function servedBy(urn: string): Served & { readonly name: string } {
  const { type, name } = parseUrn(urn);
  const found = served.get(type);
  if (found === undefined) throw new Error(`pulumi-svc: no resource type ${type} (known: ${[...served.keys()].join(", ")})`);
  return { ...found, name };
}

/** What stays secret in what the plugin answers: the declared secret outputs, and whatever the program gave as a secret. */
function secretsOf(declaration: ResourceDeclaration, given: ReadonlySet<string>): Set<string> {
  return new Set([...(declaration.secretOutputs ?? []), ...given]);
}

/** The stack configuration as the provider reads it (`svc:<key>`), from the plugin's configuration. */
export function configure(config: Marked): void {
  const value = (key: string): string | undefined => {
    const raw = config.values[key.replace(/^svc:/, "")];
    if (raw === undefined || raw === null) return undefined;
    return typeof raw === "string" ? raw : JSON.stringify(raw);
  };
  useStackConfig({ get: value, isSecret: (key) => config.secrets.has(key.replace(/^svc:/, "")) });
}

export async function check(urn: string, olds: Marked, news: Marked): Promise<{ inputs?: Marked; failures?: CheckFailure[] }> {
  const { declaration, provider, name } = servedBy(urn);
  const given: Args = { ...news.values };
  // The dynamic SDK passes the name for autonaming; here the URN says it.
  if (declaration.autoName !== undefined) given["__resourceName"] = name;
  const result = await provider.check(olds.values, given);
  if (result.failures !== undefined && result.failures.length > 0) return { failures: result.failures };
  return { inputs: { values: result.inputs ?? {}, secrets: secretsOf(declaration, news.secrets) } };
}

export async function diff(urn: string, id: string, olds: Marked, news: Marked): Promise<DiffResult> {
  const { provider } = servedBy(urn);
  const result = await provider.diff(id, olds.values, news.values);
  return {
    changes: result.changes,
    replaces: result.replaces ?? [],
    deleteBeforeReplace: result.deleteBeforeReplace === true,
    detailedDiff: result.detailedDiff ?? {},
  };
}

export async function create(urn: string, inputs: Marked): Promise<{ id: string; outs: Marked }> {
  const { declaration, provider } = servedBy(urn);
  const { id, outs } = await provider.create(inputs.values);
  return { id, outs: { values: outs, secrets: secretsOf(declaration, inputs.secrets) } };
}

/**
 * The canonical id of an import id in any accepted form (`{managedZone}/{name}/{type}`), the
 * project from the settings where the form leaves it out; the id as given when it is no form.
 */
function canonicalId(declaration: ResourceDeclaration, id: string): string {
  const known: Args = declaration.projectScoped === true ? { project: defaultProject() } : {};
  const identity = importIdentity(declaration, id, known);
  if (identity === undefined || placeholders(declaration.id.format).some((part) => identity[part] === undefined)) return id;
  return formatId(declaration.id.format, identity);
}

/**
 * A refresh (the stored state given) or an import (only the id): the object as the API has it,
 * nothing when it is gone. An import also answers the inputs that describe it, which the engine
 * checks, diffs and writes as the program's code.
 */
export async function read(urn: string, id: string, props: Marked, inputs: Marked): Promise<{ id?: string; props?: Marked; inputs?: Marked }> {
  const { declaration, provider } = servedBy(urn);
  const importing = Object.keys(props.values).length === 0;
  const target = importing ? canonicalId(declaration, id) : id;
  const result = await provider.read(target, props.values);
  if (result.id === undefined || result.props === undefined) return {};
  const secrets = secretsOf(declaration, props.secrets);
  const state: State = result.props;
  const argNames = Object.keys(declaration.args.shape);
  const described = importing
    ? { values: Object.fromEntries(argNames.filter((name) => state[name] !== undefined).map((name) => [name, state[name]])), secrets }
    : { values: inputs.values, secrets: new Set([...inputs.secrets, ...secrets]) };
  return { id: result.id, props: { values: state, secrets }, inputs: described };
}

export async function update(urn: string, id: string, olds: Marked, news: Marked): Promise<Marked> {
  const { declaration, provider } = servedBy(urn);
  const { outs } = await provider.update(id, olds.values, news.values);
  return { values: outs, secrets: secretsOf(declaration, new Set([...olds.secrets, ...news.secrets])) };
}

export async function remove(urn: string, id: string, props: Marked): Promise<void> {
  const { provider } = servedBy(urn);
  await provider.delete(id, props.values);
}
