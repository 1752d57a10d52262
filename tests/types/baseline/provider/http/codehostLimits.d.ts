import { ApiError, type ApiErrorDetails } from "./errors";
export interface RateLimitHeaders {
    readonly limit?: number | undefined;
    readonly remaining?: number | undefined;
    readonly used?: number | undefined;
    readonly resetEpochSeconds?: number | undefined;
    readonly resource?: string | undefined;
    readonly retryAfterSeconds?: number | undefined;
}
export interface CodeHostLimitPolicy {
    readonly maxAttempts: number;
    readonly secondaryMinWaitMs: number;
    readonly maxWaitMs: number;
}
export declare const DEFAULT_CODEHOST_LIMIT_POLICY: CodeHostLimitPolicy;
export type RateLimitKind = "primary" | "secondary";
export interface LimitedAttempt {
    readonly status: number;
    readonly headers: RateLimitHeaders;
    readonly message: string | undefined;
    readonly attempt: number;
    readonly now: number;
}
export type LimitDecision = {
    readonly kind: "notLimited";
} | {
    readonly kind: "wait";
    readonly limit: RateLimitKind;
    readonly untilMs: number;
    readonly because: string;
} | {
    readonly kind: "giveUp";
    readonly limit: RateLimitKind;
    readonly message: string;
};
export declare function readRateLimitHeaders(get: (name: string) => string | null | undefined): RateLimitHeaders;
export declare function limitOf(status: number, headers: RateLimitHeaders, message: string | undefined): RateLimitKind | undefined;
export declare function describeLimit(limit: RateLimitKind, headers: RateLimitHeaders): string;
export declare function planRateLimit(policy: CodeHostLimitPolicy, attempt: LimitedAttempt): LimitDecision;
export declare class RateLimitError extends ApiError {
    readonly limit: RateLimitKind;
    readonly resetAt: Date | undefined;
    constructor(details: ApiErrorDetails, limit: RateLimitKind, resetAt: Date | undefined);
}
