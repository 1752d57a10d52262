import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter, planRetry } from "../../provider/http/retry";

const policy = { ...DEFAULT_RETRY_POLICY, attempts: { read: 5, idempotent: 5, settle: 1, rateLimited: 5 }, maxTotalWaitMs: 10_000 };
const half = (): number => 0.5;

describe("retry rules", () => {
  it("honours Retry-After on a 429 for every method, POST included", () => {
    expect(planRetry(policy, "POST", { kind: "status", status: 429, retryAfterMs: 2000 }, 1, 0)).toEqual({
      retry: true,
      delayMs: 2000,
      because: "rate limited (429, Retry-After)",
    });
  });

  it("backs off exponentially on a 429 without Retry-After", () => {
    const first = planRetry(policy, "GET", { kind: "status", status: 429 }, 1, 0, half);
    const third = planRetry(policy, "GET", { kind: "status", status: 429 }, 3, 0, half);
    expect(first.retry && third.retry && third.delayMs > first.delayMs).toBe(true);
  });

  it("retries 5xx and network errors only for methods safe to repeat", () => {
    expect(planRetry(policy, "GET", { kind: "status", status: 503 }, 1, 0).retry).toBe(true);
    expect(planRetry(policy, "DELETE", { kind: "network", timedOut: true }, 1, 0).retry).toBe(true);
    expect(planRetry(policy, "POST", { kind: "status", status: 503 }, 1, 0).retry).toBe(false);
    expect(planRetry(policy, "POST", { kind: "network", timedOut: false }, 1, 0).retry).toBe(false);
  });

  it("never retries other client errors", () => {
    for (const status of [400, 401, 403, 404, 409, 412]) {
      expect(planRetry(policy, "GET", { kind: "status", status }, 1, 0).retry).toBe(false);
    }
  });

  it("stops at the attempt limit and at the total wait bound", () => {
    expect(planRetry(policy, "GET", { kind: "status", status: 503 }, 5, 0).retry).toBe(false);
    expect(planRetry(policy, "GET", { kind: "status", status: 429, retryAfterMs: 5000 }, 1, 6000).retry).toBe(false);
  });

  it("parses Retry-After as seconds or as a date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it("keeps jittered backoff within half and all of the doubled step, capped", () => {
    for (const r of [0, 0.5, 0.999]) {
      const delay = backoffDelay(policy, 3, () => r);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(1000);
    }
    expect(backoffDelay(policy, 30, () => 1)).toBe(policy.maxDelayMs);
  });
});

describe("each repeat rule's own attempts, from the retry table", () => {
  it("stops a read and an idempotent write at their rule's attempts, a settle request at its one, and any request at the rate-limited attempts", () => {
    const table = { ...DEFAULT_RETRY_POLICY, attempts: { read: 4, idempotent: 3, settle: 1, rateLimited: 6 } };
    const lastRetried = (rule: string, result: Parameters<typeof planRetry>[2]): number => {
      let attempt = 1;
      while (planRetry(table, rule, result, attempt, 0, () => 0).retry) attempt++;
      return attempt;
    };
    expect(lastRetried("read", { kind: "status", status: 503 })).toBe(4);
    expect(lastRetried("idempotent", { kind: "network", timedOut: true })).toBe(3);
    expect(lastRetried("settle", { kind: "status", status: 503 })).toBe(1);
    expect(lastRetried("settle", { kind: "status", status: 429 })).toBe(6);
    expect(lastRetried("read", { kind: "status", status: 429 })).toBe(6);
  });
});
