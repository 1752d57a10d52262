/**
 * A JSON value against a discovery schema's scalar types, by proto3's JSON mapping (see contract.ts):
 * what a request may spell and what an answer must.
 */
export interface SchemaNode {
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: SchemaNode;
  readonly items?: SchemaNode;
  readonly enum?: readonly string[];
  readonly "x-enumNumbers"?: readonly number[];
  readonly default?: string;
  readonly readOnly?: boolean;
  readonly location?: string;
  readonly repeated?: boolean;
  readonly required?: boolean;
}

const INTEGER = /^-?\d+$/;
/** A JSON number's spelling: what proto3 JSON also takes as text for a numeric field. */
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The bounds of the 64-bit formats: proto3 JSON refuses a value outside them as it refuses one that is no integer. */
const BOUNDS: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** Why an integer (a decimal text or a whole number) is not of a 64-bit format; undefined when it is. */
function int64Problem(format: string, value: string | number): string | undefined {
  const [min, max] = BOUNDS[format] ?? [undefined, undefined];
  if (min === undefined || max === undefined) return undefined;
  const integer = BigInt(value);
  return integer < min || integer > max ? `${String(value)} is outside the ${format} range ${min} to ${max}` : undefined;
}

/** Whether a JSON scalar fits a discovery type (`string` with its int64/uint64 format, `integer`, `number`, `boolean`, an enum). */
export function scalarProblem(schema: SchemaNode, value: unknown, side: "request" | "answer", enumsAsNumbers: boolean): string | undefined {
  const numbered = schema["x-enumNumbers"];
  if (schema.enum !== undefined) {
    if (typeof value === "number" && numbered !== undefined && (side === "request" || enumsAsNumbers)) {
      return numbered.includes(value) ? undefined : `${value} is not a number of the enum (${numbered.join(", ")})`;
    }
    if (typeof value !== "string") return `expected one of ${schema.enum.join(", ")}, got ${describe(value)}`;
    return schema.enum.includes(value) ? undefined : `'${value}' is not one of ${schema.enum.join(", ")}`;
  }
  switch (schema.type) {
    case "string":
      if (schema.format === "int64" || schema.format === "uint64") {
        if (typeof value === "string") return INTEGER.test(value) ? int64Problem(schema.format, value) : `'${value}' is not an ${schema.format} in a string`;
        if (side === "request" && typeof value === "number" && Number.isInteger(value)) return int64Problem(schema.format, value);
        return `expected an ${schema.format} as a string, got ${describe(value)}`;
      }
      return typeof value === "string" ? undefined : `expected a string, got ${describe(value)}`;
    case "integer":
      if (typeof value === "number") return Number.isInteger(value) ? undefined : `expected an integer, got ${value}`;
      if (side === "request" && typeof value === "string" && INTEGER.test(value)) return undefined;
      return `expected an integer, got ${describe(value)}`;
    case "number":
      return typeof value === "number" ||
        (typeof value === "string" && /^(-?Infinity|NaN)$/.test(value)) ||
        (side === "request" && typeof value === "string" && NUMBER.test(value))
        ? undefined
        : `expected a number, got ${describe(value)}`;
    case "boolean":
      return typeof value === "boolean" ? undefined : `expected a boolean, got ${describe(value)}`;
    default:
      return undefined;
  }
}

/** A query value against its parameter: query values are strings, so an integer or a boolean is its spelling. */
export function queryValueProblem(parameter: SchemaNode, value: string): string | undefined {
  if (parameter.enum !== undefined) {
    const numbered = parameter["x-enumNumbers"];
    if (numbered !== undefined && INTEGER.test(value)) return numbered.includes(Number(value)) ? undefined : `${value} is not a number of the enum`;
    return parameter.enum.includes(value) ? undefined : `'${value}' is not one of ${parameter.enum.join(", ")}`;
  }
  if (parameter.type === "integer" || parameter.format === "int64" || parameter.format === "uint64") {
    return INTEGER.test(value) ? int64Problem(parameter.format ?? "", value) : `'${value}' is not an integer`;
  }
  if (parameter.type === "boolean") return /^(true|false)$/.test(value) ? undefined : `'${value}' is not true or false`;
  return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return `${typeof value} ${JSON.stringify(value)}`;
}
