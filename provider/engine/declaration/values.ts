/**
 * How the engine compares values, stably and with the empties of a field (absent, null, "", [], {})
 * as one value: an API that omits an empty field and a program that leaves it out agree. Pure; the
 * declaration's comparisons (comparisons.ts) and the diff (plan/diff.ts) read them.
 */

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value).every((v) => v === undefined);
  return false;
}

/** JSON with sorted keys and undefined members dropped; equal values give equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([, member]) => member !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return stableJson(a) === stableJson(b);
}
