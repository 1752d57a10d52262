/**
 * The read-only side of the calendar API: colors, the caller's settings,
 * free/busy (per-calendar and per-group errors kept in the result and listed
 * in `failures`), ACL rules, the calendar list, events and the instances of a
 * recurring event. Lists are read to the last page. Arguments are checked
 * before any request, naming the argument; results keep fields not named here.
 */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";
import { readFunctionsOf } from "../../engine/functions/readFunction";
import { ACL_ROLES } from "./aclRule";
import { CALENDAR_LIST_PATH, CALENDAR_PAGING, CALENDAR_PATH, calendarId } from "./shapes";

const color = z.looseObject({ background: z.string(), foreground: z.string() });
export const colorsSchema = z.looseObject({ updated: z.string().optional(), calendar: z.record(z.string(), color), event: z.record(z.string(), color) });
export type CalendarColors = z.infer<typeof colorsSchema>;
export const settingSchema = z.looseObject({ id: z.string(), value: z.string() });
export type CalendarSetting = z.infer<typeof settingSchema>;
export const aclRuleSchema = z.looseObject({ id: z.string(), role: z.string(), scope: z.looseObject({ type: z.string(), value: z.string().optional() }) });
export type CalendarAclRule = z.infer<typeof aclRuleSchema>;
export const calendarListEntrySchema = z.looseObject({
  id: z.string(),
  summary: z.string().optional(),
  accessRole: z.string().optional(),
  primary: z.boolean().optional(),
  hidden: z.boolean().optional(),
  colorId: z.string().optional(),
  backgroundColor: z.string().optional(),
  deleted: z.boolean().optional(),
});
export type CalendarListItem = z.infer<typeof calendarListEntrySchema>;
const eventTime = z.looseObject({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() });
export const eventSchema = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  start: eventTime.optional(),
  end: eventTime.optional(),
  recurringEventId: z.string().optional(),
  iCalUID: z.string().optional(),
  eventType: z.string().optional(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;
const apiError = z.looseObject({ domain: z.string(), reason: z.string() });
export const freeBusySchema = z.looseObject({
  timeMin: z.string(),
  timeMax: z.string(),
  calendars: z
    .record(
      z.string(),
      z.looseObject({ busy: z.array(z.looseObject({ start: z.string(), end: z.string() })).default([]), errors: z.array(apiError).optional() }),
    )
    .default({}),
  groups: z.record(z.string(), z.looseObject({ calendars: z.array(z.string()).optional(), errors: z.array(apiError).optional() })).default({}),
});

/** One calendar or group the API could not answer for (its reason: `notFound`, `groupTooBig`, `tooManyCalendarsRequested`, ...). */
export interface FreeBusyFailure {
  readonly id: string;
  readonly kind: "calendar" | "group";
  readonly domain: string;
  readonly reason: string;
}
export type FreeBusy = z.infer<typeof freeBusySchema> & { readonly failures: FreeBusyFailure[] };

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([zZ]|[+-]\d{2}:\d{2})$/;
const time = z
  .string()
  .regex(RFC3339, { error: (issue) => `must be an RFC 3339 time with an offset, e.g. "2030-01-07T00:00:00Z"; got ${excerpt(issue.input)}` });
const pageSize = z.number().int().min(1).max(250, { error: "must be from 1 to 250" }).optional();

export const settingArgs = z.object({
  setting: z.string().regex(/^[A-Za-z0-9]+$/, { error: (issue) => `must be a setting id such as "timezone"; got ${excerpt(issue.input)}` }),
});
export const freeBusyArgs = z
  .object({
    timeMin: time,
    timeMax: time,
    calendars: z.array(calendarId).optional(),
    groups: z.array(z.string().min(1)).optional(),
    timeZone: z.string().optional(),
    calendarExpansionMax: z.number().int().min(1).max(50).optional(),
    groupExpansionMax: z.number().int().min(1).max(100).optional(),
  })
  .refine(({ timeMin, timeMax }) => Date.parse(timeMax) > Date.parse(timeMin), { error: "must be after timeMin", path: ["timeMax"] });
export const aclRulesArgs = z.object({ calendarId, showDeleted: z.boolean().optional(), pageSize });
export const calendarListArgs = z.object({
  minAccessRole: z
    .enum(ACL_ROLES.filter((role) => role !== "none" && role !== "writerWithoutPrivateAccess") as ["freeBusyReader", "reader", "writer", "owner"])
    .optional(),
  showDeleted: z.boolean().optional(),
  showHidden: z.boolean().optional(),
  pageSize,
});
export const eventsArgs = z
  .object({
    calendarId,
    timeMin: time.optional(),
    timeMax: time.optional(),
    iCalUID: z.string().min(1).optional(),
    singleEvents: z.boolean().optional(),
    orderBy: z.enum(["startTime", "updated"]).optional(),
    q: z.string().optional(),
    showDeleted: z.boolean().optional(),
    pageSize,
  })
  .refine((args) => args.orderBy !== "startTime" || args.singleEvents === true, {
    error: '"startTime" needs singleEvents: true (recurring events expanded into instances)',
    path: ["orderBy"],
  });
export const eventInstancesArgs = z.object({
  calendarId,
  eventId: z
    .string()
    .regex(/^[a-v0-9]{5,1024}$/, { error: (issue) => `must be an event id (5 to 1024 characters of a-v and 0-9); got ${excerpt(issue.input)}` }),
  timeMin: time.optional(),
  timeMax: time.optional(),
  pageSize,
});
export type SettingArgs = z.input<typeof settingArgs>;
export type FreeBusyArgs = z.input<typeof freeBusyArgs>;
export type AclRulesArgs = z.input<typeof aclRulesArgs>;
export type CalendarListArgs = z.input<typeof calendarListArgs>;
export type EventsArgs = z.input<typeof eventsArgs>;
export type EventInstancesArgs = z.input<typeof eventInstancesArgs>;

const { get, list, custom } = readFunctionsOf("calendar");
const paging = CALENDAR_PAGING;
const pageSizeArg = "pageSize";

export const getColors = get({
  name: "getColors",
  doc: "The color palettes of calendars (ids 1 to 24) and events (1 to 11).",
  path: "colors",
  result: colorsSchema,
});

export const getSettings = list({
  name: "getSettings",
  doc: "Every setting of the caller (`timezone`, `locale`, `weekStart`, ...).",
  path: "users/me/settings",
  field: "items",
  paging,
  result: settingSchema,
});

export const getSetting = get({
  name: "getSetting",
  doc: "One setting of the caller, by id (e.g. `timezone`).",
  args: settingArgs,
  path: "users/me/settings/{setting}",
  result: settingSchema,
});

export const queryFreeBusy = custom({
  name: "queryFreeBusy",
  doc:
    "Busy periods of calendars (and groups) between `timeMin` and `timeMax`. What the API could not answer for a calendar or group " +
    "(`notFound`, `tooManyCalendarsRequested`, `groupTooBig`, ...) is kept in its `errors` and listed in `failures`, never dropped.",
  example: [
    'const busy = await svc.calendar.queryFreeBusy({ timeMin: "2030-01-07T00:00:00Z", timeMax: "2030-01-08T00:00:00Z", calendars: ["primary"] });',
    "for (const failure of busy.failures) console.warn(`${failure.id}: ${failure.reason}`);",
  ],
  args: freeBusyArgs,
  request: "POST freeBusy (the calendars and groups as its items)",
  run: async ({ calendars = [], groups = [], ...window }, send): Promise<FreeBusy> => {
    const answer = await send({
      method: "POST",
      path: "freeBusy",
      body: { ...window, items: [...calendars, ...groups].map((id) => ({ id })) },
      // A query changes nothing: safe to repeat.
      repeat: "idempotent",
      schema: freeBusySchema,
    });
    const failures = [
      ...Object.entries(answer.calendars).flatMap(([id, { errors = [] }]) =>
        errors.map(({ domain, reason }) => ({ id, kind: "calendar" as const, domain, reason })),
      ),
      ...Object.entries(answer.groups).flatMap(([id, { errors = [] }]) => errors.map(({ domain, reason }) => ({ id, kind: "group" as const, domain, reason }))),
    ];
    return { ...answer, failures };
  },
});

export const getAclRules = list({
  name: "getAclRules",
  doc: "Every access rule of a calendar (all pages); `showDeleted` adds removed ones (role `none`).",
  args: aclRulesArgs,
  path: `${CALENDAR_PATH}/acl`,
  query: ["showDeleted"],
  field: "items",
  paging,
  pageSizeArg,
  result: aclRuleSchema,
});

export const getCalendarList = list({
  name: "getCalendarList",
  doc: "The caller's calendar list (all pages), optionally from a minimum access role, with hidden or deleted entries.",
  args: calendarListArgs,
  path: CALENDAR_LIST_PATH,
  query: ["minAccessRole", "showDeleted", "showHidden"],
  field: "items",
  paging,
  pageSizeArg,
  result: calendarListEntrySchema,
});

export const getEvents = list({
  name: "getEvents",
  doc: "The events of a calendar (all pages): between `timeMin` and `timeMax`, by `iCalUID`, with recurring events expanded into instances when `singleEvents` is true.",
  args: eventsArgs,
  path: `${CALENDAR_PATH}/events`,
  query: ["timeMin", "timeMax", "iCalUID", "singleEvents", "orderBy", "q", "showDeleted"],
  field: "items",
  paging,
  pageSizeArg,
  result: eventSchema,
});

export const getEventInstances = list({
  name: "getEventInstances",
  doc: "The instances of a recurring event (all pages), optionally between `timeMin` and `timeMax`.",
  args: eventInstancesArgs,
  path: `${CALENDAR_PATH}/events/{eventId}/instances`,
  query: ["timeMin", "timeMax"],
  field: "items",
  paging,
  pageSizeArg,
  result: eventSchema,
});
