/** changes.* handlers. */
import type { ApiCall, ApiResult } from "../../api";
import { pathParam } from "../../api";
import { notFound, quotaExceeded, requiredField } from "../../google/errors";
import { compareNumericStrings, paginate } from "./paging";
import { enumQueryParameter } from "../../google/query";
import { parseRequestBody } from "../../google/request-body";
import { changeRequestPaths, commitChange, planChange, renderChange } from "./change-engine";
import type { DnsContext } from "./context";
import { requireZone } from "./context";
import { toRecordSet } from "./record-rules";
import { defaultQuota } from "./projects";
import type { ResourceRecordSet } from "./resources";
import { changeCreateSchema } from "./schemas";

/**
 * Validates the whole change first, then applies deletions and additions
 * atomically. The change answers `pending` until the configured delay has
 * passed, so clients have to poll changes.get like they do against Google;
 * the record sets are already in place when this returns.
 */
export function createChange(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const request = parseRequestBody(changeCreateSchema, call.body, "entity.change");
  const change = {
    additions: (request.additions ?? []).map(toRecordSet),
    deletions: (request.deletions ?? []).map(toRecordSet),
  };
  if (change.additions.length === 0 && change.deletions.length === 0) throw requiredField("entity.change");
  checkChangeQuota(change);
  const next = planChange(entry, change, changeRequestPaths);
  return { status: 200, body: commitChange(context, entry, next, change) };
}

/**
 * Cloud DNS's per-change quotas (the project's `quota`: rrsetAdditionsPerChange,
 * rrsetDeletionsPerChange, totalRrdataSizePerChange), answered as the service answers them:
 * 403 quotaExceeded, "The change would exceed quota for additions per change." (the wording
 * external-dns and DNSControl users quote: kubernetes-sigs/external-dns#1028, DNSControl#2480).
 */
function checkChangeQuota(change: { additions: readonly ResourceRecordSet[]; deletions: readonly ResourceRecordSet[] }): void {
  const quota = defaultQuota();
  const bytes = [...change.additions, ...change.deletions].reduce(
    (sum, rrset) => sum + (rrset.rrdatas ?? []).reduce((size, value) => size + Buffer.byteLength(value), 0),
    0,
  );
  if (change.additions.length > quota.rrsetAdditionsPerChange) throw quotaExceeded("The change would exceed quota for additions per change.");
  if (change.deletions.length > quota.rrsetDeletionsPerChange) throw quotaExceeded("The change would exceed quota for deletions per change.");
  if (bytes > quota.totalRrdataSizePerChange) throw quotaExceeded("The change would exceed quota for total rrdata size per change.");
}

export function getChange(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const changeId = pathParam(call, "changeId");
  const stored = /^\d+$/.test(changeId) ? entry.changes[Number(changeId)] : undefined;
  if (stored === undefined) throw notFound("parameters.changeId", changeId);
  return { status: 200, body: renderChange(stored, context.now()) };
}

export function listChanges(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  // changeSequence is the only ordering Cloud DNS offers.
  enumQueryParameter(call.query, "sortBy", ["changeSequence"] as const, "changeSequence");
  const sortOrder = enumQueryParameter(call.query, "sortOrder", ["ascending", "descending"] as const, "ascending");
  const direction = sortOrder === "ascending" ? 1 : -1;
  const ordered = sortOrder === "ascending" ? [...entry.changes] : [...entry.changes].reverse();
  const page = paginate({
    listId: `dns.changes:${entry.project}/${entry.zone.id}:${sortOrder}`,
    sortedItems: ordered,
    keyOf: (stored) => stored.change.id,
    compareKeys: (a, b) => direction * compareNumericStrings(a, b),
    query: call.query,
  });
  const now = context.now();
  return {
    status: 200,
    body: {
      kind: "dns#changesListResponse",
      changes: page.items.map((stored) => renderChange(stored, now)),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}
