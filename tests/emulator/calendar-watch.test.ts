/**
 * The calendar's watch channels as Google's own Node client drives them
 * (`calendar_v3.Calendar`: acl.watch, events.watch, calendarList.watch,
 * settings.watch, channels.stop, every answer checked against the client's
 * schemas) and as an HTTPS receiver sees them (a CA made here, trusted by
 * the emulator): the sync message, a notification per change of the watched
 * collection (from the store's change feed), retries, expiration on the
 * emulator's clock, stops by the same user only, quota units.
 */
import path from "node:path";
import { calendar_v3 } from "googleapis/build/src/apis/calendar/v3";
import { OAuth2Client } from "googleapis-common";
import type { ClientSchemas } from "../support/googleClientSchemas";
import { readClientSchemas, schemaProblems } from "../support/googleClientSchemas";
import { makeTestCa, startRecordingReceiver, type ReceivedMessage, type RecordingReceiver } from "../support/tls";
import type { TestEmulator } from "./helpers";
import { startEmulator } from "./helpers";

jest.setTimeout(60_000);

const ALICE = "alice-token";
const BOB = "bob-token";
const ALICE_EMAIL = "alice@corp.example";
const MAX_TTL_SECONDS = 3600;

let client: ClientSchemas;
let emulator: TestEmulator;
let receiver: RecordingReceiver;
let alice: calendar_v3.Calendar;
let bob: calendar_v3.Calendar;
/** The emulator's clock runs this far ahead of the system's. */
let clockOffsetMs = 0;

beforeAll(async () => {
  client = readClientSchemas({
    declarationFile: path.join(path.dirname(require.resolve("googleapis/package.json")), "build/src/apis/calendar/v3.d.ts"),
    namespace: "calendar_v3",
    apiClass: "Calendar",
  });
  const ca = makeTestCa();
  receiver = await startRecordingReceiver(ca);
  emulator = await startEmulator({
    trustCa: ca.caPem,
    now: () => new Date(Date.now() + clockOffsetMs),
    channelDelivery: { retryBaseMs: 20, maxAttempts: 5 },
    calendar: { users: { [ALICE]: ALICE_EMAIL, [BOB]: "bob@corp.example" }, channelMaxTtlSeconds: MAX_TTL_SECONDS },
  });
  alice = clientFor(ALICE);
  bob = clientFor(BOB);
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset", { token: null });
  receiver.received.length = 0;
  receiver.answers.clear();
  clockOffsetMs = 0;
});

function clientFor(token: string): calendar_v3.Calendar {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token });
  return new calendar_v3.Calendar({ rootUrl: `${emulator.baseUrl}/`, auth });
}

function channel(id: string, extra: calendar_v3.Schema$Channel = {}): calendar_v3.Schema$Channel {
  return { id, type: "web_hook", address: `${receiver.url}/hook`, token: `target=${id}`, ...extra };
}

