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
 */
import type { Args, ResourceDeclaration } from "./declaration";
import { excerpt } from "./excerpt";

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
