/** The code host's rate-limit rules as pure functions: the decision from status, headers, message, attempt and time. */
import {
  CODEHOST_REQUEST_LIMITS,
  DEFAULT_CODEHOST_LIMIT_POLICY,
  limitOf,
  planRateLimit,
  readRateLimitHeaders,
  type LimitedAttempt,
  type RateLimitHeaders,
} from "../../provider/apis/codehost/limits";
import { bucketOptions, createRequestLimiter, isContentCreating, pointsOf, spacedAtSend } from "../../provider/http/requestLimiter";

const policy = DEFAULT_CODEHOST_LIMIT_POLICY;
const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const resetIn = (seconds: number): number => now / 1000 + seconds;
const SECONDARY = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
const spent: RateLimitHeaders = { limit: 60, remaining: 0, used: 60, resetEpochSeconds: resetIn(1200), resource: "core" };
const left: RateLimitHeaders = { limit: 5000, remaining: 4000, used: 1000, resetEpochSeconds: resetIn(1200), resource: "core" };

function attempt(overrides: Partial<LimitedAttempt>): LimitedAttempt {
  return { status: 403, headers: spent, message: "API rate limit exceeded for your IP address.", attempt: 1, now, ...overrides };
}

describe("code-host rate-limit rules", () => {
  it("reads the five x-ratelimit headers and retry-after, ignoring malformed values", () => {
    const headers = new Headers({
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-used": "60",
      "x-ratelimit-reset": "1767270000",
      "x-ratelimit-resource": "search",
      "retry-after": "soon",
    });
    expect(readRateLimitHeaders((name) => headers.get(name))).toEqual({
      limit: 60,
      remaining: 0,
      used: 60,
      resetEpochSeconds: 1767270000,
      resource: "search",
      retryAfterSeconds: undefined,
    });
  });

  it("tells a primary limit (403 or 429, remaining 0) from a secondary one (the message) and from other refusals", () => {
    for (const status of [403, 429]) {
      expect(limitOf(status, spent, "API rate limit exceeded")).toBe("primary");
      expect(limitOf(status, left, SECONDARY)).toBe("secondary");
      expect(limitOf(status, spent, SECONDARY)).toBe("secondary");
    }
    expect(limitOf(403, left, "Resource not accessible by integration")).toBeUndefined();
    expect(limitOf(404, spent, "Not Found")).toBeUndefined();
    expect(limitOf(500, spent, SECONDARY)).toBeUndefined();
    expect(planRateLimit(policy, attempt({ headers: left, message: "Must have admin rights" }))).toEqual({ kind: "notLimited" });
  });

  it("waits for x-ratelimit-reset after the primary limit, whatever the attempt", () => {
    for (const status of [403, 429]) {
      for (const number of [1, 3]) {
        const decision = planRateLimit(policy, attempt({ status, attempt: number }));
        expect(decision).toMatchObject({ kind: "wait", limit: "primary", untilMs: now + 1_200_000 });
      }
    }
  });

  it("waits retry-after seconds after a secondary limit that says it, doubling on each further failure", () => {
    const headers = { ...left, retryAfterSeconds: 30 };
    expect(planRateLimit(policy, attempt({ headers, message: SECONDARY }))).toMatchObject({ kind: "wait", limit: "secondary", untilMs: now + 30_000 });
    expect(planRateLimit(policy, attempt({ headers, message: SECONDARY, attempt: 3 }))).toMatchObject({ untilMs: now + 120_000 });
  });

  it("without retry-after: until the reset when remaining is 0, else at least the minimum wait, growing exponentially", () => {
    expect(planRateLimit(policy, attempt({ message: SECONDARY }))).toMatchObject({ kind: "wait", limit: "secondary", untilMs: now + 1_200_000 });
    const waits = [1, 2, 3, 4].map((number) => {
      const decision = planRateLimit(policy, attempt({ headers: left, message: SECONDARY, attempt: number }));
      if (decision.kind !== "wait") throw new Error(`expected a wait, got ${decision.kind}`);
      return decision.untilMs - now;
    });
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000]);
    const scaled = { ...policy, secondaryMinWaitMs: 600 };
    expect(planRateLimit(scaled, attempt({ headers: left, message: SECONDARY }))).toMatchObject({ untilMs: now + 600 });
  });

  it("gives up after the bounded number of attempts, naming the limit and its reset", () => {
    const primary = planRateLimit(policy, attempt({ attempt: 5 }));
    expect(primary).toEqual({
      kind: "giveUp",
      limit: "primary",
      message: `the primary rate limit (core: 0 of 60 left, resets at ${new Date(now + 1_200_000).toISOString()}) was still exceeded after 5 attempts`,
    });
    const secondary = planRateLimit(policy, attempt({ headers: left, message: SECONDARY, attempt: 5 }));
    expect(secondary).toMatchObject({ kind: "giveUp", limit: "secondary" });
    expect(secondary.kind === "giveUp" && secondary.message).toContain("the secondary rate limit (core: 4000 of 5000 left, resets at");
  });

  it("gives up at once when the wait would exceed the longest allowed", () => {
    const farReset = { ...spent, resetEpochSeconds: resetIn(3 * 3600) };
    const decision = planRateLimit(policy, attempt({ headers: farReset }));
    expect(decision).toMatchObject({ kind: "giveUp", limit: "primary" });
    expect(decision.kind === "giveUp" && decision.message).toMatch(/would need a wait of 180 min, more than the 65 min allowed/);
  });

  it("never waits into the past when the reset has passed already", () => {
    const passed = { ...spent, resetEpochSeconds: resetIn(-5) };
    expect(planRateLimit(policy, attempt({ headers: passed }))).toMatchObject({ kind: "wait", untilMs: now });
  });
});

