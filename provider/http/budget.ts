/**
 * A step's budget: how many attempts of requests it may send in all, every attempt of every
 * request sent on its behalf counted (a retry, a check of a wait, a write sent again by a loop, a
 * resend with a fresh token), so loops that nest share one bound instead of multiplying. It is
 * passed explicitly: in the step's context to every request (the client's `send` takes it), and a
 * batch of several steps' writes spends from a pool of what its members have left.
 * Its size comes from the step's plan and the retry table (engine/plan/worstCase.ts).
 */
import { STEP_BUDGET } from "./retryTable";

/** What a budget is for, in words for its error: `update` of `svc.dns.RecordSet projects/p/...`. */
export interface BudgetOwner {
  readonly step: string;
  readonly resource: string;
}

export class BudgetSpent extends Error {
  constructor(
    readonly owner: BudgetOwner,
    readonly spent: number,
    /** The attempt refused, in words: `GET dns/v1/...`. */
    readonly refused: string,
    readonly last: string | undefined,
  ) {
    super(
      `${owner.resource}: its ${owner.step} sent ${spent} requests, all its budget (from its plan and STEP_BUDGET in the retry table, ` +
        `provider/http/retryTable.ts), and stops before ${refused}` +
        (last === undefined ? "" : `; the last failure: ${last}`),
    );
    this.name = "BudgetSpent";
  }
}

export class Budget {
  private sent = 0;
  /** What each request cost, in the order sent: `GET path` per attempt (for a storm test and the error). */
  private readonly log: string[] = [];

  constructor(
    readonly owner: BudgetOwner,
    /** Attempts in all. */
    readonly limit: number = STEP_BUDGET.requests,
    /** A batch's pool draws from its members instead of a count of its own. */
    private readonly members?: readonly Budget[],
  ) {}

  /** One more attempt of `request` (`GET path`); throws BudgetSpent when nothing is left (`last`: the failure before it, in words). */
  spend(request: string, last?: string): void {
    if (this.members !== undefined) {
      const richest = this.members.reduce<Budget | undefined>((best, member) => (member.remaining > (best?.remaining ?? 0) ? member : best), undefined);
      if (richest === undefined) throw new BudgetSpent(this.owner, this.sent, request, last);
      richest.spend(request, last);
    } else if (this.sent >= this.limit) {
      throw new BudgetSpent(this.owner, this.sent, request, last);
    }
    this.sent++;
    this.log.push(request);
  }

  get spent(): number {
    return this.sent;
  }

  get remaining(): number {
    return this.members === undefined ? this.limit - this.sent : this.members.reduce((sum, member) => sum + member.remaining, 0);
  }

  /** The attempts sent, each as `METHOD path`. */
  get requests(): readonly string[] {
    return this.log;
  }

  /**
   * The budget of a joint request of several steps' writes (a zone's change): the sum of what its
   * members have left, each attempt drawn from the member with the most left.
   */
  static pooled(owner: BudgetOwner, members: readonly Budget[]): Budget {
    return new Budget(
      owner,
      members.reduce((sum, member) => sum + member.remaining, 0),
      members,
    );
  }
}
