/**
 * The code host's rate-limit rules (spec "Errors E"), as a pure decision from
 * one failed attempt: its status, its `x-ratelimit-*` / `retry-after` headers,
 * its message, which attempt it was, and the time.
 *
 * - Primary limit: 403 or 429 with `x-ratelimit-remaining: 0`. Nothing is sent
 *   before `x-ratelimit-reset`.
 * - Secondary limit: 403 or 429 whose message says so. `retry-after` seconds
 *   when present; else until the reset when remaining is 0; else at least the
 *   minimum secondary wait (one minute on the real service).
 * - Failing again waits exponentially longer (the secondary waits double per
 *   attempt; a primary wait is already the whole window), and after
 *   `maxAttempts` the request ends in a RateLimitError naming the limit and
 *   its reset. A wait beyond `maxWaitMs` ends it at once rather than blocking
 *   a deployment for hours.
 *
 * Anything else (a 403 for permissions, a 5xx) is not a rate limit: the
 * ordinary retry rules (retry.ts) decide.
 */
import { ApiError, type ApiErrorDetails } from "../../http/answer";
import type { RateLimitRules } from "../../http/rateLimitRules";
import type { RequestLimits } from "../../http/requestLimiter";
import { PUBLISHED_LIMITS, PUBLISHED_REQUEST_LIMITS } from "../../http/retryTable";

/** The rate-limit headers of one response, parsed (absent or malformed: undefined). */
export interface RateLimitHeaders {
  readonly limit?: number | undefined;
  readonly remaining?: number | undefined;
  readonly used?: number | undefined;
  /** `x-ratelimit-reset`: UTC epoch seconds. */
  readonly resetEpochSeconds?: number | undefined;
  readonly resource?: string | undefined;
  readonly retryAfterSeconds?: number | undefined;
}

export interface CodeHostLimitPolicy {
  /** Rate-limited attempts of one request, the first included, before it ends in an error. */
  readonly maxAttempts: number;
  /**
   * The shortest wait after a secondary limit that gave neither `retry-after`
   * nor an exhausted primary window: one minute on the real service; tests
   * against the emulator's scaled clock set the same scale (60_000 * hourMs / 3_600_000).
   */
  readonly secondaryMinWaitMs: number;
  /** The longest single wait accepted; a longer one ends the request with the error at once. */
  readonly maxWaitMs: number;
}

/** The published-limits rule of the one retry table (its attempts and waits, with their reasons). */
export const DEFAULT_CODEHOST_LIMIT_POLICY: CodeHostLimitPolicy = {
  maxAttempts: PUBLISHED_LIMITS.attempts,
  secondaryMinWaitMs: PUBLISHED_LIMITS.secondaryMinWaitMs,
  maxWaitMs: PUBLISHED_LIMITS.maxWaitMs,
};

export type RateLimitKind = "primary" | "secondary";

export interface LimitedAttempt {
  readonly status: number;
  readonly headers: RateLimitHeaders;
  /** The error body's message (the secondary limit is told apart by it). */
  readonly message: string | undefined;
  /** 1-based count of consecutive rate-limited attempts, this one included. */
  readonly attempt: number;
  /** Epoch milliseconds. */
  readonly now: number;
}

export type LimitDecision =
  | { readonly kind: "notLimited" }
  | { readonly kind: "wait"; readonly limit: RateLimitKind; readonly untilMs: number; readonly because: string }
  | { readonly kind: "giveUp"; readonly limit: RateLimitKind; readonly message: string };

const SECONDARY_MESSAGE = /secondary rate limit/i;

