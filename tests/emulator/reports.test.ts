/**
 * The reports API of the emulator as Google's own Node client sees it
 * (`googleapis`' `admin_reports_v1.Admin`, every response checked against its
 * `Schema$*` types), and its push-notification channels as a receiver sees
 * them: an HTTPS receiver whose certificate a CA made here signs, which the
 * emulator is told to trust.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { admin_reports_v1 } from "googleapis/build/src/apis/admin/reports_v1";
import { OAuth2Client } from "googleapis-common";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { readClientSchemas, schemaProblems } from "../support/googleClientSchemas";
import type { TestCa } from "../support/tls";
import { makeTestCa, startHttpsReceiver, startRecordingReceiver, writeCaFile, type RecordingReceiver } from "../support/tls";
import { apis } from "../../emulator/apis";
import { parseCommandLine } from "../../emulator/command-line";
import type { TestEmulator } from "./helpers";
import { startEmulator, TOKEN } from "./helpers";

jest.setTimeout(60_000);

const OTHER_USER_TOKEN = "other-user-token";
const OTHER_CLIENT_TOKEN = "other-client-token";
const SERVICE_TOKEN = "service-account-token";

let client: ClientSchemas;
let ca: TestCa;
let emulator: TestEmulator;
let reports: admin_reports_v1.Admin;
let receiver: RecordingReceiver;

beforeAll(async () => {
  client = readClientSchemas({
    declarationFile: path.join(path.dirname(require.resolve("googleapis/package.json")), "build/src/apis/admin/reports_v1.d.ts"),
    namespace: "admin_reports_v1",
    apiClass: "Admin",
  });
  ca = makeTestCa();
  receiver = await startRecordingReceiver(ca);
  emulator = await startEmulator({
    trustCa: ca.caPem,
    channelDelivery: { retryBaseMs: 20, maxAttempts: 4 },
    reports: {
      owners: {
        [TOKEN]: { user: "admin@example.test", client: "console", serviceAccount: false },
        [OTHER_USER_TOKEN]: { user: "bob@example.test", client: "console", serviceAccount: false },
        [OTHER_CLIENT_TOKEN]: { user: "admin@example.test", client: "other-client", serviceAccount: false },
        [SERVICE_TOKEN]: { user: "robot@example.test", client: "console", serviceAccount: true },
      },
      nonAdmins: [OTHER_USER_TOKEN],
    },
  });
  reports = clientFor(TOKEN);
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
  receiver.received.length = 0;
  receiver.answers.clear();
});

function clientFor(token: string): admin_reports_v1.Admin {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token });
  return new admin_reports_v1.Admin({ rootUrl: `${emulator.baseUrl}/`, auth });
}

function expectSchema(schema: string, data: unknown): void {
  expect(schemaProblems(client, schema, data)).toEqual([]);
}

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function addActivity(events: Array<{ name: string; parameters?: Record<string, unknown> }>, actorEmail?: string): Promise<number> {
  const { status, body } = await emulator.request<{ added: Array<{ notifiedChannels: number }> }>("POST", "/_emulator/reports/activities", {
    body: { activities: [{ events, ...(actorEmail !== undefined && { actorEmail }) }] },
    token: null,
  });
  expect(status).toBe(200);
  return body.added[0]?.notifiedChannels ?? -1;
}

function watchBody(id: string, extra: Record<string, unknown> = {}): admin_reports_v1.Schema$Channel {
  return { id, type: "web_hook", address: `${receiver.url}/hook`, token: "target=audit", ...extra };
}

async function deliveries(): Promise<Array<{ channelId: string; messageNumber: number; state: string; attempts: unknown[]; outcome: string }>> {
  const { body } = await emulator.request<{ deliveries: [] }>("GET", "/_emulator/reports/channels", { token: null });
  return body.deliveries;
}

/** The delivery log once it holds `count` messages, none of them still under way. */
async function settledDeliveries(count: number): Promise<Awaited<ReturnType<typeof deliveries>>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const all = await deliveries();
    if (all.length === count && all.every((record) => record.outcome !== "pending")) return all;
    if (Date.now() > deadline) throw new Error(`deliveries did not settle: ${JSON.stringify(all)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("activities.list", () => {
  it("pages through the seeded trail newest first, typed as the client types Activities", async () => {
    const pages: admin_reports_v1.Schema$Activities[] = [];
    let pageToken: string | undefined;
    do {
      const response = await reports.activities.list({
        userKey: "all",
        applicationName: "token",
        maxResults: 100,
        ...(pageToken !== undefined && { pageToken }),
      });
      expectSchema("Activities", response.data);
      pages.push(response.data);
      pageToken = response.data.nextPageToken ?? undefined;
    } while (pageToken !== undefined);
    const items = pages.flatMap((page) => page.items ?? []);
    expect(pages.map((page) => page.items?.length)).toEqual([100, 100, 50]);
    expect(new Set(items.map((item) => item.id?.uniqueQualifier)).size).toBe(250);
    const times = items.map((item) => Date.parse(item.id?.time ?? ""));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items[0]).toEqual(expect.objectContaining({ kind: "admin#reports#activity", ownerDomain: "example.test" }));
    expect(new Set(items.flatMap((item) => item.events?.map((event) => event.name)))).toEqual(new Set(["activity", "authorize", "request", "revoke"]));
    const activityEvent = items.flatMap((item) => item.events ?? []).find((event) => event.name === "activity");
    expect(activityEvent?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      "api_name",
      "app_name",
      "client_id",
      "client_type",
      "method_name",
      "num_response_bytes",
      "product_bucket",
    ]);
  });

  it("returns whole every activity that contains the event asked for, other events included", async () => {
    const response = await reports.activities.list({ userKey: "all", applicationName: "token", eventName: "authorize" });
    const items = response.data.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.events?.some((event) => event.name === "authorize"))).toBe(true);
    expect(items.some((item) => item.events?.some((event) => event.name === "request"))).toBe(true);
  });

  it("applies filters to the parameters of one event, and the actor, window and address", async () => {
    const byApp = await reports.activities.list({ userKey: "alice@example.test", applicationName: "token", filters: "app_name==Mail Archiver" });
    const items = byApp.data.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.actor?.email).toBe("alice@example.test");
      expect(item.events?.some((event) => event.parameters?.some((p) => p.name === "app_name" && p.value === "Mail Archiver"))).toBe(true);
    }
    const big = await reports.activities.list({ userKey: "all", applicationName: "token", eventName: "activity", filters: "num_response_bytes>60000" });
    for (const item of big.data.items ?? []) {
      const bytes = item.events?.flatMap((event) => event.parameters ?? []).find((p) => p.name === "num_response_bytes")?.intValue;
      expect(Number(bytes)).toBeGreaterThan(60000);
    }
    const windowed = await reports.activities.list({
      userKey: "all",
      applicationName: "token",
      startTime: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(windowed.data.items?.length).toBe(4); // 17 minutes apart, the newest a minute ago
  });

  it("refuses a bad window, a bad filter and a bad user key with 400", async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const past = new Date(Date.now() - 3600_000).toISOString();
    const cases: Array<[string, string]> = [
      [`startTime=${future}`, "Start time requested is in the future."],
      [`startTime=${past}&endTime=${past}`, "Start time must be before the end time."],
      ["startTime=yesterday", "Invalid value for 'startTime'"],
      ["filters=app_name", "Invalid value for 'filters'"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await emulator.request<{ error: { message: string } }>(
        "GET",
        `/admin/reports/v1/activity/users/all/applications/token?${query}`,
      );
      expect({ query, status, message: body.error.message }).toEqual({ query, status: 400, message: expect.stringContaining(message) });
    }
    expect((await emulator.request("GET", "/admin/reports/v1/activity/users/not-a-user/applications/token")).status).toBe(400);
    // A user who is not an administrator reads only their own activities.
    const own = await emulator.request("GET", "/admin/reports/v1/activity/users/bob@example.test/applications/token", { token: OTHER_USER_TOKEN });
    expect(own.status).toBe(200);
    const all = await emulator.request<{ error: { message: string } }>("GET", "/admin/reports/v1/activity/users/all/applications/token", {
      token: OTHER_USER_TOKEN,
    });
    expect({ status: all.status, message: all.body.error.message }).toEqual({ status: 403, message: "Not Authorized to access this resource/api" });
  });

  it("refuses an application name the service does not know with 400, through Google's client, for a list and a watch", async () => {
    const reports = clientFor(TOKEN);
    const refusalOf = async (call: Promise<unknown>): Promise<{ status?: number; errors?: unknown; message: string }> => {
      try {
        await call;
      } catch (error) {
        const failed = error as { status?: number; message: string; response?: { data?: { error?: { errors?: unknown } } } };
        return { status: failed.status, message: failed.message, errors: failed.response?.data?.error?.errors };
      }
      throw new Error("the call succeeded; a 400 was expected");
    };
    const listed = await refusalOf(reports.activities.list({ userKey: "all", applicationName: "tokens" }));
    expect(listed.status).toBe(400);
    expect(listed.message).toMatch(/^Invalid value 'tokens'\. Values must match the following regular expression: '.*\(token\)/);
    expect(listed.errors).toEqual([
      expect.objectContaining({ domain: "global", reason: "invalidParameter", location: "applicationName", locationType: "parameter" }),
    ]);
    const watched = await refusalOf(reports.activities.watch({ userKey: "all", applicationName: "no_such_app", requestBody: watchBody("unknown-app") }));
    expect(watched.status).toBe(400);
    // Every name the discovery document lists is known (a few of them, and the spec's own).
    for (const applicationName of ["token", "admin", "drive", "login", "gemini_in_workspace_apps"]) {
      expect((await reports.activities.list({ userKey: "all", applicationName })).status).toBe(200);
    }
  });
});

describe("activities.watch and channels.stop", () => {
  it("sends the sync message, then a notification with the activity for each new matching activity", async () => {
    const watched = await reports.activities.watch({ userKey: "all", applicationName: "token", eventName: "authorize", requestBody: watchBody("audit-1") });
    expectSchema("Channel", watched.data);
    expect(watched.data).toEqual(expect.objectContaining({ kind: "api#channel", id: "audit-1", token: "target=audit" }));
    const sync = await until("the sync message", () => receiver.received[0]);
    expect(sync.headers).toEqual(
      expect.objectContaining({
        "x-svc-channel-id": "audit-1",
        "x-svc-message-number": "1",
        "x-svc-resource-state": "sync",
        "x-svc-resource-id": watched.data.resourceId,
        "x-svc-resource-uri": watched.data.resourceUri,
        "x-svc-channel-token": "target=audit",
        "x-svc-channel-expiration": new Date(Number(watched.data.expiration)).toUTCString(),
      }),
    );
    expect(await addActivity([{ name: "revoke" }])).toBe(0);
    expect(await addActivity([{ name: "request" }, { name: "authorize" }])).toBe(1);
    expect(await addActivity([{ name: "authorize", parameters: { app_name: "New App" } }])).toBe(1);
    await until("two notifications", () => (receiver.received.length >= 3 ? true : undefined));
    const [first, second] = receiver.received
      .slice(1)
      .map((message) => ({ headers: message.headers, activity: JSON.parse(message.body) as admin_reports_v1.Schema$Activity }));
    expect(first?.headers["x-svc-resource-state"]).toBe("authorize");
    expect(first?.activity.events?.map((event) => event.name)).toEqual(["request", "authorize"]);
    expectSchema("Activity", first?.activity);
    const numbers = [sync, ...receiver.received.slice(1)].map((message) => Number(message.headers["x-svc-message-number"]));
    expect(numbers[1]! - numbers[0]!).toBeGreaterThan(1);
    expect(numbers[2]! - numbers[1]!).toBeGreaterThan(1);
    expect(second?.activity.events?.[0]?.parameters).toContainEqual({ name: "app_name", value: "New App" });
    // Notifications concern only the watched user when one is named.
    await reports.activities.watch({ userKey: "carol@example.test", applicationName: "token", requestBody: watchBody("audit-carol") });
    expect(await addActivity([{ name: "activity" }], "dave@example.test")).toBe(0);
    expect(await addActivity([{ name: "authorize" }], "carol@example.test")).toBe(2);
  });

  it("retries 500, 502, 503 and 504 with backoff; any other status is a failed delivery", async () => {
    receiver.answers.set("retried", [503, 500]);
    await reports.activities.watch({ userKey: "all", applicationName: "token", requestBody: watchBody("retried") });
    await until("the sync after two retries", () =>
      receiver.received.filter((m) => m.headers["x-svc-channel-id"] === "retried").length >= 3 ? true : undefined,
    );
    receiver.answers.set("retried", [404]);
    await addActivity([{ name: "authorize" }]);
    const settled = await settledDeliveries(2);
    expect(settled.map(({ state, attempts, outcome }) => ({ state, attempts, outcome }))).toEqual([
      { state: "sync", attempts: [503, 500, 200], outcome: "delivered" },
      { state: "authorize", attempts: [404], outcome: "failed" },
    ]);
  });

  it("checks the channel: web_hook, HTTPS, unique id, id and token lengths; expiration is the more restrictive", async () => {
    const watch = (body: Record<string, unknown>): Promise<{ status: number; body: { error?: { message: string } } & Record<string, unknown> }> =>
      emulator.request("POST", "/admin/reports/v1/activity/users/all/applications/token/watch", { body });
    expect((await watch({ id: "a", type: "web_hook", address: "http://127.0.0.1/hook" })).status).toBe(400);
    expect((await watch({ id: "a", type: "email", address: `${receiver.url}/hook` })).status).toBe(400);
    expect((await watch({ id: "x".repeat(65), type: "web_hook", address: `${receiver.url}/hook` })).status).toBe(400);
    const longToken = await watch({ id: "a", type: "web_hook", address: `${receiver.url}/hook`, token: "t".repeat(257) });
    expect(longToken.status).toBe(400);
    expect(JSON.stringify(longToken.body)).not.toContain("t".repeat(257));
    const soon = Date.now() + 60_000;
    const first = await watch({ id: "a", type: "web_hook", address: `${receiver.url}/hook`, expiration: String(soon) });
    expect(first.status).toBe(200);
    expect(first.body["expiration"]).toBe(String(soon));
    expect(first.body["token"]).toBeUndefined();
    expect((await watch({ id: "a", type: "web_hook", address: `${receiver.url}/hook` })).status).toBe(400);
    const capped = await watch({ id: "b", type: "web_hook", address: `${receiver.url}/hook`, expiration: String(Date.now() + 30 * 24 * 3600_000) });
    expect(Number(capped.body["expiration"])).toBeLessThanOrEqual(Date.now() + 21_600_000);
    const byTtl = await watch({ id: "c", type: "web_hook", address: `${receiver.url}/hook`, params: { ttl: "30" } });
    expect(Number(byTtl.body["expiration"])).toBeLessThanOrEqual(Date.now() + 30_000);
    expect((await watch({ id: "d", type: "web_hook", address: `${receiver.url}/hook`, params: { ttl: "soon" } })).status).toBe(400);
  });

  it("stops a channel only for the same user and client (any user of the client for a service account); a wrong resourceId is 404", async () => {
    const made = (await reports.activities.watch({ userKey: "all", applicationName: "token", requestBody: watchBody("owned") })).data;
    const stop = (token: string, body: Record<string, unknown>): Promise<{ status: number; body: { error?: { message: string } } }> =>
      emulator.request("POST", "/admin/reports_v1/channels/stop", { body, token });
    expect((await stop(TOKEN, { id: "owned", resourceId: "wrong" })).status).toBe(404);
    const otherUser = await stop(OTHER_USER_TOKEN, { id: "owned", resourceId: made.resourceId });
    expect(otherUser.status).toBe(403);
    expect(otherUser.body.error?.message).toContain("created by another user or OAuth client");
    expect((await stop(OTHER_CLIENT_TOKEN, { id: "owned", resourceId: made.resourceId })).status).toBe(403);
    const stopped = await clientFor(TOKEN).channels.stop({ requestBody: { id: "owned", resourceId: made.resourceId } });
    expect(stopped.status).toBe(204);
    expect((await stop(TOKEN, { id: "owned", resourceId: made.resourceId })).status).toBe(404);
    expect(await addActivity([{ name: "authorize" }])).toBe(0);

    const robot = (await clientFor(SERVICE_TOKEN).activities.watch({ userKey: "all", applicationName: "token", requestBody: watchBody("robot") })).data;
    expect((await stop(OTHER_CLIENT_TOKEN, { id: "robot", resourceId: robot.resourceId })).status).toBe(403);
    expect((await stop(OTHER_USER_TOKEN, { id: "robot", resourceId: robot.resourceId })).status).toBe(204);
  });

  it("never records a channel token in the request log, and counts a receiver of an untrusted CA as a failed delivery", async () => {
    const stranger = makeTestCa("stranger CA");
    const untrusted = await startHttpsReceiver(stranger, (_request, response) => response.end());
    try {
      await reports.activities.watch({
        userKey: "all",
        applicationName: "token",
        requestBody: { ...watchBody("untrusted"), address: `${untrusted.url}/hook` },
      });
      const { body } = await emulator.request<{ requests: Array<{ body: unknown }> }>("GET", "/_emulator/requests?method=POST", { token: null });
      expect(JSON.stringify(body.requests)).not.toContain("target=audit");
      const [record] = await settledDeliveries(1);
      expect(record).toEqual(
        expect.objectContaining({ channelId: "untrusted", outcome: "failed", attempts: [expect.stringMatching(/CERT|SELF_SIGNED|UNABLE/)] }),
      );
    } finally {
      await untrusted.close();
    }
  });
});

describe("command line", () => {
  it("reads --trust-ca files and the reports flags into the options", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-ca-"));
    try {
      const file = writeCaFile(ca, path.join(dir, "ca.pem"));
      const parsed = parseCommandLine(
        [
          "--trust-ca",
          file,
          "--reports-seed-activities",
          "10",
          "--reports-channel-max-ttl",
          "60",
          "--reports-owner",
          "tk=alice@example.test:cli:service",
          "--reports-non-admins",
          "u1,u2",
        ],
        apis,
      );
      expect(parsed).not.toBe("help");
      if (parsed === "help") return;
      expect(parsed.emulatorOptions.trustCa).toEqual([ca.caPem]);
      expect(parsed.emulatorOptions.reports).toEqual({
        seedActivities: 10,
        channelMaxTtlSeconds: 60,
        owners: { tk: { user: "alice@example.test", client: "cli", serviceAccount: true } },
        nonAdmins: ["u1", "u2"],
      });
      writeFileSync(path.join(dir, "not.pem"), "hello");
      expect(() => parseCommandLine(["--trust-ca", path.join(dir, "not.pem")], apis)).toThrow(/must be a PEM certificate/);
      expect(() => parseCommandLine(["--reports-owner", "tk=alice"], apis)).toThrow(/<token>=<user>:<oauth client>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("shutdown", () => {
  it("closes without waiting for deliveries under way (a receiver that never receiver.answers)", async () => {
    let arrived = false;
    const stuck = await startHttpsReceiver(ca, () => void (arrived = true));
    const own = await startEmulator({ trustCa: ca.caPem });
    try {
      const watched = await own.request("POST", "/admin/reports/v1/activity/users/all/applications/token/watch", {
        body: { id: "stuck", type: "web_hook", address: `${stuck.url}/hook` },
      });
      expect(watched.status).toBe(200);
      await until("the sync to reach the receiver", () => (arrived ? true : undefined));
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await stuck.close();
    }
  });
});
