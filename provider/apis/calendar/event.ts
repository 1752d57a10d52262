/** `svc.calendar.Event`: an event (of type `default`) in a calendar; a new calendarId moves it, keeping its id. */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import { CALENDAR_PAGING, CALENDAR_PATH, EMAIL, calendarId, defined, managedOnly, reminder } from "./shapes";
import { timeZone } from "./calendar";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([zZ]|[+-]\d{2}:\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const eventTime = (which: "start" | "end") =>
  z
    .object({
      date: z
        .string()
        .regex(DATE, { error: (issue) => `must be a date "YYYY-MM-DD" (an all-day event); got ${excerpt(issue.input)}` })
        .optional()
        .meta({ description: `The ${which} date of an all-day event, \`YYYY-MM-DD\`.` }),
      dateTime: z
        .string()
        .regex(RFC3339, { error: (issue) => `must be an RFC 3339 time, e.g. "2030-01-07T09:00:00+01:00"; got ${excerpt(issue.input)}` })
        .optional()
        .meta({ description: `The ${which} time, RFC 3339 (\`2030-01-07T09:00:00+01:00\`); without an offset, \`timeZone\` says where.` }),
      timeZone: timeZone.optional().meta({ description: "The IANA time zone of `dateTime` (needed for recurring events)." }),
    })
    .meta({ description: `When the event ${which === "start" ? "starts" : "ends"}: \`date\` (all day) or \`dateTime\` (+ \`timeZone\`).` });

const attendee = z.object({
  email: z
    .string()
    .regex(EMAIL, { error: (issue) => `must be an e-mail address; got ${excerpt(issue.input)}` })
    .meta({ description: "The attendee's e-mail address." }),
  displayName: z.string().optional().meta({ description: "The attendee's name." }),
  optional: z.boolean().optional().meta({ description: "Whether attendance is optional." }),
});

const RECURRENCE_LINE = /^(RRULE|EXRULE|RDATE|EXDATE)[:;]/;

export const eventArgs = z.object({
  calendarId: calendarId.meta({ description: "The calendar the event is in. A change moves the event there (one `move` request), keeping its id." }),
  summary: z.string().optional().meta({ description: "The event's title." }),
  description: z.string().optional().meta({ description: "The event's description (may hold HTML)." }),
  location: z.string().optional().meta({ description: "Where the event takes place, as free text." }),
  start: eventTime("start"),
  end: eventTime("end"),
  recurrence: z
    .array(
      z.string().regex(RECURRENCE_LINE, {
        error: (issue) =>
          `must be an RFC 5545 line starting with RRULE:, EXRULE:, RDATE: or EXDATE:, e.g. "RRULE:FREQ=WEEKLY;COUNT=10"; got ${excerpt(issue.input)}`,
      }),
    )
    .optional()
    .meta({ description: 'The recurrence of a recurring event, RFC 5545 lines, e.g. `["RRULE:FREQ=WEEKLY;BYDAY=MO"]`.' }),
  attendees: z
    .array(attendee)
    .optional()
    .meta({ description: "The attendees; a given list replaces the whole list. Left out, attendees added elsewhere are kept." }),
  reminders: z
    .object({
      useDefault: z
        .boolean({ error: (issue) => `must be true or false; got ${excerpt(issue.input)}` })
        .meta({ description: "Whether the calendar's default reminders apply." }),
      overrides: z
        .array(reminder)
        .max(5, { error: "must hold at most 5 reminders" })
        .optional()
        .meta({ description: "Reminders of this event instead of the defaults (at most 5)." }),
    })
    .optional()
    .meta({ description: "The event's reminders. Left out, reminders set elsewhere are kept." }),
  visibility: z
    .enum(["default", "public", "private", "confidential"], {
      error: (issue) => `must be one of default, public, private, confidential; got ${excerpt(issue.input)}`,
    })
    .optional()
    .meta({ description: "Who sees the event's details (`default`: as the calendar says)." }),
  transparency: z
    .enum(["opaque", "transparent"], { error: (issue) => `must be "opaque" (busy) or "transparent" (free); got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "Whether the event blocks time in free/busy: `opaque` (busy, the API's default) or `transparent` (free)." }),
  colorId: z
    .string()
    .regex(/^([1-9]|1[01])$/, { error: (issue) => `must be an event color id, "1" to "11" (see getColors); got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "The event's color, an id of the event palette (`getColors`), `1` to `11`." }),
});
export type EventArgs = z.infer<typeof eventArgs>;
type EventTime = z.infer<ReturnType<typeof eventTime>>;

const timeWire = z.looseObject({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() });
const eventWire = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  start: timeWire,
  end: timeWire,
  recurrence: z.array(z.string()).optional(),
  attendees: z.array(z.looseObject({ email: z.string(), displayName: z.string().optional(), optional: z.boolean().optional() })).optional(),
  reminders: z.looseObject({ useDefault: z.boolean(), overrides: z.array(z.looseObject({ method: z.string(), minutes: z.number() })).optional() }).optional(),
  visibility: z.string().optional(),
  transparency: z.string().optional(),
  colorId: z.string().optional(),
  iCalUID: z.string().optional(),
  htmlLink: z.string().optional(),
  eventType: z.string().optional(),
});