function integerHeader(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Reads the rate-limit headers out of any header lookup (a fetch `Headers`, a record). */
export function readRateLimitHeaders(get: (name: string) => string | null | undefined): RateLimitHeaders {
  const resource = get("x-ratelimit-resource");
  return {
    limit: integerHeader(get("x-ratelimit-limit")),
    remaining: integerHeader(get("x-ratelimit-remaining")),
    used: integerHeader(get("x-ratelimit-used")),
    resetEpochSeconds: integerHeader(get("x-ratelimit-reset")),
    resource: resource === null || resource === undefined || resource === "" ? undefined : resource,
    retryAfterSeconds: integerHeader(get("retry-after")),
  };
}

/** Which limit an error answer reports, if any. */
export function limitOf(status: number, headers: RateLimitHeaders, message: string | undefined): RateLimitKind | undefined {
  if (status !== 403 && status !== 429) return undefined;
  if (message !== undefined && SECONDARY_MESSAGE.test(message)) return "secondary";
  if (headers.remaining === 0) return "primary";
  return undefined;
}

function resetText(headers: RateLimitHeaders): string {
  return headers.resetEpochSeconds === undefined ? "an unknown time" : new Date(headers.resetEpochSeconds * 1000).toISOString();
}

/** "the primary rate limit (core: 0 of 60 left, resets at ...)". */
export function describeLimit(limit: RateLimitKind, headers: RateLimitHeaders): string {
  const window = headers.remaining !== undefined && headers.limit !== undefined ? `${headers.remaining} of ${headers.limit} left, ` : "";
  return `the ${limit} rate limit (${headers.resource ?? "core"}: ${window}resets at ${resetText(headers)})`;
}

/** The wait before the next attempt, before the give-up checks. */
function waitUntil(limit: RateLimitKind, { headers, attempt, now }: LimitedAttempt, policy: CodeHostLimitPolicy): { untilMs: number; because: string } {
  const reset = headers.resetEpochSeconds === undefined ? undefined : headers.resetEpochSeconds * 1000;
  const backoff = 2 ** (attempt - 1);
  if (limit === "primary") {
    if (reset !== undefined) return { untilMs: Math.max(now, reset), because: "primary rate limit exhausted: waiting for x-ratelimit-reset" };
    return { untilMs: now + policy.secondaryMinWaitMs * backoff, because: "primary rate limit exhausted (no x-ratelimit-reset)" };
  }
  if (headers.retryAfterSeconds !== undefined) {
    return { untilMs: now + headers.retryAfterSeconds * 1000 * backoff, because: "secondary rate limit: waiting retry-after" };
  }
  if (headers.remaining === 0 && reset !== undefined) {
    return { untilMs: Math.max(now, reset), because: "secondary rate limit with the primary window spent: waiting for x-ratelimit-reset" };
  }
  return { untilMs: now + policy.secondaryMinWaitMs * backoff, because: "secondary rate limit: waiting the minimum secondary wait" };
}

/** What to do after an attempt that failed with `status`. */
export function planRateLimit(policy: CodeHostLimitPolicy, attempt: LimitedAttempt): LimitDecision {
  const limit = limitOf(attempt.status, attempt.headers, attempt.message);
  if (limit === undefined) return { kind: "notLimited" };
  const what = describeLimit(limit, attempt.headers);
  if (attempt.attempt >= policy.maxAttempts) {
    return { kind: "giveUp", limit, message: `${what} was still exceeded after ${attempt.attempt} attempts` };
  }
  const { untilMs, because } = waitUntil(limit, attempt, policy);
  if (untilMs - attempt.now > policy.maxWaitMs) {
    const minutes = Math.ceil((untilMs - attempt.now) / 60_000);
    return {
      kind: "giveUp",
      limit,
      message: `${what} is exceeded and would need a wait of ${minutes} min, more than the ${Math.round(policy.maxWaitMs / 60_000)} min allowed`,
    };
  }
  return { kind: "wait", limit, untilMs, because };
}

/** A request that ended on a rate limit: which one, and when it resets. */
export class RateLimitError extends ApiError {
  constructor(
    details: ApiErrorDetails,
    readonly limit: RateLimitKind,
    /** When the primary window resets, from `x-ratelimit-reset`. */
    readonly resetAt: Date | undefined,
  ) {
    super(details);
    this.name = "RateLimitError";
  }
}

/** The code host's published secondary limits, which its client's limiter keeps requests under. */
export const CODEHOST_REQUEST_LIMITS: RequestLimits = {
  maxConcurrent: PUBLISHED_REQUEST_LIMITS.maxConcurrent,
  pointsPerMinute: PUBLISHED_REQUEST_LIMITS.pointsPerMinute,
  readPoints: PUBLISHED_REQUEST_LIMITS.readPoints,
  writePoints: PUBLISHED_REQUEST_LIMITS.writePoints,
  creationsPerMinute: PUBLISHED_REQUEST_LIMITS.creationsPerMinute,
  creationsPerHour: PUBLISHED_REQUEST_LIMITS.creationsPerHour,
  writeSpacingMs: PUBLISHED_REQUEST_LIMITS.writeSpacingMs,
  minuteMs: PUBLISHED_REQUEST_LIMITS.minuteMs,
};

/** The code host's rules as its client takes them (http/rateLimitRules.ts). */
export function codeHostRateLimits(
  policy: CodeHostLimitPolicy = DEFAULT_CODEHOST_LIMIT_POLICY,
  limits: RequestLimits = CODEHOST_REQUEST_LIMITS,
): RateLimitRules {
  return {
    limits,
    decide: ({ status, header, message, attempt, now }) => {
      const headers = readRateLimitHeaders(header);
      const decision = planRateLimit(policy, { status, headers, message, attempt, now });
      if (decision.kind !== "giveUp") return decision;
      return {
        kind: "giveUp",
        error: ({ method, path, redact }) =>
          new RateLimitError(
            {
              status,
              reason: `${decision.limit}RateLimit`,
              apiMessage: redact(`${decision.message}${message === undefined ? "" : `; the code host said: ${message}`}`),
              method,
              path,
              outcome: "rejected",
            },
            decision.limit,
            headers.resetEpochSeconds === undefined ? undefined : new Date(headers.resetEpochSeconds * 1000),
          ),
      };
    },
  };
}
