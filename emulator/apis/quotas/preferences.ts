/**
 * quotaPreferences: create, get, list and patch, the same under `/v1/` and
 * `/v1beta/` and for projects, folders and organizations. There is no delete.
 */
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { ApiError } from "../../errors";
import { pagingBy } from "../../google/paging";
import { parseRequestBody } from "../../google/request-body";
import { requiredField } from "../../google/errors";
import { applyPreferredValue, checkSafety, ignoredSafetyChecks, settle } from "./decisions";
import { parseFilter, parseOrderBy } from "./list-query";
import { invalidArgument, notFound, parentOf, type ParentKind } from "./names";
import type { ResolvedQuotasOptions } from "./options";
import { defaultValueOf, findQuota, type SeedQuota } from "./seed";
import type { QuotasStore, StoredPreference } from "./state";
import { booleanParameter, maskedFields } from "./update-mask";
import { preferenceBody, preferenceWire, type PreferenceBody } from "./wire";

export interface QuotasContext extends ResolvedQuotasOptions {
  store: QuotasStore;
  now: () => Date;
}

const { paginate } = pagingBy({ parameter: "pageSize", defaultSize: 100, maxSize: 1000 });

const PREFERENCE_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/i;
const RESERVED_DIMENSIONS = ["user", "resource"];

function quotaOf(preference: Pick<StoredPreference, "service" | "quotaId">): SeedQuota {
  const quota = findQuota(preference.service, preference.quotaId);
  if (quota === undefined) throw new Error(`stored preference of an unknown quota ${preference.service}/${preference.quotaId}`);
  return quota;
}

/** A stored preference with any increase whose time has come decided. */
function current(context: QuotasContext, name: string): StoredPreference | undefined {
  const preference = context.store.preferences.get(name);
  if (preference !== undefined) settle(preference, quotaOf(preference), context.now());
  return preference;
}

function parseBody(call: ApiCall): PreferenceBody {
  return parseRequestBody(preferenceBody, call.body, "quotaPreference");
}

function parseValue(raw: string | number | undefined): bigint {
  if (raw === undefined) throw requiredField("quotaPreference.quotaConfig.preferredValue");
  const value = BigInt(raw);
  if (value < -1n) {
    throw invalidArgument(`Invalid preferred value ${value}: it must be -1 (unlimited) or greater.`, { field: "quota_config.preferred_value" });
  }
  return value;
}

function checkQuota(service: string | undefined, quotaId: string | undefined, dimensions: Readonly<Record<string, string>>): SeedQuota {
  if (service === undefined || service === "") throw requiredField("quotaPreference.service");
  if (quotaId === undefined || quotaId === "") throw requiredField("quotaPreference.quotaId");
  const quota = findQuota(service, quotaId);
  if (quota === undefined) throw invalidArgument(`Quota '${quotaId}' of service '${service}' does not exist.`, { service, quota_id: quotaId });
  for (const key of Object.keys(dimensions)) {
    if (RESERVED_DIMENSIONS.includes(key))
      throw invalidArgument(`Dimension '${key}' cannot be set: 'user' and 'resource' are reserved.`, { field: "dimensions" });
    if (!quota.dimensions.includes(key)) {
      throw invalidArgument(`Quota '${quotaId}' has no dimension '${key}' (its dimensions: ${quota.dimensions.join(", ") || "none"}).`, {
        field: "dimensions",
      });
    }
  }
  return quota;
}

