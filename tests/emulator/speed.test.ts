/**
 * The emulator's speed: a latency on every API request (with jitter, per API), and how long
 * writes propagate (DNS changes and zone operations pending, quota increases reconciling); set
 * at start, on the command line, and at run time through `/_emulator/speed`.
 */
import { apis } from "../../emulator/apis";
import { parseCommandLine } from "../../emulator/command-line";
import { parseLatency, ServiceSpeed } from "../../emulator/speed";
import type { TestEmulator } from "./helpers";
import { startEmulator, TOKEN, ZONES } from "./helpers";

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN], speed: { latencyMs: 120 } });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset", { token: null });
});

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await call();
  return { ms: performance.now() - started, result };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("latency", () => {
  it("delays every API request by the start latency, and no internal endpoint", async () => {
    const api = await timed(() => emulator.request("GET", ZONES));
    expect(api.result.status).toBe(200);
    expect(api.ms).toBeGreaterThanOrEqual(115);
    // An internal endpoint is not delayed: with a latency far above what a busy machine adds, it answers well within it.
    await emulator.request("POST", "/_emulator/speed", { token: null, body: { latencyMs: 4000 } });
    const internal = await timed(() => emulator.request("GET", "/_emulator/stats", { token: null }));
    expect(internal.ms).toBeLessThan(2000);
  });

  it("is set at run time for every API or one, and reset goes back to the start", async () => {
    // One API's latency far above what a busy machine adds, so that the other's, none, shows whatever the load.
    const set = await emulator.request("POST", "/_emulator/speed", { token: null, body: { latencyMs: 0, apis: { quotas: { latencyMs: 2500 } } } });
    expect(set).toMatchObject({ status: 200, body: { speed: { latencyMs: 0, apis: { quotas: { latencyMs: 2500 } } } } });
    const dns = await timed(() => emulator.request("GET", ZONES));
    expect(dns.ms).toBeLessThan(1250);
    const quotas = await timed(() => emulator.request("GET", "/v1/projects/p/locations/global/quotaPreferences"));
    expect(quotas.result.status).toBe(200);
    expect(quotas.ms).toBeGreaterThanOrEqual(2495);

    await emulator.request("POST", "/_emulator/reset", { token: null });
    expect((await emulator.request("GET", "/_emulator/speed", { token: null })).body).toEqual({ speed: { latencyMs: 120 } });
  });

  it("draws each latency evenly within the jitter, never below zero", () => {
    const draws = [0, 0.5, 1];
    const speed = new ServiceSpeed(
      { latencyMs: 100, jitterMs: 20, apis: { dns: { latencyMs: 10, jitterMs: 30 } } },
      ["dns", "quotas"],
      () => draws.shift() ?? 0,
    );
    expect([speed.latencyMs("quotas"), speed.latencyMs("quotas"), speed.latencyMs("quotas")]).toEqual([80, 100, 120]);
    expect(speed.latencyMs("dns")).toBe(0);
  });

  it("refuses settings it cannot honour, naming them", async () => {
    const unknownApi = await emulator.request<{ error: { message: string } }>("POST", "/_emulator/speed", {
      token: null,
      body: { apis: { fax: { latencyMs: 1 } } },
    });
    expect(unknownApi.status).toBe(400);
    expect(unknownApi.body.error.message).toMatch(
      /speed\.apis names fax, which this emulator does not serve; it serves ads, calendar, ci, codehost, dns, quotas, reports, tokens, /,
    );
    const negative = await emulator.request<{ error: { message: string } }>("POST", "/_emulator/speed", { token: null, body: { latencyMs: -5 } });
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toMatch(/speed\.latencyMs/);
    expect(() => new ServiceSpeed({ apis: { fax: {} } }, ["dns"])).toThrow(/fax/);
  });
});

describe("change propagation", () => {
  it("keeps DNS changes and zone operations pending that long", async () => {
    await emulator.request("POST", "/_emulator/speed", { token: null, body: { apis: { dns: { changePropagationMs: 600 } } } });
    expect((await emulator.request("POST", ZONES, { body: { name: "slow", dnsName: "slow.example.", description: "" } })).status).toBe(200);
    const change = await emulator.request<{ id: string; status: string }>("POST", `${ZONES}/slow/changes`, {
      body: { additions: [{ name: "www.slow.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] }] },
    });
    expect(change.body.status).toBe("pending");
    await sleep(200);
    expect((await emulator.request<{ status: string }>("GET", `${ZONES}/slow/changes/${change.body.id}`)).body.status).toBe("pending");
    const operation = await emulator.request<{ operation?: { status: string } } & { status?: string }>("PATCH", `${ZONES}/slow`, {
      body: { description: "changed" },
    });
    expect(operation.body.status).toBe("pending");
    await sleep(500);
    expect((await emulator.request<{ status: string }>("GET", `${ZONES}/slow/changes/${change.body.id}`)).body.status).toBe("done");
  });

  it("keeps a quota increase reconciling that long", async () => {
    await emulator.request("POST", "/_emulator/speed", { token: null, body: { changePropagationMs: 500 } });
    const created = await emulator.request<{ reconciling?: boolean }>("POST", "/v1/projects/p/locations/global/quotaPreferences?quotaPreferenceId=cpus", {
      body: {
        service: "compute.googleapis.com",
        quotaId: "CPUS-per-project-region",
        dimensions: { region: "us-central1" },
        quotaConfig: { preferredValue: "40" },
        contactEmail: "ops@example.com",
      },
    });
    expect(created.body.reconciling).toBe(true);
    await sleep(150);
    expect((await emulator.request<{ reconciling?: boolean }>("GET", "/v1/projects/p/locations/global/quotaPreferences/cpus")).body.reconciling).toBe(true);
    await sleep(450);
    const decided = await emulator.request<{ reconciling?: boolean; quotaConfig: { grantedValue: string } }>(
      "GET",
      "/v1/projects/p/locations/global/quotaPreferences/cpus",
    );
    expect(decided.body.reconciling).toBeUndefined();
    expect(decided.body.quotaConfig.grantedValue).toBe("40");
  });
});

describe("command line", () => {
  it("reads --latency with its jitter and --change-propagation into the speed", () => {
    const parsed = parseCommandLine(["--latency", "100±20", "--change-propagation", "2000"], apis);
    expect(parsed !== "help" && parsed.emulatorOptions.speed).toEqual({ latencyMs: 100, jitterMs: 20, changePropagationMs: 2000 });
    expect(parseLatency("100+-20")).toEqual({ latencyMs: 100, jitterMs: 20 });
    expect(parseLatency("75")).toEqual({ latencyMs: 75 });
    expect(() => parseCommandLine(["--latency", "fast"], apis)).toThrow(/--latency must be <ms> or <ms>±<jitter ms> \(e\.g\. 100 or 100±20\), got 'fast'/);
    expect(() => parseCommandLine(["--change-propagation=soon"], apis)).toThrow(/--change-propagation must be an integer from 0 to 3600000, got 'soon'/);
  });
});
