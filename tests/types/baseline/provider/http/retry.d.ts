export type RepeatRule = "read" | "idempotent" | "settle";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export declare function defaultRepeatRule(method: string): RepeatRule;
export declare function repeatRuleOf(ruleOrMethod: string): RepeatRule;
export interface RetryPolicy {
    readonly maxAttempts: number;
    readonly maxTotalWaitMs: number;
    readonly baseDelayMs: number;
    readonly maxDelayMs: number;
}
export declare const DEFAULT_RETRY_POLICY: RetryPolicy;
export type AttemptResult = {
    readonly kind: "status";
    readonly status: number;
    readonly retryAfterMs?: number | undefined;
} | {
    readonly kind: "network";
    readonly timedOut: boolean;
} | {
    readonly kind: "unreadable";
    readonly status: number;
};
export type RetryDecision = {
    readonly retry: false;
} | {
    readonly retry: true;
    readonly delayMs: number;
    readonly because: string;
};
export declare function parseRetryAfter(value: string | null | undefined, now?: number): number | undefined;
export declare function backoffDelay(policy: RetryPolicy, attempt: number, random?: () => number): number;
export declare function planRetry(policy: RetryPolicy, rule: RepeatRule | HttpMethod | (string & {}), result: AttemptResult, attempt: number, waitedMs: number, random?: () => number): RetryDecision;
