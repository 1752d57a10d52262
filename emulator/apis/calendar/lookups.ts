/**
 * The read-only side: free/busy computed from events, the color palettes,
 * and the caller's settings (read-only in the API).
 */
import { z } from "zod";
import type { ApiCall, ApiResult } from "../../api";
import { pathParam } from "../../api";
import { parseRequestBody } from "../../google/request-body";
import { CALENDAR_COLORS, COLORS_UPDATED, EVENT_COLORS } from "./colors";
import type { CalendarContext } from "./context";
import { accessRole, caller, notFound, syncList, withEtag } from "./context";
import { windowOf } from "./event-lists";
import { expandInWindow } from "./recurrence";
import { instantOf } from "./recurrence";

/** Calendars one query may ask about; the rest get `tooManyCalendarsRequested`. */
const MAX_CALENDARS = 50;

const freeBusyBody = z.strictObject({
  timeMin: z.string(),
  timeMax: z.string(),
  timeZone: z.string().optional(),
  groupExpansionMax: z.number().int().min(0).max(100).optional(),
  calendarExpansionMax: z.number().int().min(0).max(MAX_CALENDARS).optional(),
  items: z.array(z.strictObject({ id: z.string().min(1) })).optional(),
});

interface Busy {
  startMs: number;
  endMs: number;
}

function merged(periods: Busy[]): Busy[] {
  const sorted = [...periods].sort((a, b) => a.startMs - b.startMs);
  const out: Busy[] = [];
  for (const period of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && period.startMs <= last.endMs) last.endMs = Math.max(last.endMs, period.endMs);
    else out.push({ ...period });
  }
  return out;
}

const iso = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");

export function queryFreeBusy(context: CalendarContext, call: ApiCall): ApiResult {
  const email = caller(context, call);
  const body = parseRequestBody(freeBusyBody, call.body, "resource");
  const window = windowOf(body);
  const limit = body.calendarExpansionMax ?? MAX_CALENDARS;
  const calendars: Record<string, unknown> = {};
  (body.items ?? []).forEach(({ id }, index) => {
    if (index >= limit) {
      calendars[id] = { busy: [], errors: [{ domain: "global", reason: "tooManyCalendarsRequested" }] };
      return;
    }
    const stored = context.store.calendars.get(id === "primary" ? email : id.toLowerCase());
    if (stored === undefined || accessRole(stored, email) === "none") {
      calendars[id] = { busy: [], errors: [{ domain: "global", reason: "notFound" }] };
      return;
    }
    const periods = [...stored.events.values()]
      .filter(({ event }) => event.status !== "cancelled" && event.transparency !== "transparent")
      .flatMap(({ event }) => expandInWindow(event, window, stored.events))
      .map((event) => ({ startMs: Math.max(instantOf(event.start), window.minMs), endMs: Math.min(instantOf(event.end), window.maxMs) }));
    calendars[id] = { busy: merged(periods).map(({ startMs, endMs }) => ({ start: iso(startMs), end: iso(endMs) })) };
  });
  return { status: 200, body: { kind: "calendar#freeBusy", timeMin: body.timeMin, timeMax: body.timeMax, calendars } };
}

export function getColors(): ApiResult {
  return { status: 200, body: { kind: "calendar#colors", updated: COLORS_UPDATED, calendar: CALENDAR_COLORS, event: EVENT_COLORS } };
}

export function listSettings(context: CalendarContext, call: ApiCall): ApiResult {
  const email = caller(context, call);
  const items = [...context.store.user(email).settings.values()].map(({ setting, seq }) => ({ key: setting.id, seq, deleted: false, wire: setting }));
  return { status: 200, body: syncList(context, call, items, { listId: `settings:${email}`, kind: "calendar#settings" }) };
}

export function getSetting(context: CalendarContext, call: ApiCall): ApiResult {
  const email = caller(context, call);
  const found = context.store.user(email).settings.get(pathParam(call, "setting"));
  if (found === undefined) throw notFound();
  return withEtag(found.setting);
}
