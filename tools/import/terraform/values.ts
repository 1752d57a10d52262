/**
 * Terraform's forms of values, as pulumi-svc's inputs: snake_case attributes become the inputs'
 * camelCase, a block Terraform keeps as a list of one becomes the object, what Terraform stores
 * for "not set" (`""`, `[]`, `{}`, `null`) is left out, and maps keep their keys. The walk follows
 * the resource's own input schema (its zod declaration), so the names and the nesting are the
 * resource's, and an attribute it has no input for is reported, never silently kept.
 */
import type { z } from "zod";

/** What the walk found that it could not carry: attribute paths with values pulumi-svc has no input for. */
export interface Leftovers {
  readonly dropped: string[];
}

type Def = { readonly type: string } & Readonly<Record<string, unknown>>;

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, default, nullable, readonly and pipes: what a value must be. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (["optional", "default", "nullable", "readonly", "prefault", "nonoptional", "catch"].includes(def.type)) current = def["innerType"] as z.ZodType;
    else if (def.type === "pipe") current = def["in"] as z.ZodType;
    else return current;
  }
}

export const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_match, next: string) => next.toUpperCase());

/** Whether Terraform stores this for "not set". */
export function unset(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.every(unset);
  if (typeof value === "object") return Object.values(value).every(unset);
  return false;
}

/**
 * A Terraform value as the input `schema` takes it; undefined when Terraform stores it as not set.
 * `ignore` names attribute paths (`dnssec_config.kind`) that are the API's own and no input.
 */
export function fromTerraform(value: unknown, schema: z.ZodType, path: string, leftovers: Leftovers, ignore: readonly string[] = []): unknown {
  if (unset(value)) return undefined;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === "object") {
    // A block: Terraform keeps one as a list of one.
    const block: unknown = Array.isArray(value) ? (value.length === 1 ? (value as unknown[])[0] : undefined) : value;
    if (typeof block !== "object" || block === null || Array.isArray(block)) {
      leftovers.dropped.push(`${path} (${Array.isArray(value) ? `${value.length} blocks where one is expected` : "not a block"})`);
      return undefined;
    }
    const shape = (inner as unknown as { shape: Record<string, z.ZodType> }).shape;
    const result: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(block as Record<string, unknown>)) {
      const where = `${path}.${key}`;
      const field = camel(key);
      const memberSchema = shape[field];
      if (memberSchema === undefined) {
        if (!unset(member) && !ignore.includes(where.replace(/\[\d+\]/g, ""))) leftovers.dropped.push(where);
        continue;
      }
      const converted = fromTerraform(member, memberSchema, where, leftovers, ignore);
      if (converted !== undefined) result[field] = converted;
    }
    return Object.keys(result).length === 0 ? undefined : result;
  }
  if (def.type === "array") {
    if (!Array.isArray(value)) return undefined;
    const items = value
      .map((item, index) => fromTerraform(item, def["element"] as z.ZodType, `${path}[${index}]`, leftovers, ignore))
      .filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (def.type === "record") {
    if (typeof value !== "object" || Array.isArray(value)) return undefined;
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => !unset(item));
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/** A value passed to the API as it is (no input schema below it): every key in the API's camelCase, blocks of one kept as Terraform lists them unless `single` names them. */
export function camelDeep(value: unknown, single: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => camelDeep(item, single));
  if (typeof value !== "object" || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (unset(member)) continue;
    const converted = camelDeep(member, single);
    result[camel(key)] = single.includes(key) && Array.isArray(converted) ? converted[0] : converted;
  }
  return result;
}

/** A string attribute's value, or "" when it holds something else (or nothing). */
export const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The last segment of a self link or resource name (`projects/p/managedZones/z` is `z`), as the Google provider's `CompareSelfLinkOrResourceName` reads it. */
export const lastSegment = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value.split("/").pop() : undefined);

/**
 * TXT (and SPF) record data as the Google provider's state may hold it, in the quoted form the
 * API stores: quoted strings stay as they are; an unquoted value is split where the API splits
 * it, at white space (the provider's docs: "add surrounding \" if you don't want your string to
 * get split on spaces"), and adjacent quoted strings (`"a""b"`, how a config writes a value of
 * more than 255 characters) become separate strings.
 */
export function terraformTxt(value: string): string {
  const strings: string[] = [];
  let index = 0;
  const text = value.trim();
  while (index < text.length) {
    if (/\s/.test(text[index] ?? "")) {
      index++;
      continue;
    }
    if (text[index] === '"') {
      let content = "";
      index++;
      while (index < text.length && text[index] !== '"') {
        if (text[index] === "\\" && index + 1 < text.length) {
          content += text.slice(index, index + 2);
          index += 2;
        } else content += text[index++];
      }
      index++;
      strings.push(`"${content}"`);
    } else {
      const start = index;
      while (index < text.length && !/\s/.test(text[index] ?? "") && text[index] !== '"') index++;
      strings.push(`"${text.slice(start, index).replace(/(["\\])/g, "\\$1")}"`);
    }
  }
  return strings.length === 0 ? '""' : strings.join(" ");
}
