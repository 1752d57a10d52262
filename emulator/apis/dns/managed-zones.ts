/** managedZones.* and managedZoneOperations.* handlers. */
import type { ApiCall, ApiResult } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { alreadyExists, containerNotEmpty, invalidValue, notFound } from "../../google/errors";
import { compareNumericStrings, compareStrings, paginate, paginateByCreation } from "./paging";
import { enumQueryParameter } from "../../google/query";
import { parseRequestBody } from "../../google/request-body";
import type { DnsContext } from "./context";
import { requireZone } from "./context";
import { nextDnssecConfig, syncDnsKeys } from "./dns-keys";
import { canonicalName } from "./domain-names";
import { newZoneIamPolicy } from "./iam";
import type { ManagedZone, ManagedZoneMutableFields, Operation, ResourceRecordSet } from "./resources";
import { MANAGED_ZONE_IMMUTABLE_FIELDS, MANAGED_ZONE_MUTABLE_FIELDS } from "./resources";
import type { DnssecConfigRequest, ManagedZoneUpdateRequest } from "./schemas";
import { managedZoneCreateSchema, managedZoneUpdateSchema } from "./schemas";
import type { StoredOperation, ZoneEntry } from "./state";
import { isApexRecordSet, rrsetKey } from "./state";

const ENTITY = "entity.managedZone";

/** The zone fields of a create/patch/update request, before the handler turns them into stored ones. */
type ZoneFieldsRequest = Omit<ManagedZoneMutableFields, "dnssecConfig"> & { dnssecConfig?: DnssecConfigRequest };

/** TTL of the apex SOA and NS record sets Cloud DNS creates with a zone. */
const APEX_TTL = 21600;
const PRIVATE_ZONE_NAME_SERVER = "ns-gcp-private.googledomains.com.";
const SOA_TAIL = "cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300";

/** Resolves the `managedZone` path parameter (a name or a numeric id) or answers 404. */
export function createManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const request = parseRequestBody(managedZoneCreateSchema, call.body, ENTITY);
  const { store } = context;
  if (store.findZone(project, request.name) !== undefined) throw alreadyExists(ENTITY, request.name);

  const id = store.allocateId();
  const visibility = request.visibility ?? "public";
  const now = context.now();
  const zone: ManagedZone = {
    kind: "dns#managedZone",
    name: request.name,
    dnsName: request.dnsName,
    id,
    nameServers: visibility === "private" ? [PRIVATE_ZONE_NAME_SERVER] : publicNameServers(id),
    creationTime: now.toISOString(),
    visibility,
  };
  if (request.nameServerSet !== undefined) zone.nameServerSet = request.nameServerSet;
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    const value = request[field];
    if (value !== undefined) setRequestedField(zone, undefined, field, value);
  }

  const apexRecordSets = createApexRecordSets(zone);
  const entry: ZoneEntry = {
    project,
    zone,
    creationSequence: store.nextCreationSequence(),
    rrsets: new Map(apexRecordSets.map((rrset) => [rrsetKey(rrset.name, rrset.type), rrset])),
    // Cloud DNS logs the zone's creation as change "0", adding the apex record sets.
    changes: [
      {
        change: { kind: "dns#change", additions: structuredClone(apexRecordSets), startTime: zone.creationTime, id: "0" },
        completesAtMs: now.getTime(),
      },
    ],
    operations: [],
    nextOperationNumber: 1,
    iam: newZoneIamPolicy(project, id),
    dnsKeys: [],
    nextDnsKeyNumber: 0,
  };
  syncDnsKeys(entry, undefined, now);
  store.addZone(entry);
  return { status: 200, body: renderZone(zone) };
}

export function getManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: renderZone(requireZone(context, call).zone) };
}

