/**
 * The code host through the real client against the in-process emulator on a
 * scaled clock (an hour lasts seconds): primary waits until the reset with no
 * request before it, secondary waits (retry-after, or the scaled minute), the
 * bounded give-up, the limiter keeping 300 requests at 100 in flight, and
 * getRateLimit with the credentials from the settings.
 */
import type { Emulator, EmulatorOptions } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";
import type { Arrival, CodeHostStore } from "../../emulator/apis/codehost/state";
import { getRateLimit, type RateLimitStatus, type RateLimitWindow } from "../../provider/apis/codehost/functions";
import { NO_CONFIG, resolveApiSettings, settingsOf, type ConfigSource } from "../../provider/config";
import { createApiClient, type ApiClient } from "../../provider/http/client";
import { ProviderRuntime } from "../../provider/runtime";
import { CODEHOST_REQUEST_LIMITS, codeHostRateLimits, RateLimitError } from "../../provider/apis/codehost/limits";
import * as sdk from "../../sdk/codehost/functions";
import { testBudget } from "../support/budget";

let emulator: Emulator | undefined;
let url = "";
/** The stack configuration the settings are read with (a test may set one). */
let stackConfig: ConfigSource = NO_CONFIG;

afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
  stackConfig = NO_CONFIG;
  for (const name of ["SVC_EMULATOR_URL", "SVC_CODEHOST_TOKEN", "SVC_TOKEN", "SVC_CODEHOST_CLIENT_ID", "SVC_CODEHOST_CLIENT_SECRET"]) delete process.env[name];
});

async function start(codehost: NonNullable<EmulatorOptions["codehost"]>): Promise<CodeHostStore> {
  emulator = createEmulator({ codehost });
  url = await emulator.listen(0);
  return emulator.store.api("codehost") as CodeHostStore;
}

/** The client as the code host gets it, its minimum secondary wait on the emulator's scale. */
function client(hourMs: number, overrides: { maxAttempts?: number; secondaryMinWaitMs?: number } = {}): { api: ApiClient; messages: string[] } {
  const messages: string[] = [];
  const api = createApiClient(
    { api: "codehost", baseUrl: `${url}/codehost`, token: "p", authStyle: "bearer" },
    {
      log: (message) => messages.push(message),
      logWaitsOverMs: 0,
      rateLimits: codeHostRateLimits({ maxAttempts: 5, maxWaitMs: 60_000, secondaryMinWaitMs: (60_000 * hourMs) / 3_600_000, ...overrides }),
    },
  );
  return { api, messages };
}

const getRepo = (api: ApiClient, repo = "app"): Promise<unknown> =>
  api.send({ method: "GET", path: `/repos/acme/${repo}`, endpoint: "GET /repos/{owner}/{repo}" }, testBudget());

/** The arrivals after the first one refused for `outcome`, and that refusal. */
function afterRefusal(arrivals: readonly Arrival[], outcome: Arrival["outcome"]): { refused: Arrival; later: Arrival[] } {
  const index = arrivals.findIndex((arrival) => arrival.outcome === outcome);
  const refused = arrivals[index];
  if (refused === undefined) throw new Error(`no arrival was refused for the ${outcome} limit`);
  return { refused, later: arrivals.slice(index + 1) };
}

describe("the code host's primary limit through the client", () => {
  it("waits for x-ratelimit-reset, sends nothing before it, logs the wait, then succeeds", async () => {
    const hourMs = 2000;
    const store = await start({ hourMs, primaryLimits: { personal: 3 } });
    const { api, messages } = client(hourMs);
    for (let index = 0; index < 5; index++) await getRepo(api);
    const { refused, later } = afterRefusal(store.arrivals, "primary");
    const resetMs = Math.ceil((store.arrivals[0]!.at + hourMs) / 1000) * 1000;
    expect(refused.at).toBeLessThan(resetMs);
    expect(later.length).toBe(2);
    for (const arrival of later) {
      expect(arrival.outcome).toBe("admitted");
      expect(arrival.at).toBeGreaterThanOrEqual(resetMs);
    }
    expect(store.arrivals.filter((arrival) => arrival.outcome === "primary")).toHaveLength(1);
    expect(messages).toEqual([
      expect.stringContaining(
        `primary rate limit exhausted: waiting for x-ratelimit-reset on GET /codehost/repos/acme/app; no request to it before ${new Date(resetMs).toISOString()}`,
      ),
    ]);
  });
});

