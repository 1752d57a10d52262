/**
 * Calendar state: users (each with a primary calendar, a calendar list and
 * settings) and calendars (each with its ACL and events). Every write takes
 * the next number of one sequence: it is the object's etag and the point a
 * sync token names, so a list with `syncToken` answers what changed after it.
 * Deleted rules, list entries and events stay as tombstones (role `none`,
 * `deleted`, status `cancelled`) for `showDeleted` and sync, until sync tokens
 * are expired. Every write is also announced on a typed change feed, which
 * watch channels are built on.
 */
import { randomBytes } from "node:crypto";
import type { ApiStore } from "../../store";
import type { AclRule, CalendarEvent, CalendarResource, ListEntrySettings, Setting } from "./resources";
import { calendarSnapshot, restoreCalendar } from "./snapshot";

/** What changed, announced after every write: whose action, which collection, which calendar. */
export interface CalendarChange {
  /** The user (e-mail) whose request made the change. */
  user: string;
  resource: "acl" | "events" | "calendarList" | "settings";
  /** The calendar of an `acl` or `events` change, and of a `calendarList` entry. */
  calendarId?: string;
}

export type ChangeListener = (change: CalendarChange) => void;

export interface StoredRule {
  rule: AclRule;
  seq: number;
  /** Written by a client (the owner's own rule is the calendar's, not a client's object). */
  byClient: boolean;
}

export interface StoredCalendar {
  calendar: CalendarResource;
  owner: string;
  primary: boolean;
  seq: number;
  rules: Map<string, StoredRule>;
  events: Map<string, StoredEvent>;
}

export interface StoredEvent {
  event: CalendarEvent;
  seq: number;
}

export interface StoredListEntry {
  calendarId: string;
  settings: ListEntrySettings;
  etag: string;
  seq: number;
  deleted: boolean;
  /** Put in the list by calendarList.insert (not by creating the calendar): a client's object. */
  inserted: boolean;
}

export interface StoredSetting {
  setting: Setting;
  seq: number;
}

export interface CalendarUser {
  email: string;
  calendarList: Map<string, StoredListEntry>;
  settings: Map<string, StoredSetting>;
}

const ETAG_BASE = 3_181_161_784_712_000n;

/** Every user's settings start as these (the API has no write of settings). */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  autoAddHangouts: "false",
  dateFieldOrder: "MDY",
  defaultEventLength: "60",
  format24HourTime: "false",
  hideInvitations: "false",
  hideWeekends: "false",
  locale: "en",
  remindOnRespondedEventsOnly: "false",
  showDeclinedEvents: "true",
  timezone: "UTC",
  useKeyboardShortcuts: "true",
  weekStart: "0",
};

export class CalendarStore implements ApiStore {
  readonly users = new Map<string, CalendarUser>();
  readonly calendars = new Map<string, StoredCalendar>();
  private seq = 0;
  /** Sync tokens of another generation (before a reset) are stale. */
  generation = randomBytes(4).toString("hex");
  /** Sync tokens older than this are stale (tombstones before it are gone). */
  oldestSyncSeq = 0;
  private readonly listeners = new Set<ChangeListener>();
  private readonly quotaUnits = new Map<string, number>();
  /** Per user: when each recent request was admitted and what it cost (the per-minute window). */
  readonly quotaWindow = new Map<string, Array<{ atMs: number; units: number }>>();

  /** Users that exist from the start (the configured ones), again after a reset. */
  private seeded: readonly string[] = [];

  seedUsers(emails: readonly string[]): void {
    this.seeded = [...emails];
    for (const email of emails) this.user(email);
  }

  /** The next point of the write sequence. */
  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  get currentSeq(): number {
    return this.seq;
  }

  etagOf(seq: number): string {
    return `"${ETAG_BASE + BigInt(seq)}"`;
  }

  /** The user, created with a primary calendar (id = e-mail), its list entry, owner rule and settings on first use. */
  user(email: string): CalendarUser {
    let user = this.users.get(email);
    if (user !== undefined) return user;
    user = { email, calendarList: new Map(), settings: new Map() };
    this.users.set(email, user);
    for (const [id, value] of Object.entries(DEFAULT_SETTINGS)) {
      const seq = this.nextSeq();
      user.settings.set(id, { seq, setting: { kind: "calendar#setting", etag: this.etagOf(seq), id, value } });
    }
    const seq = this.nextSeq();
    const calendar: CalendarResource = {
      kind: "calendar#calendar",
      etag: this.etagOf(seq),
      id: email,
      summary: email,
      timeZone: DEFAULT_SETTINGS["timezone"] ?? "UTC",
      conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
    };
    this.addCalendar({ calendar, owner: email, primary: true, seq, rules: new Map(), events: new Map() });
    return user;
  }

