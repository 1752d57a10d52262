/**
 * Finds the objects an account already has, from the declarations' `adoption` data:
 * each root resource listed in the command line's scope, each child under every
 * adopted parent. An object's values come from the resource's own read (the same
 * normalisation a refresh uses), and its inputs are those values less the declared
 * defaults, checked as `check` would and compared as `diff` would, so adopting it
 * sends no write.
 */
import { z } from "zod";
import type { ApiName } from "../../provider/config";
import { isAdoptable, type Adoption, type AdoptionGathering } from "../../provider/engine/declaration/adoption";
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { CONTROL_INPUTS, diffArgs } from "../../provider/engine/plan/diff";
import { isEmpty, sameValue } from "../../provider/engine/plan/diff";
import { objectModel, Resource } from "../../provider/engine/lifecycle/resource";
import { ResourceIds } from "../../provider/engine/lifecycle/ids";
import { sendPlanned } from "../../provider/engine/executor/context";
import { callContext } from "../../provider/engine/functions/readFunction";
import { fillTemplate, matchTemplate } from "../../provider/engine/declaration/template";
import { listingRequest } from "../../provider/google/listing";
import { declarations } from "../../provider/registry";
import type { ProviderRuntime } from "../../provider/runtime";

/** An existing object, as the written program declares it. */
export interface Found {
  readonly declaration: ResourceDeclaration;
  readonly id: string;
  readonly state: State;
  /** What the program gives: the object's values less the declared defaults and empties. */
  readonly inputs: Args;
  /** Inputs written as a reference to the parent's property (`managedZone: zone.name`). */
  readonly references: Readonly<Record<string, string>>;
  readonly parent?: Found;
  /** The values the command line's scope gave (a project), which the object's children share. */
  readonly scope: Readonly<Record<string, string>>;
  /** Inputs `up` would still change after adopting it (none, unless the resource's read and check disagree). */
  readonly drift: readonly string[];
  /** It holds what these objects of another resource, found under its parent, say (`adoption.gathers`); they are not written. */
  readonly holds?: { readonly count: number; readonly chosen: "count" | "flag" };
}

/** A listed object that is not adopted, and why. */
export interface LeftOut {
  readonly declaration: ResourceDeclaration;
  readonly what: string;
  readonly reason: string;
}

export interface Discovery {
  readonly found: Found[];
  readonly leftOut: LeftOut[];
}

export interface DiscoverOptions {
  /** Flag values that scope the root listings (`project`, `parent`). */
  readonly scope: Readonly<Record<string, string>>;
  /** Repeatable selections (`zone`, `calendar`); an empty list selects every object. */
  readonly select: Readonly<Record<string, readonly string[]>>;
  /** The opt-in flags given (`inherited-settings`): objects left out by default that are adopted too. */
  readonly optIn?: ReadonlySet<string>;
  /** By a gathering's flag (`zone-records`): true writes one object whatever the number of its members, false each member (`adoption.gathers`). */
  readonly gather?: Readonly<Record<string, boolean>>;
  /** The process's runtime: every listing and read runs through its client of the API and in its engine (shared listings, windows). */
  readonly runtime: ProviderRuntime;
  readonly progress: (line: string) => void;
}

/** The declarations of an API that say how their objects are found, parents before children, what gathers others after them. */
export function adoptableOf(api: ApiName): ResourceDeclaration[] {
  const ordered: ResourceDeclaration[] = [];
  const pending = declarations.filter((declaration) => declaration.api === api && isAdoptable(declaration.adoption));
  while (pending.length > 0) {
    const next = pending.findIndex((declaration) => {
      const { under, gathers } = declaration.adoption as Adoption;
      return [under?.type, gathers?.members].every((before) => before === undefined || ordered.some((done) => typeKey(done) === before));
    });
    if (next < 0) throw new Error(`svc-import: ${pending.map(typeKey).join(", ")} are listed under a resource that is never listed`);
    ordered.push(...pending.splice(next, 1));
  }
  return ordered;
}

export async function discover(api: ApiName, options: DiscoverOptions): Promise<Discovery> {
  const discovery: Discovery = { found: [], leftOut: [] };
  const { runtime } = options;
  for (const declaration of adoptableOf(api)) {
    const adoption = declaration.adoption as Adoption;
    const engine = new Resource(declaration, { client: () => runtime.clientFor(api), log: () => undefined, process: runtime.engine });
    const parents = adoption.under === undefined ? [undefined] : discovery.found.filter((found) => typeKey(found.declaration) === adoption.under?.type);
    const counts = await Promise.all(parents.map((parent) => discoverUnder(declaration, adoption, engine, parent, options, discovery)));
    const found = counts.reduce((sum, count) => sum + count.found, 0);
    const leftOut = counts.reduce((sum, count) => sum + count.leftOut, 0);
    const held = counts.reduce((sum, count) => sum + (count.held ?? 0), 0);
    const holding = held > 0 ? `, holding ${held} ${adoption.gathers?.members ?? ""}` : "";
    options.progress(`${typeKey(declaration)}: ${found} found${holding}${leftOut > 0 ? `, ${leftOut} left out` : ""}`);
  }
  return discovery;
}