describe("the code host's secondary limits through the client", () => {
  it("waits the retry-after the answer gives", async () => {
    const hourMs = 60_000;
    const store = await start({ hourMs, secondary: { pointsPerMinute: 3 } });
    const { api, messages } = client(hourMs);
    for (let index = 0; index < 4; index++) await getRepo(api);
    const { refused, later } = afterRefusal(store.arrivals, "secondary");
    expect(later).toHaveLength(1);
    expect(later[0]!.outcome).toBe("admitted");
    // retry-after: 1 (seconds) was the answer's.
    expect(later[0]!.at - refused.at).toBeGreaterThanOrEqual(1000);
    expect(messages[0]).toMatch(/secondary rate limit: waiting retry-after/);
  });

  it("without retry-after waits at least the (scaled) minute", async () => {
    const hourMs = 36_000;
    const store = await start({ hourMs, secondary: { pointsPerMinute: 3, retryAfter: false } });
    const { api, messages } = client(hourMs);
    for (let index = 0; index < 4; index++) await getRepo(api);
    const { refused, later } = afterRefusal(store.arrivals, "secondary");
    expect(later.map((arrival) => arrival.outcome)).toEqual(["admitted"]);
    expect(later[0]!.at - refused.at).toBeGreaterThanOrEqual(600);
    expect(messages[0]).toMatch(/secondary rate limit: waiting the minimum secondary wait/);
  });

  it("ends in an error naming the limit and its reset after five failures in a row, backing off exponentially", async () => {
    const hourMs = 3600;
    const store = await start({ hourMs, limitStatus: 429, secondary: { concurrency: 0 } });
    const { api } = client(hourMs, { secondaryMinWaitMs: 20 });
    const failure = await getRepo(api).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    const error = failure as RateLimitError;
    expect(error.limit).toBe("secondary");
    expect(error.status).toBe(429);
    expect(error.resetAt).toBeInstanceOf(Date);
    expect(error.message).toContain(
      `the secondary rate limit (core: 5000 of 5000 left, resets at ${error.resetAt!.toISOString()}) was still exceeded after 5 attempts`,
    );
    expect(error.message).toContain("You have exceeded a secondary rate limit");
    expect(store.arrivals.map((arrival) => arrival.outcome)).toEqual(Array(5).fill("secondary"));
    const gaps = store.arrivals.slice(1).map((arrival, index) => arrival.at - store.arrivals[index]!.at);
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(20 * 2 ** index));
  });
});

describe("the code host's limiter", () => {
  it("keeps 300 requests issued at once at most 100 in flight, and never meets the secondary limit", async () => {
    // Held 6 s each: Bottleneck admits a job every few milliseconds, so without the cap far more than 100 would overlap
    // (and a machine loaded many times over still fills the slots well within a request's hold).
    const store = await start({ hourMs: 3_600_000, latencyMs: 6000 });
    const { api } = client(3_600_000);
    await Promise.all(Array.from({ length: 300 }, (_, index) => getRepo(api, `repo-${index}`)));
    expect(store.arrivals).toHaveLength(300);
    expect(store.arrivals.every((arrival) => arrival.outcome === "admitted")).toBe(true);
    expect(store.peakInFlight).toBeLessThanOrEqual(100);
    // The cap is what bounds them: with the emulator holding each request, the limiter fills every slot.
    expect(store.peakInFlight).toBeGreaterThanOrEqual(90);
  });

  it("spaces writes and keeps content creation under the per-minute limit (scaled minute)", async () => {
    // A code-host minute of one second: the emulator allows 4 issues in it; the client spaces writes by 250 ms.
    // The spacing is read where the client sends, not where the emulator receives: on a loaded machine two
    // requests sent 250 ms apart can arrive close together.
    const store = await start({ hourMs: 60_000, secondary: { creationsPerMinute: 4 } });
    const sent: number[] = [];
    const api = createApiClient(
      { api: "codehost", baseUrl: `${url}/codehost`, token: "p", authStyle: "bearer" },
      {
        rateLimits: codeHostRateLimits(undefined, { ...CODEHOST_REQUEST_LIMITS, creationsPerMinute: 4, minuteMs: 1000, writeSpacingMs: 250 }),
        fetch: (input, init) => {
          sent.push(performance.now());
          return fetch(input, init);
        },
      },
    );
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        api.send({ method: "POST", path: "/repos/acme/app/issues", body: { title: `t${index}` }, repeat: "settle" }, testBudget()),
      ),
    );
    expect(store.issues).toHaveLength(6);
    // The emulator enforces the per-minute limit: every creation admitted means none went over it.
    expect(store.arrivals.every((arrival) => arrival.outcome === "admitted")).toBe(true);
    expect(sent).toHaveLength(6);
    // The limiter starts a write 250 ms after the last; what runs between its start and the send (the token, the
    // request's hooks) moves each send by a little, so each gap gets some slack, the whole run little.
    sent.slice(1).forEach((at, index) => expect(at - sent[index]!).toBeGreaterThanOrEqual(150));
    expect(sent[5]! - sent[0]!).toBeGreaterThanOrEqual(5 * 250 - 100);
  });

  it("without it the same burst would have met the emulator's concurrency limit", async () => {
    // Each request held 3 s, so that the burst overlaps even when a loaded machine sends it slowly.
    const store = await start({ hourMs: 3_600_000, latencyMs: 3000 });
    const plain = createApiClient({ api: "codehost", baseUrl: `${url}/codehost`, token: "p", authStyle: "bearer" }, { concurrency: 300 });
    const outcomes = await Promise.allSettled(Array.from({ length: 300 }, (_, index) => getRepo(plain, `repo-${index}`)));
    expect(outcomes.some((outcome) => outcome.status === "rejected")).toBe(true);
    expect(store.arrivals.some((arrival) => arrival.secondary === "concurrency")).toBe(true);
  });
});

