/**
 * Types rendered by walking the zod schemas (not z.toJSONSchema): the walk knows which inputs
 * have defaults (optional in `Args`, present in outputs) and keeps enums as string-literal unions.
 */
import { z } from "zod";
import { tsdoc } from "./text";

export type Mode = "input" | "output";
export type Schema = z.core.$ZodType;

export interface Unwrapped {
  readonly core: Schema;
  readonly optional: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue?: unknown;
  readonly description?: string;
}

/** Peels optional/default/nullable wrappers; the outermost description wins. */
export function unwrap(schema: Schema): Unwrapped {
  let current = schema;
  let optional = false;
  let hasDefault = false;
  let defaultValue: unknown;
  let description: string | undefined;
  for (;;) {
    description ??= z.globalRegistry.get(current)?.description;
    const def = current._zod.def as unknown as { type: string; innerType?: Schema; defaultValue?: unknown };
    if (def.type === "optional" || def.type === "nullable") optional = true;
    else if (def.type === "default" || def.type === "prefault") {
      hasDefault = true;
      defaultValue = def.defaultValue;
    } else if (def.type !== "readonly") break;
    current = def.innerType as Schema;
  }
  return { core: current, optional, hasDefault, defaultValue, ...(description !== undefined && { description }) };
}

/** The name a schema gives its type (`.meta({ typeName: "RecordData" })`), where its field's name would not say it well. */
export function typeNameOf(schema: Schema): string | undefined {
  const named = (z.globalRegistry.get(schema) as { typeName?: unknown } | undefined)?.typeName;
  return typeof named === "string" ? named : undefined;
}

export const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
export const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);
export const singular = (name: string): string => (name.endsWith("ies") ? `${name.slice(0, -3)}y` : name.endsWith("s") ? name.slice(0, -1) : name);
export const input = (type: string): string => `pulumi.Input<${type}>`;

/** The named interfaces (and enum unions) one resource file needs, in the order first met. */
export class TypeRenderer {
  readonly interfaces = new Map<string, string>();

  /** The TypeScript type of a schema; `hint` names the interface of a nested object. */
  render(schema: Schema, mode: Mode, given: string): string {
    const hint = typeNameOf(schema) ?? given;
    const def = schema._zod.def as unknown as {
      type: string;
      entries?: Record<string, string>;
      values?: unknown[];
      element?: Schema;
      valueType?: Schema;
      options?: Schema[];
      shape?: Record<string, Schema>;
    };
    switch (def.type) {
      case "string":
        return "string";
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "unknown":
      case "any":
        return "unknown";
      case "enum": {
        // A named union, so that programs can narrow a string from configuration to it.
        const values = Object.values(def.entries ?? {}).map((value) => JSON.stringify(value));
        if (!this.interfaces.has(hint)) this.interfaces.set(hint, `/** The accepted values. */\nexport type ${hint} = ${values.join(" | ")};\n`);
        return hint;
      }
      case "literal":
        return (def.values ?? []).map((value) => JSON.stringify(value)).join(" | ");
      case "array": {
        const element = this.render(unwrap(def.element as Schema).core, mode, singular(hint));
        return mode === "input" ? `${input(element)}[]` : `${element.includes(" ") ? `(${element})` : element}[]`;
      }
      case "record": {
        const value = this.render(unwrap(def.valueType as Schema).core, mode, `${hint}Value`);
        return `Record<string, ${mode === "input" ? input(value) : value}>`;
      }
      case "union":
        return (def.options ?? []).map((option) => this.render(unwrap(option).core, mode, hint)).join(" | ");
      case "object":
        return this.object(def.shape ?? {}, mode, hint);
      default:
        throw new Error(`scripts/generate.ts: no TypeScript rendering for zod type "${def.type}" (${hint})`);
    }
  }

  private object(shape: Record<string, Schema>, mode: Mode, hint: string): string {
    const name = mode === "input" ? `${hint}Args` : hint;
    if (this.interfaces.has(name)) return name;
    this.interfaces.set(name, ""); // reserved first: nested interfaces come after their parent
    const fields = Object.entries(shape).map(([field, schema]) => {
      const { core, optional, hasDefault, defaultValue, description } = unwrap(schema);
      const type = this.render(core, mode, `${hint}${pascal(field)}`);
      const absent = mode === "input" ? optional || hasDefault : optional;
      const doc = [description, hasDefault ? `Default: \`${JSON.stringify(defaultValue)}\`.` : undefined].filter(Boolean).join(" ");
      return `${doc === "" ? "" : tsdoc([doc], "  ")}  ${field}${absent ? "?" : ""}: ${mode === "input" ? input(type) : type};\n`;
    });
    this.interfaces.set(name, `export interface ${name} {\n${fields.join("")}}\n`);
    return name;
  }
}
