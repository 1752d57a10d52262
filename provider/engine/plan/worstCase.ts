/**
 * What a step may send, from its plan and the retry table (http/retryTable.ts), each entry by its
 * kind's descriptor: its budget (every attempt of every request it sends, the checks of its waits
 * among them, draws on it), and the most a fault storm could make it send without one (every
 * request at its most attempts, every loop at its most rounds, every page of a listing), which the
 * budget bounds: one round of faults per request, not one per round of every loop. A joined write
 * counts what it sends alone or its part of a joint request, whichever is more (a joint request is
 * spent from the pool of its writes' budgets). Pure.
 */
import { STEP_BUDGET } from "../../http/retryTable";
import { ENTRY_KINDS, walkerOf, type PlanEntry, type Registry } from "../kinds";

export { requestWorstCase } from "../kinds";

export function plansWorstCase(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): number {
  return walkerOf(registry).worstCase(entries);
}

/**
 * A step's budget: each entry's, by its kind's descriptor (`budget`), and the step's token exchanges
 * when it sends anything (STEP_BUDGET). An entry's: every request at its attempts under faults (a
 * rate limit's RATE_LIMITED_ATTEMPTS, the most of any rule's, and TOKEN_REFUSED's resend with its
 * fresh token's exchange); a listing's further pages once each, up to STEP_BUDGET's pages; a loop's
 * first round at its body's budget and each further round at what it sends without faults (it goes
 * round after a refusal as stale or a lost answer, one attempt each); a wait's every check once
 * (checksWithin) and one check's faults. Faults at every round of every loop are an outage: the
 * step ends at its budget.
 */
export function budgetOf(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): number {
  const entriesBudget = walkerOf(registry).budget(entries);
  return entriesBudget === 0 ? 0 : entriesBudget + STEP_BUDGET.tokenExchanges;
}

export interface StepWorstCase {
  /** Without the step's budget: the loops' and requests' bounds multiplied out (waits not counted: their checks are the budget's own). */
  readonly unbounded: number;
  /** The step's budget: what it can send at most, its waits' checks and its token exchanges included. */
  readonly budget: number;
}

/** The worst case of a step's plan, and its budget. */
export function stepWorstCase(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): StepWorstCase {
  return { unbounded: plansWorstCase(entries, registry), budget: budgetOf(entries, registry) };
}