describe("getRateLimit", () => {
  it("returns every resource the emulator reports, typed, with reset as a Date", async () => {
    await start({ hourMs: 3_600_000 });
    process.env["SVC_EMULATOR_URL"] = url;
    process.env["SVC_CODEHOST_TOKEN"] = "p";
    const status: RateLimitStatus = await getRateLimit();
    const core: RateLimitWindow = status.resources.core;
    expect(Object.keys(status.resources).sort()).toEqual(["code_search", "core", "graphql", "search"]);
    expect(core).toEqual({ limit: 5000, used: 0, remaining: 5000, reset: expect.any(Date) });
    expect(status.resources.search.limit).toBe(30);
    expect(status.resources["code_search"]?.reset).toBeInstanceOf(Date);
    expect(core.reset.getTime()).toBeGreaterThan(Date.now());
    // The SDK's form, as a plain Node script calls it (settings from the environment, no engine).
    const fromSdk = await sdk.getRateLimit();
    expect(fromSdk.resources.core).toEqual({ limit: 5000, used: 0, remaining: 5000, reset: core.reset });
  });

  it("uses the workflow token, an OAuth app as HTTP Basic, or nothing", async () => {
    await start({ hourMs: 3_600_000, tokens: { wf: "workflow" }, oauthApps: { "app-id": "app-secret" } });
    // Each a process of its own: a process reads its settings once.
    const processWith = (env: NodeJS.ProcessEnv): ProviderRuntime => new ProviderRuntime({ env: { SVC_EMULATOR_URL: url, ...env } });
    expect((await getRateLimit.on(processWith({}))()).resources.core.limit).toBe(60);
    const app = { SVC_CODEHOST_CLIENT_ID: "app-id", SVC_CODEHOST_CLIENT_SECRET: "app-secret" };
    expect((await getRateLimit.on(processWith(app))()).resources.core.limit).toBe(5000);
    expect((await getRateLimit.on(processWith({ ...app, SVC_TOKEN: "wf" }))()).resources.core.limit).toBe(1000);
  });
});

describe("code-host settings", () => {
  it("puts the code host under <emulator>/codehost and needs no token", () => {
    expect(resolveApiSettings("codehost", settingsOf(stackConfig, { SVC_EMULATOR_URL: "http://127.0.0.1:9/" }))).toEqual({
      api: "codehost",
      baseUrl: "http://127.0.0.1:9/codehost",
      token: "",
      authStyle: "none",
    });
  });

  it("takes an OAuth client secret only from configuration marked secret, and only with its id", () => {
    const config = (secret: boolean) => ({
      get: (key: string) => ({ "svc:codehostClientId": "app-id", "svc:codehostClientSecret": "s3cr3t-value" })[key],
      isSecret: () => secret,
    });
    stackConfig = config(false);
    expect(() => resolveApiSettings("codehost", settingsOf(stackConfig, { SVC_EMULATOR_URL: "http://e" }))).toThrow(
      /must be set with `pulumi config set svc:codehostClientSecret <value> --secret`/,
    );
    stackConfig = config(true);
    expect(resolveApiSettings("codehost", settingsOf(stackConfig, { SVC_EMULATOR_URL: "http://e" }))).toMatchObject({
      authStyle: "client-basic",
      clientId: "app-id",
      token: "s3cr3t-value",
    });
    stackConfig = NO_CONFIG;
    expect(() => resolveApiSettings("codehost", settingsOf(stackConfig, { SVC_EMULATOR_URL: "http://e", SVC_CODEHOST_CLIENT_ID: "app-id" }))).toThrow(
      /go together/,
    );
  });
});
