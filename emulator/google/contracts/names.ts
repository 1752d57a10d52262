/**
 * A field's two names under proto3's JSON mapping: its JSON name (lowerCamel, `quotaId`: what a
 * discovery document lists and an answer carries) and its proto name (`quota_id`). Google's reader
 * of a body takes either, and HTTP/JSON transcoding binds a query parameter by either
 * (`update_mask` as `updateMask`); an API transcoded from its protos is read so (`readsProtoNames`
 * of its contract). Map keys are data, never names: they stay as given.
 */
import type { SchemaNode } from "./values";

/** protoc's JSON name of a proto field name: each `_x` becomes `X` (`quota_config` -> `quotaConfig`). */
export function jsonName(protoName: string): string {
  return protoName.replace(/_([a-z0-9])/g, (_match, next: string) => next.toUpperCase());
}

/** The field a body's key names in a message schema: the key itself, else the field whose proto name it is; the key when neither. */
export function fieldName(schema: SchemaNode, key: string, readsProtoNames: boolean): string {
  const properties = schema.properties;
  if (!readsProtoNames || properties === undefined || Object.hasOwn(properties, key)) return key;
  const named = jsonName(key);
  return Object.hasOwn(properties, named) ? named : key;
}

type QueryValues = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The query with each parameter by its JSON name: a proto name a method knows under its JSON name is
 * read as that (`update_mask` as `updateMask`), and two spellings of one parameter are its values together.
 */
export function queryByJsonName(query: QueryValues, knows: (name: string) => boolean): Record<string, string | string[]> {
  const named: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const key = knows(name) || !knows(jsonName(name)) ? name : jsonName(name);
    (named[key] ??= []).push(...(Array.isArray(value) ? value : [value]));
  }
  return Object.fromEntries(Object.entries(named).map(([name, values]) => [name, values.length === 1 ? (values[0] as string) : values]));
}
