/**
 * The emulated code host: `x-ratelimit-*` on every response, the primary
 * limit per token kind on a scaled clock, `/rate_limit` free of the primary
 * limit, and the secondary limits (concurrency, points per minute per
 * endpoint, content creation) answering 403/429 with the secondary message.
 */
import type { Emulator, EmulatorOptions } from "../../emulator/server";
import { createEmulator, defaultApis } from "../../emulator/server";
import { parseCommandLine } from "../../emulator/command-line";
import type { CodeHostStore } from "../../emulator/apis/codehost/state";

let clockMs = Date.parse("2026-03-01T12:00:00.000Z");
const now = (): Date => new Date(clockMs);
const HOUR_MS = 60_000;

interface Started {
  emulator: Emulator;
  baseUrl: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

let server: Started | undefined;
afterEach(async () => {
  await server?.emulator.close();
  server = undefined;
});

async function start(codehost: EmulatorOptions["codehost"] = {}): Promise<Started> {
  const emulator = createEmulator({ now, codehost: { hourMs: HOUR_MS, ...codehost } });
  server = { emulator, baseUrl: await emulator.listen(0) };
  return server;
}

async function call(method: string, path: string, authorization?: string, body?: unknown): Promise<Answer> {
  if (server === undefined) throw new Error("no emulator");
  const response = await fetch(`${server.baseUrl}/codehost${path}`, {
    method,
    headers: { ...(authorization !== undefined && { authorization }), ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text === "" ? {} : JSON.parse(text)) as Record<string, unknown> };
}

const rateHeaders = (answer: Answer): Record<string, string | null> =>
  Object.fromEntries(["limit", "remaining", "used", "reset", "resource"].map((name) => [name, answer.headers.get(`x-ratelimit-${name}`)]));

const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

describe("code-host headers", () => {
  it("sends the five x-ratelimit headers on every response, errors included", async () => {
    await start();
    const answers = [
      await call("GET", "/repos/acme/app", "Bearer p1"),
      await call("POST", "/repos/acme/app/issues", "Bearer p1", {}),
      await call("GET", "/nowhere", "Bearer p1"),
      await call("GET", "/search/repositories?q=x", "Bearer p1"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 422, 404, 200]);
    const reset = String(Math.ceil((clockMs + HOUR_MS) / 1000));
    expect(rateHeaders(answers[0]!)).toEqual({ limit: "5000", remaining: "4999", used: "1", reset, resource: "core" });
    expect(rateHeaders(answers[1]!)).toEqual({ limit: "5000", remaining: "4998", used: "2", reset, resource: "core" });
    expect(answers[1]!.body).toEqual({ message: "Validation Failed: title is missing", documentation_url: expect.stringMatching(/^https:/) });
    expect(rateHeaders(answers[2]!)).toMatchObject({ limit: "5000", resource: "core" });
    expect(rateHeaders(answers[3]!)).toMatchObject({ limit: "30", remaining: "29", resource: "search" });
  });
});

describe("code-host primary limits", () => {
  it("gives each token kind its limit from the spec table", async () => {
    await start({ tokens: { p: "personal", e: "enterprise-personal", i: "installation", w: "workflow", ew: "enterprise-workflow" } });
    const limitOf = async (authorization?: string): Promise<string | null> =>
      (await call("GET", "/repos/acme/app", authorization)).headers.get("x-ratelimit-limit");
    expect(await limitOf("Bearer p")).toBe("5000");
    expect(await limitOf("token e")).toBe("15000");
    expect(await limitOf("Bearer i")).toBe("5000");
    expect(await limitOf("Bearer w")).toBe("1000");
    expect(await limitOf("Bearer ew")).toBe("15000");
    expect(await limitOf(basic("app-id", "app-secret"))).toBe("5000");
    expect(await limitOf(undefined)).toBe("60");
    const unknown = await call("GET", "/repos/acme/app", "Bearer stranger");
    expect(unknown.status).toBe(401);
    expect(unknown.body["message"]).toBe("Bad credentials");
  });

  it("checks an OAuth app secret when apps are configured", async () => {
    await start({ oauthApps: { "app-id": "right" } });
    expect((await call("GET", "/repos/acme/app", basic("app-id", "right"))).status).toBe(200);
    expect((await call("GET", "/repos/acme/app", basic("app-id", "wrong"))).status).toBe(401);
  });

  it("refuses with remaining 0 until x-ratelimit-reset, then opens a new window; /rate_limit is free", async () => {
    await start({ primaryLimits: { personal: 3 } });
    for (let index = 0; index < 3; index++) expect((await call("GET", "/repos/acme/app", "Bearer p")).status).toBe(200);
    for (let index = 0; index < 3; index++) expect((await call("GET", "/rate_limit", "Bearer p")).status).toBe(200);
    const refused = await call("GET", "/repos/acme/app", "Bearer p");
    expect(refused.status).toBe(403);
    expect(rateHeaders(refused)).toMatchObject({ limit: "3", remaining: "0", used: "3" });
    expect(refused.body["message"]).toMatch(/^API rate limit exceeded for this personal token/);
    expect(refused.headers.get("retry-after")).toBeNull();
    const reset = Number(refused.headers.get("x-ratelimit-reset"));
    clockMs = reset * 1000 - 1;
    expect((await call("GET", "/repos/acme/app", "Bearer p")).status).toBe(403);
    clockMs = reset * 1000;
    const renewed = await call("GET", "/repos/acme/app", "Bearer p");
    expect(renewed.status).toBe(200);
    expect(rateHeaders(renewed)).toMatchObject({ remaining: "2", used: "1", reset: String(Math.ceil((clockMs + HOUR_MS) / 1000)) });
    // Each caller has its own window.
    expect((await call("GET", "/repos/acme/app", "Bearer other")).headers.get("x-ratelimit-used")).toBe("1");
  });

  it("reports every resource at /rate_limit", async () => {
    await start();
    await call("GET", "/repos/acme/app", "Bearer p");
    const { body } = await call("GET", "/rate_limit", "Bearer p");
    const resources = body["resources"] as Record<string, Record<string, number>>;
    expect(Object.keys(resources).sort()).toEqual(["code_search", "core", "graphql", "search"]);
    expect(resources["core"]).toEqual({ limit: 5000, used: 1, remaining: 4999, reset: Math.ceil((clockMs + HOUR_MS) / 1000) });
    expect(resources["search"]).toMatchObject({ limit: 30, used: 0, reset: Math.ceil((clockMs + HOUR_MS / 60) / 1000) });
    expect(body["rate"]).toEqual(resources["core"]);
  });
});

describe("code-host secondary limits", () => {
  const secondary = /You have exceeded a secondary rate limit/;

  it("refuses requests beyond the concurrency limit, without retry-after", async () => {
    const { emulator } = await start({ latencyMs: 300, secondary: { concurrency: 2 } });
    const answers = await Promise.all([0, 1, 2].map(() => call("GET", "/repos/acme/app", "Bearer p")));
    const refused = answers.filter((answer) => answer.status === 403);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body["message"]).toMatch(secondary);
    expect(refused[0]!.body["message"]).toMatch(/concurrent requests/);
    expect(refused[0]!.headers.get("retry-after")).toBeNull();
    const store = emulator.store.api("codehost") as CodeHostStore;
    expect(store.peakInFlight).toBe(2);
    expect(store.totalInFlight()).toBe(0);
  });

  it("counts points per minute per endpoint (GET 1, POST 5) and says retry-after; 429 when configured", async () => {
    await start({ secondary: { pointsPerMinute: 6 }, limitStatus: 429 });
    for (let index = 0; index < 6; index++) expect((await call("GET", "/repos/acme/app", "Bearer p")).status).toBe(200);
    const refused = await call("GET", "/repos/acme/other", "Bearer p");
    expect(refused.status).toBe(429);
    expect(refused.body["message"]).toMatch(secondary);
    expect(refused.headers.get("retry-after")).toBe("1");
    // Another endpoint has its own budget: a POST costs 5 of its 6.
    expect((await call("POST", "/repos/acme/app/issues", "Bearer p", { title: "a" })).status).toBe(201);
    expect((await call("POST", "/repos/acme/app/issues", "Bearer p", { title: "b" })).status).toBe(429);
    clockMs += HOUR_MS / 60 + 1;
    expect((await call("GET", "/repos/acme/app", "Bearer p")).status).toBe(200);
  });

  it("limits content creation per minute and per hour; retry-after can be turned off", async () => {
    await start({ secondary: { creationsPerMinute: 2, creationsPerHour: 3, retryAfter: false } });
    const create = (): Promise<Answer> => call("POST", "/repos/acme/app/issues", "Bearer p", { title: "t" });
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(201);
    const perMinute = await create();
    expect(perMinute.status).toBe(403);
    expect(perMinute.body["message"]).toMatch(/content creation per minute/);
    expect(perMinute.headers.get("retry-after")).toBeNull();
    clockMs += HOUR_MS / 60 + 1;
    expect((await create()).status).toBe(201);
    clockMs += HOUR_MS / 60 + 1;
    expect((await create()).body["message"]).toMatch(/content creation per hour/);
    clockMs += HOUR_MS;
    expect((await create()).status).toBe(201);
  });
});

describe("code-host flags", () => {
  it("parses token kinds, the scaled hour, the refusal status and latency, and names a bad value", () => {
    const commandLine = parseCommandLine(
      ["--codehost-tokens", "a=personal,b=workflow", "--codehost-hour-ms", "3600", "--codehost-limit-status", "429", "--codehost-latency-ms", "20"],
      defaultApis,
    );
    if (commandLine === "help") throw new Error("expected a command line");
    expect(commandLine.emulatorOptions.codehost).toEqual({ tokens: { a: "personal", b: "workflow" }, hourMs: 3600, limitStatus: 429, latencyMs: 20 });
    expect(() => parseCommandLine(["--codehost-tokens", "a=admin"], defaultApis)).toThrow(/--codehost-tokens takes <token>=<kind> pairs/);
    expect(() => parseCommandLine(["--codehost-limit-status", "500"], defaultApis)).toThrow(/must be 403 or 429/);
  });
});
