/**
 * When to try a request again, and how long to wait first.
 *
 * The rules come from the specs: a 429 is honoured with its Retry-After (or
 * exponential backoff when it has none) for every method, since the service
 * did nothing; 5xx answers, timeouts and network errors back off with jitter,
 * but only for methods that are safe to repeat. A POST whose answer was lost is
 * never repeated here: the resource engine reconciles it by reading first.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The most time spent waiting between attempts of one request. */
  readonly maxTotalWaitMs: number;
  /** First backoff step; doubles every attempt. */
  readonly baseDelayMs: number;
  /** Cap of one backoff step (a server's Retry-After may exceed it, up to maxTotalWaitMs). */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 10,
  maxTotalWaitMs: 5 * 60_000,
  baseDelayMs: 250,
  maxDelayMs: 20_000,
};

export type AttemptResult =
  | { readonly kind: "status"; readonly status: number; readonly retryAfterMs?: number | undefined }
  | { readonly kind: "network"; readonly timedOut: boolean };

export type RetryDecision =
  | { readonly retry: false }
  | { readonly retry: true; readonly delayMs: number; readonly because: string };

const SAFE_TO_REPEAT = new Set(["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]);
const TRANSIENT_STATUSES = new Set([408, 500, 502, 503, 504]);

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
 * is followed by another, given the time already spent waiting.
 */
export function planRetry(
  policy: RetryPolicy,
  method: string,
  result: AttemptResult,
  attempt: number,
  waitedMs: number,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false };
  let delayMs: number;
  let because: string;
  if (result.kind === "status" && result.status === 429) {
    delayMs = result.retryAfterMs ?? backoffDelay(policy, attempt, random);
    because = result.retryAfterMs !== undefined ? "rate limited (429, Retry-After)" : "rate limited (429)";
  } else if (!SAFE_TO_REPEAT.has(method.toUpperCase())) {
    return { retry: false };
  } else if (result.kind === "status" && TRANSIENT_STATUSES.has(result.status)) {
    delayMs = result.retryAfterMs ?? backoffDelay(policy, attempt, random);
    because = `server error (${result.status})`;
  } else if (result.kind === "network") {
    delayMs = backoffDelay(policy, attempt, random);
    because = result.timedOut ? "request timed out" : "network error";
  } else {
    return { retry: false };
  }
  if (waitedMs + delayMs > policy.maxTotalWaitMs) return { retry: false };
  return { retry: true, delayMs, because };
}
