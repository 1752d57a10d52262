/**
 * Path and id templates such as `projects/{project}/managedZones/{managedZone}`:
 * filled with encoded values to build request paths and ids, matched to parse
 * ids back (import ids in their short forms too).
 *
 * `{name}` stands for one path segment (no slash, no space); `{name*}` for a
 * value that may hold slashes (an IAM role such as `roles/dns.admin`), for ids
 * that separate it with a space, as the Google provider's IAM ids do.
 *
 * Ids are text users read and type, so they keep values as they are except
 * for the few characters that would break them apart: `%` (the escape itself),
 * white space (the separator of `{name*}` values) and, in `{name}` values, `/`.
 * Those are percent-encoded, and parsing decodes, so an id always reads back
 * as the values it was made of.
 *
 * Path and id parts computed from the inputs (`derived` in a declaration): which input names the
 * parent, the API version. Id parts among them are part of the identity; the others are filled
 * into paths from what is known (the inputs on create and update, the stored state on read and delete).
 *
 * And a request's query, filled from the same values (`fillQuery`, below).
 */
import type { Args, ResourceDeclaration } from "./declaration";
import { excerpt } from "./excerpt";
import type { QueryValues } from "../kinds";

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(\*?)\}/g;

export type TemplateValues = Readonly<Record<string, string>>;

/** The placeholder names of a template, in order (shared: every step of every resource asks for the same few). */
export function placeholders(template: string): readonly string[] {
  return compile(template).names;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `.` and `..`, also percent-encoded (`%2e`, `.%2E`, ...): URL parsers resolve
 * these as "this folder" and "the parent", so a request would land elsewhere.
 */
export function isDotSegment(value: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(value);
}

/** Why a value cannot stand in a request path as (part of) one segment; undefined when it can. */
export function pathValueProblem(value: string): string | undefined {
  if (value === "") return "must not be empty";
  if (isDotSegment(value)) {
    return `must not be "." or ".." (nor an encoded form such as "%2e"): in a request path it would name another object; got ${excerpt(value)}`;
  }
  return undefined;
}

/**
 * Fills a template with percent-encoded values (for request paths); each value
 * stays within its segment. The last line of defence: a value that would
 * change which object the path names throws before any request is made.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, name: string, star: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`template ${template}: no value for {${name}}`);
    // `{name*}` in a path is a resource name of several segments (`projects/p/locations/global/...`): each is checked and encoded.
    const segments = star === "*" ? value.split("/") : [value];
    for (const segment of segments) {
      const problem = pathValueProblem(segment);
      if (problem !== undefined) throw new Error(`template ${template}: {${name}} ${problem}`);
    }
    return segments.map(encodeURIComponent).join("/");
  });
}

/** Percent-encodes the characters that would split an id value: `%`, white space, and `/` in one-segment values. */
function escapeIdValue(value: string, oneSegment: boolean): string {
  return value.replace(oneSegment ? /[%/\s]/gu : /[%\s]/gu, (character) => encodeURIComponent(character));
}

/** Fills an id template; values are kept readable, with only separators and `%` encoded. */
export function formatId(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, name: string, star: string) => escapeIdValue(values[name] ?? "", star !== "*"));
}

/** A template as a pattern of its placeholders (made at each match: a few microseconds, and no module keeps a cache). */
function compile(template: string): { pattern: RegExp; names: readonly string[] } {
  const names: string[] = [];
  let pattern = "";
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    pattern += escapeRegExp(template.slice(last, match.index));
    pattern += match[2] === "*" ? "(\\S+)" : "([^/\\s]+)";
    names.push(match[1] as string);
    last = (match.index ?? 0) + match[0].length;
  }
  pattern += escapeRegExp(template.slice(last));
  return { pattern: new RegExp(`^${pattern}$`), names };
}

/** Matches an id against a template; undefined when it does not fit. */
export function matchTemplate(template: string, id: string): Record<string, string> | undefined {
  const { pattern, names } = compile(template);
  const found = pattern.exec(id);
  if (found === null) return undefined;
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = found[i + 1] as string;
    try {
      values[name] = decodeURIComponent(raw);
    } catch {
      throw new Error(`id ${excerpt(id)}: the ${name} part ${excerpt(raw)} has a "%" that starts no valid escape; write a literal "%" as "%25"`);
    }
  });
  return values;
}

/** Matches an id against several formats, first fit wins. */
export function matchAny(templates: readonly string[], id: string): Record<string, string> | undefined {
  for (const template of templates) {
    const values = matchTemplate(template, id);
    if (values !== undefined) return values;
  }
  return undefined;
}

type Known = Readonly<Record<string, unknown>>;

