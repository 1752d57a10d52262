/**
 * An event by its id, or one occurrence of a live recurring event by the occurrence's own id (as
 * `instances` names it): what get, update and delete of one event find.
 */
import { notFound } from "./context";
import { expandInWindow } from "./recurrence";
import type { StoredCalendar, StoredEvent } from "./store";

/** An occurrence's id: its recurring event's id, `_`, and its original start in UTC (`20261201T100000Z`, or `20261201` all day). */
const OCCURRENCE_ID = /^([a-v0-9]{5,1024})_\d{8}(T\d{6}Z)?$/;

/**
 * The event of that id, or an occurrence of a live recurring event by its own id (as `instances` names
 * it): a delete or an update of one occurrence is stored as an exception under that id.
 */
export function liveEvent(stored: StoredCalendar, eventId: string): StoredEvent {
  const found = stored.events.get(eventId);
  if (found !== undefined) {
    if (found.event.status === "cancelled") throw notFound();
    return found;
  }
  const masterId = OCCURRENCE_ID.exec(eventId)?.[1];
  const master = masterId === undefined ? undefined : stored.events.get(masterId);
  if (master === undefined || master.event.status === "cancelled") throw notFound();
  const occurrence = expandInWindow(master.event, { minMs: Number.NEGATIVE_INFINITY, maxMs: Number.POSITIVE_INFINITY }).find(({ id }) => id === eventId);
  if (occurrence === undefined || occurrence.recurringEventId === undefined) throw notFound();
  return { ...master, event: occurrence };
}
