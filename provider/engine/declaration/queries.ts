/**
 * Query parameters and paths of a step as data: fixed values and values taken from inputs (or the
 * stored state), and a create path chosen by an input's value.
 */

export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

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
 * default) sends it as it is, left out when absent; `commaList` joins a list with commas, left
 * out when absent or empty (`ignoreSafetyChecks=A,B`); `given` sends whether the input is given
 * (`colorRgbFormat=true` when an RGB color is).
 */
export interface FromInput {
  readonly input: string;
  readonly as?: "value" | "commaList" | "given";
}

/** A step's query parameters as data: fixed values (`{ updateMask: "enablement" }`) and values from inputs. */
export type QuerySpec = Readonly<Record<string, string | number | boolean | FromInput>>;

/** The query parameters a spec gives for these inputs (or state); undefined when none. */
export function fillQuery(spec: QuerySpec | undefined, values: Readonly<Record<string, unknown>>): QueryValues | undefined {
  if (spec === undefined) return undefined;
  const query: Record<string, string | number | boolean> = {};
  for (const [name, source] of Object.entries(spec)) {
    if (typeof source !== "object") {
      query[name] = source;
      continue;
    }
    const value = values[source.input];
    if (source.as === "given") query[name] = value !== undefined;
    else if (source.as === "commaList") {
      if (Array.isArray(value) && value.length > 0) query[name] = value.map(String).join(",");
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
