/**
 * When to try a request again, and how long to wait first; and how many attempts a step may send in
 * all (its Budget, below).
 *
 * Every request carries a repeat rule (declared at its call site; GET, PUT,
 * PATCH and DELETE have defaults, a POST must say). A 429 is honoured with its
 * Retry-After (or exponential backoff when it has none) whatever the rule,
 * since the service did nothing. 5xx answers, timeouts, network errors (a body
 * cut off included) and unreadable answers back off with jitter, but only for
 * requests that are safe to repeat. A "settle" request whose answer was lost is
 * never repeated here: its caller reads back what happened, then sends it
 * again or adopts the result.
 */
import { RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS, REQUEST_BACKOFF } from "./retryTable";

/**
 * `read`: has no effect (a GET, or a read sent as POST such as getIamPolicy).
 * `idempotent`: sending it twice has the effect of once (PUT, DELETE, a PATCH
 * of values, a write guarded by an etag, an add keyed by its content).
 * `settle`: a second copy could act twice (a create with a server-assigned id,
 * an atomic change); the HTTP layer never repeats it after an unknown outcome.
 */
export type RepeatRule = "read" | "idempotent" | "settle";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The rule of a request that declares none: by its method. */
export function defaultRepeatRule(method: string): RepeatRule {
  switch (method.toUpperCase()) {
    case "GET":
    case "HEAD":
    case "OPTIONS":
      return "read";
    case "PUT":
    case "PATCH":
    case "DELETE":
      return "idempotent";
    default:
      return "settle";
  }
}

const RULES: ReadonlySet<string> = new Set<RepeatRule>(["read", "idempotent", "settle"]);

/** A declared rule as is; a method as its default rule. */
export function repeatRuleOf(ruleOrMethod: string): RepeatRule {
  return RULES.has(ruleOrMethod) ? (ruleOrMethod as RepeatRule) : defaultRepeatRule(ruleOrMethod);
}

export interface RetryPolicy {
  /** Attempts in all of one request, the first included, by its repeat rule (after 5xx, timeouts, lost or unreadable answers), and after rate limits. */
  readonly attempts: Readonly<Record<RepeatRule | "rateLimited", number>>;
  /** The most time spent waiting between attempts of one request. */
  readonly maxTotalWaitMs: number;
  /** First backoff step; doubles every attempt. */
  readonly baseDelayMs: number;
  /** Cap of one backoff step (a server's Retry-After may exceed it, up to maxTotalWaitMs). */
  readonly maxDelayMs: number;
}

/** The HTTP layer's policy, from the one retry table (retryTable.ts): each rule's own attempts. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: {
    read: REQUEST_ATTEMPTS.read.attempts,
    idempotent: REQUEST_ATTEMPTS.idempotent.attempts,
    settle: REQUEST_ATTEMPTS.settle.attempts,
    rateLimited: RATE_LIMITED_ATTEMPTS,
  },
  ...REQUEST_BACKOFF,
};

/**
 * How one attempt ended: an HTTP status (its body was readable or did not
 * matter), no answer or an answer cut off (`network`), or a success status
 * whose body was not the documented answer (`unreadable`: broken JSON, an
 * HTML page, an empty body, a wrong shape) — the request may have been processed.
 */
export type AttemptResult =
  | { readonly kind: "status"; readonly status: number; readonly retryAfterMs?: number | undefined }
  | { readonly kind: "network"; readonly timedOut: boolean }
  | { readonly kind: "unreadable"; readonly status: number };

export type RetryDecision = { readonly retry: false } | { readonly retry: true; readonly delayMs: number; readonly because: string };

const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 500, 502, 503, 504]);

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with full jitter: a random wait up to the doubled step. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Decides whether attempt number `attempt` (1-based) that ended in `result`
 * is followed by another, given the time already spent waiting. `rule` is the
 * request's repeat rule, or its method for the default rule.
 */
export function planRetry(
  policy: RetryPolicy,
  rule: RepeatRule | HttpMethod | (string & {}),
  result: AttemptResult,
  attempt: number,
  waitedMs: number,
  random: () => number = Math.random,
): RetryDecision {
  const rateLimited = result.kind === "status" && result.status === 429;
  // A rate limit did nothing, so any request goes again after one; a fault, as often as its repeat rule allows.
  if (attempt >= (rateLimited ? policy.attempts.rateLimited : policy.attempts[repeatRuleOf(rule)])) return { retry: false };
  let delayMs: number;
  let because: string;
  if (result.kind === "status" && result.status === 429) {
    delayMs = result.retryAfterMs ?? backoffDelay(policy, attempt, random);
    because = result.retryAfterMs !== undefined ? "rate limited (429, Retry-After)" : "rate limited (429)";
  } else if (result.kind === "status" && TRANSIENT_STATUSES.has(result.status)) {
    delayMs = result.retryAfterMs ?? backoffDelay(policy, attempt, random);
    because = `server error (${result.status})`;
  } else if (result.kind === "network") {
    delayMs = backoffDelay(policy, attempt, random);
    because = result.timedOut ? "request timed out" : "network error";
  } else if (result.kind === "unreadable") {
    delayMs = backoffDelay(policy, attempt, random);
    because = `unreadable answer (HTTP ${result.status})`;
  } else {
    return { retry: false };
  }
  if (waitedMs + delayMs > policy.maxTotalWaitMs) return { retry: false };
  return { retry: true, delayMs, because };
}

