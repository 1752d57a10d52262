/**
 * `updateMask` as Cloud Quotas reads it (AIP-134): absent, every field of the
 * body is written; present, only the named paths, each of which must be one the
 * message knows (camelCase or snake_case), or the request is 400 INVALID_ARGUMENT.
 */
import type { QueryParams } from "../../api";
import { invalidArgument } from "./names";

const snakeToCamel = (path: string): string => path.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * The fields the mask names, as the message's own paths (`known` maps each accepted
 * path to the fields it stands for); undefined when the mask is absent ("all").
 */
export function maskedFields<Field extends string>(query: QueryParams, known: Readonly<Record<string, readonly Field[]>>): Set<Field> | undefined {
  const raw = query["updateMask"];
  if (raw === undefined) return undefined;
  const paths = (Array.isArray(raw) ? raw : [raw])
    .flatMap((value) => value.split(","))
    .map((path) => path.trim())
    .filter((path) => path !== "");
  const fields = new Set<Field>();
  for (const path of paths) {
    const covered = known[snakeToCamel(path)];
    if (covered === undefined) {
      throw invalidArgument(`Invalid update mask path '${path}': the accepted paths are ${Object.keys(known).join(", ")}.`, { field: "update_mask" });
    }
    for (const field of covered) fields.add(field);
  }
  return fields;
}

/** A boolean query parameter (`validateOnly`, `allowMissing`): `true`/`false`, nothing else. */
export function booleanParameter(query: QueryParams, name: string): boolean {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw invalidArgument(`Invalid value at '${name}' (TYPE_BOOL), "${value}"`, { field: name });
}
