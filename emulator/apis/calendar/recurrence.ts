/**
 * Event times and recurrence: the instants of an event's start and end, and
 * the instances of a recurring event from its RRULE (FREQ DAILY, WEEKLY,
 * MONTHLY or YEARLY, with INTERVAL, COUNT, UNTIL and, weekly, BYDAY) less its
 * EXDATEs, in UTC. Enough for free/busy, `singleEvents` and `instances`;
 * other RRULE parts are kept on the event but do not narrow the expansion.
 */
import type { CalendarEvent, EventDateTime } from "./resources";

export interface TimeWindow {
  minMs: number;
  maxMs: number;
}

const DAY_MS = 86_400_000;
/** Instances generated at most per event, so an endless rule stays cheap. */
const MAX_INSTANCES = 1000;
const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** An RFC 3339 time with an offset (or `Z`), or a date (`YYYY-MM-DD`, all day); NaN when unreadable. */
export function instantOf(time: EventDateTime): number {
  if (time.date !== undefined) return /^\d{4}-\d{2}-\d{2}$/.test(time.date) ? Date.parse(`${time.date}T00:00:00Z`) : Number.NaN;
  if (time.dateTime === undefined) return Number.NaN;
  // A time without an offset is read in UTC here (the emulator has no zone database for wall times).
  const text = /[zZ]|[+-]\d{2}:\d{2}$/.test(time.dateTime) ? time.dateTime : `${time.dateTime}Z`;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(time.dateTime) ? Date.parse(text) : Number.NaN;
}

export function isRfc3339(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([zZ]|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text));
}

/** The same kind of time as `like` (a date or a dateTime), at `ms`. */
export function timeLike(like: EventDateTime, ms: number): EventDateTime {
  const iso = new Date(ms).toISOString();
  if (like.date !== undefined) return { date: iso.slice(0, 10) };
  return { dateTime: iso.replace(".000Z", "Z"), ...(like.timeZone !== undefined && { timeZone: like.timeZone }) };
}

interface Rule {
  freq: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";
  interval: number;
  count?: number;
  untilMs?: number;
  byDay?: number[];
}

/** Why a recurrence line cannot be read; undefined when it can. */
export function recurrenceProblem(line: string): string | undefined {
  if (/^(EXDATE|RDATE|EXRULE)[:;]/.test(line)) return undefined;
  if (!line.startsWith("RRULE:")) return `'${line}' is not an RRULE, EXRULE, RDATE or EXDATE line`;
  return parseRule(line) === undefined ? `'${line}' is not a valid RRULE (FREQ=DAILY|WEEKLY|MONTHLY|YEARLY, INTERVAL, COUNT, UNTIL, BYDAY)` : undefined;
}

function parseUntil(raw: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(raw);
  if (match === null) return undefined;
  const [, y, mo, d, h = "23", mi = "59", s = "59"] = match;
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

function parseRule(line: string): Rule | undefined {
  const parts = new Map(
    line
      .slice("RRULE:".length)
      .split(";")
      .map((part) => part.split("=") as [string, string | undefined]),
  );
  const freq = parts.get("FREQ");
  if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY" && freq !== "YEARLY") return undefined;
  const interval = Number(parts.get("INTERVAL") ?? "1");
  const count = parts.has("COUNT") ? Number(parts.get("COUNT")) : undefined;
  const untilMs = parts.has("UNTIL") ? parseUntil(parts.get("UNTIL") ?? "") : undefined;
  if (!Number.isInteger(interval) || interval < 1 || (count !== undefined && (!Number.isInteger(count) || count < 1))) return undefined;
  if (parts.has("UNTIL") && untilMs === undefined) return undefined;
  const byDay = parts
    .get("BYDAY")
    ?.split(",")
    .map((day) => WEEKDAYS.indexOf(day.slice(-2)));
  if (byDay?.some((day) => day < 0) === true) return undefined;
  return { freq, interval, ...(count !== undefined && { count }), ...(untilMs !== undefined && { untilMs }), ...(byDay !== undefined && { byDay }) };
}

function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

function excludedStarts(lines: readonly string[]): Set<number> {
  const excluded = new Set<number>();
  for (const line of lines.filter((candidate) => candidate.startsWith("EXDATE"))) {
    for (const value of line.slice(line.indexOf(":") + 1).split(",")) {
      const ms = parseUntil(value.trim().replace(/Z$/, "") + (value.includes("T") ? "Z" : ""));
      if (ms !== undefined) excluded.add(value.includes("T") ? ms : ms - (DAY_MS - 1000));
    }
  }
  return excluded;
}

/** The start instants of a recurring event's instances, from its first start; a single start when it has no RRULE. */
export function instanceStarts(firstStartMs: number, recurrence: readonly string[] | undefined): number[] {
  const ruleLine = recurrence?.find((line) => line.startsWith("RRULE:"));
  const rule = ruleLine === undefined ? undefined : parseRule(ruleLine);
  if (rule === undefined) return [firstStartMs];
  const excluded = excludedStarts(recurrence ?? []);
  const starts: number[] = [];
  const limit = rule.count ?? MAX_INSTANCES;
  let generated = 0;
  for (let period = 0; generated < limit && period < MAX_INSTANCES; period++) {
    const periodStart =
      rule.freq === "DAILY"
        ? firstStartMs + period * rule.interval * DAY_MS
        : rule.freq === "WEEKLY"
          ? firstStartMs + period * rule.interval * 7 * DAY_MS
          : addMonths(firstStartMs, period * rule.interval * (rule.freq === "YEARLY" ? 12 : 1));
    const candidates =
      rule.freq === "WEEKLY" && rule.byDay !== undefined
        ? rule.byDay.map((day) => periodStart + ((day - new Date(periodStart).getUTCDay() + 7) % 7) * DAY_MS).sort((a, b) => a - b)
        : [periodStart];
    for (const start of candidates) {
      if (start < firstStartMs || generated >= limit) continue;
      if (rule.untilMs !== undefined && start > rule.untilMs) return starts;
      generated += 1;
      if (!excluded.has(start)) starts.push(start);
    }
  }
  return starts;
}

/** The instance id suffix Google uses: `_20250101T090000Z`, or `_20250101` for all-day events. */
export function instanceSuffix(startMs: number, allDay: boolean): string {
  const iso = new Date(startMs)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `_${allDay ? iso.slice(0, 8) : iso}`;
}

/** The instances of an event that overlap the window (the event itself when it does not recur), less those `exceptions` holds. */
export function expandInWindow(event: CalendarEvent, window: TimeWindow, exceptions?: ReadonlyMap<string, unknown>): CalendarEvent[] {
  const startMs = instantOf(event.start);
  const lengthMs = instantOf(event.end) - startMs;
  const recurring = (event.recurrence ?? []).some((line) => line.startsWith("RRULE:"));
  const starts = instanceStarts(startMs, event.recurrence).filter((start) => start < window.maxMs && start + lengthMs > window.minMs);
  if (!recurring) return starts.length > 0 ? [event] : [];
  const allDay = event.start.date !== undefined;
  const occurrences = starts.map((start) => {
    const { recurrence: _recurrence, ...single } = event;
    return {
      ...single,
      id: `${event.id}${instanceSuffix(start, allDay)}`,
      recurringEventId: event.id,
      originalStartTime: timeLike(event.start, start),
      start: timeLike(event.start, start),
      end: timeLike(event.end, start + lengthMs),
    };
  });
  // An occurrence changed or cancelled on its own is stored under its id, and stands for itself.
  return exceptions === undefined ? occurrences : occurrences.filter((occurrence) => !exceptions.has(occurrence.id));
}
