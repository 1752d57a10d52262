/**
 * resourceRecordSets.* handlers. Each write is a one-entry change through the
 * change engine, so it obeys the same rules and shows up in changes.list, as
 * Cloud DNS's own record-set methods do.
 */
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { invalidValue, notFound, requiredField } from "../../google/errors";
import { compareStrings, paginate } from "./paging";
import { parseRequestBody } from "../../google/request-body";
import type { ChangePaths } from "./change-engine";
import { commitChange, describeRecordSet, planChange } from "./change-engine";
import type { DnsContext } from "./context";
import { canonicalName } from "./domain-names";
import { requireZone } from "./context";
import { toRecordSet } from "./record-rules";
import type { ResourceRecordSet } from "./resources";
import { resourceRecordSetPatchSchema, resourceRecordSetSchema } from "./schemas";
import type { ZoneEntry } from "./state";
import { rrsetKey } from "./state";

const ENTITY = "entity.rrset";
const recordSetPaths: ChangePaths = { addition: () => ENTITY, deletion: () => ENTITY };

export function createRecordSet(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const rrset = toRecordSet(parseRequestBody(resourceRecordSetSchema, call.body, ENTITY));
  const change = { additions: [rrset], deletions: [] };
  commitChange(context, entry, planChange(entry, change, recordSetPaths), change);
  // Answered as kept: the record data in the service's spelling.
  return { status: 200, body: change.additions[0] };
}

export function getRecordSet(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: requireRecordSet(requireZone(context, call), call) };
}

export function listRecordSets(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const nameFilter = firstQueryValue(call.query, "name");
  const typeFilter = firstQueryValue(call.query, "type");
  // The type filter narrows a name lookup; Cloud DNS refuses it on its own.
  if (typeFilter !== undefined && nameFilter === undefined) throw requiredField("parameters.name");
  const matching = [...entry.rrsets.entries()]
    .filter(
      ([, rrset]) =>
        (nameFilter === undefined || canonicalName(rrset.name) === canonicalName(nameFilter)) && (typeFilter === undefined || rrset.type === typeFilter),
    )
    .sort(([a], [b]) => compareStrings(a, b));
  const page = paginate({
    listId: `dns.resourceRecordSets:${entry.project}/${entry.zone.id}`,
    sortedItems: matching,
    keyOf: ([key]) => key,
    compareKeys: compareStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      kind: "dns#resourceRecordSetsListResponse",
      rrsets: page.items.map(([, rrset]) => rrset),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

/** Only the fields present change; null clears an optional field; name and type must be those of the path. */
export function patchRecordSet(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const existing = requireRecordSet(entry, call);
  const request = parseRequestBody(resourceRecordSetPatchSchema, call.body, ENTITY);
  if (Object.hasOwn(request, "name") && (request.name == null || canonicalName(request.name) !== canonicalName(existing.name))) {
    throw invalidValue(`${ENTITY}.name`, request.name);
  }
  if (Object.hasOwn(request, "type") && request.type !== existing.type) throw invalidValue(`${ENTITY}.type`, request.type);

  const merged: Record<string, unknown> = structuredClone({ ...existing });
  delete merged.kind;
  for (const field of ["ttl", "rrdatas", "signatureRrdatas", "routingPolicy"] as const) {
    if (!Object.hasOwn(request, field)) continue;
    const value = request[field];
    if (value === null || value === undefined) delete merged[field];
    else merged[field] = value;
  }
  // The merged record set must pass the same checks as a new one.
  const updated = toRecordSet(parseRequestBody(resourceRecordSetSchema, merged, ENTITY));
  const change = { additions: [updated], deletions: [existing] };
  commitChange(context, entry, planChange(entry, change, recordSetPaths), change);
  return { status: 200, body: change.additions[0] };
}

export function deleteRecordSet(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const existing = requireRecordSet(entry, call);
  const change = { additions: [], deletions: [existing] };
  commitChange(context, entry, planChange(entry, change, recordSetPaths), change);
  // ResourceRecordSetsDeleteResponse is an empty object.
  return { status: 200, body: {} };
}

function requireRecordSet(entry: ZoneEntry, call: ApiCall): ResourceRecordSet {
  const name = pathParam(call, "name");
  const type = pathParam(call, "type");
  const rrset = entry.rrsets.get(rrsetKey(name, type));
  if (rrset === undefined) throw notFound("parameters.name", describeRecordSet({ name, type }));
  return rrset;
}