function sameMap(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** A new preference from a create (or a patch with allowMissing), decided and checked, not yet stored. */
function newPreference(context: QuotasContext, parent: string, id: string, body: PreferenceBody, call: ApiCall): StoredPreference {
  const dimensions = body.dimensions ?? {};
  const quota = checkQuota(body.service, body.quotaId, dimensions);
  const wanted = parseValue(body.quotaConfig?.preferredValue);
  const start = defaultValueOf(quota, dimensions);
  checkSafety(quota, start, wanted, ignoredSafetyChecks(call.query));
  const now = context.now();
  const name = `${parent}/quotaPreferences/${id}`;
  const preference: StoredPreference = {
    name,
    parent,
    service: quota.service,
    quotaId: quota.quotaId,
    dimensions: { ...dimensions },
    preferredValue: start,
    grantedValue: start,
    annotations: { ...(body.quotaConfig?.annotations ?? {}) },
    justification: body.justification ?? "",
    contactEmail: body.contactEmail ?? "",
    stateDetail: "",
    traceId: "",
    decideAt: undefined,
    etag: context.store.etag(name),
    createTime: now,
    updateTime: now,
    sequence: context.store.next(),
  };
  applyPreferredValue(preference, wanted, now, context.reconcileMs);
  settle(preference, quota, now);
  return preference;
}

function generatedId(context: QuotasContext, body: PreferenceBody): string {
  const base = `${body.service ?? "quota"}-${body.quotaId ?? "preference"}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40);
  return `${base}-${context.store.next().toString(36)}${context.now().getTime().toString(36).slice(-4)}`;
}

export function createPreference(context: QuotasContext, call: ApiCall, kind: ParentKind): ApiResult {
  const parent = parentOf(call, kind);
  const body = parseBody(call);
  const given = firstQueryValue(call.query, "quotaPreferenceId");
  if (given !== undefined && given !== "" && !PREFERENCE_ID.test(given)) {
    throw invalidArgument(`Invalid quota_preference_id '${given}': letters, digits, '-' and '_', starting with a letter or digit, at most 63.`, {
      field: "quota_preference_id",
    });
  }
  const id = given === undefined || given === "" ? generatedId(context, body) : given;
  const preference = newPreference(context, parent, id, body, call);
  if (context.store.preferences.has(preference.name)) {
    throw new ApiError({
      httpStatus: 409,
      reason: "alreadyExists",
      message: `Quota preference '${preference.name}' already exists.`,
      errorInfo: { metadata: { name: preference.name } },
    });
  }
  context.store.preferences.set(preference.name, preference);
  return { status: 200, body: preferenceWire(preference) };
}

function nameOf(call: ApiCall, kind: ParentKind): string {
  return `${parentOf(call, kind)}/quotaPreferences/${pathParam(call, "preferenceId")}`;
}

export function getPreference(context: QuotasContext, call: ApiCall, kind: ParentKind): ApiResult {
  const name = nameOf(call, kind);
  const preference = current(context, name);
  if (preference === undefined) throw notFound(name);
  return { status: 200, body: preferenceWire(preference) };
}

export function listPreferences(context: QuotasContext, call: ApiCall, kind: ParentKind): ApiResult {
  const parent = parentOf(call, kind);
  const filterText = firstQueryValue(call.query, "filter");
  const orderByText = firstQueryValue(call.query, "orderBy");
  const matches = parseFilter(filterText);
  const ordering = parseOrderBy(orderByText);
  const items = [...context.store.preferences.values()]
    .filter((preference) => preference.parent === parent)
    .map((preference) => current(context, preference.name) ?? preference)
    .filter(matches)
    .sort((a, b) => ordering.compare(ordering.keyOf(a), ordering.keyOf(b)));
  const page = paginate({
    listId: JSON.stringify([parent, filterText ?? "", orderByText ?? ""]),
    sortedItems: items,
    keyOf: ordering.keyOf,
    compareKeys: ordering.compare,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      ...(page.items.length > 0 && { quotaPreferences: page.items.map(preferenceWire) }),
      ...(page.nextPageToken !== undefined && { nextPageToken: page.nextPageToken }),
      ...(context.unreachable.length > 0 && { unreachable: [...context.unreachable] }),
    },
  };
}

type PatchField = "preferredValue" | "annotations" | "justification" | "contactEmail" | "service" | "quotaId" | "dimensions" | "etag";
const MASK_PATHS: Readonly<Record<string, readonly PatchField[]>> = {
  quotaConfig: ["preferredValue", "annotations"],
  "quotaConfig.preferredValue": ["preferredValue"],
  "quotaConfig.annotations": ["annotations"],
  justification: ["justification"],
  contactEmail: ["contactEmail"],
  service: ["service"],
  quotaId: ["quotaId"],
  dimensions: ["dimensions"],
  etag: ["etag"],
};
const ALL_FIELDS = new Set<PatchField>(["preferredValue", "annotations", "justification", "contactEmail", "service", "quotaId", "dimensions"]);

function immutableChanged(field: string, name: string): ApiError {
  return invalidArgument(`Field '${field}' of quota preference '${name}' is immutable and cannot be changed.`, { field });
}

export function patchPreference(context: QuotasContext, call: ApiCall, kind: ParentKind): ApiResult {
  const name = nameOf(call, kind);
  const body = parseBody(call);
  if (body.name !== undefined && body.name !== "" && body.name !== name) {
    throw invalidArgument(`The name in the body '${body.name}' does not match the name in the URL '${name}'.`, { field: "quota_preference.name" });
  }
  const validateOnly = booleanParameter(call.query, "validateOnly");
  const existing = current(context, name);
  if (existing === undefined) {
    if (!booleanParameter(call.query, "allowMissing")) throw notFound(name);
    // allowMissing: created as given; the mask is ignored.
    const created = newPreference(context, parentOf(call, kind), pathParam(call, "preferenceId"), body, call);
    if (!validateOnly) context.store.preferences.set(name, created);
    return { status: 200, body: preferenceWire(created) };
  }
  if (body.etag !== undefined && body.etag !== "" && body.etag !== existing.etag) {
    throw new ApiError({
      httpStatus: 409,
      reason: "aborted",
      rpcStatus: "ABORTED",
      message: `The etag of quota preference '${name}' does not match: it was changed since it was read. Read it again and retry.`,
      errorInfo: { reason: "ETAG_MISMATCH", metadata: { name } },
    });
  }
  const fields = maskedFields(call.query, MASK_PATHS) ?? ALL_FIELDS;
  if (fields.has("service") && body.service !== existing.service) throw immutableChanged("service", name);
  if (fields.has("quotaId") && body.quotaId !== existing.quotaId) throw immutableChanged("quota_id", name);
  if (fields.has("dimensions") && !sameMap(body.dimensions ?? {}, existing.dimensions)) throw immutableChanged("dimensions", name);
  const quota = quotaOf(existing);
  const next: StoredPreference = { ...existing, annotations: { ...existing.annotations } };
  if (fields.has("preferredValue")) {
    const wanted = parseValue(body.quotaConfig?.preferredValue);
    checkSafety(quota, existing.grantedValue, wanted, ignoredSafetyChecks(call.query));
    if (wanted !== existing.preferredValue) applyPreferredValue(next, wanted, context.now(), context.reconcileMs);
  }
  if (fields.has("annotations")) next.annotations = { ...(body.quotaConfig?.annotations ?? {}) };
  if (fields.has("justification")) next.justification = body.justification ?? "";
  if (fields.has("contactEmail")) next.contactEmail = body.contactEmail ?? "";
  next.etag = context.store.etag(name);
  next.updateTime = context.now();
  settle(next, quota, context.now());
  if (!validateOnly) context.store.preferences.set(name, next);
  return { status: 200, body: preferenceWire(validateOnly ? { ...next, etag: existing.etag, updateTime: existing.updateTime } : next) };
}
