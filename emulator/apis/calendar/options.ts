/**
 * The calendar API's options (`createEmulator({ calendar: {...} })`) and flags
 * (`--calendar-...`): which bearer token is which user, and the optional
 * per-minute quota of each user.
 */
import { commaList, parsePositiveInteger, UsageError } from "../../command-line";
import type { ApiFlags } from "../../plugin";

/** An e-mail address as a calendar user id (and a primary calendar id). */
export const EMAIL = /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/;

export interface CalendarOptions {
  /**
   * Token -> the user's e-mail. Given, only these tokens are accepted (401 otherwise).
   * Not given, any accepted token `t` is the user `t@example.test`.
   */
  users?: Record<string, string>;
  /** Quota units a user may spend per minute (patch 3, any other request 1); beyond it 403 `rateLimitExceeded`. Default: no limit. */
  quotaUnitsPerMinute?: number;
  /** The service's own limit of a watch channel's life, and its life when no expiration is asked (default 604,800 s: a week). */
  channelMaxTtlSeconds?: number;
}

export interface CalendarInput {
  /** Google Calendar v3 at `/calendar/v3/...`: users by token, quota per minute. */
  calendar?: CalendarOptions;
}

export interface ResolvedCalendarOptions {
  /** `null`: any token is `<token>@example.test`. */
  users: ReadonlyMap<string, string> | null;
  quotaUnitsPerMinute: number | null;
  channelMaxTtlMs: number;
}

export const DEFAULT_USER_DOMAIN = "example.test";

export function resolveCalendarOptions({ calendar = {} }: CalendarInput): ResolvedCalendarOptions {
  let users: Map<string, string> | null = null;
  if (calendar.users !== undefined) {
    users = new Map();
    for (const [token, email] of Object.entries(calendar.users)) {
      if (token === "") throw new Error("calendar user tokens must not be empty");
      if (!EMAIL.test(email)) throw new Error(`calendar user token '${token}': '${email}' is not an e-mail address`);
      users.set(token, email.toLowerCase());
    }
  }
  const limit = calendar.quotaUnitsPerMinute;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new Error(`calendar quotaUnitsPerMinute must be a whole number of at least 1, got ${limit}`);
  }
  const ttl = calendar.channelMaxTtlSeconds ?? 604_800;
  if (!(ttl > 0)) throw new Error(`calendar channelMaxTtlSeconds must be positive, got ${ttl}`);
  return { users, quotaUnitsPerMinute: limit ?? null, channelMaxTtlMs: ttl * 1000 };
}

export const calendarFlags: ApiFlags<CalendarInput> = {
  flags: [
    {
      name: "calendar-users",
      value: "<token=email,...>",
      help: "bearer tokens and the calendar users they are\n(default: token t is the user t@example.test)",
    },
    { name: "calendar-channel-max-ttl", value: "<seconds>", help: "a watch channel's longest life (default 604800)" },
    {
      name: "calendar-quota-per-minute",
      value: "<units>",
      help: "quota units per user and minute (patch 3, others 1);\nbeyond it 403 rateLimitExceeded (default: no limit)",
    },
  ],
  parse: (values) => {
    const options: CalendarOptions = {};
    const pairs = commaList(values.one("calendar-users"));
    if (pairs !== undefined) {
      const users: Record<string, string> = {};
      for (const pair of pairs) {
        const match = /^([^=]+)=(.+)$/.exec(pair);
        if (match?.[1] === undefined || match[2] === undefined || !EMAIL.test(match[2])) {
          throw new UsageError(`--calendar-users must be <token>=<email>,..., got '${pair}'`);
        }
        users[match[1]] = match[2];
      }
      options.users = users;
    }
    const quota = values.one("calendar-quota-per-minute");
    if (quota !== undefined) options.quotaUnitsPerMinute = parsePositiveInteger("--calendar-quota-per-minute", quota);
    const ttl = values.one("calendar-channel-max-ttl");
    if (ttl !== undefined) options.channelMaxTtlSeconds = parsePositiveInteger("--calendar-channel-max-ttl", ttl);
    return Object.keys(options).length === 0 ? {} : { calendar: options };
  },
};
