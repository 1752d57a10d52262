/**
 * A batch kind's window (kinds/entries.ts `BatchKind.window`): the numbers of the windows its
 * writes gather in, which batching/ runs (windowsReducer.ts). Data only.
 */

/** A window's numbers; who keeps the windows gives them, each with its reason (a zone's, a listing's). */
export interface WindowPolicy {
  /** Go when no item joined for this long (at first; it adapts). */
  readonly quietMs: number;
  /** The shortest the quiet time adapts down to. */
  readonly minQuietMs: number;
  /** The longest the quiet time adapts up to. */
  readonly maxQuietMs: number;
  /** Go at the latest this long after the window opened. */
  readonly maxWaitMs: number;
}
