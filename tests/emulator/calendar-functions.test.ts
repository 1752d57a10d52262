/**
 * The calendar's read-only functions against the emulator: every page read,
 * filters passed on, free/busy failures kept, bad arguments refused before
 * any request, naming the argument.
 */
import * as calendar from "../../provider/apis/calendar/functions";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("reader");
const EVENTS = "/calendar/v3/calendars/primary/events";

beforeAll(async () => {
  await emulator.current.reset();
  for (let day = 1; day <= 9; day++) {
    const date = `2030-01-0${day}`;
    expect(
      (await emulator.current.api("POST", EVENTS, { summary: `Day ${day}`, start: { date }, end: { date: `2030-01-${String(day + 1).padStart(2, "0")}` } }))
        .status,
    ).toBe(200);
  }
  expect(
    (
      await emulator.current.api("POST", EVENTS, {
        summary: "Weekly",
        start: { dateTime: "2030-02-04T09:00:00Z", timeZone: "UTC" },
        end: { dateTime: "2030-02-04T10:00:00Z", timeZone: "UTC" },
        recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"],
      })
    ).status,
  ).toBe(200);
});

describe("calendar functions", () => {
  it("getEvents reads every page, in a window, with recurring events expanded on request", async () => {
    const before = (await emulator.current.requests({ method: "GET", pathPrefix: EVENTS })).length;
    const all = await calendar.getEvents({ calendarId: "primary", pageSize: 4 });
    expect(all).toHaveLength(10);
    expect((await emulator.current.requests({ method: "GET", pathPrefix: EVENTS })).length - before).toBe(3);
    const window = await calendar.getEvents({ calendarId: "primary", timeMin: "2030-01-03T00:00:00Z", timeMax: "2030-01-05T00:00:00Z" });
    // Day 2 ends as the window starts, Day 5 starts as it ends: neither overlaps.
    expect(window.map((event) => event.summary)).toEqual(["Day 3", "Day 4"]);
    const instances = await calendar.getEvents({ calendarId: "primary", singleEvents: true, orderBy: "startTime", timeMin: "2030-02-01T00:00:00Z" });
    expect(instances.map((event) => event.start?.dateTime)).toEqual(["2030-02-04T09:00:00Z", "2030-02-11T09:00:00Z", "2030-02-18T09:00:00Z"]);
    const weekly = all.find((event) => event.summary === "Weekly");
    expect(await calendar.getEventInstances({ calendarId: "primary", eventId: weekly?.id ?? "" })).toHaveLength(3);
    const byUid = await calendar.getEvents({ calendarId: "primary", iCalUID: weekly?.iCalUID ?? "" });
    expect(byUid.map((event) => event.id)).toEqual([weekly?.id]);
  });

  it("queryFreeBusy keeps what the API could not answer as failures", async () => {
    const busy = await calendar.queryFreeBusy({
      timeMin: "2030-02-04T00:00:00Z",
      timeMax: "2030-02-05T00:00:00Z",
      calendars: ["primary", "nobody@example.test"],
    });
    expect(busy.calendars["primary"]?.busy).toEqual([{ start: "2030-02-04T09:00:00Z", end: "2030-02-04T10:00:00Z" }]);
    expect(busy.failures).toEqual([{ id: "nobody@example.test", kind: "calendar", domain: "global", reason: "notFound" }]);
  });

  it("reads colors, settings, ACL rules and the calendar list", async () => {
    expect(Object.keys((await calendar.getColors()).event)).toHaveLength(11);
    expect((await calendar.getSettings()).map((setting) => setting.id)).toContain("timezone");
    expect(await calendar.getSetting({ setting: "weekStart" })).toMatchObject({ id: "weekStart", value: "0" });
    expect((await calendar.getAclRules({ calendarId: "primary" })).map((rule) => rule.id)).toEqual(["user:reader@example.test"]);
    expect(await calendar.getCalendarList({ minAccessRole: "owner" })).toEqual([expect.objectContaining({ id: "reader@example.test", primary: true })]);
  });

  it("refuses bad arguments before any request, naming them", async () => {
    const before = (await emulator.current.requests()).length;
    await expect(calendar.getEvents({ calendarId: "primary", timeMin: "tomorrow" })).rejects.toThrow(
      /svc\.calendar\.getEvents: timeMin must be an RFC 3339 time/,
    );
    await expect(calendar.getEvents({ calendarId: "primary", orderBy: "startTime" })).rejects.toThrow(/orderBy "startTime" needs singleEvents: true/);
    await expect(calendar.queryFreeBusy({ timeMin: "2030-01-02T00:00:00Z", timeMax: "2030-01-01T00:00:00Z" })).rejects.toThrow(
      /queryFreeBusy: timeMax must be after timeMin/,
    );
    await expect(calendar.getAclRules({ calendarId: "not a calendar" })).rejects.toThrow(/calendarId must be "primary"/);
    expect((await emulator.current.requests()).length).toBe(before);
  });
});
