/**
 * How a declaration compares a stored value with the wanted one, where plain equality is not what
 * the API means: a comparison it names (data) or writes (custom code), and what changed inside an
 * input a reviewer reads entry by entry. The diff (plan/diff.ts) applies them.
 */
import { sameValue } from "./values";

/** One path that changed inside an input (a map's entry): what happens to it, and its values before and after (for a report). */
export interface DetailChange {
  readonly path: string;
  readonly kind: "add" | "delete" | "update";
  readonly old?: unknown;
  readonly new?: unknown;
}

/** The paths that changed inside an input (a map's entries), each with what happens to it. */
export type DetailOf = (stored: unknown, wanted: unknown, news: Readonly<Record<string, unknown>>) => readonly DetailChange[];

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
