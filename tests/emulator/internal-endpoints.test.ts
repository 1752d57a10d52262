import type { ManagedZone } from "../../emulator/apis/dns/resources";
import type { RecordedRequest, RequestStats } from "../../emulator/recorder";
import type { TestEmulator } from "./helpers";
import { createZone, googleError, PROJECT, rrset, startEmulator, TOKEN, ZONES } from "./helpers";

const ZONE_ROUTE = "/dns/v1/projects/:project/managedZones/:managedZone";

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN] });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

async function stats(): Promise<RequestStats> {
  return (await emulator.request<RequestStats>("GET", "/_emulator/stats")).body;
}

async function requests(query = ""): Promise<RecordedRequest[]> {
  return (await emulator.request<{ requests: RecordedRequest[] }>("GET", `/_emulator/requests${query}`)).body.requests;
}

async function setFaults(config: Record<string, unknown>): Promise<void> {
  const result = await emulator.request("POST", "/_emulator/faults", { body: config });
  expect(result.status).toBe(200);
}

describe("faults", () => {
  it("answers 429 with Retry-After and rateLimitExceeded, without processing the request", async () => {
    await setFaults({ rate429: 1, retryAfterSeconds: 7 });
    const result = await emulator.request("POST", ZONES, { body: { name: "limited", dnsName: "limited.example.", description: "" } });
    expect(result.status).toBe(429);
    expect(result.headers.get("retry-after")).toBe("7");
    expect(result.body).toEqual({
      error: {
        code: 429,
        message: "Rate Limit Exceeded",
        errors: [{ message: "Rate Limit Exceeded", domain: "usageLimits", reason: "rateLimitExceeded" }],
      },
    });
    await emulator.request("DELETE", "/_emulator/faults");
    expect((await emulator.request("GET", `${ZONES}/limited`)).status).toBe(404);
  });

  it("answers the configured 5xx with backendError, without processing the request", async () => {
    await setFaults({ rate5xx: 1, status5xx: 502 });
    const result = await emulator.request("POST", ZONES, { body: { name: "broken", dnsName: "broken.example.", description: "" } });
    expect(result.status).toBe(502);
    expect(result.body).toEqual(googleError(502, "backendError", "Backend Error"));
    await emulator.request("DELETE", "/_emulator/faults");
    expect((await emulator.request("GET", `${ZONES}/broken`)).status).toBe(404);
  });

  it("processes the request but answers 503 for a lost response, so a blind retry meets 409", async () => {
    await setFaults({ lostResponseRate: 1, methods: ["post"] });
    const lost = await emulator.request("POST", ZONES, { body: { name: "lost", dnsName: "lost.example.", description: "" } });
    expect(lost.status).toBe(503);
    expect(lost.body).toEqual(googleError(503, "backendError", "Backend Error"));

    // GETs are not faulted by this configuration: the client can reconcile.
    const readBack = await emulator.request<ManagedZone>("GET", `${ZONES}/lost`);
    expect(readBack.status).toBe(200);
    expect(readBack.body.dnsName).toBe("lost.example.");

    await emulator.request("DELETE", "/_emulator/faults");
    const retried = await emulator.request("POST", ZONES, { body: { name: "lost", dnsName: "lost.example.", description: "" } });
    expect(retried.status).toBe(409);
  });

  it("loses an empty 204 response too, after the deletion happened", async () => {
    await createZone(emulator, "gone", "gone.example.");
    await setFaults({ lostResponseRate: 1, methods: ["DELETE"] });
    const lost = await emulator.request("DELETE", `${ZONES}/gone`);
    expect(lost.status).toBe(503);
    expect(lost.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(lost.body).toEqual(googleError(503, "backendError", "Backend Error"));
    expect((await emulator.request("GET", `${ZONES}/gone`)).status).toBe(404);
  });

  it("also loses the response of a request that failed", async () => {
    await setFaults({ lostResponseRate: 1 });
    const result = await emulator.request("GET", `${ZONES}/nope`);
    expect(result.status).toBe(503);
  });

  it("only faults requests under pathPrefix and of the listed methods", async () => {
    await setFaults({ rate5xx: 1, pathPrefix: `${ZONES}/target`, methods: ["GET"] });
    expect((await emulator.request("GET", `${ZONES}/other`)).status).toBe(404);
    expect((await emulator.request("GET", `${ZONES}/target`)).status).toBe(503);
    expect((await emulator.request("DELETE", `${ZONES}/target`)).status).toBe(404);
    expect((await emulator.request("GET", "/_emulator/stats")).status).toBe(200);
  });

  it("is deterministic for a given seed", async () => {
    const run = async (): Promise<number[]> => {
      await emulator.request("POST", "/_emulator/reset");
      await setFaults({ rate429: 0.3, rate5xx: 0.3, seed: 1234 });
      const statuses: number[] = [];
      for (let index = 0; index < 30; index++) statuses.push((await emulator.request("GET", ZONES)).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toEqual(expect.arrayContaining([200, 429, 503]));
  });

  it("reports the configuration, and refuses an invalid one with 400", async () => {
    await setFaults({ rate429: 0.5, seed: 3 });
    const { body } = await emulator.request("GET", "/_emulator/faults");
    expect(body).toEqual({
      faults: {
        rate429: 0.5,
        rate5xx: 0,
        status5xx: 503,
        retryAfterSeconds: 1,
        pathPrefix: "",
        methods: null,
        lostResponseRate: 0,
        seed: 3,
      },
    });
    const invalid = await emulator.request("POST", "/_emulator/faults", { body: { rate429: 2 } });
    expect(invalid.status).toBe(400);
    const unknown = await emulator.request("POST", "/_emulator/faults", { body: { rate: 1 } });
    expect(unknown.status).toBe(400);
    expect((await emulator.request("DELETE", "/_emulator/faults")).status).toBe(204);
    expect((await emulator.request("GET", "/_emulator/faults")).body).toEqual({ faults: null });
  });
});

describe("stats", () => {
  it("counts every API request by method and route pattern, faults separately; not internal ones", async () => {
    await createZone(emulator, "counted", "counted.example.");
    await emulator.request("GET", `${ZONES}/counted`);
    await emulator.request("GET", `${ZONES}/missing`);
    await emulator.request("GET", ZONES, { token: null });
    await emulator.request("GET", "/dns/v1/unknown/path");
    await setFaults({ rate429: 1, methods: ["PATCH"] });
    await emulator.request("PATCH", `${ZONES}/counted`, { body: { description: "x" } });

    const result = await stats();
    expect(result).toEqual({
      total: 6,
      requests: {
        "POST /dns/v1/projects/:project/managedZones": 1,
        [`GET ${ZONE_ROUTE}`]: 2,
        "GET /dns/v1/projects/:project/managedZones": 1,
        "GET <unmatched>": 1,
        [`PATCH ${ZONE_ROUTE}`]: 1,
      },
      faults: {
        total: 1,
        requests: { [`PATCH ${ZONE_ROUTE}`]: 1 },
        kinds: { rateLimited: 1, serverError: 0, lostResponse: 0 },
      },
      // The calendar's own counter: quota units per user (none spent here).
      quotaUnits: {},
    });
  });
});

describe("request log", () => {
  it("records method, path, query, body and status in order, filtered by method and path prefix", async () => {
    await createZone(emulator, "logged", "logged.example.");
    await emulator.request("POST", `${ZONES}/logged/rrsets`, { body: rrset("www.logged.example.", "A", 300, "192.0.2.1") });
    await emulator.request("PATCH", `${ZONES}/logged/rrsets/www.logged.example./A?clientOperationId=op-1`, { body: { ttl: 60 } });
    await emulator.request("GET", `${ZONES}/logged`);

    const all = await requests();
    expect(all.map((entry) => `${entry.method} ${entry.status}`)).toEqual(["POST 200", "POST 200", "PATCH 200", "GET 200"]);

    const patches = await requests(`?method=PATCH&pathPrefix=${encodeURIComponent(`${ZONES}/logged/rrsets`)}`);
    expect(patches).toEqual([
      {
        method: "PATCH",
        path: `/dns/v1/projects/${PROJECT}/managedZones/logged/rrsets/www.logged.example./A`,
        query: { clientOperationId: "op-1" },
        body: { ttl: 60 },
        status: 200,
        route: "PATCH /dns/v1/projects/:project/managedZones/:managedZone/rrsets/:name/:type",
      },
    ]);
  });

  it("never holds a token: no headers are recorded and access_token is masked", async () => {
    await emulator.request("GET", `${ZONES}?access_token=${TOKEN}`, { token: null });
    await emulator.request("GET", ZONES);
    await emulator.request("GET", ZONES, { token: "wrong-token-value" });
    const log = await emulator.request("GET", "/_emulator/requests");
    expect(log.text).not.toContain(TOKEN);
    expect(log.text).not.toContain("wrong-token-value");
    expect(log.text.toLowerCase()).not.toContain("authorization");
    const [first] = (log.body as { requests: RecordedRequest[] }).requests;
    expect(first?.query).toEqual({ access_token: "[REDACTED]" });
  });

  it("marks faulted requests", async () => {
    await setFaults({ lostResponseRate: 1 });
    await emulator.request("GET", ZONES);
    const [entry] = await requests();
    expect(entry).toMatchObject({ status: 503, fault: "lostResponse" });
  });
});

describe("reset", () => {
  it("clears state, stats, the request log and faults", async () => {
    await createZone(emulator, "to-forget", "forget.example.");
    await setFaults({ rate5xx: 1, methods: ["DELETE"] });

    const reset = await emulator.request("POST", "/_emulator/reset");
    expect(reset.status).toBe(204);

    // Every collection of every API is empty.
    const { body: objects } = await emulator.request<Record<string, Record<string, unknown[]>>>("GET", "/_emulator/objects");
    expect(objects.dns).toBeDefined();
    expect(Object.values(objects).flatMap((collections) => Object.values(collections).flat())).toEqual([]);
    expect((await stats()).total).toBe(0);
    expect(await requests()).toEqual([]);
    expect((await emulator.request("GET", "/_emulator/faults")).body).toEqual({ faults: null });
    expect((await emulator.request("DELETE", `${ZONES}/to-forget`)).status).toBe(404);
  });
});
