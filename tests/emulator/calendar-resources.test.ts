/**
 * The calendar resources' promises (issue 10, "Must show"), driven through
 * `dynamicProvider(declaration)` against the in-process emulator: a role
 * change is a GET and a PUT under `If-Match` whose body differs from the live
 * rule only in the role (2 quota units, where a PATCH costs 3); a write that
 * lands between the GET and the PUT is re-read and the program's value wins
 * with nothing else lost; an event's description change keeps attendees and
 * reminders set elsewhere; a calendarId change is one move request keeping
 * the id; bad input fails at check, naming the property, with no request sent.
 */
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { calendar } from "../../provider/apis/calendar/calendar";
import { event } from "../../provider/apis/calendar/event";
import { ProviderRuntime } from "../../provider/runtime";
import type { Args, State } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("calendar-owner");
const USER = "calendar-owner@example.test";
const BASE = "/calendar/v3";
/** What runs once just before the provider's next PUT (a write landing between its GET and its PUT), when a test set it. */
let beforeNextPut: (() => Promise<void>) | undefined;
/** The file's provider process, whose clients run `beforeNextPut` when they send a PUT. */
const runtime = new ProviderRuntime({
  client: {
    fetch: async (input, init) => {
      const method = input instanceof Request ? input.method : (init?.method ?? "GET");
      const outOfBand = method === "PUT" ? beforeNextPut : undefined;
      if (outOfBand !== undefined) {
        beforeNextPut = undefined;
        await outOfBand();
      }
      return fetch(input, init);
    },
  },
});
const rules = dynamicProvider(aclRule, runtime);
const calendars = dynamicProvider(calendar, runtime);
const events = dynamicProvider(event, runtime);

beforeEach(async () => {
  await emulator.current.reset();
});
afterEach(() => {
  beforeNextPut = undefined;
});

