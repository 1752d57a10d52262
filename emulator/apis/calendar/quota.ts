/**
 * Quota units, per user: a patch costs three, any other request one (the
 * spec's "Limits"). Counted when a request is admitted, shown in
 * `/_emulator/stats` as `quotaUnits`; with a per-minute quota, a request that
 * would go beyond it is refused with 403 `rateLimitExceeded` and costs nothing.
 */
import type { AdmittedRequest } from "../../api";
import { ApiError } from "../../errors";
import type { CalendarContext } from "./context";
import { callerOf } from "./context";

const WINDOW_MS = 60_000;
export const PATCH_UNITS = 3;

export function unitsOf(method: string): number {
  return method === "PATCH" ? PATCH_UNITS : 1;
}

function rateLimitExceeded(): ApiError {
  return new ApiError({ httpStatus: 403, reason: "rateLimitExceeded", domain: "usageLimits", message: "Rate Limit Exceeded" });
}

/** The `admit` hook: counts the request's units against its user (refusing it beyond the per-minute quota). */
export function admitByQuota(context: CalendarContext, request: AdmittedRequest): () => void {
  const user = callerOf(context, request.headers);
  const units = unitsOf(request.method);
  const limit = context.options.quotaUnitsPerMinute;
  if (limit !== null) {
    const nowMs = context.now().getTime();
    const recent = (context.store.quotaWindow.get(user) ?? []).filter(({ atMs }) => atMs > nowMs - WINDOW_MS);
    const spent = recent.reduce((sum, { units: cost }) => sum + cost, 0);
    if (spent + units > limit) {
      context.store.quotaWindow.set(user, recent);
      throw rateLimitExceeded();
    }
    context.store.quotaWindow.set(user, [...recent, { atMs: nowMs, units }]);
  }
  context.store.spendQuota(user, units);
  return () => undefined;
}
