/**
 * The calendar resources end to end with the real Pulumi engine against the
 * emulator (examples/calendar-acl), in one stack through the shared
 * conformance run: up, empty preview and refresh, in-place updates (a role
 * change is a GET and a PUT under If-Match, never a PATCH; an event's new
 * description keeps attendees added outside the program; a new calendarId
 * is one move keeping the event id), a replacement (a new scope), imports
 * of a forgotten rule and list entry, destroy.
 */
import { runConformance } from "../support/conformance";
import type { RecordedRequest } from "../support/emulatorControl";
import { isWrite } from "../support/requests";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const BASE = "/calendar/v3";

interface CalendarObjects {
  calendar: {
    calendars: unknown[];
    aclRules: Array<{ ruleId: string; role: string }>;
    calendarList: unknown[];
    events: Array<{ calendar: string; eventId: string }>;
  };
}

let test: TestStack | undefined;
afterAll(async () => {
  await test?.dispose();
});

it("manages a team calendar through the conformance run (examples/calendar-acl)", async () => {
  const { emulator } = suite;
  await emulator.reset();
  test = suite.track(await openStack("calendar-acl", emulator, { "svc:calendarToken": { value: emulator.token, secret: true } }));
  let calendarId = "";
  let standupId = "";
  let requestsBefore = 0;
  const since = async (): Promise<RecordedRequest[]> => (await emulator.requests({ pathPrefix: BASE })).slice(requestsBefore);
  const mark = async (): Promise<void> => {
    requestsBefore = (await emulator.requests({ pathPrefix: BASE })).length;
  };
  const eventPath = (calendar: string): string => `${BASE}/calendars/${encodeURIComponent(calendar)}/events/${standupId}`;

  await runConformance(test, emulator, {
    created: 6,
    afterUp: async (outputs) => {
      calendarId = outputs["calendarId"]?.value as string;
      standupId = outputs["standupId"]?.value as string;
      expect(calendarId).toMatch(/@group\.calendar\.google\.com$/);
      expect(outputs["ruleIds"]?.value).toEqual(["domain:example.com", `user:${emulator.token}@example.test`, "user:ann@example.com"].sort());
      expect(outputs["listAccessRole"]?.value).toBe("owner");
      expect(outputs["busyPeriods"]?.value).toBe(1);
      expect(outputs["freeBusyFailures"]?.value).toEqual(["nobody@example.test: notFound"]);
      // Set outside the program: the program manages neither attendees nor reminders of the standup.
      const outside = { attendees: [{ email: "guest@example.com" }], reminders: { useDefault: false, overrides: [{ method: "email", minutes: 60 }] } };
      expect((await emulator.api("PATCH", eventPath(calendarId), outside)).status).toBe(200);
      await mark();
    },
    updates: [
      {
        what: "a role change is a GET and a PUT under If-Match whose body changes only the role",
        config: { editorRole: { value: "reader" } },
        changes: { same: 5, update: 1 },
        verify: async () => {
          const rule = `${BASE}/calendars/${encodeURIComponent(calendarId)}/acl/user%3Aann%40example.com`;
          // The refresh before this step read the rule too; the update is the last GET and the one PUT.
          const sent = (await since()).filter((request) => request.path === rule);
          expect(sent.filter(isWrite).map(({ method }) => method)).toEqual(["PUT"]);
          const [get, put] = sent.slice(-2);
          expect([get?.method, put?.method, put?.status]).toEqual(["GET", "PUT", 200]);
          expect(put?.headers?.["if-match"]).toBe(get?.headers?.["etag"]);
          expect(put?.body).toEqual(expect.objectContaining({ role: "reader", scope: { type: "user", value: "ann@example.com" }, id: "user:ann@example.com" }));
          await mark();
        },
      },
      {
        what: "the standup's new description keeps the attendees and reminders set outside the program",
        config: { standupDescription: { value: "Ten minutes, standing" } },
        changes: { same: 5, update: 1 },
        verify: async () => {
          const live = (await emulator.api("GET", eventPath(calendarId))).body as Record<string, unknown>;
          expect(live).toMatchObject({
            description: "Ten minutes, standing",
            attendees: [expect.objectContaining({ email: "guest@example.com" })],
            reminders: { useDefault: false, overrides: [{ method: "email", minutes: 60 }] },
          });
          await mark();
        },
      },
      {
        what: "a new calendarId moves the standup with one move request, keeping its id",
        config: { standupCalendar: { value: "primary" } },
        changes: { same: 5, update: 1 },
        verify: async () => {
          const writes = (await since()).filter(isWrite);
          expect(writes.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
            { method: "POST", path: `${eventPath(calendarId)}/move`, query: { destination: "primary" } },
          ]);
          const outputs = await test!.stack.outputs();
          expect(outputs["standupId"]?.value).toBe(standupId);
          expect((await emulator.api("GET", eventPath("primary"))).status).toBe(200);
          await mark();
        },
      },
      {
        what: "a new list color is a merged PUT of the list entry",
        config: { listColor: { value: "3" } },
        changes: { same: 5, update: 1 },
        verify: async () => {
          const puts = (await since()).filter((request) => request.method === "PUT");
          expect((await since()).filter(isWrite)).toHaveLength(1);
          expect(puts.map(({ path }) => path)).toEqual([`${BASE}/users/me/calendarList/${encodeURIComponent(calendarId)}`]);
          expect(puts[0]?.body).toMatchObject({ colorId: "3", summaryOverride: "My team", defaultReminders: [{ method: "popup", minutes: 10 }] });
          expect(puts[0]?.headers?.["if-match"]).toMatch(/^"\d+"$/);
        },
      },
    ],
    replaces: [
      {
        what: "a new editor is a new scope: the rule is replaced",
        config: { editor: { value: "bob@example.com" } },
        changes: { same: 5, replace: 1 },
        verify: async () => {
          const rules = ((await emulator.objects()) as unknown as CalendarObjects).calendar.aclRules.map((rule) => rule.ruleId).sort();
          expect(rules).toEqual(["domain:example.com", "user:bob@example.com"]);
          // No calendar write anywhere was a PATCH.
          expect(await emulator.requests({ method: "PATCH", pathPrefix: BASE })).toEqual([expect.objectContaining({ path: eventPath(calendarId) })]);
        },
      },
    ],
    imports: [
      { what: "a forgotten access rule is adopted by {calendarId}/{ruleId}", urnSuffix: "::editor", configKey: "editorRuleImport" },
      { what: "a forgotten list entry is adopted by its calendar id", urnSuffix: "::team-in-my-list", configKey: "listEntryImport" },
    ],
    nothingLeft: (objects) =>
      expect((objects as unknown as CalendarObjects).calendar).toEqual({ calendars: [], aclRules: [], calendarList: [], events: [], channels: [] }),
  });
});
