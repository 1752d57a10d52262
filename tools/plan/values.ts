/**
 * What a preview says of values: secrets (hidden by the engine as "[secret]" or as secret
 * objects), values not known before `up`, and the inputs that steer the engine. A value
 * shown in a report goes through `shown`, so no secret and no serialized provider leaves.
 */
import { CONTROL_INPUTS, UNKNOWN } from "../../provider/engine/plan/diff";

export const SECRET = "[secret]";
export const NOT_KNOWN = "(known after up)";

/** The key Pulumi's JSON marks a secret value with (its signature for secrets). */
const SECRET_SIGNATURE = "4dabf18193072939515e22adb298388d";

export function isSecret(value: unknown): boolean {
  return value === SECRET || (typeof value === "object" && value !== null && SECRET_SIGNATURE in value);
}

/** The value with each leaf that `leaf` recognises replaced by what it returns. */
function mapLeaves(value: unknown, leaf: (value: unknown) => unknown): unknown {
  const replaced = leaf(value);
  if (replaced !== value) return replaced;
  if (Array.isArray(value)) return value.map((inner) => mapLeaves(inner, leaf));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapLeaves(inner, leaf)]));
  return value;
}

/** The value with every secret in it replaced by "[secret]". */
export function masked(value: unknown): unknown {
  return mapLeaves(value, (leaf) => (isSecret(leaf) ? SECRET : leaf));
}

export function holdsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsSecret);
  return false;
}

/** A value as a report shows it: secrets masked, unknowns said in words. */
export function shown(value: unknown): unknown {
  return mapLeaves(value, (leaf) => (leaf === UNKNOWN ? NOT_KNOWN : isSecret(leaf) ? SECRET : leaf));
}

/** A path filled with values not known yet says so, instead of the engine's placeholder. */
export function shownPath(path: string): string {
  return path.split(UNKNOWN).join(NOT_KNOWN);
}

/** The properties of a state or inputs without the engine's own (`__provider`, `__import`, ...), secrets masked. */
export function properties(values: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values ?? {})
      .filter(([key]) => !CONTROL_INPUTS.has(key))
      .map(([key, value]) => [key, masked(value)]),
  );
}
