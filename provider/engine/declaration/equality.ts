/**
 * Value comparison for diffs: stable (key order does not matter) and with the
 * empties of a field (absent, null, "", [], {}) treated as one value, since an
 * API that omits an empty field and a program that leaves it out agree.
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

/** A comparison of a stored value with the wanted one; `news` are all the wanted inputs. */
export type Comparison = (stored: unknown, wanted: unknown, news: Readonly<Record<string, unknown>>) => boolean;

/**
 * Comparisons a declaration names instead of writing (`equal: { name: "caseInsensitive" }`):
 * data, where a function of its own would be custom code.
 */
export const NAMED_COMPARISONS = {
  /** Text compared without regard to case (DNS names; a code host's owner and project names). */
  caseInsensitive: (a, b) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase(),
  /** A boolean the service leaves out when false. */
  falseWhenUnset: (a, b) => (a ?? false) === (b ?? false),
  /** An input the service chooses when it is left out: absent agrees with whatever the service has. */
  serviceChosenWhenAbsent: (stored, wanted) => wanted === undefined || stored === wanted,
} as const satisfies Readonly<Record<string, Comparison>>;

export type ComparisonName = keyof typeof NAMED_COMPARISONS;

/** The comparison a declaration gives a field: named, its own, or plain equality. */
export function comparisonFor(equal: Comparison | ComparisonName | undefined): Comparison {
  if (equal === undefined) return sameValue;
  return typeof equal === "string" ? NAMED_COMPARISONS[equal] : equal;
}
