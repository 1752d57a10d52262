/**
 * The budget of one step (the retry table's STEP_BUDGET): every attempt of every request sent on
 * the step's behalf counts, through the awaits of the step (AsyncLocalStorage), so loops that nest
 * (a write loop around requests the HTTP layer retries) share one bound instead of multiplying.
 * Work polled until done, and joint requests of several steps (a batch), are bounded otherwise and
 * run outside any one step's budget.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { STEP_BUDGET } from "./retryTable";

export class StepBudgetSpent extends Error {
  constructor(
    readonly what: string,
    readonly sent: number,
    readonly last: string | undefined,
  ) {
    super(
      `${what}: the step sent ${sent} requests, its budget (STEP_BUDGET in the retry table, provider/http/retryTable.ts), and stops` +
        (last === undefined ? "" : `; the last failure: ${last}`),
    );
    this.name = "StepBudgetSpent";
  }
}

export class StepBudget {
  private sent = 0;

  constructor(
    /** Words for the error: `svc.dns.RecordSet update`. */
    readonly what: string,
    readonly requests: number = STEP_BUDGET.requests,
  ) {}

  /** One more attempt of a request; throws when the budget is spent (`last`: what failed before, in words). */
  spend(last?: string): void {
    if (this.sent >= this.requests) throw new StepBudgetSpent(this.what, this.sent, last);
    this.sent++;
  }

  get spent(): number {
    return this.sent;
  }
}

const current = new AsyncLocalStorage<StepBudget | undefined>();

/** Runs `work` as one step with a budget of its own. */
export function withStepBudget<T>(budget: StepBudget, work: () => Promise<T>): Promise<T> {
  return current.run(budget, work);
}

/** Runs `work` outside any step's budget: work bounded otherwise (a deadline, a batch's own rounds). */
export function outsideStepBudget<T>(work: () => Promise<T>): Promise<T> {
  return current.run(undefined, work);
}

/** The budget of the step the caller runs in, if any. */
export function stepBudget(): StepBudget | undefined {
  return current.getStore();
}
