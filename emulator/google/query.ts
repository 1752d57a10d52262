import type { QueryParams } from "../api";
import { firstQueryValue } from "../api";
import { invalidParameter } from "./errors";

/** An enum query parameter, checked the way Google's front end checks them. */
export function enumQueryParameter<Value extends string>(query: QueryParams, name: string, allowed: readonly Value[], defaultValue: Value): Value {
  const raw = firstQueryValue(query, name);
  if (raw === undefined || raw === "") return defaultValue;
  const match = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
  if (match === undefined) {
    throw invalidParameter(name, `Invalid string value: '${raw}'. Allowed values: [${allowed.join(", ")}]`);
  }
  return match;
}
