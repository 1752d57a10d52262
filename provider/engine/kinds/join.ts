/**
 * `join`: a write that joins the others of its key arriving at the same time in one request (a
 * zone's atomic change), by its batch kind (an API brings its own, as data and pure functions), or
 * goes as its own plan (`alone`) when no other write comes with it. The executor batches
 * (executor/batches.ts, with the windows and relays of batching/).
 */
import type { z } from "zod";
import { entryKind, type PlanEntry } from "./kind";
import { requestBudget, waitBudget, type PlannedRequest } from "./request";
import type { WindowPolicy } from "./window";

declare module "./kind" {
  interface EntryKinds {
    join: JoinEntry;
  }
}

/** The answer of a read that found a listing's items (a settle's, a batch's), each item parsed by its schema. */
export type Items = readonly unknown[];

/**
 * Writes of one key gathered into one request (a zone's atomic change); an API that has them
 * brings its own, as data and pure functions: the joint request, the listing that settles a lost
 * one, which writes a listing shows done, the wait for the joint work to be done.
 */
export interface BatchKind {
  readonly name: string;
  /** The window the writes of one key gather in (engine/batching/windowsReducer.ts, in the batching machine). */
  readonly window: WindowPolicy;
  /**
   * The tally of the writes gathered with `write` added, when it fits in one request (a per-request
   * limit); undefined when it does not. `tally` is undefined before the first write. Pure.
   */
  readonly admit: (tally: unknown, write: unknown) => unknown;
  /** The one request `writes` of `key` send together. */
  readonly joint: (key: string, writes: readonly unknown[]) => PlannedRequest;
  /** The listing that settles a joint request whose answer was lost. */
  readonly settleBy: (key: string) => PlannedRequest;
  /** Whether a listing shows `write` done, and its answer then (with the schema the listing parsed it by, when it is the object's). */
  readonly inPlace: (write: unknown, items: Items) => { readonly done: boolean; readonly value?: unknown; readonly parsedBy?: z.ZodType };
  /** Each write's answer from the joint answer, with the schema that parsed it when it was in the answer. */
  readonly resultOf: (write: unknown, answer: unknown) => { readonly value: unknown; readonly parsedBy?: z.ZodType };
  /** The joint work the answer leaves pending (its id), to wait for. */
  readonly pending: (answer: unknown) => string | undefined;
  /** The check of which pending works of `key` are done (a listing newest first, as far as `ids`). */
  readonly served: (key: string, ids: readonly string[]) => PlannedRequest;
  /** Which of `ids` the check's items show done (one it does not show is done). */
  readonly doneIn: (ids: readonly string[], items: Items) => ReadonlySet<string>;
  /** A refusal that can be one write's fault (the joint request is split to find it). */
  readonly splits: (status: number | undefined) => boolean;
  /** What a write takes out of and puts into the joint request, for a reader. */
  readonly parts: (write: unknown) => { readonly removes: readonly unknown[]; readonly adds: readonly unknown[] };
  /** The writes of one key added up, in words for a reader. */
  readonly summarize: (key: string, writes: readonly unknown[]) => string;
  /** Words for the log: `3 record changes of zone x` (no count: `record changes of zone x`). */
  readonly describe: (key: string, count?: number) => string;
}

/** A write that joins the others of its key arriving at the same time in one request (a zone's atomic change). */
export interface JoinEntry {
  readonly kind: "join";
  readonly batch: BatchKind;
  /** The key the writes of one request share (a zone's path). */
  readonly key: string;
  /** The write as data, for the batch and for a reader: what it deletes and adds. */
  readonly write: unknown;
  /** The joint request as a reader sees it (its body holds this write alone). */
  readonly request: PlannedRequest;
  /** What is sent when no other write comes with it. */
  readonly alone: readonly PlanEntry[];
}

export const join = entryKind<JoinEntry>({
  run: (entry, _previous, runner) => runner.join(entry),
  requests: (entry, reading, nested) => (reading.alone === true ? nested.requests(entry.alone, reading) : [entry.request]),
  describe: (entry) => [{ request: entry.request, joined: entry }],
  worstCase: (entry, nested) => nested.worstCase(entry.alone),
  // Alone, its own plan's; joined, the joint request and the checks of the joint work (the holder's), whichever is more.
  budget: (entry, nested) => Math.max(nested.budget(entry.alone), requestBudget(entry.request) + waitBudget(entry.batch.served(entry.key, []))),
  joint: (entry) => entry,
  nested: (entry) => entry.alone,
});