const OPTIONAL = ["summary", "description", "location", "recurrence", "attendees", "reminders", "visibility", "transparency", "colorId"];

const instant = (time: EventTime): number =>
  Date.parse(time.date ?? (time.dateTime !== undefined && !/[zZ]|[+-]\d{2}:\d{2}$/.test(time.dateTime) ? `${time.dateTime}Z` : (time.dateTime ?? "")));

/** Times compare by the instant (the API may answer another offset for the same time) and the zone. */
function sameTime(stored: unknown, wanted: unknown): boolean {
  const [a, b] = [stored as EventTime | undefined, wanted as EventTime | undefined];
  if (a === undefined || b === undefined) return a === b;
  return (a.date === undefined) === (b.date === undefined) && instant(a) === instant(b) && (a.timeZone ?? "") === (b.timeZone ?? "");
}

/** Attendees compare by address (any case) and what the program says of each; the API adds their response. */
function sameAttendees(stored: unknown, wanted: unknown): boolean {
  const key = (list: unknown): string =>
    JSON.stringify(
      ((list as Array<Record<string, unknown>> | undefined) ?? [])
        .map((person) => [String(person["email"]).toLowerCase(), person["displayName"] ?? null, person["optional"] ?? false])
        .sort(),
    );
  return key(stored) === key(wanted);
}

function timeFailures({ start, end, recurrence }: EventArgs): { property: string; reason: string }[] {
  const failures: { property: string; reason: string }[] = [];
  for (const [name, time] of [
    ["start", start],
    ["end", end],
  ] as const) {
    const given = time;
    if ((given.date === undefined) === (given.dateTime === undefined)) {
      failures.push({ property: name, reason: 'must give exactly one of date ("2030-01-07", all day) or dateTime ("2030-01-07T09:00:00+01:00")' });
    }
  }
  if (failures.length > 0) return failures;
  const [from, to] = [start, end];
  if ((from.date === undefined) !== (to.date === undefined)) {
    failures.push({ property: "end", reason: "must be of the same kind as start: both dates (all day) or both dateTimes" });
  } else if (instant(to) <= instant(from)) {
    failures.push({
      property: "end",
      reason: `must be after start; got start ${excerpt(from.date ?? from.dateTime)} and end ${excerpt(to.date ?? to.dateTime)}`,
    });
  }
  if ((recurrence ?? []).length > 0 && from.dateTime !== undefined && from.timeZone === undefined) {
    failures.push({ property: "start.timeZone", reason: 'is needed for a recurring event, e.g. "Europe/Zurich"' });
  }
  return failures;
}

/** A listed event that is not adopted: a deleted one, or one occurrence of a recurring event (an exception the API keeps apart). */
function whyNotAdopted(event: Record<string, unknown>): string | undefined {
  const recurring = event["recurringEventId"];
  const cancelled = event["status"] === "cancelled";
  if (typeof recurring === "string") {
    const original = event["originalStartTime"] as { dateTime?: string; date?: string } | undefined;
    const when = original?.dateTime ?? original?.date;
    return (
      `a ${cancelled ? "cancelled" : "changed"} occurrence${when === undefined ? "" : ` (${when})`} of the recurring event ${recurring}: ` +
      "a recurring event is adopted whole, and the service keeps its single occurrences as they are"
    );
  }
  return cancelled ? "a cancelled event (deleted: the service keeps it as a cancelled entry)" : undefined;
}

