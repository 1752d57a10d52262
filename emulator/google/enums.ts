/**
 * Proto enums as Google's JSON front end reads and writes them. A request may
 * name an enum value or give its number (proto3 JSON allows both, and
 * Google's gapic clients on the REST transport send numbers); an answer names
 * values unless the caller asked for `$alt=json;enum-encoding=int`, as those
 * clients do, and then carries the numbers.
 */
import { z } from "zod";
import type { ApiCall, ApiHandler, ApiResult, QueryParams } from "../api";
import { firstQueryValue } from "../api";

/** An enum's value names and their proto numbers (which need not be consecutive). */
export type EnumNumbers<Name extends string> = Readonly<Record<Name, number>>;

export interface ProtoEnum<Name extends string> {
  readonly names: readonly Name[];
  readonly numbers: EnumNumbers<Name>;
  /** The value a request field gives (a name, or a number as JSON or a query string may carry it), or undefined. */
  valueOf(raw: unknown): Name | undefined;
  /** A request field of this enum: a name or a number in, the name out. */
  readonly schema: z.ZodType<Name>;
}

export function protoEnum<const Numbers extends Record<string, number>>(numbers: Numbers): ProtoEnum<keyof Numbers & string> {
  type Name = keyof Numbers & string;
  const names = Object.keys(numbers) as Name[];
  const byNumber = new Map<number, Name>(names.map((name) => [numbers[name] as number, name]));
  const valueOf = (raw: unknown): Name | undefined => {
    if (typeof raw === "number") return Number.isInteger(raw) ? byNumber.get(raw) : undefined;
    if (typeof raw !== "string") return undefined;
    if (/^-?\d+$/.test(raw)) return byNumber.get(Number(raw));
    return names.find((name) => name === raw);
  };
  const schema = z.union([z.string(), z.number()]).transform((raw, context): Name => {
    const name = valueOf(raw);
    if (name !== undefined) return name;
    context.addIssue({ code: "custom", message: `Invalid value: '${raw}'. Allowed values: ${names.join(", ")} (or their numbers)` });
    return z.NEVER;
  });
  return { names, numbers, valueOf, schema };
}

/** Whether the caller asked for enums as numbers (`$alt=json;enum-encoding=int`, as gapic's REST transport sends it). */
export function wantsIntEnums(query: QueryParams): boolean {
  const alt = firstQueryValue(query, "$alt") ?? firstQueryValue(query, "alt");
  return alt !== undefined && alt.split(";").some((part) => part.trim() === "enum-encoding=int");
}

/** An API's enum fields by JSON name (each name means one enum wherever it appears in that API's answers). */
export type EnumFields = Readonly<Record<string, ProtoEnum<string>>>;

function numbered(value: unknown, fields: EnumFields): unknown {
  if (Array.isArray(value)) return value.map((item) => numbered(item, fields));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const kind = fields[key];
      if (kind === undefined) return [key, numbered(item, fields)];
      const number = (name: unknown): unknown => (typeof name === "string" ? (kind.numbers[name] ?? name) : name);
      return [key, Array.isArray(item) ? item.map(number) : number(item)];
    }),
  );
}

/**
 * Wraps a route's handler so that, when the caller asked for it, the enum fields of its answer
 * are written as numbers; otherwise the answer is untouched.
 */
export function withEnumEncoding(fields: EnumFields, handle: ApiHandler): ApiHandler {
  return (call: ApiCall): ApiResult => {
    const result = handle(call);
    if (!wantsIntEnums(call.query) || result.status >= 400 || result.body === undefined) return result;
    return { ...result, body: numbered(result.body, fields) };
  };
}
