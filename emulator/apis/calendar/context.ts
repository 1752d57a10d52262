/**
 * What every calendar handler shares: who is calling (token -> user), which
 * calendar a path names and with what access, `If-Match`, the calendar's
 * errors, and lists with paging and sync tokens.
 */
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import type { ApiCall, QueryParams } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { ApiError } from "../../errors";
import { calendarApi } from "../../../provider/apis/calendar/api";
import { bearerToken, googleFactsOf, scopesFor } from "../../google/auth";
import type { TokenAuthority } from "../../google/tokens/authority";
import { invalidCredentials, invalidParameter, missingCredentials } from "../../google/errors";
import { compareStrings, pagingBy } from "../../google/paging";
import type { ResolvedCalendarOptions } from "./options";
import { DEFAULT_USER_DOMAIN } from "./options";
import type { Role } from "./resources";
import { ROLES } from "./resources";
import type { CalendarStore, StoredCalendar } from "./store";

export interface CalendarContext {
  store: CalendarStore;
  options: ResolvedCalendarOptions;
  now: () => Date;
  /** Bearer tokens every Google-style API accepts (`--tokens`), when no calendar users are configured. */
  tokens: readonly string[] | undefined;
  /** The tokens the emulator issued: one acts for its delegated user (`sub`), else for its own principal. */
  accessTokens: TokenAuthority;
}

export const CALENDAR_PREFIX = calendarApi.emulatorBasePath ?? "";

/** Calendar lists page by `maxResults`: 100 by default, at most 250 (the reference). */
export const { paginate } = pagingBy({ parameter: "maxResults", defaultSize: 100, maxSize: 250 });

/** The caller's e-mail; throws the 401 Google sends for a missing or unknown token. */
export function callerOf(context: CalendarContext, headers: IncomingHttpHeaders, query: QueryParams = {}, method = "GET"): string {
  const token = bearerToken({ headers, query });
  if (token === undefined) throw missingCredentials();
  if (token === "") throw invalidCredentials();
  const issued = context.accessTokens.isIssued(token) ? context.accessTokens.authorize(token, scopesFor(googleFactsOf(calendarApi), method)) : undefined;
  if (issued !== undefined) return (issued.subject ?? issued.principal).toLowerCase();
  const { users } = context.options;
  if (users !== null) {
    const email = users.get(token);
    if (email === undefined) throw invalidCredentials();
    return email;
  }
  if (context.tokens !== undefined && context.tokens.length > 0 && !context.tokens.includes(token)) throw invalidCredentials();
  return `${token.toLowerCase()}@${DEFAULT_USER_DOMAIN}`;
}

/** The calling user's e-mail, the user created on first use. */
export function caller(context: CalendarContext, call: ApiCall): string {
  const email = callerOf(context, call.headers, call.query);
  context.store.user(email);
  return email;
}

export function notFound(): ApiError {
  return new ApiError({ httpStatus: 404, reason: "notFound", message: "Not Found" });
}

export function duplicate(): ApiError {
  return new ApiError({ httpStatus: 409, reason: "duplicate", message: "The requested identifier already exists." });
}

export function fullSyncRequired(): ApiError {
  return new ApiError({ httpStatus: 410, reason: "fullSyncRequired", message: "Sync token is no longer valid, a full sync is required." });
}

export function conditionNotMet(): ApiError {
  return new ApiError({ httpStatus: 412, reason: "conditionNotMet", message: "Precondition Failed", location: "If-Match", locationType: "header" });
}

export function requiredAccessLevel(role: Role): ApiError {
  return new ApiError({ httpStatus: 403, reason: "requiredAccessLevel", message: `You need to have ${role} access to this calendar.` });
}

export function badRequest(reason: string, message: string, location?: string): ApiError {
  return new ApiError({ httpStatus: 400, reason, message, ...(location !== undefined && { location, locationType: "parameter" as const }) });
}

export const roleRank = (role: Role): number => ROLES.indexOf(role);