export const event = declare<EventArgs, z.infer<typeof eventWire>>({
  module: "calendar",
  name: "Event",
  api: "calendar",
  args: eventArgs,
  immutable: [],
  id: {
    format: "{calendarId}/{eventId}",
    importFormats: [],
    serverAssigned: ["eventId"],
    serverAssignedForms: { eventId: { pattern: /^[a-v0-9]{5,1024}$/, accepted: "an event id: 5 to 1024 characters of a-v and 0-9" } },
  },
  paths: { collection: `${CALENDAR_PATH}/events`, item: `${CALENDAR_PATH}/events/{eventId}` },
  wire: eventWire,
  toCreateBody: ({ calendarId: _calendar, ...fields }) => defined(fields),
  toState: (wire, previous) =>
    managedOnly(
      defined({
        eventId: wire.id,
        summary: wire.summary,
        description: wire.description,
        location: wire.location,
        start: defined(wire.start),
        end: defined(wire.end),
        recurrence: wire.recurrence,
        attendees: wire.attendees?.map(({ email, displayName, optional }) => defined({ email, displayName, optional })),
        reminders:
          wire.reminders === undefined
            ? undefined
            : defined({ useDefault: wire.reminders.useDefault, overrides: wire.reminders.overrides?.map(({ method, minutes }) => ({ method, minutes })) }),
        visibility: wire.visibility,
        transparency: wire.transparency,
        colorId: wire.colorId,
        iCalUID: wire.iCalUID,
        htmlLink: wire.htmlLink,
      }),
      previous,
      OPTIONAL,
    ),
  steps: {
    // Events of one calendar are created one at a time; a create whose answer was lost is found in the calendar's listing.
    findCreated: { field: "items" },
  },
  update: {
    // The spec: update replaces the whole event; a partial change is a get, then an update with the etag.
    send: { putMerged: {} },
    // The spec: only default events move; the event keeps its id in the destination.
    move: { field: "calendarId", path: `${CALENDAR_PATH}/events/{eventId}/move`, query: { destination: { input: "calendarId" } } },
  },
  equal: { calendarId: "caseInsensitive", start: sameTime, end: sameTime, attendees: sameAttendees },
  crossCheck: timeFailures,
  outputs: {
    eventId: z.string().meta({ description: "The event's id (base32hex), kept when the event moves to another calendar." }),
    iCalUID: z.string().optional().meta({ description: "The event's iCalendar UID (RFC 5545), the same in every calendar that has it." }),
    htmlLink: z.string().optional().meta({ description: "A link to the event in the calendar's web interface." }),
  },
  adoption: {
    // Deleted events and cancelled occurrences are listed too, so the written program can say why each is left out.
    list: { path: `${CALENDAR_PATH}/events`, field: "items", paging: { ...CALENDAR_PAGING, query: { showDeleted: "true" } } },
    under: { type: "calendar:Calendar", from: { calendarId: "calendarId" } },
    identity: { eventId: "id" },
    leaveOut: whyNotAdopted,
    naming: "{parent}_{summary}",
  },
  docs: {
    summary:
      "An event of type `default` in a calendar (other types cannot be moved or imported).\n\n" +
      "The API's update replaces the whole event, so every change is a read of the live event and a PUT of it with only the changed " +
      "fields under `If-Match`, re-read when it changed meanwhile: attendees, reminders or any field the program leaves out stay as " +
      "they are (a given list replaces the whole list). A new `calendarId` moves the event there with one `move` request, keeping its " +
      "id, instead of replacing it. Import as `{calendarId}/{eventId}`.",
    example:
      'new svc.calendar.Event("standup", {\n' +
      "  calendarId: team.calendarId,\n" +
      '  summary: "Standup",\n' +
      '  start: { dateTime: "2030-01-07T09:00:00", timeZone: "Europe/Zurich" },\n' +
      '  end: { dateTime: "2030-01-07T09:15:00", timeZone: "Europe/Zurich" },\n' +
      '  recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"],\n' +
      "});",
  },
  samples: {
    parents: [{ type: "calendar:Calendar", inputs: { summary: "Events move here" } }],
    inputs: {
      calendarId: "primary",
      summary: "Standup",
      start: { dateTime: "2030-01-07T09:00:00Z" },
      end: { dateTime: "2030-01-07T09:15:00Z" },
    },
    names: ["summary"],
    updates: [
      { summary: "Daily standup", description: "Fifteen minutes" },
      { location: "Room 1", visibility: "private", transparency: "transparent", colorId: "5" },
      {
        start: { dateTime: "2030-01-07T10:00:00Z", timeZone: "UTC" },
        end: { dateTime: "2030-01-07T10:15:00Z", timeZone: "UTC" },
        recurrence: ["RRULE:FREQ=WEEKLY;COUNT=5"],
      },
      { attendees: [{ email: "ann@example.com" }], reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 5 }] } },
      { calendarId: "{{parents[0].calendarId}}" },
    ],
    replacements: [],
  },
});
