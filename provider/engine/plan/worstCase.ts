/**
 * What a step may send, from its plan and the retry table (http/retryTable.ts), each entry by its
 * kind's descriptor: its budget (every attempt of every request it sends, the checks of its waits
 * among them, draws on it), and the most a fault storm could make it send without one (every
 * request at its most attempts, every loop at its most rounds), which the budget bounds. A listing
 * counts one page; a joined write what it sends alone (a joint request is spent from the pool of
 * its writes' budgets). Pure.
 */
import { STEP_BUDGET } from "../../http/retryTable";
import { ENTRY_KINDS, walkerOf, type PlanEntry, type Registry } from "../kinds";

export { requestWorstCase } from "../kinds";

export function plansWorstCase(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): number {
  return walkerOf(registry).worstCase(entries);
}

/** A step's budget: STEP_BUDGET's requests, and the checks of the waits its plan makes (each by its schedule and deadline). */
export function budgetOf(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): number {
  return STEP_BUDGET.requests + walkerOf(registry).waits(entries);
}

export interface StepWorstCase {
  /** Without the step's budget: the loops' and requests' bounds multiplied out (waits not counted: their checks are the budget's own). */
  readonly unbounded: number;
  /** The step's budget: what it can send at most, its waits' checks included. */
  readonly budget: number;
}

/** The worst case of a step's plan, and its budget. */
export function stepWorstCase(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): StepWorstCase {
  return { unbounded: plansWorstCase(entries, registry), budget: budgetOf(entries, registry) };
}
