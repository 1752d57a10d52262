/** `svc.calendar.CalendarListEntry`: a calendar in the caller's calendar list, with the caller's own settings of it. */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import { CALENDAR_LIST_PATH, HEX_COLOR, calendarId, defined, managedOnly, mayBeSameCalendar, reminder } from "./shapes";

const NOTIFICATION_TYPES = ["eventCreation", "eventChange", "eventCancellation", "eventResponse", "agenda"] as const;

const hexColor = (what: string): z.ZodString =>
  z
    .string({ error: (issue) => `must be ${what} as "#rrggbb"; got ${excerpt(issue.input)}` })
    .regex(HEX_COLOR, { error: (issue) => `must be ${what} as "#rrggbb", e.g. "#0b8043"; got ${excerpt(issue.input)}` });

export const calendarListEntryArgs = z.object({
  calendarId: calendarId.meta({
    description: "The calendar to put in the caller's list: an e-mail address (a primary calendar) or a calendar id the caller can see.",
  }),
  colorId: z
    .string({ error: (issue) => `must be a calendar color id, "1" to "24" (see getColors); got ${excerpt(issue.input)}` })
    .regex(/^([1-9]|1[0-9]|2[0-4])$/, { error: (issue) => `must be a calendar color id, "1" to "24" (see getColors); got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "The color, as an id of the calendar palette (`getColors`), `1` to `24`. Give this or `backgroundColor`/`foregroundColor`." }),
  backgroundColor: hexColor("a background color")
    .optional()
    .meta({ description: "The background color, `#rrggbb` (sent with `colorRgbFormat=true`); with `foregroundColor`, instead of `colorId`." }),
  foregroundColor: hexColor("a foreground color").optional().meta({ description: "The foreground (text) color, `#rrggbb`; with `backgroundColor`." }),
  hidden: z
    .boolean({ error: (issue) => `must be true or false; got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "Whether the calendar is hidden from the list." }),
  selected: z
    .boolean({ error: (issue) => `must be true or false; got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "Whether the calendar's events are shown in the user interface." }),
  summaryOverride: z
    .string({ error: (issue) => `must be a title as a string; got ${excerpt(issue.input)}` })
    .optional()
    .meta({ description: "The caller's own title for the calendar." }),
  defaultReminders: z
    .array(reminder, { error: (issue) => `must be a list of { method, minutes }; got ${excerpt(issue.input)}` })
    .max(5, { error: "must hold at most 5 reminders" })
    .optional()
    .meta({ description: "The reminders the caller gets for events of this calendar by default (at most 5); a given list replaces the whole list." }),
  notificationSettings: z
    .object({
      notifications: z
        .array(
          z.object({
            type: z
              .enum(NOTIFICATION_TYPES, { error: (issue) => `must be one of ${NOTIFICATION_TYPES.join(", ")}; got ${excerpt(issue.input)}` })
              .meta({ description: "What is notified: `eventCreation`, `eventChange`, `eventCancellation`, `eventResponse` or `agenda`." }),
            method: z.literal("email", { error: (issue) => `must be "email"; got ${excerpt(issue.input)}` }).meta({ description: "How: `email`." }),
          }),
        )
        .meta({ description: "The notifications the caller gets for this calendar." }),
    })
    .optional()
    .meta({ description: "The e-mail notifications the caller gets for this calendar." }),
});
export type CalendarListEntryArgs = z.infer<typeof calendarListEntryArgs>;

const entryWire = z.looseObject({
  id: z.string(),
  colorId: z.string().optional(),
  backgroundColor: z.string().optional(),
  foregroundColor: z.string().optional(),
  hidden: z.boolean().optional(),
  selected: z.boolean().optional(),
  summaryOverride: z.string().optional(),
  defaultReminders: z.array(z.looseObject({ method: z.string(), minutes: z.number() })).optional(),
  notificationSettings: z.looseObject({ notifications: z.array(z.looseObject({ type: z.string(), method: z.string() })) }).optional(),
  accessRole: z.string().optional(),
  summary: z.string().optional(),
});

const OPTIONAL = ["colorId", "backgroundColor", "foregroundColor", "hidden", "selected", "summaryOverride", "defaultReminders", "notificationSettings"];

/** RGB colors are written only with `colorRgbFormat=true`; without it the API keeps the palette id. */
const rgbFormat = { colorRgbFormat: { input: "backgroundColor", as: "given" } } as const;

export const calendarListEntry = declare<CalendarListEntryArgs, z.infer<typeof entryWire>>({
  module: "calendar",
  name: "CalendarListEntry",
  api: "calendar",
  args: calendarListEntryArgs,
  immutable: ["calendarId"],
  // `primary` and its owner's e-mail are one entry: a replacement between them deletes first.
  deleteBeforeReplace: (olds, news) => mayBeSameCalendar(olds["calendarId"], news["calendarId"]),
  equal: { calendarId: "caseInsensitive" },
  id: { format: "{calendarId}", importFormats: [] },
  paths: { collection: CALENDAR_LIST_PATH, item: `${CALENDAR_LIST_PATH}/{calendarId}` },
  wire: entryWire,
  toCreateBody: ({ calendarId: id, ...settings }) => ({ id, ...defined(settings) }),
  toState: (entry, previous) =>
    managedOnly(
      defined({
        colorId: entry.colorId,
        backgroundColor: entry.backgroundColor,
        foregroundColor: entry.foregroundColor,
        hidden: entry.hidden,
        selected: entry.selected,
        summaryOverride: entry.summaryOverride,
        defaultReminders: entry.defaultReminders?.map(({ method, minutes }) => ({ method, minutes })),
        notificationSettings:
          entry.notificationSettings === undefined
            ? undefined
            : { notifications: entry.notificationSettings.notifications.map(({ type, method }) => ({ type, method })) },
        summary: entry.summary,
        accessRole: entry.accessRole,
      }),
      previous,
      OPTIONAL,
    ),
  steps: {
    // The API's insert of a calendar the list has (its owner's own, listed since it was made) sets the entry: a repeated insert makes no
    // second one, and an insert whose outcome is unknown is sent again rather than refused for the entry the list already had.
    create: { query: rgbFormat, repeat: "idempotent" },
  },
  update: { putMerged: { query: rgbFormat } },
  crossCheck: ({ colorId, backgroundColor, foregroundColor }) => {
    const failures: { property: string; reason: string }[] = [];
    if (colorId !== undefined && (backgroundColor !== undefined || foregroundColor !== undefined)) {
      failures.push({ property: "colorId", reason: "give a palette colorId or backgroundColor/foregroundColor, not both" });
    }
    if ((backgroundColor === undefined) !== (foregroundColor === undefined)) {
      failures.push({
        property: backgroundColor === undefined ? "backgroundColor" : "foregroundColor",
        reason: 'is needed with the other RGB color: give both as "#rrggbb"',
      });
    }
    return failures;
  },
  outputs: {
    summary: z.string().optional().meta({ description: "The calendar's own title." }),
    accessRole: z.string().optional().meta({ description: "The caller's access to the calendar: `freeBusyReader`, `reader`, `writer` or `owner`." }),
  },
  adoption: {
    // The adopted calendars' own entries in the caller's list (their colors, reminders, visibility).
    under: { type: "calendar:Calendar", from: { calendarId: "calendarId" } },
    identity: {},
    // The entry's palette colorId says its colors; both at once would fail the check.
    omit: ["backgroundColor", "foregroundColor"],
    naming: "{parent}_entry",
  },
  docs: {
    summary:
      "A calendar in the caller's calendar list, with the caller's own settings of it: color, visibility, title, default reminders " +
      "and notifications.\n\n" +
      "Creating it inserts the calendar into the list (a calendar the caller can see; one already listed takes these settings). Every " +
      "change is made in place with a read of the live entry and a PUT of it with only the changed fields under `If-Match`; settings " +
      "the program leaves out are not touched. Destroying it removes the calendar from the list only: the calendar and its events stay. " +
      "Import by calendar id.",
    example: 'new svc.calendar.CalendarListEntry("team-in-my-list", { calendarId: team.calendarId, colorId: "7", summaryOverride: "My team" });',
  },
  samples: {
    parents: [{ type: "calendar:Calendar", inputs: { summary: "Listed calendar" } }],
    inputs: { calendarId: "{{parents[0].calendarId}}", colorId: "7", summaryOverride: "Mine" },
    updates: [
      { summaryOverride: "Ours", hidden: true },
      { selected: false, defaultReminders: [{ method: "popup", minutes: 10 }] },
      { notificationSettings: { notifications: [{ type: "eventCreation", method: "email" }] } },
      { colorId: undefined, backgroundColor: "#0b8043", foregroundColor: "#ffffff" },
      { colorId: "3", backgroundColor: undefined, foregroundColor: undefined },
    ],
    replacements: [{ calendarId: "other@example.com" }],
  },
});
