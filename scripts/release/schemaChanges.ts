/**
 * What a new schema breaks for programs and stacks made with the last release, as Pulumi's own
 * providers check every pull request against their last release's schema: a resource, function
 * or type removed; an input, output or argument removed or of another type; a new required input
 * or argument; an output no longer always set; an enum value removed; an input that now replaces
 * the resource when it changes; a default changed, removed, or given to what was optional without
 * one (a stack that left the value out changes on upgrade). Additions (a new resource, an optional
 * input, an output) and words (descriptions, but for the default they state) break nothing.
 *
 * Each change has a subject, the name a CHANGELOG entry gives it: `dns.RecordSet` (a resource),
 * `dns.getManagedZone` (a function), `dns.RecordSetType` (a type), `dns.RecordSet.ttl` (a
 * property), `provider.dnsBaseUrl` (a provider setting). A breaking change is allowed when the
 * section of the version being made names its subject, in backticks, under "### Breaking".
 */
import type { Spec as TypeSpec } from "../generator/examples/schemaTypes";

/** A property as compared: its type, and what it says of its default. */
type Spec = TypeSpec & { readonly default?: unknown; readonly description?: string };

interface ObjectSpec {
  readonly properties?: Readonly<Record<string, Spec>>;
  readonly required?: readonly string[];
}

export interface PackageSchema {
  readonly resources?: Readonly<
    Record<string, ObjectSpec & { readonly inputProperties?: Readonly<Record<string, Spec>>; readonly requiredInputs?: readonly string[] }>
  >;
  readonly functions?: Readonly<Record<string, { readonly inputs?: ObjectSpec; readonly outputs?: ObjectSpec }>>;
  readonly types?: Readonly<Record<string, ObjectSpec & { readonly type?: string; readonly enum?: ReadonlyArray<{ readonly value: unknown }> }>>;
  readonly provider?: { readonly inputProperties?: Readonly<Record<string, Spec>>; readonly requiredInputs?: readonly string[] };
}

export interface BreakingChange {
  /** What a CHANGELOG entry names: `dns.RecordSet.ttl`. */
  readonly subject: string;
  /** What changed, in words. */
  readonly what: string;
}

/** `svc:dns/recordSet:RecordSet` is `dns.RecordSet`. */
export function subjectOf(token: string): string {
  const match = /^[^:]+:([^/]+)\/[^:]+:(.+)$/.exec(token);
  return match === null ? token : `${match[1]}.${match[2]}`;
}

