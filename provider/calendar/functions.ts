/**
 * The read-only side of the calendar API: colors, the caller's settings,
 * free/busy (per-calendar and per-group errors kept in the result and listed
 * in `failures`), ACL rules, the calendar list, events and the instances of a
 * recurring event. Lists are read to the last page. Arguments are checked
 * before any request, naming the argument; results keep fields not named here.
 */
import { z } from "zod";
import { clientFor } from "../clients";
import { excerpt } from "../engine/excerpt";
import { fillTemplate } from "../engine/template";
import { listAll } from "../google/listAll";
import { ACL_ROLES } from "./aclRule";
import { CALENDAR_LIST_PATH, CALENDAR_PAGING, CALENDAR_PATH, calendarId } from "./shapes";
import { parseFunctionArgs } from "../functionArgs";


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
  calendars: z.record(z.string(), z.looseObject({ busy: z.array(z.looseObject({ start: z.string(), end: z.string() })).default([]), errors: z.array(apiError).optional() })).default({}),
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
const time = z.string().regex(RFC3339, { error: (issue) => `must be an RFC 3339 time with an offset, e.g. "2030-01-07T00:00:00Z"; got ${excerpt(issue.input)}` });
const pageSize = z.number().int().min(1).max(250, { error: "must be from 1 to 250" }).optional();

export const settingArgs = z.object({ setting: z.string().regex(/^[A-Za-z0-9]+$/, { error: (issue) => `must be a setting id such as "timezone"; got ${excerpt(issue.input)}` }) });
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
  minAccessRole: z.enum(ACL_ROLES.filter((role) => role !== "none" && role !== "writerWithoutPrivateAccess") as ["freeBusyReader", "reader", "writer", "owner"]).optional(),
  showDeleted: z.boolean().optional(),
  showHidden: z.boolean().optional(),
  pageSize,
});
export const eventsArgs = z.object({
  calendarId,
  timeMin: time.optional(),
  timeMax: time.optional(),
  iCalUID: z.string().min(1).optional(),
  singleEvents: z.boolean().optional(),
  orderBy: z.enum(["startTime", "updated"]).optional(),
  q: z.string().optional(),
  showDeleted: z.boolean().optional(),
  pageSize,
});
export const eventInstancesArgs = z.object({
  calendarId,
  eventId: z.string().regex(/^[a-v0-9]{5,1024}$/, { error: (issue) => `must be an event id (5 to 1024 characters of a-v and 0-9); got ${excerpt(issue.input)}` }),
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

function parse<T>(schema: z.ZodType<T>, input: unknown, fn: string): T {
  return parseFunctionArgs(schema, input, `calendar.${fn}`);
}

const asQuery = (values: Record<string, string | number | boolean | undefined>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === undefined ? undefined : String(value)]));

async function list<T>(path: string, field: string, schema: z.ZodType<T>, query: Record<string, string | number | boolean | undefined>, size?: number): Promise<T[]> {
  return z.array(schema).parse(await listAll(clientFor("calendar"), path, field, { ...CALENDAR_PAGING, pageSize: size, query: asQuery(query) }));
}

export async function getColors(): Promise<CalendarColors> {
  return clientFor("calendar").send({ method: "GET", path: "colors", schema: colorsSchema });
}

export async function getSettings(): Promise<CalendarSetting[]> {
  return list("users/me/settings", "items", settingSchema, {});
}

export async function getSetting(input: SettingArgs): Promise<CalendarSetting> {
  const { setting } = parse(settingArgs, input, "getSetting");
  return clientFor("calendar").send({ method: "GET", path: fillTemplate("users/me/settings/{setting}", { setting }), schema: settingSchema });
}

export async function queryFreeBusy(input: FreeBusyArgs): Promise<FreeBusy> {
  const { calendars = [], groups = [], ...window } = parse(freeBusyArgs, input, "queryFreeBusy");
  const answer = await clientFor("calendar").send({
    method: "POST",
    path: "freeBusy",
    body: { ...window, items: [...calendars, ...groups].map((id) => ({ id })) },
    // A query changes nothing: safe to repeat.
    repeat: "idempotent",
    schema: freeBusySchema,
  });
  const failures = [
    ...Object.entries(answer.calendars).flatMap(([id, { errors = [] }]) => errors.map(({ domain, reason }) => ({ id, kind: "calendar" as const, domain, reason }))),
    ...Object.entries(answer.groups).flatMap(([id, { errors = [] }]) => errors.map(({ domain, reason }) => ({ id, kind: "group" as const, domain, reason }))),
  ];
  return { ...answer, failures };
}

export async function getAclRules(input: AclRulesArgs): Promise<CalendarAclRule[]> {
  const args = parse(aclRulesArgs, input, "getAclRules");
  return list(fillTemplate(`${CALENDAR_PATH}/acl`, { calendarId: args.calendarId }), "items", aclRuleSchema, { showDeleted: args.showDeleted }, args.pageSize);
}

export async function getCalendarList(input: CalendarListArgs = {}): Promise<CalendarListItem[]> {
  const { pageSize: size, ...query } = parse(calendarListArgs, input, "getCalendarList");
  return list(CALENDAR_LIST_PATH, "items", calendarListEntrySchema, query, size);
}

export async function getEvents(input: EventsArgs): Promise<CalendarEvent[]> {
  const { calendarId: id, pageSize: size, ...query } = parse(eventsArgs, input, "getEvents");
  if (query.orderBy === "startTime" && query.singleEvents !== true) {
    throw new Error('svc.calendar.getEvents: orderBy "startTime" needs singleEvents: true (recurring events expanded into instances)');
  }
  return list(fillTemplate(`${CALENDAR_PATH}/events`, { calendarId: id }), "items", eventSchema, query, size);
}

export async function getEventInstances(input: EventInstancesArgs): Promise<CalendarEvent[]> {
  const { calendarId: id, eventId, pageSize: size, ...query } = parse(eventInstancesArgs, input, "getEventInstances");
  return list(fillTemplate(`${CALENDAR_PATH}/events/{eventId}/instances`, { calendarId: id, eventId }), "items", eventSchema, query, size);
}
