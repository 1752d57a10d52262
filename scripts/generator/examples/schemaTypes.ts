/**
 * What the example renderers (and the release's schema comparison, scripts/release/schemaChanges.ts)
 * need of the package schema: the type of a resource's or a function's argument, of a nested
 * object's property, and whether a type is an object, an enum, a list or a map; with the names each
 * language's SDK gives them.
 */
import { PACKAGE } from "../../../provider/typeTokens";

export interface Spec {
  readonly type?: string;
  readonly $ref?: string;
  readonly items?: Spec;
  readonly additionalProperties?: Spec;
  readonly oneOf?: readonly Spec[];
  readonly properties?: Readonly<Record<string, Spec>>;
  readonly enum?: ReadonlyArray<{ readonly value: unknown }>;
  /** Set on a property that replaces its resource when it changes (what a release must not add silently). */
  readonly replaceOnChanges?: boolean;
}

export interface SchemaView {
  readonly resources: Readonly<Record<string, { readonly inputProperties?: Readonly<Record<string, Spec>>; readonly required?: readonly string[] }>>;
  readonly functions: Readonly<Record<string, { readonly inputs?: { readonly properties?: Readonly<Record<string, Spec>> } }>>;
  readonly types: Readonly<Record<string, Spec>>;
}

/** What a spec is, its referenced type resolved: the type's module and name for a named one. */
export type Shape =
  | { readonly kind: "scalar"; readonly type: "string" | "integer" | "number" | "boolean" | "any" }
  | { readonly kind: "enum"; readonly module: string; readonly name: string }
  | { readonly kind: "object"; readonly module: string; readonly name: string; readonly properties: Readonly<Record<string, Spec>> }
  | { readonly kind: "array"; readonly items: Spec }
  | { readonly kind: "map"; readonly values: Spec };

export const resourceKey = (module: string, type: string): string => `${PACKAGE}:${module}/${type.charAt(0).toLowerCase()}${type.slice(1)}:${type}`;
export const functionKey = (module: string, fn: string): string => `${PACKAGE}:${module}/${fn}:${fn}`;

export function shapeOf(schema: SchemaView, spec: Spec | undefined): Shape {
  if (spec === undefined) return { kind: "scalar", type: "any" };
  if (spec.$ref !== undefined) {
    const token = spec.$ref.replace(/^#\/types\//, "");
    const type = schema.types[token];
    if (type === undefined) throw new Error(`the schema has no type ${token}`);
    const [, module = "", name = ""] = /^[^:]+:([^/]+)\/[^:]+:(.+)$/.exec(token) ?? [];
    if (type.enum !== undefined) return { kind: "enum", module, name };
    return { kind: "object", module, name, properties: type.properties ?? {} };
  }
  if (spec.type === "array") return { kind: "array", items: spec.items ?? {} };
  if (spec.type === "object" && spec.additionalProperties !== undefined) return { kind: "map", values: spec.additionalProperties };
  if (spec.type === "string" || spec.type === "integer" || spec.type === "number" || spec.type === "boolean") return { kind: "scalar", type: spec.type };
  return { kind: "scalar", type: "any" };
}

/** A resource's or a function's argument spec. */
export function argumentSpec(schema: SchemaView, owner: { resource: string } | { fn: string }, name: string): Spec | undefined {
  const properties = "resource" in owner ? schema.resources[owner.resource]?.inputProperties : schema.functions[owner.fn]?.inputs?.properties;
  if (properties === undefined) throw new Error(`the schema has no ${"resource" in owner ? owner.resource : owner.fn}`);
  const spec = properties[name];
  if (spec === undefined) throw new Error(`${"resource" in owner ? owner.resource : owner.fn} has no argument ${name}`);
  return spec;
}

export const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
/** Python's names: `dnsName` is `dns_name` (Pulumi's Python SDKs snake_case every property). */
export const snake = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
