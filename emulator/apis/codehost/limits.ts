/**
 * The code host's limits on the server side (spec "Limits E"): the primary
 * window per caller and resource (requests per hour, search per minute) and
 * the secondary limits (requests in flight, points per minute per endpoint,
 * content creation per minute and hour), on a scaled clock: an hour lasts
 * `hourMs` real milliseconds, and a minute a sixtieth of that.
 *
 * `x-ratelimit-reset` is the end of the window in the emulator clock's epoch
 * seconds; windows end on a whole second, so a client waiting until the
 * header's time never arrives inside the old window.
 */
import type { IncomingHttpHeaders } from "node:http";
import { ApiError } from "../../errors";
import type { CallerKind, ResolvedCodeHostOptions } from "./options";
import type { CodeHostStore, PrimaryWindow } from "./state";

export const DOCS = "https://docs.codehost.example/rest/overview/rate-limits-for-the-rest-api";

export const RESOURCES = ["core", "search", "graphql", "code_search"] as const;
export type Resource = (typeof RESOURCES)[number];

export interface Caller {
  kind: CallerKind;
  /** What the windows are kept by: the token, the OAuth app's id, or `anonymous`. */
  key: string;
}

export interface LimitsContext {
  store: CodeHostStore;
  options: ResolvedCodeHostOptions;
  now: () => Date;
}

const minuteMs = (options: ResolvedCodeHostOptions): number => options.hourMs / 60;

/** Limit and window length of a resource for a kind of caller. */
export function resourceLimit(resource: Resource, kind: CallerKind, options: ResolvedCodeHostOptions): { limit: number; windowMs: number } {
  const anonymous = kind === "anonymous";
  switch (resource) {
    case "core":
      return { limit: options.primaryLimits[kind], windowMs: options.hourMs };
    case "graphql":
      return { limit: anonymous ? 0 : options.primaryLimits[kind], windowMs: options.hourMs };
    case "search":
      return { limit: anonymous ? 10 : 30, windowMs: minuteMs(options) };
    case "code_search":
      return { limit: 10, windowMs: minuteMs(options) };
  }
}

/** The resource a request counts against (`x-ratelimit-resource`). */
export function resourceOf(path: string): Resource {
  if (path.includes("/search/code")) return "code_search";
  if (path.includes("/search/")) return "search";
  if (path.endsWith("/graphql")) return "graphql";
  return "core";
}

/** The current window of a caller's resource, a new one when the last has ended. */
export function windowOf(context: LimitsContext, caller: Caller, resource: Resource): PrimaryWindow & { limit: number } {
  const { limit, windowMs } = resourceLimit(resource, caller.kind, context.options);
  const nowMs = context.now().getTime();
  const key = `${caller.key} ${resource}`;
  let window = context.store.primary.get(key);
  if (window === undefined || nowMs >= window.resetMs) {
    window = { used: 0, resetMs: Math.ceil((nowMs + windowMs) / 1000) * 1000 };
    context.store.primary.set(key, window);
  }
  return Object.assign(window, { limit });
}

export function rateLimitHeaders(context: LimitsContext, caller: Caller, resource: Resource): Record<string, string> {
  const window = windowOf(context, caller, resource);
  return {
    "x-ratelimit-limit": String(window.limit),
    "x-ratelimit-remaining": String(Math.max(0, window.limit - window.used)),
    "x-ratelimit-used": String(window.used),
    "x-ratelimit-reset": String(window.resetMs / 1000),
    "x-ratelimit-resource": resource,
  };
}

const SECONDARY_MESSAGE =
  "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. " +
  "If you reach out to support for help, please include the request ID.";

