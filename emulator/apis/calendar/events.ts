/**
 * events.* writes: insert, import, quickAdd, get, update (replaces the whole
 * event), patch, delete and move. Ids are base32hex (`[a-v0-9]`, 5 to 1024
 * characters), given by the client or made here; a deleted event is a
 * `cancelled` tombstone (gone to get and plain lists, kept for sync). Only
 * events of type `default` move; birthday and fromMail events cannot be made
 * through the API, and import turns any other type into `default`.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { ApiError } from "../../errors";
import { requiredField } from "../../google/errors";
import { parseRequestBody } from "../../google/request-body";
import { reminderSchema } from "./calendar-list";
import { EVENT_COLORS } from "./colors";
import type { CalendarContext } from "./context";
import { badRequest, calendarFor, caller, checkIfMatch, duplicate, pathCalendar, withEtag } from "./context";
import { instantOf, recurrenceProblem } from "./recurrence";
import { liveEvent } from "./occurrences";

export { liveEvent };
import type { CalendarEvent, EventType } from "./resources";
import { EVENT_TYPES } from "./resources";
import type { StoredCalendar, StoredEvent } from "./store";

const ENTITY = "resource";
const EVENT_ID = /^[a-v0-9]{5,1024}$/;

const timeSchema = z.strictObject({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() });
const attendeeSchema = z.looseObject({
  email: z.string().min(1),
  displayName: z.string().optional(),
  optional: z.boolean().optional(),
  responseStatus: z.enum(["needsAction", "declined", "tentative", "accepted"]).optional(),
  comment: z.string().optional(),
  additionalGuests: z.number().int().min(0).optional(),
  resource: z.boolean().optional(),
});

/** What a client sets; what the server owns (etag, created, creator, ...) is accepted and ignored. */
const eventBody = z.looseObject({
  id: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  colorId: z.string().optional(),
  start: timeSchema.optional(),
  end: timeSchema.optional(),
  recurrence: z.array(z.string()).optional(),
  attendees: z.array(attendeeSchema).optional(),
  reminders: z.strictObject({ useDefault: z.boolean(), overrides: z.array(reminderSchema).max(5).optional() }).optional(),
  visibility: z.enum(["default", "public", "private", "confidential"]).optional(),
  transparency: z.enum(["opaque", "transparent"]).optional(),
  status: z.enum(["confirmed", "tentative", "cancelled"]).optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
  guestsCanModify: z.boolean().optional(),
  iCalUID: z.string().optional(),
  sequence: z.number().int().min(0).optional(),
});
type EventBody = z.infer<typeof eventBody>;

/** The fields a client writes: an update replaces them all, a patch those given. */
const CLIENT_FIELDS = [
  "summary",
  "description",
  "location",
  "colorId",
  "start",
  "end",
  "recurrence",
  "attendees",
  "reminders",
  "visibility",
  "transparency",
  "guestsCanModify",
] as const;

function timeProblem(body: EventBody): ApiError | undefined {
  if (body.start === undefined) return badRequest("required", "Missing start time.");
  if (body.end === undefined) return badRequest("required", "Missing end time.");
  for (const [name, time] of [
    ["start", body.start],
    ["end", body.end],
  ] as const) {
    if ((time.date === undefined) === (time.dateTime === undefined)) return badRequest("invalid", `Give exactly one of ${name}.date and ${name}.dateTime.`);
    if (Number.isNaN(instantOf(time))) return badRequest("invalid", `Invalid ${name} time.`);
  }
  if ((body.start.date === undefined) !== (body.end.date === undefined))
    return badRequest("invalid", "Start and end must both be dates or both be date-times.");
  if (instantOf(body.end) <= instantOf(body.start)) return badRequest("timeRangeEmpty", "The specified time range is empty.");
  if (body.recurrence !== undefined) {
    for (const line of body.recurrence) {
      const problem = recurrenceProblem(line);
      if (problem !== undefined) return badRequest("invalid", `Invalid recurrence rule: ${problem}.`);
    }
    if (body.recurrence.length > 0 && body.start.dateTime !== undefined && body.start.timeZone === undefined) {
      return badRequest("invalid", "Missing time zone definition for start time.");
    }
  }
  return undefined;
}