async function watched(method: string, run: () => Promise<{ status: number; data: calendar_v3.Schema$Channel }>): Promise<calendar_v3.Schema$Channel> {
  const response = await run();
  expect({ method, status: response.status, problems: schemaProblems(client, client.methods.get(method) ?? "missing", response.data) }).toEqual({
    method,
    status: 200,
    problems: [],
  });
  return response.data;
}

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: receiver.received ${JSON.stringify(receiver.received.map((m) => m.headers))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const messagesOf = (channelId: string): ReceivedMessage[] => receiver.received.filter((message) => message.headers["x-svc-channel-id"] === channelId);
const statesOf = (channelId: string): string[] => messagesOf(channelId).map((message) => String(message.headers["x-svc-resource-state"]));

interface Delivery {
  channelId: string;
  state: string;
  attempts: unknown[];
  outcome: string;
}

/** The delivery log once it holds `count` messages, none of them still under way. */
async function settledDeliveries(count: number): Promise<Delivery[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { body } = await emulator.request<{ deliveries: Delivery[] }>("GET", "/_emulator/calendar/channels", { token: null });
    if (body.deliveries.length === count && body.deliveries.every((record) => record.outcome !== "pending")) return body.deliveries;
    if (Date.now() > deadline) throw new Error(`deliveries did not settle: ${JSON.stringify(body.deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function quotaUnits(): Promise<Record<string, number>> {
  const { body } = await emulator.request<{ quotaUnits: Record<string, number> }>("GET", "/_emulator/stats", { token: null });
  return body.quotaUnits;
}

describe("the calendar watch methods", () => {
  it("answer a Channel and send the sync message with the X-Svc headers, then one notification per change of the watched collection", async () => {
    const acl = await watched("acl.watch", () => alice.acl.watch({ calendarId: "primary", requestBody: channel("acl-1") }));
    expect(acl).toEqual(expect.objectContaining({ kind: "api#channel", id: "acl-1", token: "target=acl-1" }));
    expect(acl.resourceUri).toMatch(new RegExp(`/calendar/v3/calendars/${encodeURIComponent(ALICE_EMAIL)}/acl\\?alt=json$`));
    const sync = await until("the sync message", () => messagesOf("acl-1")[0]);
    expect(sync.headers).toEqual(
      expect.objectContaining({
        "x-svc-channel-id": "acl-1",
        "x-svc-channel-token": "target=acl-1",
        "x-svc-message-number": "1",
        "x-svc-resource-state": "sync",
        "x-svc-resource-id": acl.resourceId,
        "x-svc-resource-uri": acl.resourceUri,
        "x-svc-channel-expiration": new Date(Number(acl.expiration)).toUTCString(),
      }),
    );
    const events = await watched("events.watch", () => alice.events.watch({ calendarId: ALICE_EMAIL, requestBody: channel("events-1") }));
    const list = await watched("calendarList.watch", () => alice.calendarList.watch({ requestBody: channel("list-1") }));
    const settings = await watched("settings.watch", () => alice.settings.watch({ requestBody: channel("settings-1") }));
    expect(new Set([acl.resourceId, events.resourceId, list.resourceId, settings.resourceId]).size).toBe(4);
    // The same collection gives the same resource id (primary and the e-mail are one calendar).
    const again = await watched("acl.watch", () => alice.acl.watch({ calendarId: ALICE_EMAIL, requestBody: channel("acl-2") }));
    expect(again.resourceId).toBe(acl.resourceId);
    await until("five sync messages", () => (receiver.received.length >= 5 ? true : undefined));

    await alice.acl.insert({
      calendarId: "primary",
      sendNotifications: false,
      requestBody: { scope: { type: "user", value: "carol@corp.example" }, role: "reader" },
    });
    await until("the ACL notifications", () => (statesOf("acl-1").length >= 2 && statesOf("acl-2").length >= 2 ? true : undefined));
    const notification = messagesOf("acl-1")[1]!;
    expect(notification.headers).toEqual(
      expect.objectContaining({ "x-svc-resource-state": "exists", "x-svc-channel-token": "target=acl-1", "x-svc-resource-id": acl.resourceId }),
    );
    expect(Number(notification.headers["x-svc-message-number"])).toBeGreaterThan(1);
    // The calendar's notifications carry no body: the receiver syncs the list.
    expect(notification.body).toBe("");

    await alice.events.insert({
      calendarId: "primary",
      requestBody: { summary: "Review", start: { dateTime: "2030-01-07T09:00:00Z" }, end: { dateTime: "2030-01-07T10:00:00Z" } },
    });
    const made = await alice.calendars.insert({ requestBody: { summary: "Team" } });
    await until("the events and list notifications", () => (statesOf("events-1").length >= 2 && statesOf("list-1").length >= 2 ? true : undefined));
    // Only the watched collection: the new calendar's ACL is another calendar's; settings have no writes.
    await settledDeliveries(9);
    expect({ acl: statesOf("acl-1"), events: statesOf("events-1"), list: statesOf("list-1"), settings: statesOf("settings-1") }).toEqual({
      acl: ["sync", "exists"],
      events: ["sync", "exists"],
      list: ["sync", "exists"],
      settings: ["sync"],
    });
    expect(made.data.id).toMatch(/@group\.calendar\.google\.com$/);
  });

  it("follow the calendar, whoever changes it, and need the access its list needs", async () => {
    await alice.acl.insert({ calendarId: "primary", requestBody: { scope: { type: "user", value: "bob@corp.example" }, role: "writer" } });
    const bobsWatch = await watched("events.watch", () => bob.events.watch({ calendarId: ALICE_EMAIL, requestBody: channel("bob-events") }));
    await bob.events.insert({ calendarId: ALICE_EMAIL, requestBody: { summary: "Bob books", start: { date: "2030-02-01" }, end: { date: "2030-02-02" } } });
    await until("the notification of bob's change", () => (statesOf("bob-events").length >= 2 ? true : undefined));
    expect(bobsWatch.resourceUri).toContain(`/calendars/${encodeURIComponent(ALICE_EMAIL)}/events`);
    // Bob writes events but does not own the calendar: its ACL is not his to read, nor to watch.
    const refused = await bob.acl
      .watch({ calendarId: ALICE_EMAIL, requestBody: channel("bob-acl") })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(refused).toEqual(
      expect.objectContaining({
        status: 403,
        data: expect.objectContaining({ error: expect.objectContaining({ errors: [expect.objectContaining({ reason: "requiredAccessLevel" })] }) }),
      }),
    );
    const unknown = await emulator.request("POST", "/calendar/v3/calendars/nobody%40corp.example/events/watch", { token: ALICE, body: channel("x") });
    expect(unknown.status).toBe(404);
    const plain = await emulator.request<{ error: { errors: Array<{ reason: string }> } }>("POST", "/calendar/v3/users/me/calendarList/watch", {
      token: ALICE,
      body: channel("plain", { address: "http://127.0.0.1/hook" }),
    });
    expect({ status: plain.status, reason: plain.body.error.errors[0]?.reason }).toEqual({ status: 400, reason: "push.webhookUrlNotHttps" });
    expect(messagesOf("bob-acl")).toEqual([]);
  });
});

describe("calendar channels", () => {
  it("retry 500, 502, 503 and 504 with backoff", async () => {
    receiver.answers.set("flaky", [500, 502]);
    await alice.acl.watch({ calendarId: "primary", requestBody: channel("flaky") });
    await until("the sync after retries", () => (messagesOf("flaky").length >= 3 ? true : undefined));
    receiver.answers.set("flaky", [503, 504]);
    await alice.acl.insert({ calendarId: "primary", requestBody: { scope: { type: "default" }, role: "freeBusyReader" } });
    const settled = await settledDeliveries(2);
    expect(settled.map(({ state, attempts, outcome }) => ({ state, attempts, outcome }))).toEqual([
      { state: "sync", attempts: [500, 502, 200], outcome: "delivered" },
      { state: "exists", attempts: [503, 504, 200], outcome: "delivered" },
    ]);
  });

  it("end at the more restrictive of the asked expiration and the maximum, and are gone after it", async () => {
    const now = Date.now();
    const byTtl = await alice.settings.watch({ requestBody: channel("ttl", { params: { ttl: "60" } }) });
    expect(Number(byTtl.data.expiration)).toBeGreaterThanOrEqual(now + 60_000);
    expect(Number(byTtl.data.expiration)).toBeLessThanOrEqual(Date.now() + 60_000);
    const capped = await alice.settings.watch({ requestBody: channel("capped", { expiration: String(now + 48 * 3600_000) }) });
    expect(Number(capped.data.expiration)).toBeLessThanOrEqual(Date.now() + MAX_TTL_SECONDS * 1000);
    const unasked = await alice.acl.watch({ calendarId: "primary", requestBody: channel("unasked") });
    expect(Number(unasked.data.expiration)).toBeGreaterThanOrEqual(now + MAX_TTL_SECONDS * 1000);
    await settledDeliveries(3);

    clockOffsetMs = MAX_TTL_SECONDS * 1000 + 1000;
    await alice.acl.insert({ calendarId: "primary", requestBody: { scope: { type: "default" }, role: "reader" } });
    const stop = await emulator.request("POST", "/calendar/v3/channels/stop", { token: ALICE, body: { id: "unasked", resourceId: unasked.data.resourceId } });
    expect(stop.status).toBe(404);
    const { body } = await emulator.request<{ calendar: { channels: unknown[] } }>("GET", "/_emulator/objects", { token: null });
    expect(body.calendar.channels).toEqual([]);
    expect((await settledDeliveries(3)).map((record) => record.state)).toEqual(["sync", "sync", "sync"]);
  });

  it("are stopped by the user who made them only; a wrong resourceId is 404; watches and stops cost a quota unit each", async () => {
    const made = (await alice.calendarList.watch({ requestBody: channel("owned") })).data;
    const stop = (token: string, body: Record<string, unknown>): Promise<{ status: number }> =>
      emulator.request("POST", "/calendar/v3/channels/stop", { body, token });
    expect((await stop(ALICE, { id: "owned", resourceId: "wrong" })).status).toBe(404);
    expect((await stop(BOB, { id: "owned", resourceId: made.resourceId })).status).toBe(403);
    const stopped = await alice.channels.stop({ requestBody: { id: "owned", resourceId: made.resourceId } });
    expect(stopped.status).toBe(204);
    expect((await stop(ALICE, { id: "owned", resourceId: made.resourceId })).status).toBe(404);
    await alice.calendars.insert({ requestBody: { summary: "After the stop" } });
    expect(statesOf("owned")).toEqual(["sync"]);
    // Alice: a watch, three stops, an insert; Bob: one refused stop. As the calendar's other calls: one unit each.
    expect(await quotaUnits()).toEqual({ [ALICE_EMAIL]: 5, "bob@corp.example": 1 });
    // The channel token is the receiver's secret: the request log never shows it.
    const { text } = await emulator.request("GET", "/_emulator/requests", { token: null });
    expect(text).toContain("/calendar/v3/users/me/calendarList/watch");
    expect(text).not.toContain("target=owned");
  });
});
