import * as pulumi from "@pulumi/pulumi";
import type * as Queries from "../../provider/calendar/functions";
import type { CalendarColors, CalendarSetting } from "../../provider/calendar/functions";

import { lazily, outputFunction, promiseFunction } from "../internal/functions";

export type {
  AclRulesArgs,
  CalendarAclRule,
  CalendarColors,
  CalendarEvent,
  CalendarListArgs,
  CalendarListItem,
  CalendarSetting,
  EventInstancesArgs,
  EventsArgs,
  FreeBusy,
  FreeBusyArgs,
  FreeBusyFailure,
  SettingArgs,
} from "../../provider/calendar/functions";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/calendar/functions") as typeof Queries);

/** The color palettes of calendars (ids 1 to 24) and events (1 to 11). */
export const getColors = promiseFunction(queries, "getColors");
/** {@link getColors} as an Output. */
export const getColorsOutput = (): pulumi.Output<CalendarColors> => pulumi.output({}).apply(() => getColors());

/** Every setting of the caller (`timezone`, `locale`, `weekStart`, ...). */
export const getSettings = promiseFunction(queries, "getSettings");
/** {@link getSettings} as an Output. */
export const getSettingsOutput = (): pulumi.Output<CalendarSetting[]> => pulumi.output({}).apply(() => getSettings());

/** One setting of the caller, by id (e.g. `timezone`). */
export const getSetting = promiseFunction(queries, "getSetting");
/** {@link getSetting} as an Output. */
export const getSettingOutput = outputFunction(queries, "getSetting");

/**
 * Busy periods of calendars (and groups) between `timeMin` and `timeMax`. What the API could not
 * answer for a calendar or group (`notFound`, `tooManyCalendarsRequested`, `groupTooBig`, ...) is
 * kept in its `errors` and listed in `failures`, never dropped.
 *
 * @example
 * ```ts
 * const busy = await svc.calendar.queryFreeBusy({ timeMin: "2030-01-07T00:00:00Z", timeMax: "2030-01-08T00:00:00Z", calendars: ["primary"] });
 * for (const failure of busy.failures) console.warn(`${failure.id}: ${failure.reason}`);
 * ```
 */
export const queryFreeBusy = promiseFunction(queries, "queryFreeBusy");
/** {@link queryFreeBusy} as an Output. */
export const queryFreeBusyOutput = outputFunction(queries, "queryFreeBusy");

/** Every access rule of a calendar (all pages); `showDeleted` adds removed ones (role `none`). */
export const getAclRules = promiseFunction(queries, "getAclRules");
/** {@link getAclRules} as an Output. */
export const getAclRulesOutput = outputFunction(queries, "getAclRules");

/** The caller's calendar list (all pages), optionally from a minimum access role, with hidden or deleted entries. */
export const getCalendarList = promiseFunction(queries, "getCalendarList");
/** {@link getCalendarList} as an Output. */
export const getCalendarListOutput = outputFunction(queries, "getCalendarList");

/**
 * The events of a calendar (all pages): between `timeMin` and `timeMax`, by `iCalUID`, with recurring
 * events expanded into instances when `singleEvents` is true.
 */
export const getEvents = promiseFunction(queries, "getEvents");
/** {@link getEvents} as an Output. */
export const getEventsOutput = outputFunction(queries, "getEvents");

/** The instances of a recurring event (all pages), optionally between `timeMin` and `timeMax`. */
export const getEventInstances = promiseFunction(queries, "getEventInstances");
/** {@link getEventInstances} as an Output. */
export const getEventInstancesOutput = outputFunction(queries, "getEventInstances");
