/**
 * How a read function's result travels as an invoke's outputs, which are always an object: an
 * object result as itself, a list as `{ items }`, anything else (a string, or a result without a
 * declared schema) as `{ value }`. The schema (scripts/generator/schema.ts) and the plugin's
 * invoke (plugin/invoke.ts) both ask here, so the types other languages see are what is sent.
 */
import type { z } from "zod";

export type ResultForm = "object" | "items" | "value";

export function resultForm(result: z.ZodType | undefined): ResultForm {
  if (result === undefined) return "value";
  let def = result._zod.def as unknown as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  // Wrappers that keep the shape: a default or a transform still answers with its inner type.
  while ((def.type === "default" || def.type === "prefault" || def.type === "readonly" || def.type === "pipe") && (def.innerType ?? def.in) !== undefined) {
    def = (def.innerType ?? def.in)!._zod.def;
  }
  return def.type === "object" ? "object" : def.type === "array" ? "items" : "value";
}

/** The invoke's outputs for a result of that form. */
export function invokeOutputs(form: ResultForm, value: unknown): Record<string, unknown> {
  if (form === "object" && typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  return form === "items" ? { items: value } : { value };
}