export function listManagedZones(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const dnsNameFilter = firstQueryValue(call.query, "dnsName");
  const zones = context.store
    .zones(project)
    .filter((entry) => dnsNameFilter === undefined || canonicalName(entry.zone.dnsName) === canonicalName(dnsNameFilter));
  const page = paginateByCreation(`dns.managedZones:${project}`, zones, call.query);
  return {
    status: 200,
    body: {
      kind: "dns#managedZonesListResponse",
      managedZones: page.items.map((entry) => renderZone(entry.zone)),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

/** PATCH: fields present replace, fields sent as null are cleared, absent fields stay. */
export function patchManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const request = parseRequestBody(managedZoneUpdateSchema, call.body, ENTITY);
  refuseImmutableChanges(entry.zone, request);
  const updated = structuredClone(entry.zone);
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    if (!Object.hasOwn(request, field)) continue;
    const value = request[field];
    if (value === null || value === undefined) delete updated[field];
    else setRequestedField(updated, entry.zone, field, value);
  }
  return { status: 200, body: recordUpdate(context, call, entry, updated) };
}

/** PUT: the mutable fields become exactly those of the body; absent ones are cleared. */
export function updateManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const request = parseRequestBody(managedZoneUpdateSchema, call.body, ENTITY);
  refuseImmutableChanges(entry.zone, request);
  const updated = structuredClone(entry.zone);
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    const value = request[field];
    if (value === null || value === undefined) delete updated[field];
    else setRequestedField(updated, entry.zone, field, value);
  }
  return { status: 200, body: recordUpdate(context, call, entry, updated) };
}

export function deleteManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const holdsUserRecords = [...entry.rrsets.values()].some((rrset) => !isApexRecordSet(rrset, entry.zone));
  if (holdsUserRecords) throw containerNotEmpty(entry.zone.name, "resource records");
  // The apex SOA/NS, the change log and the operations go with the zone.
  context.store.removeZone(entry);
  return { status: 204 };
}

export function getManagedZoneOperation(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const operationId = pathParam(call, "operation");
  const stored = entry.operations.find((candidate) => candidate.operation.id === operationId);
  if (stored === undefined) throw notFound("parameters.operation", operationId);
  return { status: 200, body: renderOperation(stored, context.now()) };
}

