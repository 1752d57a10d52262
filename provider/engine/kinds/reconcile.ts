/**
 * `reconcile`: a create with its reconciliation: a lost answer settled by reading (or listing), what
 * this stack's interrupted run made adopted, one create at a time per collection where the server
 * assigns the id. The executor runs it (executor/reconcile.ts).
 */
import { LOOPS } from "../../http/retryTable";
import type { AdoptEntry } from "./adopt";
import { entryKind, type PlanEntry } from "./kind";
import { readRequests, type ReadEntry } from "./read";
import { loopBudget, requestBudget, requestsBudget, requestsOnce, requestsWorstCase, requestWorstCase, type PlannedRequest } from "./request";

declare module "./kind" {
  interface EntryKinds {
    reconcile: ReconcileEntry;
  }
}

/**
 * A create with its reconciliation. For an id the inputs name: `readFirst` when this stack's
 * interrupted run sent it (its ownership record names the id: what it made is adopted, by `adopt`),
 * the writes, and `settle` after a lost answer (as asked for, adopted; absent, created again). For a
 * server-assigned id: one create at a time per `lock` (the collection), `listBefore` first, and the
 * listing again after a lost answer (the one new object that is what was asked for is adopted).
 */
export interface ReconcileEntry {
  readonly kind: "reconcile";
  /** The inputs of the object asked for. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly create: readonly PlanEntry[];
  /** The create's answer as the object's wire form, when it is not the object (a policy's grant, a follow's builds). */
  readonly toWire?: (answer: unknown) => unknown;
  readonly readFirst?: ReadEntry;
  readonly settle?: ReadEntry;
  /** An object this stack's interrupted run made, converged with the program as an adoption is. */
  readonly adopt: AdoptEntry["then"];
  /** The server assigns the id (part of it): the create's answer says it. */
  readonly assigned?: true;
  readonly lock?: string;
  readonly listBefore?: PlannedRequest;
  /** What the listing's items are: the object's wire form (parsed as it in the listing), or another shape read as the object. */
  readonly listedAs?: "wire" | "other";
  /** A copy of the create makes no second object (an ACL rule: the scope is the rule): with no record, the one listed match is it. */
  readonly repeatable?: true;
}

export const reconcile = entryKind<ReconcileEntry>({
  run: (entry, _previous, runner) => runner.reconcile(entry),
  requests(entry, reading, nested) {
    const first = entry.listBefore === undefined ? [] : [entry.listBefore];
    // The listing goes first: with a log, its answer is read before the create's entries are.
    if (reading.sent !== undefined) first.forEach((request) => reading.answerOf(request));
    return [...first, ...nested.requests(entry.create, reading)];
  },
  // The listing a server-assigned id's create takes first, then the create's own entries (its reads settle faults).
  describe: (entry, reading, nested) => [...(entry.listBefore === undefined ? [] : [{ request: entry.listBefore }]), ...nested.describe(entry.create, reading)],
  worstCase(entry, nested) {
    const first =
      (entry.readFirst === undefined ? 0 : requestsWorstCase(readRequests(entry.readFirst.via))) +
      (entry.listBefore === undefined ? 0 : requestWorstCase(entry.listBefore));
    const settle =
      entry.settle !== undefined ? requestsWorstCase(readRequests(entry.settle.via)) : entry.listBefore === undefined ? 0 : requestWorstCase(entry.listBefore);
    // A lost answer settles by reading (or listing), then the create goes again: at most the loop's rounds.
    return first + LOOPS.create.attempts * (nested.worstCase(entry.create) + settle);
  },
  budget(entry, nested) {
    const first =
      (entry.readFirst === undefined ? 0 : requestsBudget(readRequests(entry.readFirst.via))) +
      (entry.listBefore === undefined ? 0 : requestBudget(entry.listBefore));
    const settle = entry.settle !== undefined ? readRequests(entry.settle.via) : entry.listBefore === undefined ? [] : [entry.listBefore];
    // The first round at the create's budget and its settling read's; each further round, after a lost answer, what it sends without faults.
    return first + loopBudget("create", nested.budget(entry.create) + requestsBudget(settle), nested.once(entry.create) + requestsOnce(settle));
  },
  parts: (entry) => entry.create,
  nested: (entry) => entry.create,
});
