/**
 * The calendar emulator's own machinery over real HTTP: users by token, quota
 * units per user (patch 3, others 1) and the per-minute quota, `If-Match` and
 * `ETag` in the request log (never the token), the change feed, and its flags.
 */
import { parseCommandLine } from "../../emulator/command-line";
import { createApiClient } from "../../provider/http/client";
import { apis } from "../../emulator/apis";
import type { CalendarChange, CalendarStore } from "../../emulator/apis/calendar/store";
import { createEmulator, type Emulator, type EmulatorOptions } from "../../emulator/server";
import { httpRequest } from "./helpers";
import { testBudget } from "../support/budget";

const ACL = "/calendar/v3/calendars/primary/acl";

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: EmulatorOptions = {}): Promise<string> {
  emulator = createEmulator(options);
  return emulator.listen(0);
}

async function json<T>(baseUrl: string, path: string): Promise<T> {
  return (await httpRequest<T>(baseUrl, "GET", path, { token: null })).body;
}

describe("calendar users", () => {
  it("makes a token t the user t@example.test, with a primary calendar whose id is the e-mail", async () => {
    const baseUrl = await start();
    const primary = await httpRequest<{ id: string }>(baseUrl, "GET", "/calendar/v3/calendars/primary", { token: "t" });
    expect(primary.body.id).toBe("t@example.test");
    expect((await httpRequest(baseUrl, "GET", "/calendar/v3/calendars/t@example.test", { token: "t" })).status).toBe(200);
    // Another user's primary calendar is not visible without a rule.
    expect((await httpRequest(baseUrl, "GET", "/calendar/v3/calendars/t@example.test", { token: "u" })).status).toBe(404);
  });

  it("accepts only the configured tokens when users are given (401 authError otherwise)", async () => {
    const baseUrl = await start({ calendar: { users: { a: "ann@corp.example" } } });
    expect((await httpRequest<{ id: string }>(baseUrl, "GET", "/calendar/v3/calendars/primary", { token: "a" })).body.id).toBe("ann@corp.example");
    const refused = await httpRequest<{ error: { errors: Array<{ reason: string }> } }>(baseUrl, "GET", "/calendar/v3/calendars/primary", { token: "b" });
    expect([refused.status, refused.body.error.errors[0]?.reason]).toEqual([401, "authError"]);
  });

  it("reads --calendar-users and --calendar-quota-per-minute, refusing malformed values", () => {
    const parsed = parseCommandLine(["--calendar-users", "a=ann@corp.example,b=bob@corp.example", "--calendar-quota-per-minute", "30"], apis);
    expect(parsed !== "help" && parsed.emulatorOptions.calendar).toEqual({ users: { a: "ann@corp.example", b: "bob@corp.example" }, quotaUnitsPerMinute: 30 });
    expect(() => parseCommandLine(["--calendar-users", "a=not-an-email"], apis)).toThrow(/--calendar-users must be <token>=<email>/);
  });
});

describe("quota units", () => {
  it("counts a patch as 3 units and any other request as 1, per user, in /_emulator/stats", async () => {
    const baseUrl = await start();
    const body = { scope: { type: "user", value: "x@corp.example" }, role: "reader" };
    await httpRequest(baseUrl, "POST", ACL, { token: "a", body });
    const rule = `${ACL}/${encodeURIComponent("user:x@corp.example")}`;
    await httpRequest(baseUrl, "PATCH", rule, { token: "a", body: { role: "writer" } });
    await httpRequest(baseUrl, "GET", rule, { token: "b" });
    const stats = await json<{ quotaUnits: Record<string, number> }>(baseUrl, "/_emulator/stats");
    expect(stats.quotaUnits).toEqual({ "a@example.test": 4, "b@example.test": 1 });
  });

  it("refuses a request beyond the per-minute quota with 403 rateLimitExceeded, which costs nothing", async () => {
    let nowMs = Date.parse("2030-01-01T00:00:00Z");
    const baseUrl = await start({ now: () => new Date(nowMs), calendar: { quotaUnitsPerMinute: 4 } });
    expect((await httpRequest(baseUrl, "PATCH", "/calendar/v3/calendars/primary", { token: "a", body: { location: "x" } })).status).toBe(200);
    expect((await httpRequest(baseUrl, "GET", "/calendar/v3/colors", { token: "a" })).status).toBe(200);
    const refused = await httpRequest<{ error: { errors: Array<{ reason: string; domain: string }> } }>(baseUrl, "PATCH", "/calendar/v3/calendars/primary", {
      token: "a",
      body: { location: "y" },
    });
    expect([refused.status, refused.body.error.errors[0]]).toEqual([403, expect.objectContaining({ reason: "rateLimitExceeded", domain: "usageLimits" })]);
    expect((await httpRequest(baseUrl, "GET", "/calendar/v3/colors", { token: "b" })).status).toBe(200); // per user
    nowMs += 61_000;
    expect((await httpRequest(baseUrl, "PATCH", "/calendar/v3/calendars/primary", { token: "a", body: { location: "y" } })).status).toBe(200);
    expect((await json<{ quotaUnits: Record<string, number> }>(baseUrl, "/_emulator/stats")).quotaUnits["a@example.test"]).toBe(7);
  });
});

