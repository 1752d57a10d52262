/**
 * Throttling per user and per resource, over a sliding minute. A caller is
 * a user (all personal tokens of a user count together), a project token, or
 * the anonymous caller of open-access endpoints; a resource is a request
 * path (without the query), counted per caller, which is what catches a
 * client polling one job too often. A refused request is not counted; the
 * 429's Retry-After says when the oldest counted request leaves the window.
 */
import type { Caller } from "./auth";
import type { CiContext } from "./context";
import { rateLimited } from "./errors";

const WINDOW_MS = 60_000;

export function callerKey(caller: Caller): string {
  switch (caller.kind) {
    case "personal":
      return `user:${caller.login}`;
    case "project":
      return `project-token:${caller.token}`;
    case "anonymous":
      return "anonymous";
  }
}

export function enforceThrottle(context: CiContext, caller: Caller, resourcePath: string): void {
  const { perUserPerMinute, perResourcePerMinute } = context.throttle;
  if (perUserPerMinute === null && perResourcePerMinute === null) return;
  const nowMs = context.now().getTime();
  const userKey = `user ${callerKey(caller)}`;
  const resourceKey = `resource ${callerKey(caller)} ${resourcePath}`;
  const userWindow = perUserPerMinute === null ? null : currentWindow(context, userKey, nowMs);
  const resourceWindow = perResourcePerMinute === null ? null : currentWindow(context, resourceKey, nowMs);
  let retryAfterMs = 0;
  if (userWindow !== null && perUserPerMinute !== null && userWindow.length >= perUserPerMinute) {
    retryAfterMs = Math.max(retryAfterMs, waitFor(userWindow, perUserPerMinute, nowMs));
  }
  if (resourceWindow !== null && perResourcePerMinute !== null && resourceWindow.length >= perResourcePerMinute) {
    retryAfterMs = Math.max(retryAfterMs, waitFor(resourceWindow, perResourcePerMinute, nowMs));
  }
  if (retryAfterMs > 0) throw rateLimited(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  userWindow?.push(nowMs);
  resourceWindow?.push(nowMs);
}

/** The timestamps of `key` still inside the window (pruned in place). */
function currentWindow(context: CiContext, key: string, nowMs: number): number[] {
  const windows = context.store.requestWindows;
  const kept = (windows.get(key) ?? []).filter((at) => at > nowMs - WINDOW_MS);
  windows.set(key, kept);
  return kept;
}

/** How long until the window holds fewer than `limit` requests. */
function waitFor(window: readonly number[], limit: number, nowMs: number): number {
  // With a limit of 0 nothing ever passes; answer with the full window.
  const oldestThatMustLeave = window[window.length - limit];
  if (oldestThatMustLeave === undefined) return WINDOW_MS;
  return Math.max(1, oldestThatMustLeave + WINDOW_MS - nowMs);
}