describe("code-host request limits", () => {
  it("costs GET 1 point and writes 5; only POST creates content", () => {
    expect(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"].map((method) => pointsOf(CODEHOST_REQUEST_LIMITS, method))).toEqual([1, 1, 5, 5, 5, 5]);
    expect(["GET", "POST", "PATCH", "DELETE"].map(isContentCreating)).toEqual([false, true, false, false]);
  });

  it("buckets hold half a limit and refill at most half of it per window, so no window sees more than the limit", () => {
    for (const [limit, windowMs] of [
      [900, 60_000],
      [80, 60_000],
      [500, 3_600_000],
      [900, 1000],
    ] as const) {
      const options = bucketOptions(limit, windowMs) as { reservoir: number; reservoirIncreaseAmount: number; reservoirIncreaseInterval: number };
      const refillPerWindow = (windowMs / options.reservoirIncreaseInterval) * options.reservoirIncreaseAmount;
      expect(options.reservoir + refillPerWindow).toBeLessThanOrEqual(limit);
      expect(options.reservoir).toBeGreaterThanOrEqual(Math.floor(limit / 2) - 1);
    }
  });

  it("sends writes at least the spacing apart by the clock at the send, even after the process stalls", async () => {
    const spaced = spacedAtSend(100);
    const sentAt: number[] = [];
    const record = async (stall: number): Promise<void> => {
      sentAt.push(performance.now());
      // A process that gets no CPU for a while: timers of later writes come due meanwhile.
      for (const until = performance.now() + stall; performance.now() < until;);
    };
    await Promise.all([spaced(() => record(250)), spaced(() => record(0)), spaced(() => record(250)), spaced(() => record(0))]);
    expect(sentAt).toHaveLength(4);
    sentAt.slice(1).forEach((at, index) => expect(at - sentAt[index]!).toBeGreaterThanOrEqual(100));
  });

  it("spaces the writes of the whole limiter at the send, through its budgets and slots", async () => {
    const limiter = createRequestLimiter({ ...CODEHOST_REQUEST_LIMITS, writeSpacingMs: 100, minuteMs: 60_000 });
    const writesAt: number[] = [];
    const writing = Array.from({ length: 4 }, (_, index) =>
      limiter.schedule(index % 2 === 0 ? "POST" : "PATCH", `POST /repos/acme/app/issues/${index}`, async () => writesAt.push(performance.now())),
    );
    await Promise.all(writing);
    expect(writesAt).toHaveLength(4);
    writesAt.slice(1).forEach((at, index) => expect(at - writesAt[index]!).toBeGreaterThanOrEqual(100));
  });
});
