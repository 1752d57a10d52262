/**
 * Path and id templates such as `projects/{project}/managedZones/{managedZone}`:
 * filled with encoded values to build request paths and ids, matched to parse
 * ids back (import ids in their short forms too).
 */

const PLACEHOLDER = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;

export type TemplateValues = Readonly<Record<string, string>>;

/** The placeholder names of a template, in order. */
export function placeholders(template: string): string[] {
  return template
    .split("/")
    .map((segment) => PLACEHOLDER.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Fills a template; every value is one path segment and is percent-encoded. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template
    .split("/")
    .map((segment) => {
      const name = PLACEHOLDER.exec(segment)?.[1];
      if (name === undefined) return segment;
      const value = values[name];
      if (value === undefined || value === "") throw new Error(`template ${template}: no value for {${name}}`);
      return encodeURIComponent(value);
    })
    .join("/");
}

/** Matches a slash-separated id against a template; undefined when it does not fit. */
export function matchTemplate(template: string, id: string): Record<string, string> | undefined {
  const want = template.split("/");
  const have = id.split("/");
  if (want.length !== have.length) return undefined;
  const values: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = have[i] as string;
    const name = PLACEHOLDER.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== actual) return undefined;
    } else {
      if (actual === "") return undefined;
      values[name] = decodeURIComponent(actual);
    }
  }
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
