/**
 * An API's own rate-limit rules, opted into by its client: after an error answer they say
 * whether it reports a limit, and then how long every request of the API waits or which
 * error ends the request; a client-side limiter keeps requests under the limits the API
 * publishes. The HTTP layer knows no API's rules: each API's folder brings its own
 * (the code host's are in provider/apis/codehost/limits.ts).
 */
import type { ApiError } from "./answer";
import type { RequestLimits } from "./requestLimiter";

/** A failed attempt as the rules see it. */
export interface LimitedAnswer {
  readonly status: number;
  readonly header: (name: string) => string | null | undefined;
  /** The error body's message. */
  readonly message: string | undefined;
  /** 1-based count of consecutive rate-limited attempts, this one included. */
  readonly attempt: number;
  /** Epoch milliseconds. */
  readonly now: number;
}

/** The request a give-up ends, for the error's details; `redact` removes the credential from text. */
export interface LimitedRequest {
  readonly method: string;
  readonly path: string;
  readonly redact: (text: string) => string;
}

export type RuleDecision =
  | { readonly kind: "notLimited" }
  | { readonly kind: "wait"; readonly untilMs: number; readonly because: string }
  | { readonly kind: "giveUp"; readonly error: (request: LimitedRequest) => ApiError };

export interface RateLimitRules {
  /** The client-side limiter's limits; it replaces the client's plain concurrency. */
  readonly limits: RequestLimits;
  decide(answer: LimitedAnswer): RuleDecision;
}
