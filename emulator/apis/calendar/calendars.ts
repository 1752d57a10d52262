/**
 * calendars.* handlers: secondary calendars (insert, get, update, patch,
 * delete) and the metadata of primary ones. A new calendar's id is
 * `c_<hex>@group.calendar.google.com`, it is owned by its creator and put in
 * the creator's list. Only secondary calendars can be deleted; only primary
 * ones cleared (every event deleted).
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ApiCall, ApiResult } from "../../api";
import { parseRequestBody } from "../../google/request-body";
import type { CalendarContext } from "./context";
import { badRequest, caller, checkIfMatch, pathCalendar, withEtag } from "./context";
import type { CalendarResource } from "./resources";
import type { StoredCalendar } from "./store";

const ENTITY = "resource";

/** Whether a name is an IANA time zone the runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z.string().refine(isTimeZone);
const calendarBody = z.strictObject({
  kind: z.string().optional(),
  etag: z.string().optional(),
  id: z.string().optional(),
  summary: z.string().min(1),
  description: z.string().optional(),
  location: z.string().optional(),
  timeZone: timeZone.optional(),
  conferenceProperties: z.looseObject({}).optional(),
});
const calendarPatch = calendarBody.partial();

const EDITABLE = ["summary", "description", "location", "timeZone"] as const;

function announce(context: CalendarContext, email: string, stored: StoredCalendar): void {
  context.store.changed({ user: email, resource: "calendarList", calendarId: stored.calendar.id });
}

export function insertCalendar(context: CalendarContext, call: ApiCall): ApiResult {
  const email = caller(context, call);
  const body = parseRequestBody(calendarBody, call.body, ENTITY);
  const seq = context.store.nextSeq();
  const calendar: CalendarResource = {
    kind: "calendar#calendar",
    etag: context.store.etagOf(seq),
    id: `c_${randomBytes(16).toString("hex")}@group.calendar.google.com`,
    summary: body.summary,
    ...(body.description !== undefined && body.description !== "" && { description: body.description }),
    ...(body.location !== undefined && body.location !== "" && { location: body.location }),
    timeZone: body.timeZone ?? "UTC",
    conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
  };
  const stored: StoredCalendar = { calendar, owner: email, primary: false, seq, rules: new Map(), events: new Map() };
  context.store.addCalendar(stored);
  announce(context, email, stored);
  return withEtag(calendar);
}

export function getCalendar(context: CalendarContext, call: ApiCall): ApiResult {
  return withEtag(pathCalendar(context, call, "reader").stored.calendar);
}

function writeCalendar(context: CalendarContext, call: ApiCall, mode: "update" | "patch"): ApiResult {
  const { email, stored } = pathCalendar(context, call, "owner");
  checkIfMatch(call, stored.calendar.etag);
  const body = mode === "update" ? parseRequestBody(calendarBody, call.body, ENTITY) : parseRequestBody(calendarPatch, call.body, ENTITY);
  const next: Record<string, unknown> = { ...stored.calendar };
  for (const field of EDITABLE) {
    // An update replaces every editable field (an absent one is cleared; the time zone stays); a patch only those given.
    if (mode === "patch" && !Object.hasOwn(body, field)) continue;
    const value = body[field];
    if (value === undefined || value === "") {
      if (field === "summary") throw badRequest("required", "Missing summary.");
      if (field !== "timeZone") delete next[field];
    } else {
      next[field] = value;
    }
  }
  stored.seq = context.store.nextSeq();
  stored.calendar = { ...(next as unknown as CalendarResource), etag: context.store.etagOf(stored.seq) };
  announce(context, email, stored);
  return withEtag(stored.calendar);
}

export function updateCalendar(context: CalendarContext, call: ApiCall): ApiResult {
  return writeCalendar(context, call, "update");
}

export function patchCalendar(context: CalendarContext, call: ApiCall): ApiResult {
  return writeCalendar(context, call, "patch");
}

export function deleteCalendar(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "owner");
  if (stored.primary) {
    throw badRequest("cannotDeletePrimaryCalendar", "Cannot delete a primary calendar; use calendars.clear to delete its events.");
  }
  checkIfMatch(call, stored.calendar.etag);
  context.store.calendars.delete(stored.calendar.id);
  // The calendar leaves every list it was in; the entries stay as tombstones for sync.
  for (const user of context.store.users.values()) {
    const entry = user.calendarList.get(stored.calendar.id);
    if (entry === undefined || entry.deleted) continue;
    entry.seq = context.store.nextSeq();
    entry.etag = context.store.etagOf(entry.seq);
    entry.deleted = true;
  }
  announce(context, email, stored);
  return { status: 204 };
}

export function clearCalendar(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "owner");
  if (!stored.primary) throw badRequest("invalid", "Only a primary calendar can be cleared; delete a secondary calendar instead.");
  for (const entry of stored.events.values()) {
    if (entry.event.status === "cancelled") continue;
    entry.seq = context.store.nextSeq();
    entry.event = { ...entry.event, status: "cancelled", etag: context.store.etagOf(entry.seq), updated: context.now().toISOString() };
  }
  context.store.changed({ user: email, resource: "events", calendarId: stored.calendar.id });
  return { status: 204 };
}
