/**
 * CI throttling (per user and per resource, on the emulator's clock) and the
 * `/_emulator/faults` machinery on CI paths: a 429 carries Retry-After and
 * the CI error body, in the format the Accept header asks for.
 */
import type { Emulator, EmulatorOptions } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";

const PERSONAL = "ci-throttle-personal";
const PROJECT_TOKEN = "ci-throttle-project";
const BASE = "/api/v1.1";
const PROJECT = `${BASE}/project/vcs-a/acme/monorepo`;

let clockMs = Date.parse("2025-06-01T12:00:00.000Z");
const now = (): Date => new Date(clockMs);

interface Started {
  emulator: Emulator;
  baseUrl: string;
}

async function start(ci: EmulatorOptions["ci"]): Promise<Started> {
  const emulator = createEmulator({ now, ci: { personalTokens: [PERSONAL], projectTokens: { [PROJECT_TOKEN]: "vcs-a/acme/monorepo" }, ...ci } });
  return { emulator, baseUrl: await emulator.listen(0) };
}

async function get(
  { baseUrl }: Started,
  path: string,
  { token = PERSONAL, accept = "application/json" }: { token?: string | null; accept?: string } = {},
): Promise<{ status: number; retryAfter: string | null; text: string }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept, ...(token !== null ? { "ci-token": token } : {}) } });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text() };
}

describe("throttling", () => {
  let server: Started;
  afterEach(() => server.emulator.close());

  it("is off by default", async () => {
    server = await start({});
    const statuses = new Set<number>();
    for (let index = 0; index < 60; index++) statuses.add((await get(server, `${BASE}/me`)).status);
    expect([...statuses]).toEqual([200]);
  });

  it("answers 429 with Retry-After beyond the per-user rate, per caller, over a sliding minute", async () => {
    server = await start({ throttle: { perUserPerMinute: 5 } });
    for (let index = 0; index < 5; index++) expect((await get(server, `${PROJECT}/${index + 1}`)).status).toBe(200);

    const refused = await get(server, `${BASE}/projects`);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("60");
    expect(JSON.parse(refused.text)).toEqual({ message: "Rate limit exceeded" });
    const asEdn = await get(server, `${BASE}/me`, { accept: "" });
    expect(asEdn.status).toBe(429);
    expect(asEdn.text).toBe('{:message "Rate limit exceeded"}');

    // Another caller (a project token) has its own budget.
    expect((await get(server, PROJECT, { token: PROJECT_TOKEN })).status).toBe(200);

    clockMs += 45_000;
    const later = await get(server, `${BASE}/me`);
    expect(later.status).toBe(429);
    expect(later.retryAfter).toBe("15");

    clockMs += 15_001;
    expect((await get(server, `${BASE}/me`)).status).toBe(200);
  });

  it("answers 429 beyond the per-resource rate for one path only", async () => {
    server = await start({ throttle: { perResourcePerMinute: 3 } });
    const job = `${PROJECT}/42`;
    for (let index = 0; index < 3; index++) {
      expect((await get(server, job)).status).toBe(200);
      clockMs += 10_000;
    }
    const polled = await get(server, job);
    expect(polled.status).toBe(429);
    expect(polled.retryAfter).toBe("30");
    expect((await get(server, `${PROJECT}/43`)).status).toBe(200);
    expect((await get(server, `${job}/artifacts`)).status).toBe(200);

    // /_emulator/reset clears the windows along with the rest of the state.
    await fetch(`${server.baseUrl}/_emulator/reset`, { method: "POST" });
    expect((await get(server, job)).status).toBe(200);
  });

  it("counts anonymous calls to open-access projects as one caller", async () => {
    server = await start({ throttle: { perUserPerMinute: 2 } });
    const open = `${BASE}/project/vcs-a/open-tools/widget-kit`;
    expect((await get(server, open, { token: null })).status).toBe(200);
    expect((await get(server, `${open}/1`, { token: null })).status).toBe(200);
    expect((await get(server, `${open}/2`, { token: null })).status).toBe(429);
    expect((await get(server, `${open}/2`)).status).toBe(200);
  });
});

describe("faults on CI paths", () => {
  let server: Started;
  beforeAll(async () => {
    server = await start({});
  });
  afterAll(() => server.emulator.close());
  afterEach(async () => {
    await fetch(`${server.baseUrl}/_emulator/reset`, { method: "POST" });
  });

  async function setFaults(config: Record<string, unknown>): Promise<void> {
    const result = await fetch(`${server.baseUrl}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(config),
    });
    expect(result.status).toBe(200);
  }

  it("answers an injected 429 with Retry-After and the CI error body", async () => {
    await setFaults({ rate429: 1, retryAfterSeconds: 9, pathPrefix: `${BASE}/` });
    const json = await get(server, `${BASE}/me`);
    expect(json.status).toBe(429);
    expect(json.retryAfter).toBe("9");
    expect(JSON.parse(json.text)).toEqual({ message: "Rate Limit Exceeded" });
    const edn = await get(server, `${BASE}/me`, { accept: "" });
    expect(edn.text).toBe('{:message "Rate Limit Exceeded"}');
    const pretty = await get(server, `${BASE}/me`, { accept: "text/plain" });
    expect(pretty.text).toBe('{\n  "message" : "Rate Limit Exceeded"\n}');
  });

  it("loses the response of a processed CI request with a CI-shaped 503", async () => {
    await setFaults({ lostResponseRate: 1, methods: ["POST"], pathPrefix: `${BASE}/` });
    const response = await fetch(`${server.baseUrl}${PROJECT}/3/retry`, {
      method: "POST",
      headers: { "ci-token": PERSONAL, accept: "application/json" },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "Backend Error" });
    // The retry happened: build 131 exists.
    expect((await get(server, `${PROJECT}/131`)).status).toBe(200);
  });

  it("renders unknown CI paths in the CI error family", async () => {
    const result = await get(server, `${BASE}/no-such-endpoint`);
    expect(result.status).toBe(404);
    expect(JSON.parse(result.text)).toEqual({ message: expect.stringContaining("/api/v1.1/no-such-endpoint") });
  });
});