/** A type as one comparable text: `string`, `array<ref:svc:dns/...>`, `map<string>`. */
export function typeText(spec: Spec | undefined): string {
  if (spec === undefined) return "any";
  if (spec.$ref !== undefined) return spec.$ref.replace(/^#\/types\//, "ref:");
  if (spec.oneOf !== undefined) return `oneOf<${spec.oneOf.map(typeText).sort().join("|")}>`;
  if (spec.type === "array") return `array<${typeText(spec.items)}>`;
  if (spec.type === "object" && spec.additionalProperties !== undefined) return `map<${typeText(spec.additionalProperties)}>`;
  return spec.type ?? "any";
}

/**
 * A property's default as JSON text: its `default`; else the words its description states it in
 * (Default: `300`), which the generator writes beside every default, and which are all a schema
 * made before defaults were properties (0.1.0's) says, and all it can say of a list's or a map's
 * (a `default` holds only a boolean, number or string).
 */
export function defaultOf(spec: Spec | undefined): string | undefined {
  if (spec?.default !== undefined) return JSON.stringify(spec.default);
  const words = /\bDefault: `([^`]*)`/.exec(spec?.description ?? "");
  if (words === null) return undefined;
  try {
    return JSON.stringify(JSON.parse(words[1]!));
  } catch {
    return JSON.stringify(words[1]);
  }
}

interface Compared {
  /** The names required before: a default given to one of them changes nothing a program left out. */
  readonly required?: readonly string[];
  /** Names whose defaults are compared elsewhere: a resource's outputs say its inputs' again, named once, as inputs. */
  readonly defaultsElsewhere?: ReadonlySet<string>;
}

/** The breaking changes of one set of properties (`kind`: input, output, argument, result). */
function propertyChanges(
  subject: string,
  kind: string,
  before: Readonly<Record<string, Spec>> | undefined,
  after: Readonly<Record<string, Spec>> | undefined,
  changes: BreakingChange[],
  { required = [], defaultsElsewhere = new Set() }: Compared = {},
): void {
  for (const [name, spec] of Object.entries(before ?? {})) {
    const now = after?.[name];
    if (now === undefined) {
      changes.push({ subject: `${subject}.${name}`, what: `${kind} removed` });
      continue;
    }
    if (typeText(spec) !== typeText(now))
      changes.push({ subject: `${subject}.${name}`, what: `${kind} type changed from ${typeText(spec)} to ${typeText(now)}` });
    if (kind === "input" && spec.replaceOnChanges !== true && now.replaceOnChanges === true)
      changes.push({ subject: `${subject}.${name}`, what: "a change of it now replaces the resource (it was updated in place)" });
    const [was, is] = [defaultOf(spec), defaultOf(now)];
    if (defaultsElsewhere.has(name) || was === is) continue;
    if (was !== undefined && is !== undefined) changes.push({ subject: `${subject}.${name}`, what: `${kind} default changed from ${was} to ${is}` });
    else if (was !== undefined)
      changes.push({ subject: `${subject}.${name}`, what: `${kind} default ${was} removed: left out, it is now left to the service` });
    else if (!required.includes(name))
      changes.push({ subject: `${subject}.${name}`, what: `${kind} default ${is} added: left out, it was left to the service` });
  }
}

/** Names required now that were not: a new required input, or an optional one made required. */
function newlyRequired(
  subject: string,
  kind: string,
  before: readonly string[] | undefined,
  after: readonly string[] | undefined,
  changes: BreakingChange[],
): void {
  const was = new Set(before ?? []);
  for (const name of after ?? []) if (!was.has(name)) changes.push({ subject: `${subject}.${name}`, what: `${kind} now required` });
}

/** Outputs no longer always set: a program or a typed SDK that read them as present breaks. */
function noLongerSet(subject: string, kind: string, before: readonly string[] | undefined, after: ObjectSpec | undefined, changes: BreakingChange[]): void {
  const now = new Set(after?.required ?? []);
  for (const name of before ?? [])
    if (after?.properties?.[name] !== undefined && !now.has(name)) changes.push({ subject: `${subject}.${name}`, what: `${kind} no longer always set` });
}

export function breakingChanges(previous: PackageSchema, current: PackageSchema): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [token, before] of Object.entries(previous.resources ?? {})) {
    const subject = subjectOf(token);
    const after = current.resources?.[token];
    if (after === undefined) {
      changes.push({ subject, what: "resource removed" });
      continue;
    }
    propertyChanges(subject, "input", before.inputProperties, after.inputProperties, changes, { required: before.requiredInputs });
    newlyRequired(subject, "input", before.requiredInputs, after.requiredInputs, changes);
    propertyChanges(subject, "output", before.properties, after.properties, changes, { defaultsElsewhere: new Set(Object.keys(before.inputProperties ?? {})) });
    noLongerSet(subject, "output", before.required, after, changes);
  }
  for (const [token, before] of Object.entries(previous.functions ?? {})) {
    const subject = subjectOf(token);
    const after = current.functions?.[token];
    if (after === undefined) {
      changes.push({ subject, what: "function removed" });
      continue;
    }
    propertyChanges(subject, "argument", before.inputs?.properties, after.inputs?.properties, changes, { required: before.inputs?.required });
    newlyRequired(subject, "argument", before.inputs?.required, after.inputs?.required, changes);
    propertyChanges(subject, "result", before.outputs?.properties, after.outputs?.properties, changes);
    noLongerSet(subject, "result", before.outputs?.required, after.outputs, changes);
  }
  for (const [token, before] of Object.entries(previous.types ?? {})) {
    const subject = subjectOf(token);
    const after = current.types?.[token];
    if (after === undefined) {
      changes.push({ subject, what: "type removed" });
      continue;
    }
    if (before.enum !== undefined) {
      const values = new Set((after.enum ?? []).map((entry) => JSON.stringify(entry.value)));
      for (const entry of before.enum)
        if (!values.has(JSON.stringify(entry.value))) changes.push({ subject, what: `enum value ${JSON.stringify(entry.value)} removed` });
      continue;
    }
    // An object type serves as input and as output: a property removed or retyped breaks either; a new required one breaks inputs.
    propertyChanges(subject, "property", before.properties, after.properties, changes, { required: before.required });
    newlyRequired(subject, "property", before.required, after.required, changes);
  }
  propertyChanges("provider", "setting", previous.provider?.inputProperties, current.provider?.inputProperties, changes, {
    required: previous.provider?.requiredInputs,
  });
  newlyRequired("provider", "setting", previous.provider?.requiredInputs, current.provider?.requiredInputs, changes);
  return changes;
}

/**
 * The subjects named under "### Breaking" in CHANGELOG.md's section of `version`
 * (`## 0.2.0 (unreleased)` until it is cut): each `name` in backticks there.
 */
export function namedBreaking(changelog: string, version: string): { readonly section: string | undefined; readonly subjects: ReadonlySet<string> } {
  const heading = new RegExp(`^## ${version.replace(/\./g, "\\.")}(?: .*)?$`, "m").exec(changelog);
  if (heading === null) return { section: undefined, subjects: new Set() };
  const rest = changelog.slice(heading.index + heading[0].length);
  const body = rest.slice(0, rest.search(/^## /m) < 0 ? rest.length : rest.search(/^## /m));
  const breaking = /^### Breaking\b.*$/m.exec(body);
  if (breaking === null) return { section: heading[0], subjects: new Set() };
  const after = body.slice(breaking.index + breaking[0].length);
  const text = after.slice(0, after.search(/^### /m) < 0 ? after.length : after.search(/^### /m));
  return { section: heading[0], subjects: new Set([...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!)) };
}

/** The breaking changes the section does not name: what fails the comparison. */
export function unnamedBreaking(changes: readonly BreakingChange[], named: ReadonlySet<string>): BreakingChange[] {
  return changes.filter((change) => !named.has(change.subject));
}