function checkEvent(body: EventBody): void {
  const problem = timeProblem(body);
  if (problem !== undefined) throw problem;
  if (body.colorId !== undefined && EVENT_COLORS[body.colorId] === undefined) {
    throw badRequest("invalid", `Invalid color id '${body.colorId}': event colors are 1 to 11 (GET /colors).`);
  }
}

function newEventId(): string {
  const alphabet = "0123456789abcdefghijklmnopqrstuv";
  return [...randomBytes(26)].map((byte) => alphabet[byte % 32]).join("");
}

function htmlLink(id: string, calendarId: string): string {
  return `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${calendarId}`).toString("base64url")}`;
}

/** The fields of `body` a write sets, cleared where an update leaves them out. */
function clientFields(body: EventBody, base: Partial<CalendarEvent>, mode: "update" | "patch"): Partial<CalendarEvent> {
  const next: Record<string, unknown> = { ...base };
  for (const field of CLIENT_FIELDS) {
    if (mode === "patch" && !Object.hasOwn(body, field)) continue;
    const value =
      field === "attendees" ? body.attendees?.map((attendee) => ({ ...attendee, responseStatus: attendee.responseStatus ?? "needsAction" })) : body[field];
    if (value === undefined || value === "") delete next[field];
    else next[field] = value;
  }
  next["reminders"] ??= { useDefault: true };
  return next;
}

function store(context: CalendarContext, email: string, stored: StoredCalendar, event: CalendarEvent): CalendarEvent {
  const seq = context.store.nextSeq();
  const written: CalendarEvent = { ...event, etag: context.store.etagOf(seq), updated: context.now().toISOString() };
  stored.events.set(event.id, { event: written, seq });
  context.store.changed({ user: email, resource: "events", calendarId: stored.calendar.id });
  return written;
}

function create(context: CalendarContext, email: string, stored: StoredCalendar, body: EventBody, eventType: EventType): CalendarEvent {
  const id = body.id ?? newEventId();
  if (!EVENT_ID.test(id)) throw badRequest("invalid", `Invalid resource id value '${id}': event ids are 5 to 1024 characters of a-v and 0-9.`);
  if (stored.events.get(id)?.event.status !== undefined && stored.events.get(id)?.event.status !== "cancelled") throw duplicate();
  const now = context.now().toISOString();
  const event: CalendarEvent = {
    kind: "calendar#event",
    etag: "",
    id,
    status: body.status === "tentative" ? "tentative" : "confirmed",
    htmlLink: htmlLink(id, stored.calendar.id),
    created: now,
    updated: now,
    creator: { email },
    organizer: { email: stored.calendar.id, ...(!stored.primary && { displayName: stored.calendar.summary }) },
    start: { date: "", dateTime: "" },
    end: { date: "", dateTime: "" },
    iCalUID: body.iCalUID ?? `${id}@google.com`,
    sequence: body.sequence ?? 0,
    reminders: { useDefault: true },
    eventType,
    ...clientFields(body, {}, "update"),
  };
  return store(context, email, stored, event);
}

export function insertEvent(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "writer");
  const body = parseRequestBody(eventBody, call.body, ENTITY);
  checkEvent(body);
  const eventType = body.eventType ?? "default";
  if (eventType === "birthday" || eventType === "fromMail") {
    throw badRequest("eventTypeRestriction", `Events of type '${eventType}' cannot be created through the API.`);
  }
  return withEtag(eventView(create(context, email, stored, { ...body, iCalUID: undefined }, eventType), email));
}

/** Import: a private copy by iCalUID (the event of that UID is updated when there is one); any type becomes `default`. */
export function importEvent(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "writer");
  const body = parseRequestBody(eventBody, call.body, ENTITY);
  if (body.iCalUID === undefined || body.iCalUID === "") throw requiredField("resource.iCalUID");
  checkEvent(body);
  const existing = [...stored.events.values()].find(({ event }) => event.iCalUID === body.iCalUID && event.status !== "cancelled");
  if (existing !== undefined) {
    return withEtag(eventView(store(context, email, stored, clientFields(body, ownFields(existing.event), "update") as CalendarEvent), email));
  }
  return withEtag(eventView(create(context, email, stored, { ...body, id: undefined }, "default"), email));
}

export function quickAddEvent(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "writer");
  const text = firstQueryValue(call.query, "text");
  if (text === undefined || text === "") throw requiredField("text");
  const startMs = Math.ceil(context.now().getTime() / 3_600_000) * 3_600_000;
  const at = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");
  return withEtag(
    eventView(
      create(context, email, stored, { summary: text, start: { dateTime: at(startMs) }, end: { dateTime: at(startMs + 3_600_000) } }, "default"),
      email,
    ),
  );
}

/** The event as the caller sees it: `self` marks the caller among creator, organizer and attendees. */
export function eventView(event: CalendarEvent, email: string): CalendarEvent {
  const mark = <T extends { email: string }>(person: T): T => (person.email === email ? { ...person, self: true } : person);
  return {
    ...event,
    creator: mark(event.creator),
    organizer: mark(event.organizer),
    ...(event.attendees !== undefined && { attendees: event.attendees.map(mark) }),
  };
}

function ownFields(event: CalendarEvent): CalendarEvent {
  const { creator, organizer, attendees, ...rest } = event;
  const unmark = <T extends { self?: boolean }>({ self: _self, ...person }: T): Omit<T, "self"> => person;
  return { ...rest, creator: unmark(creator), organizer: unmark(organizer), ...(attendees !== undefined && { attendees: attendees.map(unmark) }) };
}

export function getEvent(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "reader");
  return withEtag(eventView(liveEvent(stored, pathParam(call, "eventId")).event, email));
}

function writeEvent(context: CalendarContext, call: ApiCall, mode: "update" | "patch"): ApiResult {
  const { email, stored } = pathCalendar(context, call, "writer");
  const current = liveEvent(stored, pathParam(call, "eventId"));
  checkIfMatch(call, current.event.etag);
  const body = parseRequestBody(eventBody, call.body, ENTITY);
  const next = clientFields(body, ownFields(current.event), mode) as CalendarEvent;
  checkEvent(next as unknown as EventBody);
  const timesMoved =
    JSON.stringify([next.start, next.end, next.recurrence]) !== JSON.stringify([current.event.start, current.event.end, current.event.recurrence]);
  next.sequence = Math.max(body.sequence ?? 0, current.event.sequence) + (timesMoved ? 1 : 0);
  return withEtag(eventView(store(context, email, stored, next), email));
}

/** PUT: the whole event (no patch semantics: a field left out is cleared). */
export function updateEvent(context: CalendarContext, call: ApiCall): ApiResult {
  return writeEvent(context, call, "update");
}

export function patchEvent(context: CalendarContext, call: ApiCall): ApiResult {
  return writeEvent(context, call, "patch");
}

function cancel(context: CalendarContext, email: string, stored: StoredCalendar, entry: StoredEvent): void {
  store(context, email, stored, { ...entry.event, status: "cancelled" });
}

export function deleteEvent(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "writer");
  const current = liveEvent(stored, pathParam(call, "eventId"));
  checkIfMatch(call, current.event.etag);
  cancel(context, email, stored, current);
  return { status: 204 };
}

/** Move: the event leaves its calendar (a tombstone there, for sync) and keeps its id in the destination. */
export function moveEvent(context: CalendarContext, call: ApiCall): ApiResult {
  const { email, stored } = pathCalendar(context, call, "writer");
  const current = liveEvent(stored, pathParam(call, "eventId"));
  const destinationId = firstQueryValue(call.query, "destination");
  if (destinationId === undefined || destinationId === "") throw requiredField("destination");
  if (current.event.eventType !== "default") {
    throw badRequest("eventTypeRestriction", `Events of type '${current.event.eventType}' cannot be moved; only events of type 'default' can.`);
  }
  const destination = calendarFor(context, caller(context, call), destinationId, "writer");
  if (destination === stored) return withEtag(eventView(current.event, email));
  const there = destination.events.get(current.event.id);
  if (there !== undefined && there.event.status !== "cancelled") throw duplicate();
  const moved: CalendarEvent = {
    ...ownFields(current.event),
    organizer: { email: destination.calendar.id, ...(!destination.primary && { displayName: destination.calendar.summary }) },
    htmlLink: htmlLink(current.event.id, destination.calendar.id),
  };
  cancel(context, email, stored, current);
  return withEtag(eventView(store(context, email, destination, moved), email));
}