async function checked(provider: typeof rules, inputs: Args): Promise<Args> {
  const result = await provider.check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

async function quotaUnits(): Promise<number> {
  const stats = (await emulator.current.stats()) as unknown as { quotaUnits: Record<string, number> };
  return stats.quotaUnits[USER] ?? 0;
}

/** Runs `outOfBand` once, just before the first PUT the provider sends: a write that lands between its GET and its PUT. */
function beforeFirstPut(outOfBand: () => Promise<void>): void {
  beforeNextPut = outOfBand;
}

describe("an ACL rule's role change", () => {
  let inputs: Args;
  let created: { id: string; outs: State };
  const rulePath = `${BASE}/calendars/primary/acl/user:ann@example.com`;

  beforeEach(async () => {
    inputs = await checked(rules, { calendarId: "primary", scope: { type: "user", value: "ann@example.com" }, role: "reader" });
    created = await rules.create(inputs);
  });

  it("is a GET and a PUT with If-Match whose body differs from the live rule only in role: 2 quota units where a PATCH costs 3", async () => {
    const live = (await emulator.current.api("GET", rulePath)).body as Record<string, unknown>;
    const next = { ...inputs, role: "writer" };
    expect(await rules.diff(created.id, created.outs, next)).toEqual({ changes: true, detailedDiff: { role: "update" } });
    const before = (await emulator.current.requests()).length;
    const unitsBefore = await quotaUnits();
    await rules.update(created.id, created.outs, next);
    const sent = (await emulator.current.requests()).slice(before);
    // GET and PUT, nothing else: the PUT's answer is the new state.
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET ${BASE}/calendars/primary/acl/user%3Aann%40example.com`,
      `PUT ${BASE}/calendars/primary/acl/user%3Aann%40example.com`,
    ]);
    const put = sent[1];
    expect(put?.headers?.["if-match"]).toBe(live["etag"]);
    expect(put?.query).toEqual({ sendNotifications: "true" });
    expect(put?.body).toEqual({ ...live, role: "writer" });
    expect(Object.keys(put?.body as object).filter((key) => JSON.stringify((put?.body as Args)[key]) !== JSON.stringify(live[key]))).toEqual(["role"]);
    // GET + PUT = 2 units; a PATCH of the same change costs 3.
    expect((await quotaUnits()) - unitsBefore).toBe(2);
    const unitsBeforePatch = await quotaUnits();
    expect((await emulator.current.api("PATCH", rulePath, { role: "reader" })).status).toBe(200);
    expect((await quotaUnits()) - unitsBeforePatch).toBe(3);
  });

  it("is re-read and written again when the rule changed between the GET and the PUT (412): the program's role wins", async () => {
    beforeFirstPut(async () => {
      expect((await emulator.current.api("PATCH", rulePath, { role: "owner" })).status).toBe(200);
    });
    const outs = (await rules.update(created.id, created.outs, { ...inputs, role: "writer" })).outs;
    expect(outs["role"]).toBe("writer");
    const puts = (await emulator.current.requests({ method: "PUT" })).map(({ status }) => status);
    expect(puts).toEqual([412, 200]);
    expect((await emulator.current.api("GET", rulePath)).body).toMatchObject({ role: "writer", scope: { type: "user", value: "ann@example.com" } });
  });
});

describe("an event's update", () => {
  const timed = {
    calendarId: "primary",
    summary: "Review",
    start: { dateTime: "2030-01-07T09:00:00Z" },
    end: { dateTime: "2030-01-07T10:00:00Z" },
  };

  it("changes the description and leaves attendees and reminders set outside the program untouched", async () => {
    const inputs = await checked(events, timed);
    const created = await events.create(inputs);
    const path = `${BASE}/calendars/primary/events/${String(created.outs["eventId"])}`;
    const elsewhere = { attendees: [{ email: "bob@example.com" }], reminders: { useDefault: false, overrides: [{ method: "email", minutes: 30 }] } };
    expect((await emulator.current.api("PATCH", path, elsewhere)).status).toBe(200);
    // A refresh shows no drift: the program manages neither field.
    const refreshed = await events.read(created.id, created.outs);
    expect(await events.diff(created.id, refreshed.props ?? {}, { ...inputs, description: "Agenda attached" })).toEqual({
      changes: true,
      detailedDiff: { description: "add" },
    });
    await events.update(created.id, refreshed.props ?? {}, { ...inputs, description: "Agenda attached" });
    const live = (await emulator.current.api("GET", path)).body as Record<string, unknown>;
    expect(live).toMatchObject({
      description: "Agenda attached",
      reminders: elsewhere.reminders,
      attendees: [expect.objectContaining({ email: "bob@example.com" })],
    });
  });

  it("keeps an attendee added between its GET and its PUT, and applies the program's change", async () => {
    const inputs = await checked(events, timed);
    const created = await events.create(inputs);
    const path = `${BASE}/calendars/primary/events/${String(created.outs["eventId"])}`;
    beforeFirstPut(async () => {
      expect((await emulator.current.api("PATCH", path, { attendees: [{ email: "carol@example.com" }] })).status).toBe(200);
    });
    await events.update(created.id, created.outs, { ...inputs, summary: "Review (moved to Tuesday)" });
    expect((await emulator.current.requests({ method: "PUT" })).map(({ status }) => status)).toEqual([412, 200]);
    expect((await emulator.current.api("GET", path)).body).toMatchObject({
      summary: "Review (moved to Tuesday)",
      attendees: [expect.objectContaining({ email: "carol@example.com" })],
    });
  });

  it("moves the event with one move request when calendarId changes, keeping its id (an update, not a replacement)", async () => {
    const team = await calendars.create(await checked(calendars, { summary: "Team" }));
    const teamId = String(team.outs["calendarId"]);
    const inputs = await checked(events, timed);
    const created = await events.create(inputs);
    const eventId = String(created.outs["eventId"]);
    const next = { ...inputs, calendarId: teamId };
    expect(await events.diff(created.id, created.outs, next)).toEqual({ changes: true, detailedDiff: { calendarId: "update" } });
    const before = (await emulator.current.requests()).length;
    const outs = (await events.update(created.id, created.outs, next)).outs;
    const writes = (await emulator.current.requests()).slice(before).filter(({ method }) => method !== "GET");
    expect(writes.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: "POST", path: `${BASE}/calendars/primary/events/${eventId}/move`, query: { destination: teamId } },
    ]);
    expect(outs).toMatchObject({ eventId, calendarId: teamId });
    // The id keeps its first calendar; reads and deletes follow the state to the new one.
    expect((await events.read(created.id, outs)).props).toMatchObject({ eventId, calendarId: teamId });
    expect((await emulator.current.api("GET", `${BASE}/calendars/primary/events/${eventId}`)).status).toBe(404);
    await events.delete(created.id, outs);
    expect((await emulator.current.api("GET", `${BASE}/calendars/${encodeURIComponent(teamId)}/events/${eventId}`)).status).toBe(404);
  });
});

describe("replacements that may keep the object", () => {
  it("delete first when primary and an e-mail may name one calendar, so the new rule is not deleted as the old one", async () => {
    const olds = { calendarId: "primary", scope: { type: "user", value: "ann@example.com" }, role: "reader", ruleId: "user:ann@example.com" };
    expect(await rules.diff("primary/user:ann@example.com", olds, { ...olds, calendarId: USER })).toEqual({
      changes: true,
      replaces: ["calendarId"],
      deleteBeforeReplace: true,
      detailedDiff: { calendarId: "update-replace" },
    });
    // Another scope is another rule: made first, then the old one deleted.
    expect(await rules.diff("primary/user:ann@example.com", olds, { ...olds, scope: { type: "user", value: "bob@example.com" } })).toEqual({
      changes: true,
      replaces: ["scope"],
      detailedDiff: { scope: "update-replace" },
    });
    // A change of case alone is none.
    expect(await rules.diff("primary/user:ann@example.com", olds, { ...olds, scope: { type: "user", value: "Ann@Example.com" } })).toEqual({ changes: false });
  });
});

describe("bad input", () => {
  it.each([
    ["an unknown role", { role: "admin" }, "role", /must be one of freeBusyReader, reader, writer, writerWithoutPrivateAccess, owner; got "admin"/],
    ["role none (a deleted rule)", { role: "none" }, "role", /got "none" \("none" is a deleted rule: to take access away, remove the AclRule\)/],
    ["a default scope with a value", { scope: { type: "default", value: "ann@example.com" } }, "scope", /scope\.value must be left out for a "default" scope/],
    ["a user scope without an e-mail", { scope: { type: "user" } }, "scope", /scope\.value must be an e-mail address for a "user" scope/],
    ["a user scope with a name, not an e-mail", { scope: { type: "user", value: "ann" } }, "scope", /an e-mail address.*got "ann"/],
    ["a calendar id that is none", { calendarId: "my calendar" }, "calendarId", /must be "primary".*got "my calendar"/],
  ])("fails at check (preview) naming the property, with no request sent: %s", async (_what, change, property, reason) => {
    const before = (await emulator.current.requests()).length;
    const result = await rules.check({}, { calendarId: "primary", scope: { type: "user", value: "ann@example.com" }, role: "reader", ...change });
    expect(result.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    expect((await emulator.current.requests()).length).toBe(before);
  });

  it("refuses event times that cannot be, and a primary calendar's id as a Calendar import", async () => {
    const before = (await emulator.current.requests()).length;
    const times = await events.check({}, { calendarId: "primary", start: { dateTime: "2030-01-07T10:00:00Z" }, end: { dateTime: "2030-01-07T09:00:00Z" } });
    expect(times.failures).toEqual([{ property: "end", reason: expect.stringMatching(/must be after start/) }]);
    const primary = await calendars.check({}, { summary: "Mine", __import: USER });
    expect(primary.failures).toEqual([{ property: "import", reason: expect.stringMatching(/a secondary calendar's id.*never managed/) }]);
    expect((await emulator.current.requests()).length).toBe(before);
  });
});
