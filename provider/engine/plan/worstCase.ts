/**
 * What a step may send, from its plan and the retry table (http/retryTable.ts): its budget (every
 * attempt of every request it sends, the checks of its waits among them, draws on it), and the
 * most a fault storm could make it send without one (every request at its most attempts, every loop
 * at its most rounds), which the budget bounds. A listing counts one page; a joined write what it
 * sends alone (a joint request is spent from the pool of its writes' budgets). Pure.
 */
import { defaultRepeatRule } from "../../http/retry";
import { checksWithin, LOOPS, RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS, STEP_BUDGET, TOKEN_REFUSED, WAITS, type LoopName } from "../../http/retryTable";
import { writesOf, type PlanEntry, type PlannedRequest } from "./entries";
import { readRequests } from "./requests";

/** One request's attempts at most: its rule's after faults or a rate limit's (which any request may meet), and a resend with a fresh token. */
export function requestWorstCase(request: PlannedRequest): number {
  if (request.sent === "untilDone") return 0;
  const rule = request.repeat ?? defaultRepeatRule(request.method);
  return Math.max(REQUEST_ATTEMPTS[rule].attempts, RATE_LIMITED_ATTEMPTS) + TOKEN_REFUSED.resends;
}

const rounds = (loop: LoopName): number => LOOPS[loop].attempts;
const sum = (counts: readonly number[]): number => counts.reduce((total, count) => total + count, 0);
const requestsWorstCase = (requests: readonly PlannedRequest[]): number => sum(requests.map(requestWorstCase));

function entryWorstCase(entry: PlanEntry): number {
  switch (entry.kind) {
    case "send": {
      // A lost answer is settled in the `move` loop: its rounds of the write, one read after the last.
      const once =
        entry.whenLost === undefined ? requestWorstCase(entry.request) : rounds("move") * requestWorstCase(entry.request) + requestWorstCase(entry.whenLost);
      // Under an etag, each round after a 409 reads the object again first.
      if (entry.underEtag !== undefined) return rounds("etag") * once + (rounds("etag") - 1) * requestsWorstCase(readRequests(entry.underEtag.reread.via));
      if (entry.whenRefused !== undefined) return rounds("refused") * once + (rounds("refused") - 1) * plansWorstCase(entry.whenRefused.first);
      return once;
    }
    case "merge":
    case "policy":
      return rounds(entry.kind) * (requestWorstCase(entry.read) + requestWorstCase(entry.write));
    case "settled": {
      const writes = writesOf(entry.write(entry.believed));
      return rounds(entry.loop) * (requestWorstCase(entry.read) + requestsWorstCase(writes));
    }
    case "poll":
      return 0;
    case "join":
      return plansWorstCase(entry.alone);
    case "read":
      return requestsWorstCase(readRequests(entry.via));
    case "reconcile": {
      const first =
        (entry.readFirst === undefined ? 0 : requestsWorstCase(readRequests(entry.readFirst.via))) +
        (entry.listBefore === undefined ? 0 : requestWorstCase(entry.listBefore));
      const settle =
        entry.settle !== undefined
          ? requestsWorstCase(readRequests(entry.settle.via))
          : entry.listBefore === undefined
            ? 0
            : requestWorstCase(entry.listBefore);
      // A lost answer settles by reading (or listing), then the create goes again: at most the loop's rounds.
      return first + rounds("create") * (plansWorstCase(entry.create) + settle);
    }
    case "adopt":
      return requestsWorstCase(readRequests(entry.read.via)) + plansWorstCase(entry.atMost);
  }
}

export function plansWorstCase(entries: readonly PlanEntry[]): number {
  return sum(entries.map(entryWorstCase));
}

/** The waits a plan may make, each by its schedule and deadline (an opt-in wait, the seconds the program gave). */
function waitsOf(entries: readonly PlanEntry[]): number {
  const checks = (request: PlannedRequest, timeoutMs?: number): number => (request.waits === undefined ? 0 : checksWithin(WAITS[request.waits], timeoutMs));
  return sum(
    entries.map((entry) => {
      switch (entry.kind) {
        case "poll":
          return checks(entry.request, entry.timeoutMs);
        case "settled":
          return entry.waits === undefined ? 0 : "served" in entry.waits ? checks(entry.waits.request) : checks(entry.waits.request, entry.waits.timeoutMs);
        case "join":
          return Math.max(checks(entry.batch.served(entry.key, [])), waitsOf(entry.alone));
        case "reconcile":
          return waitsOf(entry.create);
        case "adopt":
          return waitsOf(entry.atMost);
        case "send":
          return entry.whenRefused === undefined ? 0 : waitsOf(entry.whenRefused.first);
        default:
          return 0;
      }
    }),
  );
}

/** A step's budget: STEP_BUDGET's requests, and the checks of the waits its plan makes. */
export function budgetOf(entries: readonly PlanEntry[]): number {
  return STEP_BUDGET.requests + waitsOf(entries);
}

export interface StepWorstCase {
  /** Without the step's budget: the loops' and requests' bounds multiplied out (waits not counted: their checks are the budget's own). */
  readonly unbounded: number;
  /** The step's budget: what it can send at most, its waits' checks included. */
  readonly budget: number;
}

/** The worst case of a step's plan, and its budget. */
export function stepWorstCase(entries: readonly PlanEntry[]): StepWorstCase {
  return { unbounded: plansWorstCase(entries), budget: budgetOf(entries) };
}