/** The derived parts of the id, from the inputs; a part the inputs do not give is left out. */
export function derivedIdentity(declaration: ResourceDeclaration, args: Known): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of placeholders(declaration.id.format)) {
    const value = declaration.derived?.[name]?.from(args);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** The derived parts used only in paths (not in the id), from what is known. */
export function pathValues(declaration: ResourceDeclaration, known: Known): Record<string, string> {
  const inId = new Set(placeholders(declaration.id.format));
  const values: Record<string, string> = {};
  for (const [name, derived] of Object.entries(declaration.derived ?? {})) {
    if (inId.has(name)) continue;
    const value = derived.from(known);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

export function isDerived(declaration: ResourceDeclaration, name: string): boolean {
  return declaration.derived?.[name] !== undefined;
}

/** Why a derived part parsed from an id is not of its form; undefined when it is. */
export function derivedProblem(declaration: ResourceDeclaration, name: string, value: string): string | undefined {
  const derived = declaration.derived?.[name];
  if (derived === undefined || derived.pattern.test(value)) return undefined;
  return `must be ${derived.accepted}; got ${excerpt(value)}`;
}

/** Derived id parts an import id names that disagree with the inputs. */
export function derivedDisagreements(declaration: ResourceDeclaration, identity: Readonly<Record<string, string>>, args: Args): string[] {
  const fromArgs = derivedIdentity(declaration, args);
  return Object.entries(fromArgs)
    .filter(([name, value]) => identity[name] !== undefined && identity[name] !== value)
    .map(([name, value]) => `${name} "${identity[name]}" (the program gives "${value}")`);
}

/*
 * Query parameters and paths of a step as data: fixed values and values taken from inputs (or the
 * stored state), and a create path chosen by an input's value.
 */
export type { QueryValues } from "../kinds";

/** The lifecycle steps that send a request of their own. */
export type RequestStep = "create" | "update" | "delete";

/**
 * An input that is an option of the requests, not part of the object (a calendar ACL rule's
 * `sendNotifications`): sent as the query parameter `query` with the steps named, never
 * compared, so a change of it alone is no change and sends nothing.
 */
export interface RequestOption {
  readonly query: string;
  readonly steps: readonly RequestStep[];
}

/** Query parameters from several sources, later ones winning; undefined when none has a value. */
export function mergedQuery(...parts: ReadonlyArray<QueryValues | undefined>): QueryValues | undefined {
  const merged = Object.fromEntries(parts.flatMap((part) => Object.entries(part ?? {})).filter(([, value]) => value !== undefined));
  return Object.keys(merged).length === 0 ? undefined : merged;
}

/**
 * A query parameter taken from an input (or, for a delete, the state). `as`: `value` (the
 * default) sends it as it is, left out when absent; `repeated` sends each item of a list as an
 * occurrence of its own, for a repeated field (`ignoreSafetyChecks=A&ignoreSafetyChecks=B`: HTTP/JSON
 * transcoding reads a repeated field so, and `A,B` as one value that is no item), left out when
 * absent or empty; `commaList` joins a list with commas into one value, for a parameter the API
 * defines as one string of comma-separated parts (the activity reports' `filters`), left out when
 * absent or empty; `given` sends whether the input is given (`colorRgbFormat=true` when an RGB color is).
 */
export interface FromInput {
  readonly input: string;
  readonly as?: "value" | "repeated" | "commaList" | "given";
}

/** A step's query parameters as data: fixed values (`{ updateMask: "enablement" }`) and values from inputs. */
export type QuerySpec = Readonly<Record<string, string | number | boolean | FromInput>>;

/** The query parameters a spec gives for these inputs (or state); undefined when none. */
export function fillQuery(spec: QuerySpec | undefined, values: Readonly<Record<string, unknown>>): QueryValues | undefined {
  if (spec === undefined) return undefined;
  const query: Record<string, string | number | boolean | readonly string[]> = {};
  for (const [name, source] of Object.entries(spec)) {
    if (typeof source !== "object") {
      query[name] = source;
      continue;
    }
    const value = values[source.input];
    if (source.as === "given") query[name] = value !== undefined;
    else if (source.as === "repeated" || source.as === "commaList") {
      if (Array.isArray(value) && value.length > 0) query[name] = source.as === "repeated" ? value.map(String) : value.map(String).join(",");
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") query[name] = value;
  }
  return query;
}

/**
 * A path chosen by an input's value (a watch channel on one of several collections): the
 * template for each value, filled from the inputs.
 */
export interface ChosenPath {
  readonly by: string;
  readonly paths: Readonly<Record<string, string>>;
}

/** The create's path template (the step's, the one its input chooses, else the collection's) and the values that fill it. */
export function createTemplate(
  path: string | ChosenPath | undefined,
  collection: string,
  args: Readonly<Record<string, unknown>>,
  identity: Readonly<Record<string, string>>,
): { template: string; values: Readonly<Record<string, string>> } {
  if (typeof path !== "object") return { template: path ?? collection, values: identity };
  const choice = String(args[path.by]);
  const template = path.paths[choice];
  if (template === undefined) throw new Error(`no create path for ${path.by} ${choice}`);
  const inputs = Object.entries(args).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return { template, values: { ...Object.fromEntries(inputs), ...identity } };
}

/** The query parameters the request options give a step, from the inputs (or state); absent values are left out. */
export function optionQuery(
  options: Readonly<Record<string, RequestOption | undefined>> | undefined,
  step: RequestStep,
  values: Readonly<Record<string, unknown>>,
): QueryValues {
  const spec = Object.entries(options ?? {}).flatMap(([input, option]) => (option?.steps.includes(step) === true ? [[option.query, { input }] as const] : []));
  return fillQuery(Object.fromEntries(spec), values) ?? {};
}