async function discoverUnder(
  declaration: ResourceDeclaration,
  adoption: Adoption,
  engine: Resource,
  parent: Found | undefined,
  options: DiscoverOptions,
  discovery: Discovery,
): Promise<{ found: number; leftOut: number; held?: number }> {
  const members = adoption.gathers === undefined ? undefined : membersOf(adoption.gathers, parent, options, discovery);
  if (members !== undefined && members.length === 0) return { found: 0, leftOut: 0 };
  const scope = scopeOf(declaration, adoption, parent, options, discovery);
  if (scope === undefined) return { found: 0, leftOut: 0 };
  const values = withParent(scope, adoption, parent);
  if (values === undefined) return { found: 0, leftOut: 0 };
  const items = adoption.list === undefined ? [undefined] : await listItems(options.runtime, declaration, adoption, values);
  const wanted = adoption.select === undefined ? [] : (options.select[adoption.select.flag] ?? []);
  const listed = { items: items.filter((item): item is Record<string, unknown> => item !== undefined), worked: new Map<string, unknown>() };
  const count: { found: number; leftOut: number; held?: number } = { found: 0, leftOut: 0 };
  const results = await Promise.all(
    items.map(async (item) => {
      if (item !== undefined && adoption.select !== undefined && wanted.length > 0 && !wanted.includes(String(item[adoption.select.field]))) return undefined;
      const identity = { ...values, ...identityOf(declaration, adoption, item) };
      const id = engine.ids.idOf(identity);
      const reason = item === undefined ? undefined : adoption.leaveOut?.(item, parent?.state, listed);
      if (reason !== undefined) return { leftOut: { declaration, what: id, reason } };
      // Each object is read once; its answer makes the state as a refresh sees it, and as adopting it with the program's inputs does.
      const stateWith = await engine.readOnce(id);
      if (stateWith === undefined) return undefined;
      const state = stateWith({});
      const optional = adoption.optIn === undefined || options.optIn?.has(adoption.optIn.flag) === true ? undefined : adoption.optIn.reason(state);
      if (optional !== undefined) return { leftOut: { declaration, what: id, reason: `${optional} (\`--${adoption.optIn?.flag}\` adopts it)` } };
      const found = foundObject(declaration, { id, state, identity, scope }, parent);
      const chosen = adoption.gathers !== undefined && options.gather?.[adoption.gathers.flag] === true ? "flag" : "count";
      const holds = members === undefined ? {} : { holds: { count: members.length, chosen } as const };
      return { found: { ...found, drift: driftOf(declaration, stateWith, found.inputs), ...holds } };
    }),
  );
  if (members !== undefined && results.some((result) => result?.found !== undefined)) {
    // The members it holds are not written.
    const held = new Set(members);
    discovery.found.splice(0, discovery.found.length, ...discovery.found.filter((found) => !held.has(found)));
    count.held = held.size;
  }
  // Kept in listing order here; the program sorts them.
  for (const result of results) {
    if (result?.found !== undefined) {
      discovery.found.push(result.found);
      count.found++;
    }
    if (result?.leftOut !== undefined) {
      discovery.leftOut.push(result.leftOut);
      count.leftOut++;
    }
  }
  return count;
}

/**
 * The members a gathering object would hold under this parent: none when they are written each as its
 * own (by the flags, else by their number), and never one whose state gives a property it cannot say.
 */
function membersOf(gathers: AdoptionGathering, parent: Found | undefined, options: DiscoverOptions, discovery: Discovery): Found[] {
  const members = discovery.found.filter((found) => typeKey(found.declaration) === gathers.members && found.parent === parent);
  const chosen = options.gather?.[gathers.flag];
  if (chosen === false || (chosen === undefined && members.length <= gathers.above)) return [];
  return members.filter((member) => !(gathers.keepApart ?? []).some((property) => !isEmpty(member.state[property])));
}

/**
 * An object as a read answering `wire` makes it, for a source that is no listing (a zone file's
 * record sets): its state as a refresh would see it, its inputs and its drift as for a listed one.
 */
export function foundFromWire(
  declaration: ResourceDeclaration,
  wire: unknown,
  identity: Readonly<Record<string, string>>,
  scope: Readonly<Record<string, string>>,
): Found {
  const ids = new ResourceIds(declaration);
  const model = objectModel(declaration, ids);
  const stateWith = (previous: State): State => model.stateOf({ value: wire }, identity, previous);
  const found = foundObject(declaration, { id: ids.idOf(identity), state: stateWith({}), identity, scope }, undefined);
  return { ...found, drift: driftOf(declaration, stateWith, found.inputs) };
}

/** The scope: a root's from the flag's value read by its pattern, a child's its parent's. */
function scopeOf(
  declaration: ResourceDeclaration,
  adoption: Adoption,
  parent: Found | undefined,
  options: DiscoverOptions,
  discovery: Discovery,
): Readonly<Record<string, string>> | undefined {
  if (parent !== undefined) return parent.scope;
  if (adoption.scope === undefined) return {};
  const given = options.scope[adoption.scope.flag];
  if (given === undefined) return undefined;
  const matched = matchTemplate(adoption.scope.pattern, given);
  if (matched === undefined) {
    const reason = `--${adoption.scope.flag} ${given} is not of the form ${adoption.scope.pattern}`;
    discovery.leftOut.push({ declaration, what: `every ${typeKey(declaration)}`, reason });
  }
  return matched;
}

