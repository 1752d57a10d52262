/** `svc.calendar.Calendar`: a secondary calendar (a primary one is never managed: it cannot be deleted or cleared). */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import { CALENDAR_LIST_PATH, CALENDAR_PAGING, CALENDAR_PATH, defined, managedOnly } from "./shapes";

/** Whether a name is an IANA time zone (what the API accepts). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string({ error: (issue) => `must be an IANA time zone name as a string, e.g. "Europe/Zurich"; got ${excerpt(issue.input)}` })
  .refine(isTimeZone, { error: (issue) => `must be an IANA time zone name, e.g. "Europe/Zurich" or "UTC"; got ${excerpt(issue.input)}` });

const text = (what: string): z.ZodString => z.string({ error: (issue) => `must be ${what} as a string; got ${excerpt(issue.input)}` });

export const calendarArgs = z.object({
  summary: text("the calendar's title").min(1, { error: "must not be empty: give the calendar a title" }).meta({ description: "The calendar's title." }),
  description: text("a description").optional().meta({ description: "What the calendar is for." }),
  location: text("a location").optional().meta({ description: "Where the calendar's events take place, as free text." }),
  timeZone: timeZone.optional().meta({ description: "The calendar's time zone (IANA name, e.g. `Europe/Zurich`); the API's default (UTC) when left out." }),
});
export type CalendarArgs = z.infer<typeof calendarArgs>;

const calendarWire = z.looseObject({
  id: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  timeZone: z.string().optional(),
});

const OPTIONAL = ["description", "location", "timeZone"];

/** A secondary calendar's id; a primary calendar's id is its owner's e-mail, which this form refuses. */
const SECONDARY_ID = /^[^@\s/]+@group\.calendar\.google\.com$/;

export const calendar = declare<CalendarArgs, z.infer<typeof calendarWire>>({
  module: "calendar",
  name: "Calendar",
  api: "calendar",
  args: calendarArgs,
  immutable: [],
  id: {
    format: "{calendarId}",
    importFormats: [],
    serverAssigned: ["calendarId"],
    serverAssignedForms: {
      calendarId: {
        pattern: SECONDARY_ID,
        accepted:
          "a secondary calendar's id, \"<id>@group.calendar.google.com\" (a primary calendar, whose id is its owner's e-mail, " +
          "is never managed: it cannot be deleted, and this resource never clears it)",
      },
    },
  },
  paths: { collection: "calendars", item: CALENDAR_PATH, related: [CALENDAR_LIST_PATH] },
  wire: calendarWire,
  toCreateBody: ({ summary, description, location, timeZone: zone }) => defined({ summary, description, location, timeZone: zone }),
  toState: (wire, previous) =>
    managedOnly(
      defined({ calendarId: wire.id, summary: wire.summary, description: wire.description, location: wire.location, timeZone: wire.timeZone }),
      previous,
      OPTIONAL,
    ),
  // A new calendar joins its creator's list: a create whose answer was lost is found there.
  steps: { findCreated: { path: CALENDAR_LIST_PATH, field: "items" } },
  update: { putMerged: {} },
  outputs: {
    calendarId: z.string().meta({ description: "The calendar's id, `<id>@group.calendar.google.com`: what ACL rules, list entries and events name." }),
  },
  adoption: {
    list: { path: CALENDAR_LIST_PATH, field: "items", paging: CALENDAR_PAGING },
    identity: { calendarId: "id" },
    select: { flag: "calendar", field: "id", description: "only this calendar (by its id) and what is in it; repeatable" },
    leaveOut: (entry) =>
      entry["primary"] === true
        ? "the account's primary calendar is never managed (it cannot be created or deleted)"
        : entry["accessRole"] !== "owner"
          ? `the caller is not its owner (access ${String(entry["accessRole"])}): only an owner's calendar can be managed`
          : undefined,
    naming: "{summary}",
  },
  docs: {
    summary:
      "A secondary calendar, owned by the caller and put in the caller's calendar list.\n\n" +
      "Every change is made in place: the live calendar is read and written back (PUT, `If-Match`) with only the changed fields, " +
      "re-read when it changed meanwhile. Fields the program leaves out are not touched. Only secondary calendars are managed: " +
      "a primary calendar (whose id is its owner's e-mail) cannot be imported, so this resource never deletes or clears one. " +
      "Import by calendar id.",
    example: 'const team = new svc.calendar.Calendar("team", { summary: "Team", timeZone: "Europe/Zurich" });',
  },
  samples: {
    inputs: { summary: "Team", timeZone: "Europe/Zurich" },
    names: ["summary"],
    updates: [{ summary: "Team calendar" }, { description: "Who is where" }, { location: "Zurich" }, { timeZone: "UTC", description: undefined }],
    replacements: [],
  },
});
