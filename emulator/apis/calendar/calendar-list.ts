/**
 * calendarList.* handlers: the caller's list of calendars and its own settings
 * of each (colors, visibility, reminders, notifications). Insert puts a
 * calendar the caller can see in the list (or updates the entry it has);
 * delete only takes it out of the list. Colors are written as a palette id,
 * or as RGB with `colorRgbFormat=true` (the id is then the nearest one;
 * without it the RGB fields of a body are ignored).
 */
import { z } from "zod";
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { parseRequestBody } from "../../google/request-body";
import { enumQueryParameter } from "../../google/query";
import { CALENDAR_COLORS, HEX_COLOR, nearestCalendarColor } from "./colors";
import type { CalendarContext } from "./context";
import { accessRole, badRequest, booleanParameter, caller, calendarFor, checkIfMatch, notFound, roleRank, syncList, withEtag } from "./context";
import type { CalendarListEntry, ListEntrySettings, Role } from "./resources";
import { ROLES } from "./resources";
import type { StoredListEntry } from "./store";

const ENTITY = "resource";

export const reminderSchema = z.strictObject({ method: z.enum(["email", "popup"]), minutes: z.number().int().min(0).max(40320) });
const notificationSchema = z.strictObject({
  type: z.enum(["eventCreation", "eventChange", "eventCancellation", "eventResponse", "agenda"]),
  method: z.literal("email"),
});

/** The entry as a client sends it; what the calendar itself says (summary, access role, ...) is accepted and ignored. */
const entryBody = z.looseObject({
  id: z.string().min(1),
  summaryOverride: z.string().optional(),
  colorId: z.string().optional(),
  backgroundColor: z.string().regex(HEX_COLOR).optional(),
  foregroundColor: z.string().regex(HEX_COLOR).optional(),
  hidden: z.boolean().optional(),
  selected: z.boolean().optional(),
  defaultReminders: z.array(reminderSchema).optional(),
  notificationSettings: z.strictObject({ notifications: z.array(notificationSchema) }).optional(),
});
const entryPatch = entryBody.partial();
type EntryFields = z.infer<typeof entryPatch>;

const OWN_FIELDS = ["summaryOverride", "hidden", "selected", "defaultReminders", "notificationSettings"] as const;

/** The colors of a write: a palette id, or RGB (with `colorRgbFormat=true`); undefined when the body names none. */
function colorsOf(call: ApiCall, body: EntryFields): Pick<ListEntrySettings, "colorId" | "backgroundColor" | "foregroundColor"> | undefined {
  // Without colorRgbFormat the RGB fields are read-only (a body read back and sent again carries them): ignored.
  if (booleanParameter(call.query, "colorRgbFormat") && (body.backgroundColor !== undefined || body.foregroundColor !== undefined)) {
    if (body.backgroundColor === undefined || body.foregroundColor === undefined) {
      throw badRequest("invalid", "Give both backgroundColor and foregroundColor.");
    }
    return { colorId: nearestCalendarColor(body.backgroundColor), backgroundColor: body.backgroundColor, foregroundColor: body.foregroundColor };
  }
  if (body.colorId !== undefined) {
    const color = CALENDAR_COLORS[body.colorId];
    if (color === undefined) throw badRequest("invalid", `Invalid color id '${body.colorId}': calendar colors are 1 to 24 (GET /colors).`);
    return { colorId: body.colorId, backgroundColor: color.background, foregroundColor: color.foreground };
  }
  return undefined;
}