export function listManagedZoneOperations(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const sortBy = enumQueryParameter(call.query, "sortBy", ["startTime", "id"] as const, "startTime");
  // Operations are appended in start-time order, so their position is the start-time sort key.
  const indexed = entry.operations.map((stored, index) => ({ stored, position: String(index) }));
  if (sortBy === "id") indexed.sort((a, b) => compareStrings(a.stored.operation.id, b.stored.operation.id));
  const page = paginate({
    listId: `dns.managedZoneOperations:${entry.project}/${entry.zone.id}:${sortBy}`,
    sortedItems: indexed,
    keyOf: (item) => (sortBy === "id" ? item.stored.operation.id : item.position),
    compareKeys: sortBy === "id" ? compareStrings : compareNumericStrings,
    query: call.query,
  });
  const now = context.now();
  return {
    status: 200,
    body: {
      kind: "dns#managedZoneOperationsListResponse",
      operations: page.items.map((item) => renderOperation(item.stored, now)),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

/**
 * Stores the updated zone and logs the update as an operation, which is also
 * the response. Like a change, the operation answers `pending` until
 * `operationCompletionDelayMs` has passed, then `done`, so a client has to
 * poll managedZoneOperations.get as it does against Google; the zone itself
 * (and its DNSSEC keys) already has its new value when this returns.
 */
function recordUpdate(context: DnsContext, call: ApiCall, entry: ZoneEntry, updated: ManagedZone): Operation {
  const clientOperationId = firstQueryValue(call.query, "clientOperationId");
  if (clientOperationId !== undefined && entry.operations.some((stored) => stored.operation.id === clientOperationId)) {
    // Google requires client operation ids to be unique within the zone's operations.
    throw alreadyExists("parameters.clientOperationId", clientOperationId);
  }
  const id = clientOperationId ?? String(entry.nextOperationNumber);
  if (clientOperationId === undefined) entry.nextOperationNumber += 1;
  const now = context.now();
  const stored: StoredOperation = {
    operation: {
      kind: "dns#operation",
      id,
      startTime: now.toISOString(),
      type: "update",
      user: context.operationUser,
      zoneContext: { oldValue: renderZone(entry.zone), newValue: renderZone(updated) },
    },
    completesAtMs: now.getTime() + context.operationCompletionDelayMs,
  };
  const before = entry.zone.dnssecConfig;
  entry.zone = updated;
  syncDnsKeys(entry, before, now);
  entry.operations.push(stored);
  return renderOperation(stored, now);
}

/** The status comes from the clock, as a change's does: no timers, nothing left running on close. */
function renderOperation(stored: StoredOperation, now: Date): Operation {
  const { kind, id, startTime, type, user, zoneContext } = structuredClone(stored.operation);
  const status = now.getTime() >= stored.completesAtMs ? "done" : "pending";
  return { kind, id, startTime, status, type, user, zoneContext };
}

function refuseImmutableChanges(zone: ManagedZone, request: ManagedZoneUpdateRequest): void {
  for (const field of MANAGED_ZONE_IMMUTABLE_FIELDS) {
    if (!Object.hasOwn(request, field)) continue;
    const requested = request[field];
    if (requested !== zone[field]) throw invalidValue(`${ENTITY}.${field}`, requested);
  }
  if (Object.hasOwn(request, "nameServerSet") && (request.nameServerSet ?? undefined) !== zone.nameServerSet) {
    throw invalidValue(`${ENTITY}.nameServerSet`, request.nameServerSet);
  }
}

/**
 * Sets a mutable field from a request; `dnssecConfig` goes through the
 * DNSSEC rules first (against `current`, the zone before this request).
 */
function setRequestedField<Field extends keyof ZoneFieldsRequest>(
  zone: ManagedZone,
  current: ManagedZone | undefined,
  field: Field,
  value: NonNullable<ZoneFieldsRequest[Field]>,
): void {
  if (field === "dnssecConfig") {
    const requested = value as DnssecConfigRequest;
    zone.dnssecConfig = nextDnssecConfig(current, zone.visibility, requested, `${ENTITY}.dnssecConfig`);
    return;
  }
  setMutableField(zone, field as Exclude<Field, "dnssecConfig">, value as ManagedZoneMutableFields[Exclude<Field, "dnssecConfig">]);
}

function setMutableField<Field extends keyof ManagedZoneMutableFields>(zone: ManagedZone, field: Field, value: ManagedZoneMutableFields[Field]): void {
  const mutableFields: ManagedZoneMutableFields = zone;
  // A copy, so the caller's object (a request body, another zone) stays independent of the store.
  mutableFields[field] = structuredClone(value);
}

/** Public zones get one of Google's name-server shards (a-e), chosen by zone id. */
function publicNameServers(zoneId: string): string[] {
  const shard = "abcde"[Number(BigInt(zoneId) % 5n)] ?? "a";
  return [1, 2, 3, 4].map((index) => `ns-cloud-${shard}${index}.googledomains.com.`);
}

function createApexRecordSets(zone: ManagedZone): ResourceRecordSet[] {
  const primaryNameServer = zone.nameServers[0] ?? PRIVATE_ZONE_NAME_SERVER;
  return [
    {
      kind: "dns#resourceRecordSet",
      name: zone.dnsName,
      type: "NS",
      ttl: APEX_TTL,
      rrdatas: [...zone.nameServers],
    },
    {
      kind: "dns#resourceRecordSet",
      name: zone.dnsName,
      type: "SOA",
      ttl: APEX_TTL,
      rrdatas: [`${primaryNameServer} ${SOA_TAIL}`],
    },
  ];
}

/** The zone's wire form, fields in a stable order whatever the order of updates. */
export function renderZone(zone: ManagedZone): ManagedZone {
  const rendered: ManagedZone = {
    kind: zone.kind,
    name: zone.name,
    dnsName: zone.dnsName,
    ...(zone.description !== undefined ? { description: zone.description } : {}),
    id: zone.id,
    nameServers: [...zone.nameServers],
    creationTime: zone.creationTime,
    visibility: zone.visibility,
  };
  if (zone.nameServerSet !== undefined) rendered.nameServerSet = zone.nameServerSet;
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    if (field === "description") continue;
    const value = zone[field];
    if (value !== undefined) setMutableField(rendered, field, value);
  }
  return rendered;
}