  /** Adds a calendar with its owner's rule and puts it in the owner's list. */
  addCalendar(stored: StoredCalendar): void {
    this.calendars.set(stored.calendar.id, stored);
    const ruleSeq = this.nextSeq();
    const ownerRule = `user:${stored.owner}`;
    stored.rules.set(ownerRule, {
      seq: ruleSeq,
      byClient: false,
      rule: { kind: "calendar#aclRule", etag: this.etagOf(ruleSeq), id: ownerRule, scope: { type: "user", value: stored.owner }, role: "owner" },
    });
    const owner = this.user(stored.owner);
    const entrySeq = this.nextSeq();
    owner.calendarList.set(stored.calendar.id, {
      calendarId: stored.calendar.id,
      settings: { colorId: "14", backgroundColor: "#9fe1e7", foregroundColor: "#000000", defaultReminders: [], ...(stored.primary && { selected: true }) },
      etag: this.etagOf(entrySeq),
      seq: entrySeq,
      deleted: false,
      inserted: false,
    });
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a write; a listener that throws does not undo it nor stop the others. */
  changed(change: CalendarChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        process.stderr.write(`svc-emulator: calendar change listener failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  }

  /** Drops every tombstone and makes every sync token issued so far stale (410 on its next use). */
  expireSyncTokens(): void {
    this.oldestSyncSeq = this.nextSeq();
    for (const calendar of this.calendars.values()) {
      for (const [id, rule] of calendar.rules) if (rule.rule.role === "none") calendar.rules.delete(id);
      for (const [id, event] of calendar.events) if (event.event.status === "cancelled") calendar.events.delete(id);
    }
    for (const user of this.users.values()) {
      for (const [id, entry] of user.calendarList) if (entry.deleted) user.calendarList.delete(id);
    }
  }

  spendQuota(user: string, units: number): void {
    this.quotaUnits.set(user, (this.quotaUnits.get(user) ?? 0) + units);
  }

  reset(): void {
    this.users.clear();
    this.calendars.clear();
    this.quotaUnits.clear();
    this.quotaWindow.clear();
    this.seq = 0;
    this.oldestSyncSeq = 0;
    this.generation = randomBytes(4).toString("hex");
    for (const email of this.seeded) this.user(email);
  }

  /** After a restore: the write sequence, the sync tokens' generation and the oldest point they may name. */
  restoreSequence(seq: number, generation: string, oldestSyncSeq: number): void {
    this.seq = seq;
    this.generation = generation;
    this.oldestSyncSeq = oldestSyncSeq;
  }

  snapshot(): unknown {
    return calendarSnapshot(this);
  }

  restore(snapshot: unknown): void {
    restoreCalendar(this, snapshot);
  }

  /** For `/_emulator/stats`: quota units spent per user. */
  stats(): Record<string, unknown> {
    return { quotaUnits: Object.fromEntries(this.quotaUnits) };
  }

  userObjects(): Record<string, unknown[]> {
    const calendars: unknown[] = [];
    const aclRules: unknown[] = [];
    const events: unknown[] = [];
    for (const stored of this.calendars.values()) {
      if (!stored.primary) calendars.push({ calendarId: stored.calendar.id, owner: stored.owner, summary: stored.calendar.summary });
      for (const { rule, byClient } of stored.rules.values()) {
        if (byClient && rule.role !== "none") aclRules.push({ calendar: stored.calendar.id, ruleId: rule.id, role: rule.role });
      }
      for (const { event } of stored.events.values()) {
        if (event.status !== "cancelled") events.push({ calendar: stored.calendar.id, eventId: event.id, summary: event.summary });
      }
    }
    const calendarList: unknown[] = [];
    for (const user of this.users.values()) {
      for (const entry of user.calendarList.values()) {
        if (entry.inserted && !entry.deleted) calendarList.push({ user: user.email, calendarId: entry.calendarId });
      }
    }
    return { calendars, aclRules, calendarList, events };
  }
}
