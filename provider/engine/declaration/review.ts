/**
 * What a reviewer of a change must not miss, as each resource declares it (its `review`): a zone
 * replaced, access dropped, a quota lowered. `svc-plan` lists the warnings whose operation matches.
 */
import type { Args, State } from "./declaration";

export type ReviewedOperation = "create" | "adopt" | "update" | "replace" | "delete" | "read";

/** One resource's change as a reviewer sees it. */
export interface ReviewFacts {
  readonly operation: ReviewedOperation;
  /** The resource's name in the program. */
  readonly name: string;
  /** Its type as the SDK names it below `svc.`, e.g. `dns.ManagedZoneIamBinding`. */
  readonly type: string;
  readonly olds: State;
  readonly news: Args;
  readonly replacedBecauseOf: readonly string[];
  readonly deleteFirst: boolean;
}

export interface ReviewWarning {
  /** A stable name for bots, e.g. `zoneReplaced`. */
  readonly kind: string;
  readonly on: readonly ReviewedOperation[];
  /** The warning in words, or undefined when this change does not call for it. */
  readonly says: (facts: ReviewFacts) => string | undefined;
}
