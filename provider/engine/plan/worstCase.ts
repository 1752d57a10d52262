/**
 * The most requests a fault storm can make one step send, from its plan and the retry table
 * (http/retryTable.ts): every request at its most attempts, every loop at its most rounds, each
 * round's requests at their most; then the step's budget, which bounds them all together. Work
 * polled until done is bounded by its deadline and not counted; a listing counts one page; a
 * joined write counts what it sends alone (a batch's own requests: `batchWorstCase`). Pure.
 */
import { LOOPS, RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS, STEP_BUDGET, type LoopName } from "../../http/retryTable";
import { defaultRepeatRule } from "../../http/retry";
import type { PlanEntry, PlannedRequest } from "./entries";
import { createParts } from "./planStep";

/** One request's attempts at most: its rule's after faults, or a rate limit's (which any request may meet). */
export function requestWorstCase(request: PlannedRequest): number {
  if (request.sent === "untilDone") return 0;
  const rule = request.repeat ?? defaultRepeatRule(request.method);
  return Math.max(REQUEST_ATTEMPTS[rule].attempts, RATE_LIMITED_ATTEMPTS);
}

const rounds = (loop: LoopName): number => LOOPS[loop].attempts;
const sum = (counts: readonly number[]): number => counts.reduce((total, count) => total + count, 0);

function entryWorstCase(entry: PlanEntry, etagReread: number): number {
  switch (entry.kind) {
    case "send": {
      const once = requestWorstCase(entry.request) + (entry.whenLost === undefined ? 0 : requestWorstCase(entry.whenLost));
      // Under an etag, each round after a 409 reads the object again first.
      if (entry.underEtag === true) return rounds("etag") * once + (rounds("etag") - 1) * etagReread;
      if (entry.whenRefused !== undefined) return rounds("refused") * once + (rounds("refused") - 1) * plansWorstCase(entry.whenRefused.first);
      return once;
    }
    case "merge":
      return rounds("merge") * (requestWorstCase(entry.read) + requestWorstCase(entry.write));
    case "policy":
      return rounds("policy") * (requestWorstCase(entry.read) + requestWorstCase(entry.write));
    case "settled":
      return rounds(entry.loop) * sum(entry.requests.map(requestWorstCase)) + (rounds(entry.loop) - 1) * sum((entry.settleBy ?? []).map(requestWorstCase));
    case "poll":
      return 0;
    case "join":
      return plansWorstCase(entry.alone);
    case "read":
      return sum(entry.requests.map(requestWorstCase));
  }
}

function plansWorstCase(entries: readonly PlanEntry[]): number {
  const reread = sum(entries.filter((entry) => entry.kind === "read").flatMap((entry) => entry.requests.map(requestWorstCase)));
  return sum(
    entries
      .filter((entry) => entry.kind !== "read" || entry.when === undefined || entry.when === "answerNotObject")
      .map((entry) => entryWorstCase(entry, reread)),
  );
}

export interface StepWorstCase {
  /** Without the step's budget: the loops' and requests' bounds multiplied out. */
  readonly unbounded: number;
  /** What the step can send at most: the step's budget bounds the rest. */
  readonly bounded: number;
}

/** The worst case of a step's plan (`create`: its reconciliation's reads and its create loop included). */
export function stepWorstCase(step: string, entries: readonly PlanEntry[]): StepWorstCase {
  let unbounded: number;
  if (step === "create") {
    const { readFirst, listing, writes, settle } = createParts(entries);
    const first = (readFirst === undefined ? 0 : sum(readFirst.requests.map(requestWorstCase))) + (listing === undefined ? 0 : requestWorstCase(listing));
    const settling = settle === undefined ? 0 : sum(settle.requests.map(requestWorstCase));
    // A lost answer settles by reading (or listing), then the create goes again: at most the loop's rounds.
    unbounded = first + rounds("create") * plansWorstCase(writes) + (settle === undefined ? 0 : rounds("create") * settling);
  } else {
    unbounded = plansWorstCase(entries);
  }
  return { unbounded, bounded: Math.min(unbounded, STEP_BUDGET.requests) };
}

/**
 * A joint request of `writes` writes refused or lost again and again: its rounds, each settled by
 * a listing of one page, and when refused its halves down to each write alone (2n − 1 joint
 * requests), each write then sent alone at its own worst (`alone`). Bounded by no one step's budget.
 */
export function batchWorstCase(writes: number, alone: number): number {
  const joint = Math.max(1, 2 * writes - 1);
  return joint * rounds("batch") * (1 + RATE_LIMITED_ATTEMPTS) + writes * alone;
}
