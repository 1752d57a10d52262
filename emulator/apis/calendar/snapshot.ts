/**
 * The calendar's state as a snapshot (`--data-dir`): users with their calendar lists and
 * settings, calendars with their rules and events (tombstones too: a sync token from before the
 * restart still gets them), the write sequence the etags come from and the sync-token generation.
 * Quota units and the per-minute window are counters, not kept.
 */
import { z } from "zod";
import { parseSnapshot, wireObject } from "../../persistence/snapshot-schema";
import type { AclRule, CalendarEvent, CalendarResource, ListEntrySettings, Setting } from "./resources";
import type { CalendarStore, CalendarUser, StoredCalendar } from "./store";

const seq = z.int().min(0);

export const calendarSnapshotSchema = z.object({
  seq,
  generation: z.string(),
  oldestSyncSeq: seq,
  users: z.array(
    z.object({
      email: z.string(),
      calendarList: z.array(
        z.object({
          calendarId: z.string(),
          settings: wireObject<ListEntrySettings>(),
          etag: z.string(),
          seq,
          deleted: z.boolean(),
          inserted: z.boolean(),
        }),
      ),
      settings: z.array(z.object({ setting: wireObject<Setting>(), seq })),
    }),
  ),
  calendars: z.array(
    z.object({
      calendar: wireObject<CalendarResource>(),
      owner: z.string(),
      primary: z.boolean(),
      seq,
      rules: z.array(z.object({ rule: wireObject<AclRule>(), seq, byClient: z.boolean() })),
      events: z.array(z.object({ event: wireObject<CalendarEvent>(), seq })),
    }),
  ),
});
export type CalendarSnapshot = z.input<typeof calendarSnapshotSchema>;

export function calendarSnapshot(store: CalendarStore): CalendarSnapshot {
  return {
    seq: store.currentSeq,
    generation: store.generation,
    oldestSyncSeq: store.oldestSyncSeq,
    users: [...store.users.values()].map((user) => ({
      email: user.email,
      calendarList: [...user.calendarList.values()],
      settings: [...user.settings.values()],
    })),
    calendars: [...store.calendars.values()].map((stored) => ({ ...stored, rules: [...stored.rules.values()], events: [...stored.events.values()] })),
  };
}

/** Fills an emptied store (its `reset()` seeded nothing yet) from a snapshot. */
export function restoreCalendar(store: CalendarStore, snapshot: unknown): void {
  const data = parseSnapshot(calendarSnapshotSchema, snapshot, "calendar");
  store.users.clear();
  store.calendars.clear();
  for (const saved of data.users) {
    const user: CalendarUser = {
      email: saved.email,
      calendarList: new Map(saved.calendarList.map((entry) => [entry.calendarId, entry])),
      settings: new Map(saved.settings.map((stored) => [stored.setting.id, stored])),
    };
    store.users.set(user.email, user);
  }
  for (const saved of data.calendars) {
    const stored: StoredCalendar = {
      ...saved,
      rules: new Map(saved.rules.map((rule) => [rule.rule.id, rule])),
      events: new Map(saved.events.map((event) => [event.event.id, event])),
    };
    store.calendars.set(stored.calendar.id, stored);
  }
  store.restoreSequence(data.seq, data.generation, data.oldestSyncSeq);
}
