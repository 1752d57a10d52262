/** managedZones.* and managedZoneOperations.* handlers. */
import type { ApiCall, ApiResult } from '../../api';
import { firstQueryValue, pathParam } from '../../api';
import { alreadyExists, containerNotEmpty, invalidValue, notFound } from '../../google/errors';
import { compareNumericStrings, compareStrings, paginate } from '../../google/paging';
import { enumQueryParameter } from '../../google/query';
import { parseRequestBody } from '../../google/request-body';
import type { DnsContext } from './context';
import { canonicalName } from './domain-names';
import type { ManagedZone, ManagedZoneMutableFields, Operation, ResourceRecordSet } from './resources';
import { MANAGED_ZONE_IMMUTABLE_FIELDS, MANAGED_ZONE_MUTABLE_FIELDS } from './resources';
import type { ManagedZoneUpdateRequest } from './schemas';
import { managedZoneCreateSchema, managedZoneUpdateSchema } from './schemas';
import type { ZoneEntry } from './state';
import { isApexRecordSet, rrsetKey } from './state';

/** TTL of the apex SOA and NS record sets Cloud DNS creates with a zone. */
const APEX_TTL = 21600;
const PRIVATE_ZONE_NAME_SERVER = 'ns-gcp-private.googledomains.com.';
const SOA_TAIL = 'cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300';

/** Resolves the `managedZone` path parameter (a name or a numeric id) or answers 404. */
export function requireZone(context: DnsContext, call: ApiCall): ZoneEntry {
  const project = pathParam(call, 'project');
  const nameOrId = pathParam(call, 'managedZone');
  const entry = context.store.findZone(project, nameOrId);
  if (entry === undefined) throw notFound('parameters.managedZone', nameOrId);
  return entry;
}

export function createManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, 'project');
  const request = parseRequestBody(managedZoneCreateSchema, call.body, 'entity.managedZone');
  const { store } = context;
  if (store.findZone(project, request.name) !== undefined) throw alreadyExists('entity.managedZone', request.name);

  const id = store.allocateZoneId();
  const visibility = request.visibility ?? 'public';
  const now = context.now();
  const zone: ManagedZone = {
    kind: 'dns#managedZone',
    name: request.name,
    dnsName: request.dnsName,
    id,
    nameServers: visibility === 'private' ? [PRIVATE_ZONE_NAME_SERVER] : publicNameServers(id),
    creationTime: now.toISOString(),
    visibility,
  };
  if (request.nameServerSet !== undefined) zone.nameServerSet = request.nameServerSet;
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    const value = request[field];
    if (value !== undefined) setMutableField(zone, field, value);
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
        change: { kind: 'dns#change', additions: structuredClone(apexRecordSets), startTime: zone.creationTime, id: '0' },
        completesAtMs: now.getTime(),
      },
    ],
    operations: [],
    nextOperationNumber: 1,
  };
  store.addZone(entry);
  return { status: 200, body: renderZone(zone) };
}

export function getManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: renderZone(requireZone(context, call).zone) };
}

export function listManagedZones(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, 'project');
  const dnsNameFilter = firstQueryValue(call.query, 'dnsName');
  const zones = context.store
    .zones(project)
    .filter((entry) => dnsNameFilter === undefined || canonicalName(entry.zone.dnsName) === canonicalName(dnsNameFilter));
  const page = paginate({
    listId: `dns.managedZones:${project}`,
    sortedItems: zones,
    keyOf: (entry) => String(entry.creationSequence),
    compareKeys: compareNumericStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      kind: 'dns#managedZonesListResponse',
      managedZones: page.items.map((entry) => renderZone(entry.zone)),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

/** PATCH: fields present replace, fields sent as null are cleared, absent fields stay. */
export function patchManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const request = parseRequestBody(managedZoneUpdateSchema, call.body, 'entity.managedZone');
  refuseImmutableChanges(entry.zone, request);
  const updated = structuredClone(entry.zone);
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    if (!Object.hasOwn(request, field)) continue;
    const value = request[field];
    if (value === null || value === undefined) delete updated[field];
    else setMutableField(updated, field, value);
  }
  return { status: 200, body: recordUpdate(context, call, entry, updated) };
}

/** PUT: the mutable fields become exactly those of the body; absent ones are cleared. */
export function updateManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const request = parseRequestBody(managedZoneUpdateSchema, call.body, 'entity.managedZone');
  refuseImmutableChanges(entry.zone, request);
  const updated = structuredClone(entry.zone);
  for (const field of MANAGED_ZONE_MUTABLE_FIELDS) {
    const value = request[field];
    if (value === null || value === undefined) delete updated[field];
    else setMutableField(updated, field, value);
  }
  return { status: 200, body: recordUpdate(context, call, entry, updated) };
}

