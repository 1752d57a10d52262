/** The Calendar v3 route table (section B of the spec) at its real paths under `/calendar/v3`. */
import type { ApiCall, ApiResult, ApiRoute, HttpMethod } from "../../api";
import { deleteRule, getRule, insertRule, listRules, patchRule, updateRule } from "./acl";
import { deleteEntry, getEntry, insertEntry, listEntries, patchEntry, updateEntry } from "./calendar-list";
import { clearCalendar, deleteCalendar, getCalendar, insertCalendar, patchCalendar, updateCalendar } from "./calendars";
import type { CalendarContext } from "./context";
import { CALENDAR_PREFIX } from "./context";
import { listEvents, listInstances } from "./event-lists";
import { deleteEvent, getEvent, importEvent, insertEvent, moveEvent, patchEvent, quickAddEvent, updateEvent } from "./events";
import { getColors, getSetting, listSettings, queryFreeBusy } from "./lookups";

const CALENDARS = `${CALENDAR_PREFIX}/calendars`;
const CALENDAR = `${CALENDARS}/:calendarId`;
const ACL = `${CALENDAR}/acl`;
const EVENTS = `${CALENDAR}/events`;
const EVENT = `${EVENTS}/:eventId`;
const LIST = `${CALENDAR_PREFIX}/users/me/calendarList`;
const SETTINGS = `${CALENDAR_PREFIX}/users/me/settings`;

export function calendarRoutes(context: CalendarContext): ApiRoute[] {
  const route = (method: HttpMethod, pattern: string, operation: string, handler: (context: CalendarContext, call: ApiCall) => ApiResult): ApiRoute => ({
    method,
    pattern,
    operation,
    handle: (call) => handler(context, call),
  });
  return [
    route("POST", ACL, "calendar.acl.insert", insertRule),
    route("GET", ACL, "calendar.acl.list", listRules),
    route("GET", `${ACL}/:ruleId`, "calendar.acl.get", getRule),
    route("PUT", `${ACL}/:ruleId`, "calendar.acl.update", updateRule),
    route("PATCH", `${ACL}/:ruleId`, "calendar.acl.patch", patchRule),
    route("DELETE", `${ACL}/:ruleId`, "calendar.acl.delete", deleteRule),

    route("POST", LIST, "calendar.calendarList.insert", insertEntry),
    route("GET", LIST, "calendar.calendarList.list", listEntries),
    route("GET", `${LIST}/:calendarId`, "calendar.calendarList.get", getEntry),
    route("PUT", `${LIST}/:calendarId`, "calendar.calendarList.update", updateEntry),
    route("PATCH", `${LIST}/:calendarId`, "calendar.calendarList.patch", patchEntry),
    route("DELETE", `${LIST}/:calendarId`, "calendar.calendarList.delete", deleteEntry),

    route("POST", CALENDARS, "calendar.calendars.insert", insertCalendar),
    route("GET", CALENDAR, "calendar.calendars.get", getCalendar),
    route("PUT", CALENDAR, "calendar.calendars.update", updateCalendar),
    route("PATCH", CALENDAR, "calendar.calendars.patch", patchCalendar),
    route("DELETE", CALENDAR, "calendar.calendars.delete", deleteCalendar),
    route("POST", `${CALENDAR}/clear`, "calendar.calendars.clear", clearCalendar),

    route("POST", EVENTS, "calendar.events.insert", insertEvent),
    route("GET", EVENTS, "calendar.events.list", listEvents),
    route("POST", `${EVENTS}/import`, "calendar.events.import", importEvent),
    route("POST", `${EVENTS}/quickAdd`, "calendar.events.quickAdd", quickAddEvent),
    route("GET", EVENT, "calendar.events.get", getEvent),
    route("PUT", EVENT, "calendar.events.update", updateEvent),
    route("PATCH", EVENT, "calendar.events.patch", patchEvent),
    route("DELETE", EVENT, "calendar.events.delete", deleteEvent),
    route("POST", `${EVENT}/move`, "calendar.events.move", moveEvent),
    route("GET", `${EVENT}/instances`, "calendar.events.instances", listInstances),

    route("POST", `${CALENDAR_PREFIX}/freeBusy`, "calendar.freebusy.query", queryFreeBusy),
    route("GET", `${CALENDAR_PREFIX}/colors`, "calendar.colors.get", getColors),
    route("GET", SETTINGS, "calendar.settings.list", listSettings),
    route("GET", `${SETTINGS}/:setting`, "calendar.settings.get", getSetting),
  ];
}