/** The caller's access to a calendar: owner of its own, else the best of the rules naming it, its domain, or everyone. */
export function accessRole(stored: StoredCalendar, email: string): Role {
  if (stored.owner === email) return "owner";
  const domain = email.slice(email.indexOf("@") + 1);
  let best: Role = "none";
  for (const key of [`user:${email}`, `domain:${domain}`, "default"]) {
    const role = stored.rules.get(key)?.rule.role;
    if (role !== undefined && roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}

/** The calendar a path or body names (`primary` is the caller's); 404 when absent or not visible, 403 below `minimum`. */
export function calendarFor(context: CalendarContext, email: string, calendarId: string, minimum: Role = "freeBusyReader"): StoredCalendar {
  // Calendar ids are e-mail addresses (primary) or lowercase generated ones: compared without case.
  const id = calendarId === "primary" ? email : calendarId.toLowerCase();
  const stored = context.store.calendars.get(id);
  if (stored === undefined) throw notFound();
  const role = accessRole(stored, email);
  if (role === "none") throw notFound();
  if (roleRank(role) < roleRank(minimum)) throw requiredAccessLevel(minimum);
  return stored;
}

export function pathCalendar(context: CalendarContext, call: ApiCall, minimum: Role = "freeBusyReader"): { email: string; stored: StoredCalendar } {
  const email = caller(context, call);
  return { email, stored: calendarFor(context, email, pathParam(call, "calendarId"), minimum) };
}

/** `If-Match` (a write guarded by the etag the client read): another etag is 412; `*` or none matches. */
export function checkIfMatch(call: ApiCall, etag: string): void {
  const header = call.headers["if-match"];
  if (header === undefined || header.trim() === "*") return;
  const wanted = header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (!wanted.includes(etag)) throw conditionNotMet();
}

export function booleanParameter(query: QueryParams, name: string, defaultValue = false): boolean {
  const raw = firstQueryValue(query, name);
  if (raw === undefined || raw === "") return defaultValue;
  if (raw !== "true" && raw !== "false") throw invalidParameter(name, `Invalid boolean value: '${raw}'.`);
  return raw === "true";
}

const syncTokenSchema = z.strictObject({ g: z.string(), l: z.string(), s: z.number().int() });

function encodeSyncToken(context: CalendarContext, listId: string): string {
  const token = { g: context.store.generation, l: listId, s: context.store.currentSeq };
  return Buffer.from(JSON.stringify(token), "utf8").toString("base64url");
}

/** The sequence point a sync token names; 410 when it is stale (another generation, or older than the tombstones kept). */
function syncPoint(context: CalendarContext, raw: string, listId: string): number {
  let parsed: z.infer<typeof syncTokenSchema>;
  try {
    parsed = syncTokenSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw badRequest("invalid", `Invalid sync token value.`, "syncToken");
  }
  if (parsed.l !== listId) throw badRequest("invalid", `Invalid sync token value.`, "syncToken");
  if (parsed.g !== context.store.generation || parsed.s < context.store.oldestSyncSeq) throw fullSyncRequired();
  return parsed.s;
}

export interface SyncItem<Wire> {
  key: string;
  seq: number;
  deleted: boolean;
  wire: Wire;
}

export interface SyncListOptions {
  listId: string;
  kind: string;
  /** Filters that may not be combined with a sync token (the API's rule). */
  filters?: readonly string[];
  /** Keeps an item of a full list (filters besides deletion). */
  keep?: (deleted: boolean) => boolean;
  extra?: Record<string, unknown>;
}

/**
 * A list with paging and sync: a full list (tombstones only with `showDeleted`), or with
 * `syncToken` every item changed after it, tombstones included; `nextSyncToken` on the last page.
 */
export function syncList<Wire>(context: CalendarContext, call: ApiCall, items: readonly SyncItem<Wire>[], options: SyncListOptions): Record<string, unknown> {
  const rawSync = firstQueryValue(call.query, "syncToken");
  const showDeleted = booleanParameter(call.query, "showDeleted");
  let selected: SyncItem<Wire>[];
  if (rawSync !== undefined && rawSync !== "") {
    for (const filter of options.filters ?? []) {
      if (firstQueryValue(call.query, filter) !== undefined) {
        throw badRequest("invalid", `The ${filter} parameter cannot be used together with syncToken.`, filter);
      }
    }
    const since = syncPoint(context, rawSync, options.listId);
    selected = items.filter((item) => item.seq > since);
  } else {
    selected = items.filter((item) => (showDeleted || !item.deleted) && (options.keep?.(item.deleted) ?? true));
  }
  const sorted = [...selected].sort((a, b) => compareStrings(a.key, b.key));
  const page = paginate({ listId: options.listId, sortedItems: sorted, keyOf: (item) => item.key, compareKeys: compareStrings, query: call.query });
  return {
    kind: options.kind,
    etag: context.store.etagOf(context.store.currentSeq),
    ...options.extra,
    items: page.items.map((item) => item.wire),
    ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : { nextSyncToken: encodeSyncToken(context, options.listId) }),
  };
}

/** A single object answered with its etag also as the `ETag` header, as Google does. */
export function withEtag(body: { etag: string }, status = 200): { status: number; body: unknown; headers: Record<string, string> } {
  return { status, body, headers: { etag: body.etag } };
}