function applyFields(call: ApiCall, settings: ListEntrySettings, body: EntryFields, mode: "update" | "patch"): ListEntrySettings {
  const next: Record<string, unknown> = { ...settings, ...colorsOf(call, body) };
  for (const field of OWN_FIELDS) {
    if (mode === "patch" && !Object.hasOwn(body, field)) continue;
    const value = body[field];
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  next["defaultReminders"] ??= [];
  return next as unknown as ListEntrySettings;
}

export function entryWire(context: CalendarContext, email: string, entry: StoredListEntry): CalendarListEntry {
  const stored = context.store.calendars.get(entry.calendarId);
  const role = stored === undefined ? "reader" : accessRole(stored, email);
  const calendar = stored?.calendar;
  return {
    kind: "calendar#calendarListEntry",
    etag: entry.etag,
    id: entry.calendarId,
    summary: calendar?.summary ?? entry.calendarId,
    ...(calendar?.description !== undefined && { description: calendar.description }),
    ...(calendar?.location !== undefined && { location: calendar.location }),
    timeZone: calendar?.timeZone ?? "UTC",
    ...entry.settings,
    accessRole: role === "none" || role === "writerWithoutPrivateAccess" ? (role === "none" ? "freeBusyReader" : "writer") : role,
    ...(stored?.primary === true && stored.owner === email && { primary: true }),
    ...(entry.deleted && { deleted: true }),
    conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
  };
}

function liveEntry(context: CalendarContext, call: ApiCall): { email: string; entry: StoredListEntry } {
  const email = caller(context, call);
  const raw = pathParam(call, "calendarId");
  const entry = context.store.user(email).calendarList.get(raw === "primary" ? email : raw.toLowerCase());
  if (entry === undefined || entry.deleted) throw notFound();
  return { email, entry };
}

function touch(context: CalendarContext, email: string, entry: StoredListEntry): void {
  entry.seq = context.store.nextSeq();
  entry.etag = context.store.etagOf(entry.seq);
  context.store.changed({ user: email, resource: "calendarList", calendarId: entry.calendarId });
}

export function insertEntry(context: CalendarContext, call: ApiCall): ApiResult {
  const email = caller(context, call);
  const body = parseRequestBody(entryBody, call.body, ENTITY);
  const stored = calendarFor(context, email, body.id, "freeBusyReader");
  const list = context.store.user(email).calendarList;
  const existing = list.get(stored.calendar.id);
  const base: ListEntrySettings =
    existing !== undefined && !existing.deleted
      ? existing.settings
      : { colorId: "14", backgroundColor: "#9fe1e7", foregroundColor: "#000000", defaultReminders: [] };
  const entry: StoredListEntry = {
    calendarId: stored.calendar.id,
    settings: applyFields(call, base, body, "patch"),
    etag: "",
    seq: 0,
    deleted: false,
    inserted: true,
  };
  list.set(stored.calendar.id, entry);
  touch(context, email, entry);
  return withEtag(entryWire(context, email, entry));
}

export function getEntry(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, entry } = liveEntry(context, call);
  return withEtag(entryWire(context, email, entry));
}

function writeEntry(context: CalendarContext, call: ApiCall, mode: "update" | "patch"): ApiResult {
  const { email, entry } = liveEntry(context, call);
  checkIfMatch(call, entry.etag);
  const body = mode === "update" ? parseRequestBody(entryBody.partial({ id: true }), call.body, ENTITY) : parseRequestBody(entryPatch, call.body, ENTITY);
  if (body.id !== undefined && body.id.toLowerCase() !== entry.calendarId && !(body.id === "primary" && entry.calendarId === email)) {
    throw badRequest("invalid", `The entry's id '${body.id}' does not match the calendar in the path.`);
  }
  entry.settings = applyFields(call, entry.settings, body, mode);
  touch(context, email, entry);
  return withEtag(entryWire(context, email, entry));
}

export function updateEntry(context: CalendarContext, call: ApiCall): ApiResult {
  return writeEntry(context, call, "update");
}

export function patchEntry(context: CalendarContext, call: ApiCall): ApiResult {
  return writeEntry(context, call, "patch");
}

export function deleteEntry(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, entry } = liveEntry(context, call);
  if (entry.calendarId === email) throw badRequest("cannotRemovePrimaryCalendar", "The primary calendar cannot be removed from its owner's list.");
  checkIfMatch(call, entry.etag);
  entry.deleted = true;
  entry.inserted = false;
  touch(context, email, entry);
  return { status: 204 };
}

export function listEntries(context: CalendarContext, call: ApiCall): ApiResult {
  const email = caller(context, call);
  const minimum = enumQueryParameter<Role>(call.query, "minAccessRole", ROLES, "none");
  const syncing = firstQueryValue(call.query, "syncToken") !== undefined;
  const showHidden = syncing || booleanParameter(call.query, "showHidden");
  const items = [...context.store.user(email).calendarList.values()]
    .map((entry) => ({ entry, wire: entryWire(context, email, entry) }))
    .filter(({ entry, wire }) => (showHidden || entry.settings.hidden !== true) && roleRank(wire.accessRole) >= roleRank(minimum))
    .map(({ entry, wire }) => ({ key: entry.calendarId, seq: entry.seq, deleted: entry.deleted, wire }));
  return {
    status: 200,
    body: syncList(context, call, items, { listId: `calendarList:${email}`, kind: "calendar#calendarList", filters: ["minAccessRole"] }),
  };
}
