/**
 * A planned request: what is sent, how a fault is handled, how its answer is read, and what a reader
 * of the plan is told of it; with the attempts it may take under faults, read from the retry table
 * (http/retryTable.ts). Data, and pure functions of it.
 */
import type { z } from "zod";
import { defaultRepeatRule, type RepeatRule } from "../../http/retry";
import {
  checksWithin,
  LOOPS,
  RATE_LIMITED_ATTEMPTS,
  REQUEST_ATTEMPTS,
  STEP_BUDGET,
  TOKEN_REFUSED,
  WAITS,
  type LoopName,
  type WaitName,
} from "../../http/retryTable";
import type { Paging } from "./paging";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request's query as sent: a list is a repeated parameter, sent once per value (http/query.ts). */
export type QueryValues = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/** One request: what is sent, how a fault is handled, and how its answer is read. */
export interface PlannedRequest {
  readonly method: Method;
  /** Below the API's base address, percent-encoded as sent. */
  readonly path: string;
  /** The query as sent (a listing's first page: its page size, its filters; later pages add the page token). */
  readonly query?: QueryValues;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as sent; for a body made from an answer (a merge, a policy, a change from the live set), what it holds. */
  readonly body?: unknown;
  /** After a 5xx, a timeout or a lost answer (http/retry.ts); a POST always says it. */
  readonly repeat?: RepeatRule;
  /** The answer's shape (a listing's: each item's), checked once in the call path; none: the answer is not read. */
  readonly schema?: z.ZodType;
  /** Sent to the API's channel base address (where push-notification channels are stopped). */
  readonly at?: "channelBase";
  /** The endpoint an API's per-endpoint limits count it against (`GET /repos/{owner}/{repo}`); default its method and path. */
  readonly endpoint?: string;
  /** For a reader of the plan: when or how it is sent. */
  readonly note?: string;
  /** The body (or a header) is made at run time from an answer: what is shown describes it (a merge of the changes, a policy with the grant). */
  readonly described?: true;
  /**
   * How many times it is sent, when not exactly once: `pages`, a listing read page by page (at
   * least once); `untilDone`, work polled while it is pending (not at all when it is done at once);
   * `whenNeeded`, once or not at all (a change only when there is something to change).
   */
  readonly sent?: "pages" | "untilDone" | "whenNeeded";
  /** A listing: read page by page. */
  readonly paging?: Paging;
  /** Work polled until done: the wait schedule of the retry table it is checked on. */
  readonly waits?: WaitName;
  /**
   * Sent at most once by a provider process (one `pulumi` command), its answer shared by every step
   * that plans it: what no write of this provider changes (a zone's ownership markers, which other
   * tools write), read for every create of a run.
   */
  readonly once?: true;
}

/** One attempt's sends at most under faults: its rule's attempts or a rate limit's (which any request may meet), and a resend with a fresh token and that token's exchange. */
function attemptsOf(request: PlannedRequest): number {
  const rule = request.repeat ?? defaultRepeatRule(request.method);
  return Math.max(REQUEST_ATTEMPTS[rule].attempts, RATE_LIMITED_ATTEMPTS) + 2 * TOKEN_REFUSED.resends;
}

/** The pages a listing is counted at: the table's most, or fewer when it asks for fewer (a function's one page); one for any other request. */
function pagesOf(request: PlannedRequest): number {
  const paging = request.paging;
  if (paging === undefined || (paging.field === undefined && paging.wholePages !== true && paging.byOffset === undefined)) return 1;
  return Math.min(STEP_BUDGET.pages, paging.maxPages ?? Infinity);
}

/** One request's attempts at most, unbounded: every page of a listing at its most attempts; a wait's checks are its budget's (none here). */
export function requestWorstCase(request: PlannedRequest): number {
  if (request.sent === "untilDone") return 0;
  return pagesOf(request) * attemptsOf(request);
}

/** One request's budget: its attempts under faults; a listing's further pages once each. A wait's checks: `waitBudget`. */
export function requestBudget(request: PlannedRequest): number {
  if (request.sent === "untilDone") return 0;
  return attemptsOf(request) + pagesOf(request) - 1;
}

/** What one request sends without faults at most: a listing its pages; a wait's checks none (they are its budget's). */
export function requestOnce(request: PlannedRequest): number {
  return request.sent === "untilDone" ? 0 : pagesOf(request);
}

export const sum = (counts: readonly number[]): number => counts.reduce((total, count) => total + count, 0);

/** The attempts at most of requests sent one after another. */
export const requestsWorstCase = (requests: readonly PlannedRequest[]): number => sum(requests.map(requestWorstCase));

/** The budgets of requests sent one after another. */
export const requestsBudget = (requests: readonly PlannedRequest[]): number => sum(requests.map(requestBudget));

/** What requests sent one after another send without faults. */
export const requestsOnce = (requests: readonly PlannedRequest[]): number => sum(requests.map(requestOnce));

/** The checks at most of work polled by `request` (its wait schedule's, within `timeoutMs`: an opt-in wait's seconds); none when it polls nothing. */
export const checksOf = (request: PlannedRequest, timeoutMs?: number): number =>
  request.waits === undefined ? 0 : checksWithin(WAITS[request.waits], timeoutMs);

/** A wait's budget: each of its checks once, and one check's faults (its attempts but the first); none when it polls nothing. */
export const waitBudget = (request: PlannedRequest, timeoutMs?: number): number =>
  request.waits === undefined ? 0 : checksOf(request, timeoutMs) + attemptsOf(request) - 1;

/**
 * The budget of a loop of the retry table (`loop`'s rounds): its first round at `first`, the body's
 * budget, and each further round at `again`, what a round sends without faults (it goes again after
 * a refusal as stale or a lost answer, one attempt each).
 */
export const loopBudget = (loop: LoopName, first: number, again: number): number => first + (LOOPS[loop].attempts - 1) * again;