function secondaryRefusal(context: LimitsContext, which: string, retryAfterMs: number | undefined): ApiError {
  const retryAfter: Record<string, string> =
    retryAfterMs === undefined || !context.options.secondary.retryAfter ? {} : { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
  return new ApiError({
    httpStatus: context.options.limitStatus,
    reason: "secondaryRateLimit",
    message: `${SECONDARY_MESSAGE} (${which})`,
    documentationUrl: `${DOCS}#about-secondary-rate-limits`,
    headers: retryAfter,
  });
}

function primaryRefusal(context: LimitsContext, caller: Caller, resource: Resource): ApiError {
  const who = caller.kind === "anonymous" ? "your IP address" : `this ${caller.kind} token`;
  return new ApiError({
    httpStatus: context.options.limitStatus,
    reason: "primaryRateLimit",
    message: `API rate limit exceeded for ${who} (${resource}).`,
    documentationUrl: DOCS,
  });
}

const isWrite = (method: string): boolean => !["GET", "HEAD", "OPTIONS"].includes(method);

/** Times (and weights) still inside the last `windowMs`, pruned in place. */
function recent<T extends number | [number, number]>(entries: T[], since: number): T[] {
  const kept = entries.filter((entry) => (typeof entry === "number" ? entry : entry[0]) > since);
  entries.splice(0, entries.length, ...kept);
  return entries;
}

/**
 * Checks and counts one request: the secondary limits first (a refused
 * request counts against nothing), then the primary window (the rate-limit
 * status itself is free). Throws the refusal; returns the release to run
 * when the response has been sent.
 */
export function admitRequest(context: LimitsContext, caller: Caller, method: string, path: string, endpoint: string): () => void {
  const { store, options } = context;
  const nowMs = context.now().getTime();
  const minute = minuteMs(options);
  const arrival = { method, path, at: nowMs };
  const refuse = (error: ApiError, secondary?: "concurrency" | "points" | "creations"): never => {
    store.arrivals.push({ ...arrival, outcome: secondary === undefined ? "primary" : "secondary", ...(secondary !== undefined && { secondary }) });
    throw error;
  };

  const inFlight = store.inFlight.get(caller.key) ?? 0;
  if (inFlight >= options.secondary.concurrency) refuse(secondaryRefusal(context, "concurrent requests", undefined), "concurrency");

  const pointsKey = `${caller.key} ${endpoint}`;
  const points = recent(store.points.get(pointsKey) ?? [], nowMs - minute);
  const cost = isWrite(method) ? 5 : 1;
  const spent = points.reduce((sum, [, weight]) => sum + weight, 0);
  if (spent + cost > options.secondary.pointsPerMinute) {
    // When enough of the minute's points have left the window.
    let freed = spent + cost - options.secondary.pointsPerMinute;
    let leavesAt = nowMs + minute;
    for (const [at, weight] of points) {
      freed -= weight;
      if (freed <= 0) {
        leavesAt = at + minute;
        break;
      }
    }
    refuse(secondaryRefusal(context, "points per minute", leavesAt - nowMs), "points");
  }

  const creating = method === "POST";
  const creations = recent(store.creations.get(caller.key) ?? [], nowMs - options.hourMs);
  if (creating) {
    const lastMinute = creations.filter((at) => at > nowMs - minute);
    const { creationsPerMinute, creationsPerHour } = options.secondary;
    if (lastMinute.length >= creationsPerMinute) {
      refuse(
        secondaryRefusal(context, "content creation per minute", (lastMinute[lastMinute.length - creationsPerMinute] ?? nowMs) + minute - nowMs),
        "creations",
      );
    }
    if (creations.length >= creationsPerHour) {
      refuse(
        secondaryRefusal(context, "content creation per hour", (creations[creations.length - creationsPerHour] ?? nowMs) + options.hourMs - nowMs),
        "creations",
      );
    }
  }

  if (!path.endsWith("/rate_limit")) {
    const resource = resourceOf(path);
    const window = windowOf(context, caller, resource);
    if (window.used >= window.limit) refuse(primaryRefusal(context, caller, resource));
    window.used += 1;
  }

  store.points.set(pointsKey, [...points, [nowMs, cost]]);
  if (creating) store.creations.set(caller.key, [...creations, nowMs]);
  store.inFlight.set(caller.key, inFlight + 1);
  store.peakInFlight = Math.max(store.peakInFlight, store.totalInFlight());
  store.arrivals.push({ ...arrival, outcome: "admitted" });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    store.inFlight.set(caller.key, (store.inFlight.get(caller.key) ?? 1) - 1);
  };
}

/** The caller of a request whose credentials `authenticate` accepted (or that has none). */
export function callerOf(headers: IncomingHttpHeaders, options: ResolvedCodeHostOptions): Caller | "bad credentials" {
  const authorization = headers.authorization?.trim();
  if (authorization === undefined || authorization === "") return { kind: "anonymous", key: "anonymous" };
  const bearer = /^(?:bearer|token)\s+(\S+)$/i.exec(authorization);
  if (bearer?.[1] !== undefined) {
    const token = bearer[1];
    if (options.tokens === null) return { kind: "personal", key: `token:${token}` };
    const kind = options.tokens.get(token);
    return kind === undefined ? "bad credentials" : { kind, key: `token:${token}` };
  }
  const basic = /^basic\s+(\S+)$/i.exec(authorization);
  if (basic?.[1] !== undefined) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const separator = decoded.indexOf(":");
    if (separator <= 0) return "bad credentials";
    const id = decoded.slice(0, separator);
    const secret = decoded.slice(separator + 1);
    if (options.oauthApps !== null && options.oauthApps.get(id) !== secret) return "bad credentials";
    return { kind: "oauth-app", key: `app:${id}` };
  }
  return "bad credentials";
}
