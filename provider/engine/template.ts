/**
 * Path and id templates such as `projects/{project}/managedZones/{managedZone}`:
 * filled with encoded values to build request paths and ids, matched to parse
 * ids back (import ids in their short forms too).
 *
 * `{name}` stands for one path segment (no slash, no space); `{name*}` for a
 * value that may hold slashes (an IAM role such as `roles/dns.admin`), for ids
 * that separate it with a space, as the Google provider's IAM ids do.
 */

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(\*?)\}/g;

export type TemplateValues = Readonly<Record<string, string>>;

/** The placeholder names of a template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Fills a template with percent-encoded values (for request paths). */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`template ${template}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** Fills a template with the values as they are (for ids, which users read and type). */
export function formatId(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => values[name] ?? "");
}

/** Matches an id against a template; undefined when it does not fit. */
export function matchTemplate(template: string, id: string): Record<string, string> | undefined {
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
  const found = new RegExp(`^${pattern}$`).exec(id);
  if (found === null) return undefined;
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    values[name] = decodeURIComponent(found[i + 1] as string);
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
