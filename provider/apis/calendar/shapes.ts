/**
 * What the calendar resources share: the calendar id input, reminders and
 * event times with messages that say the accepted form, and the rule that a
 * resource's state holds the optional fields its program manages (patch
 * semantics: a field set outside the program, which the program leaves out,
 * is neither shown as drift nor cleared).
 */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";
import type { State } from "../../engine/declaration/declaration";
import type { Paging } from "../../google/listing";

/** `primary`, an e-mail address (a user's primary calendar) or a calendar id (`...@group.calendar.google.com`). */
export const calendarId = z
  .string({ error: (issue) => `must be a calendar id as a string; got ${excerpt(issue.input)}` })
  .refine((value) => value === "primary" || /^[^@\s/]+@[^@\s/]+$/.test(value), {
    error: (issue) =>
      `must be "primary" (the caller's own calendar), an e-mail address (a user's primary calendar) or a calendar id such as ` +
      `"c_0123abcd@group.calendar.google.com"; got ${excerpt(issue.input)}`,
  });

export const EMAIL = /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/;
export const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const reminder = z.object({
  method: z
    .enum(["email", "popup"], { error: (issue) => `must be "email" or "popup"; got ${excerpt(issue.input)}` })
    .meta({ description: "How the reminder is given: `email` or `popup`." }),
  minutes: z
    .number({ error: (issue) => `must be whole minutes from 0 to 40320 (four weeks); got ${excerpt(issue.input)}` })
    .int({ error: (issue) => `must be whole minutes from 0 to 40320 (four weeks); got ${excerpt(issue.input)}` })
    .min(0, { error: (issue) => `must be whole minutes from 0 to 40320 (four weeks); got ${excerpt(issue.input)}` })
    .max(40320, { error: (issue) => `must be whole minutes from 0 to 40320 (four weeks); got ${excerpt(issue.input)}` })
    .meta({ description: "Minutes before the event start, 0 to 40320." }),
});

/** Leaves out optional fields the program does not manage: those absent from `previous` (the inputs, or the old state). */
export function managedOnly(state: State, previous: State, optional: readonly string[]): State {
  // Nothing known besides the id (a program's `get`): every field is shown.
  const known = Object.keys(previous).some((key) => optional.includes(key) || key in state);
  if (!known) return state;
  return Object.fromEntries(Object.entries(state).filter(([key]) => !optional.includes(key) || previous[key] !== undefined));
}

/** Drops absent members, so a wire object reads as the inputs that made it. */
export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined && member !== null)) as Partial<T>;
}

/** Calendar ids compare without regard to case (they are e-mail addresses or lowercase generated ids). */
export function sameCalendarId(stored: unknown, wanted: unknown): boolean {
  return typeof stored === "string" && typeof wanted === "string" && stored.toLowerCase() === wanted.toLowerCase();
}

/**
 * Whether two calendar ids may name one calendar (`primary` is the caller's e-mail, which check
 * cannot know): a replacement between them must delete first, or deleting the old object would
 * delete the new one, which is the same.
 */
export function mayBeSameCalendar(olds: unknown, news: unknown): boolean {
  return olds === "primary" || news === "primary" || sameCalendarId(olds, news);
}

/** A path template below the calendar base address (which includes `/calendar/v3`). */
export const CALENDAR_PATH = "calendars/{calendarId}";
export const CALENDAR_LIST_PATH = "users/me/calendarList";
/** Calendar lists page by `maxResults`, at most 250 per page. */
export const CALENDAR_PAGING: Paging = { pageParam: "pageToken", pageSizeParam: "maxResults", maxPageSize: 250 };
