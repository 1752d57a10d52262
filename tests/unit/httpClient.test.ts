/**
 * The HTTP call path against the real emulator (faults injected there), with
 * waits recorded instead of slept so the rules can be checked exactly.
 */
import { createApiClient } from "../../provider/http/client";
import { ApiError } from "../../provider/http/answer";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { testBudget } from "../support/budget";

let emulator: RunningEmulator;
const ZONES = "dns/v1/projects/p1/managedZones";

beforeAll(async () => {
  emulator = await startEmulator("unit-token-93ab");
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(async () => {
  await emulator.reset();
});

function client(token = emulator.token) {
  const waits: number[] = [];
  const messages: string[] = [];
  const api = createApiClient(
    { api: "dns", baseUrl: emulator.url, token },
    {
      sleep: async (ms) => {
        waits.push(ms);
      },
      log: (message) => messages.push(message),
      logWaitsOverMs: 900,
    },
  );
  return { api, waits, messages };
}

describe("the HTTP call path", () => {
  it("sends the token and gets the API's objects", async () => {
    const { api } = client();
    const zone = await api.send<{ name: string; id: string }>(
      {
        method: "POST",
        path: ZONES,
        body: { name: "z1", dnsName: "z1.example.", description: "" },
        repeat: "settle",
      },
      testBudget(),
    );
    expect(zone.name).toBe("z1");
    const listed = await api.send<{ managedZones: Array<{ name: string }> }>({ method: "GET", path: ZONES, query: { maxResults: 10 } }, testBudget());
    expect(listed.managedZones.map((z) => z.name)).toEqual(["z1"]);
  });

  it("honours Retry-After on 429 and reports a long wait", async () => {
    const { api, waits, messages } = client();
    await emulator.faults({ rate429: 1, retryAfterSeconds: 1, methods: ["GET"] });
    const pending = api.send({ method: "GET", path: ZONES }, testBudget());
    // Every GET is throttled while the fault is on: let two attempts fail, then lift it.
    while (waits.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await emulator.clearFaults();
    await pending;
    // The waits happen at the API's gate, which measures what is left of the announced second.
    for (const wait of waits.slice(0, 2)) {
      expect(wait).toBeGreaterThan(900);
      expect(wait).toBeLessThanOrEqual(1000);
    }
    expect(messages[0]).toMatch(/dns API rate limited \(429, Retry-After\) on GET \/dns\/v1\/projects\/p1\/managedZones; waiting 1s/);
  });

  it("never repeats a POST after a 5xx: the outcome is reported as unknown for the engine to reconcile", async () => {
    const { api, waits } = client();
    await emulator.faults({ rate5xx: 1, status5xx: 503, methods: ["POST"] });
    const failure = await api
      .send({ method: "POST", path: ZONES, body: { name: "z2", dnsName: "z2.example.", description: "" }, repeat: "settle" }, testBudget())
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, outcome: "unknown", method: "POST", path: "/dns/v1/projects/p1/managedZones" });
    expect(waits).toEqual([]);
    expect((await emulator.requests({ method: "POST" })).length).toBe(1);
  });

  it("retries a GET through 5xx answers with backoff", async () => {
    const { api, waits } = client();
    await emulator.faults({ rate5xx: 0.5, status5xx: 503, seed: 3 });
    for (let i = 0; i < 10; i++) await api.send({ method: "GET", path: ZONES }, testBudget());
    const stats = await emulator.stats();
    expect(stats.total).toBeGreaterThan(10);
    expect(waits.length).toBe(stats.total - 10);
  });

  it("maps errors to typed errors with the API's reason, and never leaks the token", async () => {
    const { api } = client("wrong-token-5521");
    const failure = (await api.send({ method: "GET", path: `${ZONES}/missing` }, testBudget()).catch((e: unknown) => e)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(401);
    expect(failure.outcome).toBe("rejected");
    expect(`${failure.message} ${JSON.stringify(failure)}`).not.toContain("wrong-token-5521");
    const { api: good } = client();
    const missing = (await good.send({ method: "GET", path: `${ZONES}/missing` }, testBudget()).catch((e: unknown) => e)) as ApiError;
    expect(missing).toMatchObject({ status: 404, reason: "notFound", isNotFound: true });
    expect(missing.message).toContain("GET /dns/v1/projects/p1/managedZones/missing failed with HTTP 404 (notFound:");
  });
});
