/**
 * events.list and events.instances: a calendar's events in a time window,
 * by iCalUID, recurring ones as they are or expanded into instances
 * (`singleEvents`), with paging and sync tokens; and the instances of one
 * recurring event. A cancelled occurrence (an exception stored under the
 * occurrence's id) is left out of the expansions and, like Google's, listed
 * in a list that does not expand, even without `showDeleted`.
 */
import type { ApiCall, ApiResult, QueryParams } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { compareStrings } from "../../google/paging";
import type { CalendarContext } from "./context";
import { accessRole, badRequest, booleanParameter, paginate, pathCalendar, syncList } from "./context";
import { eventView, liveEvent } from "./events";
import { expandInWindow, instantOf, isRfc3339, type TimeWindow } from "./recurrence";
import type { CalendarEvent } from "./resources";
import type { StoredCalendar } from "./store";

/** `timeMin`/`timeMax` (RFC 3339 with an offset); an empty range is 400 `timeRangeEmpty`. */
export type { TimeWindow };

export function windowOf(query: QueryParams | Record<string, unknown>, names: { min: string; max: string } = { min: "timeMin", max: "timeMax" }): TimeWindow {
  const read = (name: string): number | undefined => {
    const raw: unknown = query[name];
    const value: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
    if (value === undefined || value === "") return undefined;
    if (typeof value !== "string" || !isRfc3339(value)) {
      throw badRequest(
        "invalid",
        `Invalid value for ${name}: '${typeof value === "string" ? value : JSON.stringify(value)}' is not an RFC 3339 time with an offset.`,
        name,
      );
    }
    return Date.parse(value);
  };
  const minMs = read(names.min) ?? Number.NEGATIVE_INFINITY;
  const maxMs = read(names.max) ?? Number.POSITIVE_INFINITY;
  if (maxMs <= minMs) throw badRequest("timeRangeEmpty", "The specified time range is empty.", names.max);
  return { minMs, maxMs };
}

/** Sort key of a listed event: its start (fixed width), then its id. */
function keyOf(event: CalendarEvent): string {
  const start = instantOf(event.start);
  return `${String(Number.isNaN(start) ? 0 : start).padStart(16, "0")} ${event.id}`;
}

function listHeader(context: CalendarContext, stored: StoredCalendar, email: string): Record<string, unknown> {
  return {
    summary: stored.calendar.summary,
    ...(stored.calendar.description !== undefined && { description: stored.calendar.description }),
    updated: context.now().toISOString(),
    timeZone: stored.calendar.timeZone,
    accessRole: accessRole(stored, email),
    defaultReminders: context.store.user(email).calendarList.get(stored.calendar.id)?.settings.defaultReminders ?? [],
  };
}

export function listEvents(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "reader");
  const window = windowOf(call.query);
  const single = booleanParameter(call.query, "singleEvents");
  const orderBy = firstQueryValue(call.query, "orderBy");
  if (orderBy !== undefined && orderBy !== "startTime" && orderBy !== "updated") {
    throw badRequest("invalid", `Invalid value for orderBy: '${orderBy}'; expected startTime or updated.`, "orderBy");
  }
  if (orderBy === "startTime" && !single) throw badRequest("invalid", "The requested ordering is not available for the particular query.", "orderBy");
  const iCalUID = firstQueryValue(call.query, "iCalUID");
  const text = firstQueryValue(call.query, "q")?.toLowerCase();
  const matches = (event: CalendarEvent): boolean =>
    (iCalUID === undefined || event.iCalUID === iCalUID) &&
    (text === undefined || [event.summary, event.description, event.location].some((field) => field?.toLowerCase().includes(text) === true));
  const items = [...stored.events.values()].flatMap(({ event, seq }) => {
    if (!matches(event)) return [];
    const shown =
      event.status === "cancelled" || !single
        ? expandInWindow(event, window).length > 0 || event.status === "cancelled"
          ? [event]
          : []
        : expandInWindow(event, window, stored.events);
    // "Cancelled instances of recurring events ... will still be included if showDeleted and singleEvents are both False."
    const cancelledOccurrence = (one: CalendarEvent): boolean => !single && one.recurringEventId !== undefined;
    return shown.map((one) => ({ key: keyOf(one), seq, deleted: one.status === "cancelled" && !cancelledOccurrence(one), wire: eventView(one, email) }));
  });
  const body = syncList(context, call, items, {
    listId: `events:${stored.calendar.id}:${single}`,
    kind: "calendar#events",
    filters: ["timeMin", "timeMax", "iCalUID", "orderBy", "q", "updatedMin"],
    extra: listHeader(context, stored, email),
  });
  return { status: 200, body };
}

export function listInstances(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "reader");
  const master = liveEvent(stored, pathParam(call, "eventId")).event;
  const window = windowOf(call.query);
  const instances = expandInWindow(master, window, stored.events).map((event) => eventView(event, email));
  const sorted = instances.map((event) => ({ key: keyOf(event), event })).sort((a, b) => compareStrings(a.key, b.key));
  const page = paginate({
    listId: `instances:${stored.calendar.id}:${master.id}`,
    sortedItems: sorted,
    keyOf: (item) => item.key,
    compareKeys: compareStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      kind: "calendar#events",
      etag: master.etag,
      ...listHeader(context, stored, email),
      items: page.items.map((item) => item.event),
      ...(page.nextPageToken !== undefined && { nextPageToken: page.nextPageToken }),
    },
  };
}
