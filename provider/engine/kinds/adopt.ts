/**
 * `adopt`: an adoption (`{ import }`), the object read and nothing created; what differs and can
 * change in place is then updated to match the program. The executor runs it (executor/reconcile.ts).
 */
import { entryKind, type PlanEntry } from "./kind";
import { readRequests, type ReadEntry } from "./read";
import { requestsBudget, requestsWorstCase } from "./request";

declare module "./kind" {
  interface EntryKinds {
    adopt: AdoptEntry;
  }
}

/**
 * An adoption (`{ import }`): the object read, nothing created; what differs and can change in
 * place is then updated to match the program, by `then(existing)`'s plan (none when they agree).
 */
export interface AdoptEntry {
  readonly kind: "adopt";
  /** The object's id, and the inputs it is adopted with. */
  readonly id: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly read: ReadEntry;
  /** The error when no such object exists. */
  readonly absent: string;
  /** After the read: the update's plan from what exists, or why it cannot be adopted, or nothing to do. */
  readonly then: (
    existing: Readonly<Record<string, unknown>>,
  ) => { readonly update: readonly PlanEntry[]; readonly changed: readonly string[] } | { readonly refuse: string } | undefined;
  /** The update of every mutable input, for a reader: the most the adoption can send after its read. */
  readonly atMost: readonly PlanEntry[];
}

export const adopt = entryKind<AdoptEntry>({
  run: (entry, _previous, runner) => runner.adopt(entry),
  // The read; what follows it when the object differs, svc-plan shows (describe).
  requests: (entry, reading, nested) => nested.requests([entry.read], reading),
  describe: (entry, reading, nested) => [
    ...readRequests(entry.read.via, entry.read.note).map((request) => ({ request })),
    // What an adoption sends after its read when the object differs: at most the update of every input that can change in place.
    ...nested
      .describe(entry.atMost, reading)
      .map(({ request }) => ({ request, onlyIf: "the existing object differs from the program in what can change in place" })),
  ],
  worstCase: (entry, nested) => requestsWorstCase(readRequests(entry.read.via)) + nested.worstCase(entry.atMost),
  budget: (entry, nested) => requestsBudget(readRequests(entry.read.via)) + nested.budget(entry.atMost),
  nested: (entry) => entry.atMost,
});