/*
 * A step's budget: how many attempts of requests it may send in all, every attempt of every
 * request sent on its behalf counted (a retry, a check of a wait, a write sent again by a loop, a
 * resend with a fresh token), so loops that nest share one bound instead of multiplying. It is
 * passed explicitly: in the step's context to every request (the client's `send` takes it), and a
 * batch of several steps' writes spends from a pool of what its members have left.
 * Its size comes from the step's plan and the retry table (engine/plan/worstCase.ts).
 */
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
      `${owner.resource}: its ${owner.step} sent ${spent} requests, all its budget (sized from its plan, each entry by the retry table's ` +
        `numbers, provider/http/retryTable.ts), and stops before ${refused}` +
        (last === undefined ? "" : `; the last failure: ${last}`),
    );
    this.name = "BudgetSpent";
  }
}

/** The steps waiting on a shared wait: their budgets now, and what happens to one whose budget is spent. */
export interface Waiters {
  budgets(): Iterable<Budget>;
  spent(waiter: Budget, error: BudgetSpent): void;
}

export class Budget {
  private sent = 0;
  /** What each request cost, in the order sent: `GET path` per attempt (for a storm test and the error). */
  private readonly log: string[] = [];

  constructor(
    readonly owner: BudgetOwner,
    /** Attempts in all (a step's: `budgetOf` its plan, engine/plan/worstCase.ts); `grant` adds to it. */
    private allowed: number,
    /** A batch's pool draws from its members instead of a count of its own. */
    private readonly members?: readonly Budget[],
    /** A shared wait's: each attempt is spent from every one of its waiters' budgets (`waiters`). */
    private readonly waiters?: Waiters,
  ) {}

  /** One more attempt of `request` (`GET path`); throws BudgetSpent when nothing is left (`last`: the failure before it, in words). */
  spend(request: string, last?: string): void {
    if (this.waiters !== undefined) {
      // Every waiter pays; one whose budget is spent stops waiting (told so), the others go on; none left: the wait stops.
      let paid = 0;
      for (const waiter of [...this.waiters.budgets()]) {
        try {
          waiter.spend(request, last);
          paid++;
        } catch (error) {
          if (!(error instanceof BudgetSpent)) throw error;
          this.waiters.spent(waiter, error);
        }
      }
      if (paid === 0) throw new BudgetSpent(this.owner, this.sent, request, last);
    } else if (this.members !== undefined) {
      const richest = this.members.reduce<Budget | undefined>((best, member) => (member.remaining > (best?.remaining ?? 0) ? member : best), undefined);
      if (richest === undefined) throw new BudgetSpent(this.owner, this.sent, request, last);
      richest.spend(request, last);
    } else if (this.sent >= this.allowed) {
      throw new BudgetSpent(this.owner, this.sent, request, last);
    }
    this.sent++;
    this.log.push(request);
  }

  /** Attempts in all, what was granted since included. */
  get limit(): number {
    return this.allowed;
  }

  /**
   * `count` more attempts, for work an answer showed that no plan can know of (a listing's pages past
   * the table's count, as each page says there is another): the one member with the most left of a
   * pool, or every waiter of a shared wait, is granted them.
   */
  grant(count: number): void {
    if (this.waiters !== undefined) for (const waiter of this.waiters.budgets()) waiter.grant(count);
    else if (this.members !== undefined)
      this.members.reduce<Budget | undefined>((best, member) => (member.remaining > (best?.remaining ?? -1) ? member : best), undefined)?.grant(count);
    else this.allowed += count;
  }

  get spent(): number {
    return this.sent;
  }

  get remaining(): number {
    if (this.waiters !== undefined) return Math.max(0, ...[...this.waiters.budgets()].map((waiter) => waiter.remaining));
    return this.members === undefined ? this.allowed - this.sent : this.members.reduce((sum, member) => sum + member.remaining, 0);
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

  /**
   * The budget of a wait shared by several steps (one poll of one piece of work): each attempt is
   * spent from the budget of every step waiting when it is sent, so each step pays for the checks
   * made while it waits; a waiter whose budget is spent stops waiting (`waiters.spent`).
   */
  static shared(owner: BudgetOwner, waiters: Waiters): Budget {
    return new Budget(owner, Infinity, undefined, waiters);
  }
}
