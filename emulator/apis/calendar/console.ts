/**
 * The calendar in the web console: calendars -> ACL rules, events, the users' list entries of
 * the calendar, and the channels watching it; then the channels on users' lists and settings.
 * Each node's JSON is the API's answer as the calendar's owner reads it.
 */
import type { ObjectNode, ObjectTree } from "../../console/tree";
import { bodyOf, decodedPath, isAtOrUnder, nodeKey, responseOf } from "../../console/tree";
import type { LoggedRequest } from "../../recorder";
import { entryWire } from "./calendar-list";
import type { CalendarContext } from "./context";
import { CALENDAR_PREFIX } from "./context";
import { eventView } from "./events";
import type { StoredCalendar } from "./store";
import type { CalendarWatchStore } from "./watch";

const calendarPath = (id: string): string => `${CALENDAR_PREFIX}/calendars/${id}`;

/** A calendar is named by its id, or as `primary` by its owner. */
function calendarTouched(stored: StoredCalendar, request: LoggedRequest, below = ""): boolean {
  const ids = stored.primary ? [stored.calendar.id, "primary"] : [stored.calendar.id];
  return ids.some((id) => isAtOrUnder(decodedPath(request), `${calendarPath(id)}${below}`));
}

const isCreate = (request: LoggedRequest): boolean => request.request.method === "POST";

function ruleNodes(stored: StoredCalendar): ObjectNode[] {
  return [...stored.rules.values()]
    .filter(({ rule }) => rule.role !== "none")
    .map(({ rule }) => ({
      key: nodeKey("rule", stored.calendar.id, rule.id),
      kind: "ACL rule",
      label: rule.id,
      summary: rule.role,
      wire: () => stored.rules.get(rule.id)?.rule ?? rule,
      touchedBy: (request) =>
        calendarTouched(stored, request, `/acl/${rule.id}`) ||
        (isCreate(request) && decodedPath(request).endsWith("/acl") && calendarTouched(stored, request, "/acl") && responseOf(request)?.["id"] === rule.id),
    }));
}

function eventNodes(stored: StoredCalendar): ObjectNode[] {
  return [...stored.events.values()]
    .filter(({ event }) => event.status !== "cancelled")
    .map(({ event }) => ({
      key: nodeKey("event", stored.calendar.id, event.id),
      kind: "event",
      label: event.summary ?? event.id,
      summary: `${event.start.dateTime ?? event.start.date ?? ""}${event.recurrence !== undefined ? ", recurring" : ""}`,
      wire: () => eventView(stored.events.get(event.id)?.event ?? event, stored.owner),
      touchedBy: (request) =>
        calendarTouched(stored, request, `/events/${event.id}`) ||
        (isCreate(request) && calendarTouched(stored, request, "/events") && responseOf(request)?.["id"] === event.id),
    }));
}

function listEntryNodes(context: CalendarContext, stored: StoredCalendar): ObjectNode[] {
  const id = stored.calendar.id;
  return [...context.store.users.values()].flatMap((user) => {
    const entry = user.calendarList.get(id);
    if (entry === undefined || entry.deleted) return [];
    return [
      {
        key: nodeKey("listEntry", user.email, id),
        kind: "calendar list entry",
        label: `in the list of ${user.email}`,
        summary: `color ${entry.settings.colorId}${entry.settings.summaryOverride !== undefined ? `, "${entry.settings.summaryOverride}"` : ""}`,
        wire: () => entryWire(context, user.email, entry),
        touchedBy: (request: LoggedRequest) =>
          isAtOrUnder(decodedPath(request), `${CALENDAR_PREFIX}/users/me/calendarList/${id}`) ||
          (isCreate(request) && decodedPath(request) === `${CALENDAR_PREFIX}/users/me/calendarList` && bodyOf(request)?.["id"] === id),
      },
    ];
  });
}

function channelNodes(store: CalendarWatchStore, select: (topic: { calendarId?: string; user?: string }) => boolean): ObjectNode[] {
  return store.channels.channels(select).map((channel) => ({
    key: nodeKey("channel", channel.id),
    kind: "watch channel",
    label: channel.id,
    summary: `to ${channel.address}, until ${new Date(Number(channel.expiration)).toISOString()}`,
    wire: () => channel,
    touchedBy: (request) => isCreate(request) && bodyOf(request)?.["id"] === channel.id,
  }));
}

export function calendarObjects(context: CalendarContext): ObjectTree {
  const store = context.store as CalendarWatchStore;
  return () => [
    {
      title: "calendars",
      nodes: [...store.calendars.values()].map((stored): ObjectNode => ({
        key: nodeKey("calendar", stored.calendar.id),
        kind: stored.primary ? "primary calendar" : "calendar",
        label: `${stored.calendar.summary} (${stored.calendar.id})`,
        summary: `owner ${stored.owner}, ${stored.rules.size} rules, ${stored.events.size} events`,
        wire: () => stored.calendar,
        touchedBy: (request) =>
          calendarTouched(stored, request) ||
          (isCreate(request) && decodedPath(request) === `${CALENDAR_PREFIX}/calendars` && responseOf(request)?.["id"] === stored.calendar.id),
        groups: () => [
          { title: "ACL rules", nodes: ruleNodes(stored) },
          { title: "events", nodes: eventNodes(stored) },
          { title: "list entries", nodes: listEntryNodes(context, stored) },
          { title: "channels", nodes: channelNodes(store, (topic) => topic.calendarId === stored.calendar.id) },
        ],
      })),
    },
    { title: "channels on calendar lists and settings", nodes: channelNodes(store, (topic) => topic.user !== undefined) },
  ];
}
