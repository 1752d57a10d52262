/**
 * How the service decides a preferred value: a decrease is checked against the
 * usage and the size of the cut (unless the caller ignores those checks) and
 * granted at once; an increase is `reconciling` for a while, then granted up to
 * what the service allows for that quota, a partial grant explained in `stateDetail`.
 */
import { randomUUID } from "node:crypto";
import type { QueryParams } from "../../api";
import { ApiError } from "../../errors";
import { SAFETY_CHECK } from "./enums";
import { invalidArgument } from "./names";
import type { SeedQuota } from "./seed";
import type { StoredPreference } from "./state";
import { SAFETY_CHECKS, type SafetyCheck } from "./wire";

/** A decrease of more than this share of the current value trips QUOTA_DECREASE_PERCENTAGE_TOO_HIGH. */
const MAX_DECREASE_PERCENT = 10n;
const UNLIMITED = -1n;

export function ignoredSafetyChecks(query: QueryParams): Set<SafetyCheck> {
  const raw = query["ignoreSafetyChecks"];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const ignored = new Set<SafetyCheck>();
  // A repeated parameter: one check per occurrence (`A,B` is one value, no check's name).
  for (const value of values) {
    // By name or by proto number: Google's client on the REST transport sends numbers.
    const named = SAFETY_CHECK.valueOf(value);
    if (named === "QUOTA_SAFETY_CHECK_UNSPECIFIED") continue;
    const check = SAFETY_CHECKS.find((name) => name === named);
    if (check === undefined) {
      throw invalidArgument(`Invalid value at 'ignore_safety_checks' (type.googleapis.com/google.api.cloudquotas.v1.QuotaSafetyCheck), "${value}"`, {
        field: "ignore_safety_checks",
      });
    }
    ignored.add(check);
  }
  return ignored;
}

function safetyCheckFailed(check: SafetyCheck, message: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "failedPrecondition",
    rpcStatus: "FAILED_PRECONDITION",
    message: `${message} To make the change anyway, send it again with ignore_safety_checks=${check}.`,
    errorInfo: { reason: check, metadata: { safety_check: check } },
  });
}

const isDecrease = (wanted: bigint, current: bigint): boolean => wanted !== UNLIMITED && (current === UNLIMITED || wanted < current);

/** Refuses a decrease the safety checks stop, unless the caller ignores that check. */
export function checkSafety(quota: SeedQuota, current: bigint, wanted: bigint, ignored: ReadonlySet<SafetyCheck>): void {
  if (!isDecrease(wanted, current)) return;
  if (!ignored.has("QUOTA_DECREASE_BELOW_USAGE") && wanted < quota.usage) {
    throw safetyCheckFailed("QUOTA_DECREASE_BELOW_USAGE", `The preferred value ${wanted} of ${quota.quotaId} is below its current usage of ${quota.usage}.`);
  }
  const cutTooLarge = current === UNLIMITED || (current - wanted) * 100n > current * MAX_DECREASE_PERCENT;
  if (!ignored.has("QUOTA_DECREASE_PERCENTAGE_TOO_HIGH") && cutTooLarge) {
    throw safetyCheckFailed(
      "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH",
      `The preferred value ${wanted} of ${quota.quotaId} decreases its current value ${current === UNLIMITED ? "unlimited" : current} by more than ${MAX_DECREASE_PERCENT}%.`,
    );
  }
}

/** Sets a new preferred value: a decrease (or no change) is granted now, an increase starts reconciling. */
export function applyPreferredValue(preference: StoredPreference, wanted: bigint, now: Date, reconcileMs: number): void {
  const current = preference.grantedValue;
  preference.preferredValue = wanted;
  if (wanted === current || isDecrease(wanted, current)) {
    preference.grantedValue = wanted;
    preference.decideAt = undefined;
    preference.stateDetail = "";
    return;
  }
  preference.traceId = randomUUID();
  preference.stateDetail = "";
  preference.decideAt = now.getTime() + reconcileMs;
}

/** Decides an increase whose time has come: granted up to the quota's ceiling, the shortfall said in words. */
export function settle(preference: StoredPreference, quota: SeedQuota, now: Date): void {
  if (preference.decideAt === undefined || now.getTime() < preference.decideAt) return;
  const wanted = preference.preferredValue;
  const ceiling = quota.ceiling;
  const granted = ceiling === UNLIMITED ? wanted : wanted === UNLIMITED || wanted > ceiling ? ceiling : wanted;
  preference.grantedValue = granted;
  preference.decideAt = undefined;
  preference.stateDetail =
    granted === wanted
      ? ""
      : `Partially approved: granted ${granted} of the requested ${wanted === UNLIMITED ? "unlimited" : wanted} for ${quota.quotaId}; ` +
        "the rest exceeds what can be granted without a review. Contact your account team for more.";
}
