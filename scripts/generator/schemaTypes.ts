/**
 * The zod schemas of the declarations as Pulumi package-schema types (the provider plugin's
 * `schema.json`): primitives, arrays, maps, enums and nested objects as named types of the
 * resource's or function's module. Like types.ts, a walk over zod (not z.toJSONSchema): it knows
 * optional and defaulted fields and keeps enums as enums, which other languages' SDKs make types of.
 */
import type { Schema } from "./types";
import { pascal, singular, typeNameOf, unwrap } from "./types";
import { token } from "../../provider/typeTokens";

/** A property type as the package schema writes it. */
export type TypeSpec =
  | { readonly type: "string" | "number" | "integer" | "boolean" }
  | { readonly type: "array"; readonly items: TypeSpec }
  | { readonly type: "object"; readonly additionalProperties: TypeSpec }
  | { readonly $ref: string }
  | { readonly oneOf: readonly TypeSpec[] };

export interface PropertySpec {
  readonly description?: string;
  readonly secret?: boolean;
  readonly replaceOnChanges?: boolean;
  readonly [key: string]: unknown;
}

export interface ObjectTypeSpec {
  readonly type: "object";
  readonly description?: string;
  readonly properties: Record<string, PropertySpec>;
  readonly required?: string[];
}

export interface EnumTypeSpec {
  readonly type: "string" | "number";
  readonly description?: string;
  readonly enum: ReadonlyArray<{ readonly value: string | number; readonly name?: string }>;
}

export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/**
 * An input's default as the property's own `default`, which the other languages' SDKs fill in when
 * a program leaves the input out (the provider's check fills the same one, so a stack is the same
 * either way). Pulumi's schema holds only a boolean, number or string there: a list's or a map's
 * default is in the description's words alone (`Default: \`[]\`.`, beside every default, for the docs).
 */
export function schemaDefault(hasDefault: boolean, value: unknown): { readonly default?: boolean | number | string } {
  return hasDefault && (typeof value === "boolean" || typeof value === "number" || typeof value === "string") ? { default: value } : {};
}

/** A name every language accepts for an enum value (the value itself is what travels). */
function enumName(value: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(value)) return undefined; // the generators name it after the value
  const words = value.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const name = words.map((word) => pascal(word)).join("");
  return /^[A-Za-z]/.test(name) ? name : `Value${name}`;
}

/** Named types (objects and enums) of one package, keyed by token, collected while properties are rendered. */
export class SchemaTypes {
  readonly types = new Map<string, ObjectTypeSpec | EnumTypeSpec>();

  /** The type of a zod schema; `hint` names a nested object or enum (e.g. `RecordSetRoutingPolicy`) in `module`. */
  render(schema: Schema, module: string, given: string): TypeSpec {
    const hint = typeNameOf(schema) ?? given;
    const def = schema._zod.def as unknown as {
      type: string;
      entries?: Record<string, string | number>;
      values?: unknown[];
      element?: Schema;
      valueType?: Schema;
      options?: Schema[];
      shape?: Record<string, Schema>;
      checks?: Array<{ _zod: { def: { check?: string; format?: string } } }>;
      in?: Schema;
      out?: Schema;
      innerType?: Schema;
      getter?: () => Schema;
    };
    switch (def.type) {
      case "string":
        return { type: "string" };
      case "number":
        // `.int()` is a check of format safeint: such a number is an integer in every language.
        return { type: (def.checks ?? []).some((check) => check._zod.def.format === "safeint") ? "integer" : "number" };
      case "int":
        return { type: "integer" };
      case "boolean":
        return { type: "boolean" };
      case "literal": {
        const first = (def.values ?? [])[0];
        return { type: typeof first === "number" ? "number" : typeof first === "boolean" ? "boolean" : "string" };
      }
      case "enum":
        return this.enumType(Object.values(def.entries ?? {}), module, hint);
      case "array":
        return { type: "array", items: this.render(unwrap(def.element as Schema).core, module, singular(hint)) };
      case "record":
        return { type: "object", additionalProperties: this.render(unwrap(def.valueType as Schema).core, module, `${hint}Value`) };
      case "union": {
        const options = (def.options ?? []).map((option) => this.render(unwrap(option).core, module, hint));
        const distinct = [...new Map(options.map((option) => [JSON.stringify(option), option])).values()];
        return distinct.length === 1 ? (distinct[0] as TypeSpec) : { oneOf: distinct };
      }
      case "object":
        return { $ref: `#/types/${this.objectType(def.shape ?? {}, module, hint)}` };
      case "pipe":
        // A transform: the program gives what goes in.
        return this.render(unwrap(def.in as Schema).core, module, hint);
      case "lazy":
        return def.getter === undefined ? ANY : this.render(unwrap(def.getter()).core, module, hint);
      case "catch":
      case "nonoptional":
        return this.render(unwrap(def.innerType as Schema).core, module, hint);
      default:
        // unknown, any, and shapes no language types (intersections, custom checks): any JSON value.
        return ANY;
    }
  }

  /**
   * The properties of an object's fields, and which of them are always there; `inputs`: they are
   * a function's arguments, whose defaults are `default`s (a result's are what the provider fills
   * when the API leaves one out: words only).
   */
  fields(
    shape: Readonly<Record<string, Schema>>,
    module: string,
    hint: string,
    { inputs = false }: { readonly inputs?: boolean } = {},
  ): { properties: Record<string, PropertySpec>; required: string[] } {
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const [field, schema] of Object.entries(shape)) {
      const { core, optional, hasDefault, defaultValue, description } = unwrap(schema);
      const doc = [description, hasDefault ? `Default: \`${JSON.stringify(defaultValue)}\`.` : undefined].filter(Boolean).join(" ");
      properties[field] = {
        ...this.render(core, module, `${hint}${pascal(field)}`),
        ...(doc !== "" && { description: doc }),
        ...(inputs && schemaDefault(hasDefault, defaultValue)),
      };
      if (!optional && !hasDefault) required.push(field);
    }
    return { properties, required };
  }

  private objectType(shape: Readonly<Record<string, Schema>>, module: string, hint: string): string {
    const name = token(module, hint);
    if (this.types.has(name)) return name;
    this.types.set(name, { type: "object", properties: {} }); // reserved first: a recursive shape refers to itself
    const { properties, required } = this.fields(shape, module, hint);
    this.types.set(name, { type: "object", properties, ...(required.length > 0 && { required }) });
    return name;
  }

  private enumType(values: ReadonlyArray<string | number>, module: string, hint: string): TypeSpec {
    const name = token(module, hint);
    const numeric = values.every((value) => typeof value === "number");
    const spec: EnumTypeSpec = {
      type: numeric ? "number" : "string",
      enum: values.map((value) => {
        const named = typeof value === "string" ? enumName(value) : `Value${value}`;
        return { value, ...(named !== undefined && { name: named }) };
      }),
    };
    const existing = this.types.get(name);
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(spec)) {
      throw new Error(`scripts/generator/schemaTypes.ts: two different types are both named ${name}`);
    }
    this.types.set(name, spec);
    return { $ref: `#/types/${name}` };
  }
}