describe("the provider's client under the per-minute quota", () => {
  it("retries a 403 rateLimitExceeded with backoff until the quota has room; other 403s are refusals", async () => {
    let nowMs = Date.parse("2030-01-01T00:00:00Z");
    const baseUrl = await start({ now: () => new Date(nowMs), calendar: { quotaUnitsPerMinute: 1 } });
    const waits: number[] = [];
    const client = createApiClient(
      { api: "calendar", baseUrl: `${baseUrl}/calendar/v3`, token: "a" },
      {
        // Each wait passes on the emulator's clock, so the minute ends after a few of them.
        sleep: async (ms) => {
          waits.push(ms);
          nowMs += 20_000;
        },
        log: () => undefined,
      },
    );
    await client.send({ method: "GET", path: "colors" }, testBudget());
    await client.send({ method: "GET", path: "colors" }, testBudget());
    expect(waits.length).toBeGreaterThanOrEqual(2);
    const refusals = (await json<{ requests: Array<{ status: number }> }>(baseUrl, "/_emulator/requests")).requests.filter(({ status }) => status === 403);
    expect(refusals).toHaveLength(waits.length);
    nowMs += 60_000;
    // A 403 that is no usage limit (too little access: b lets a see free/busy only) is not repeated.
    const shared = await httpRequest(baseUrl, "POST", "/calendar/v3/calendars/primary/acl", {
      token: "b",
      body: { scope: { type: "user", value: "a@example.test" }, role: "freeBusyReader" },
    });
    expect(shared.status).toBe(200);
    const before = waits.length;
    await expect(client.send({ method: "GET", path: "calendars/b%40example.test/events" }, testBudget())).rejects.toMatchObject({
      status: 403,
      reason: "requiredAccessLevel",
    });
    expect(waits.length).toBe(before);
  });
});

describe("the request log", () => {
  it("records If-Match and ETag, never the token", async () => {
    const baseUrl = await start();
    const got = await httpRequest<{ etag: string }>(baseUrl, "GET", "/calendar/v3/calendars/primary", { token: "secret-token-1" });
    expect(got.headers.get("etag")).toBe(got.body.etag);
    await httpRequest(baseUrl, "PUT", "/calendar/v3/calendars/primary", {
      token: "secret-token-1",
      body: { summary: "Mine" },
      headers: { "If-Match": got.body.etag },
    });
    const { requests } = await json<{ requests: Array<{ method: string; headers?: Record<string, string> }> }>(baseUrl, "/_emulator/requests");
    expect(requests.map(({ method, headers }) => ({ method, headers }))).toEqual([
      { method: "GET", headers: { etag: got.body.etag } },
      { method: "PUT", headers: { "if-match": got.body.etag, etag: expect.stringMatching(/^"\d+"$/) } },
    ]);
    expect(JSON.stringify(requests)).not.toContain("secret-token-1");
  });
});

describe("the change feed", () => {
  it("announces every write with its user, collection and calendar, and nothing for reads", async () => {
    const baseUrl = await start();
    const changes: CalendarChange[] = [];
    const store = emulator?.store.api("calendar") as CalendarStore;
    const stop = store.onChange((change) => changes.push(change));
    const created = await httpRequest<{ id: string }>(baseUrl, "POST", "/calendar/v3/calendars", { token: "a", body: { summary: "Team" } });
    await httpRequest(baseUrl, "POST", `/calendar/v3/calendars/${created.body.id}/acl`, { token: "a", body: { scope: { type: "default" }, role: "reader" } });
    await httpRequest(baseUrl, "POST", "/calendar/v3/calendars/primary/events", {
      token: "a",
      body: { start: { date: "2030-01-01" }, end: { date: "2030-01-02" } },
    });
    await httpRequest(baseUrl, "PATCH", `/calendar/v3/users/me/calendarList/${created.body.id}`, { token: "a", body: { hidden: true } });
    await httpRequest(baseUrl, "GET", `/calendar/v3/calendars/${created.body.id}/acl`, { token: "a" });
    expect(changes).toEqual([
      { user: "a@example.test", resource: "calendarList", calendarId: created.body.id },
      { user: "a@example.test", resource: "acl", calendarId: created.body.id },
      { user: "a@example.test", resource: "events", calendarId: "a@example.test" },
      { user: "a@example.test", resource: "calendarList", calendarId: created.body.id },
    ]);
    stop();
    await httpRequest(baseUrl, "DELETE", `/calendar/v3/calendars/${created.body.id}`, { token: "a" });
    expect(changes).toHaveLength(4);
  });
});