/** The listing's placeholders: the scope's, and the parent's properties the child is listed by. */
function withParent(scope: Readonly<Record<string, string>>, adoption: Adoption, parent: Found | undefined): Record<string, string> | undefined {
  const values: Record<string, string> = { ...scope };
  for (const [placeholder, property] of Object.entries(adoption.under?.from ?? {})) {
    const value = parent?.state[property];
    if (typeof value !== "string") return undefined;
    values[placeholder] = value;
  }
  return values;
}

/** An object of a listing, as svc-import reads it. */
const listedItem = z.record(z.string(), z.unknown());

/**
 * The listing of an adoption, through the executor in the process's runtime, on a budget of its
 * own; its items validated once, as it is read (each an object).
 */
async function listItems(
  runtime: ProviderRuntime,
  declaration: ResourceDeclaration,
  adoption: Adoption,
  values: Readonly<Record<string, string>>,
): Promise<Array<Record<string, unknown>>> {
  const list = adoption.list;
  if (list === undefined) return [];
  const path = fillTemplate(list.path, values);
  const context = callContext(runtime, declaration.api, { step: "listing", resource: `${typeKey(declaration)} ${path}` }, () => undefined);
  if (list.method === "POST") {
    // A listing sent as POST (an access policy's bindings): the object that holds them, its items parsed with it.
    const field = list.field;
    const schema = field === undefined ? z.array(listedItem) : z.looseObject({ [field]: z.array(listedItem).default([]) });
    const answer = await sendPlanned({ method: "POST", path, body: {}, repeat: "read", schema }, context);
    return (field === undefined ? answer : (answer as Record<string, unknown>)[field]) as Array<Record<string, unknown>>;
  }
  return (await sendPlanned(listingRequest(path, list.field, list.paging, listedItem), context)) as Array<Record<string, unknown>>;
}

function identityOf(declaration: ResourceDeclaration, adoption: Adoption, item: Record<string, unknown> | undefined): Record<string, string> {
  if (item === undefined) return {};
  const { identity } = adoption;
  if ("idField" in identity && typeof identity.idField === "string") {
    return matchTemplate(declaration.id.format, String(item[identity.idField])) ?? {};
  }
  return Object.fromEntries(Object.entries(identity as Record<string, string>).map(([placeholder, field]) => [placeholder, String(item[field])]));
}

/** The object as a program declares it: its inputs less defaults, references to its parent, and a check that adopting it writes nothing. */
function foundObject(
  declaration: ResourceDeclaration,
  { id, state, identity, scope }: { id: string; state: State; identity: Readonly<Record<string, string>>; scope: Readonly<Record<string, string>> },
  parent: Found | undefined,
): Found {
  const inputs: Args = {};
  const omitted = (declaration.adoption as Adoption).omit ?? [];
  for (const [field, schema] of Object.entries(declaration.args.shape)) {
    if (CONTROL_INPUTS.has(field) || omitted.includes(field)) continue;
    // The program's form of an input the state holds in another (a zone's records map, one string per set in the state).
    const held = state[field] ?? identity[field];
    const value = held === undefined ? undefined : (declaration.stored?.[field]?.toProgram(held) ?? held);
    if (value === undefined || isEmpty(value)) continue;
    const fallback = (schema as z.ZodType).safeParse(undefined);
    if (fallback.success && fallback.data !== undefined && sameValue(fallback.data, value)) continue;
    inputs[field] = value;
  }
  const references: Record<string, string> = {};
  for (const [placeholder, property] of Object.entries((declaration.adoption as Adoption).under?.from ?? {})) {
    if (parent !== undefined && inputs[placeholder] !== undefined && sameValue(inputs[placeholder], parent.state[property])) references[placeholder] = property;
  }
  return { declaration, id, state, inputs, references, scope, ...(parent !== undefined && { parent }), drift: [] };
}

/**
 * What `check` then `diff` would make of these inputs against the object adopted with them: the inputs
 * that would still change. Adoption reads the object knowing the inputs `check` returns (a resource
 * may show only the fields a program manages; an input the engine holds in another form is in that form).
 */
function driftOf(declaration: ResourceDeclaration, stateWith: (previous: State) => State, inputs: Args): string[] {
  const checked = declaration.args.safeParse(inputs);
  if (!checked.success) return checked.error.issues.map((issue) => `${issue.path.join(".")} (${issue.message})`);
  const refused = declaration.crossCheck?.(checked.data) ?? [];
  if (refused.length > 0) return refused.map(({ property, reason }) => `${property} (${reason})`);
  const stored: Args = { ...checked.data };
  for (const [field, form] of Object.entries(declaration.stored ?? {}))
    if (form !== undefined && field in stored) stored[field] = form.toStored(stored[field], stored);
  return diffArgs(declaration, stateWith(stored), stored).changed;
}