export function deleteManagedZone(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const holdsUserRecords = [...entry.rrsets.values()].some((rrset) => !isApexRecordSet(rrset, entry.zone));
  if (holdsUserRecords) throw containerNotEmpty(entry.zone.name, 'resource records');
  // The apex SOA/NS, the change log and the operations go with the zone.
  context.store.removeZone(entry);
  return { status: 204 };
}

export function getManagedZoneOperation(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const operationId = pathParam(call, 'operation');
  const operation = entry.operations.find((candidate) => candidate.id === operationId);
  if (operation === undefined) throw notFound('parameters.operation', operationId);
  return { status: 200, body: operation };
}

export function listManagedZoneOperations(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  const sortBy = enumQueryParameter(call.query, 'sortBy', ['startTime', 'id'] as const, 'startTime');
  // Operations are appended in start-time order, so their position is the start-time sort key.
  const indexed = entry.operations.map((operation, index) => ({ operation, position: String(index) }));
  if (sortBy === 'id') indexed.sort((a, b) => compareStrings(a.operation.id, b.operation.id));
  const page = paginate({
    listId: `dns.managedZoneOperations:${entry.project}/${entry.zone.id}:${sortBy}`,
    sortedItems: indexed,
    keyOf: (item) => (sortBy === 'id' ? item.operation.id : item.position),
    compareKeys: sortBy === 'id' ? compareStrings : compareNumericStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      kind: 'dns#managedZoneOperationsListResponse',
      operations: page.items.map((item) => item.operation),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

/** Stores the updated zone and logs the update as a (finished) operation, which is also the response. */
function recordUpdate(context: DnsContext, call: ApiCall, entry: ZoneEntry, updated: ManagedZone): Operation {
  const clientOperationId = firstQueryValue(call.query, 'clientOperationId');
  if (clientOperationId !== undefined && entry.operations.some((operation) => operation.id === clientOperationId)) {
    // Google requires client operation ids to be unique within the zone's operations.
    throw alreadyExists('parameters.clientOperationId', clientOperationId);
  }
  const id = clientOperationId ?? String(entry.nextOperationNumber);
  if (clientOperationId === undefined) entry.nextOperationNumber += 1;
  const operation: Operation = {
    kind: 'dns#operation',
    id,
    startTime: context.now().toISOString(),
    status: 'done',
    type: 'update',
    user: context.operationUser,
    zoneContext: { oldValue: renderZone(entry.zone), newValue: renderZone(updated) },
  };
  entry.zone = updated;
  entry.operations.push(operation);
  return operation;
}

function refuseImmutableChanges(zone: ManagedZone, request: ManagedZoneUpdateRequest): void {
  for (const field of MANAGED_ZONE_IMMUTABLE_FIELDS) {
    if (!Object.hasOwn(request, field)) continue;
    const requested = request[field];
    if (requested !== zone[field]) throw invalidValue(`entity.managedZone.${field}`, requested);
  }
  if (Object.hasOwn(request, 'nameServerSet') && (request.nameServerSet ?? undefined) !== zone.nameServerSet) {
    throw invalidValue('entity.managedZone.nameServerSet', request.nameServerSet);
  }
}

function setMutableField<Field extends keyof ManagedZoneMutableFields>(
  zone: ManagedZone,
  field: Field,
  value: ManagedZoneMutableFields[Field],
): void {
  const mutableFields: ManagedZoneMutableFields = zone;
  // A copy, so the caller's object (a request body, another zone) stays independent of the store.
  mutableFields[field] = structuredClone(value);
}

/** Public zones get one of Google's name-server shards (a-e), chosen by zone id. */
function publicNameServers(zoneId: string): string[] {
  const shard = 'abcde'[Number(BigInt(zoneId) % 5n)] ?? 'a';
  return [1, 2, 3, 4].map((index) => `ns-cloud-${shard}${index}.googledomains.com.`);
}

function createApexRecordSets(zone: ManagedZone): ResourceRecordSet[] {
  const primaryNameServer = zone.nameServers[0] ?? PRIVATE_ZONE_NAME_SERVER;
  return [
    {
      kind: 'dns#resourceRecordSet',
      name: zone.dnsName,
      type: 'NS',
      ttl: APEX_TTL,
      rrdatas: [...zone.nameServers],
    },
    {
      kind: 'dns#resourceRecordSet',
      name: zone.dnsName,
      type: 'SOA',
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
    if (field === 'description') continue;
    const value = zone[field];
    if (value !== undefined) setMutableField(rendered, field, value);
  }
  return rendered;
}
