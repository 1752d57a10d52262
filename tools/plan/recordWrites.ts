/**
 * DNS writes that are not one request per resource: a record set's create, update and delete
 * join the other writes of its zone that `up` runs at the same time in one atomic change
 * (provider/apis/dns/changeBatch.ts), and a zone deleted with forceDestroy first empties itself.
 * The additions and deletions come from the provider's own builders (wireRecordSet, storedSet).
 */
import type { State } from "../../provider/engine/declaration";
import { storedSet, wireRecordSet, type RecordSetArgs } from "../../provider/apis/dns/recordSet";
import { API_PREFIX, withoutKinds } from "../../provider/apis/dns/wire";
import { newIdentity, pathOf, request, storedIdentity, type Planned, type StepFacts } from "./requests";
import type { PlannedRequest, RecordWrite, ZoneChange } from "./schema";
import { SECRET, shown } from "./values";

const ZONE = `${API_PREFIX}/managedZones/{managedZone}`;

/** Record data the preview hides is still a list of records: shown as one "[secret]" record. */
function withRecords(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return values["rrdatas"] === SECRET ? { ...values, rrdatas: [SECRET] } : { ...values };
}

type Set = RecordWrite["additions"][number];

function setOf(wire: unknown): Set {
  return shown(withoutKinds(wire)) as Set;
}

function key(set: Set): string {
  return `${set.name} ${set.type}`;
}

/** The write as part of its zone's change; `alone` is the request it is when no other write of the zone runs with it (none: this change alone). */
function changeRequest(zone: string, write: RecordWrite, alone?: PlannedRequest): PlannedRequest {
  const aloneWords =
    alone === undefined ? "this change by itself" : `${alone.method} ${alone.path}${alone.body === undefined ? "" : ` ${JSON.stringify(alone.body)}`}`;
  return request("POST", `${zone}/changes`, {
    body: { deletions: write.deletions, additions: write.additions },
    note: `one atomic change with the zone's other record-set writes that run at the same time; alone, ${aloneWords}`,
  });
}

export function recordSetCreate({ declaration, news }: StepFacts): Planned {
  const identity = newIdentity(declaration, news);
  const zone = pathOf(ZONE, identity);
  const addition = setOf(wireRecordSet(withRecords(news) as RecordSetArgs));
  const write = { zone, deletions: [], additions: [addition] };
  const alone = request("POST", pathOf(declaration.paths.collection, identity), { body: addition });
  return { requests: [changeRequest(zone, write, alone)], recordWrites: [write] };
}

export function recordSetUpdate({ declaration, id, olds, news, changed = [] }: StepFacts): Planned {
  const identity = storedIdentity(declaration, id, olds);
  const zone = pathOf(ZONE, identity);
  const addition = setOf(wireRecordSet(withRecords(news) as RecordSetArgs));
  const stored = storedSet(withRecords(olds));
  const write = { zone, deletions: stored === undefined ? [] : [setOf(stored)], additions: [addition] };
  const alone = changed.every((field) => field === "ttl")
    ? request("PATCH", pathOf(declaration.paths.item, identity), { body: { ttl: news["ttl"] } })
    : undefined;
  return { requests: [changeRequest(zone, write, alone)], recordWrites: [write] };
}

export function recordSetDelete({ declaration, id, olds }: StepFacts): Planned {
  const identity = storedIdentity(declaration, id, olds);
  const zone = pathOf(ZONE, identity);
  const stored = storedSet(withRecords(olds));
  const alone = request("DELETE", pathOf(declaration.paths.item, identity));
  if (stored === undefined) return { requests: [alone], recordWrites: [] };
  const write = { zone, deletions: [setOf(stored)], additions: [] };
  return { requests: [changeRequest(zone, write, alone)], recordWrites: [write] };
}

/** A zone deleted with forceDestroy: its record sets (but the apex SOA and NS) are listed and deleted in one change first. */
export function zoneEmptying(id: string | undefined, olds: State, declaration: StepFacts["declaration"]): PlannedRequest[] {
  if (olds["forceDestroy"] !== true) return [];
  const zone = pathOf(`${API_PREFIX}/managedZones/{name}`, storedIdentity(declaration, id, olds));
  return [
    request("GET", `${zone}/rrsets`, { note: "forceDestroy: lists every record set of the zone" }),
    request("POST", `${zone}/changes`, { note: "forceDestroy: deletes every record set but the apex SOA and NS, managed here or not, in one change" }),
  ];
}

/** At most this many record sets are named in a zone's words (the JSON has every one). */
const NAMED = 12;

function listed(keys: readonly string[]): string {
  return keys.length <= NAMED ? keys.join(", ") : `${keys.slice(0, NAMED).join(", ")} and ${keys.length - NAMED} more`;
}

/** The record-set writes of each zone, added up: what its atomic change(s) delete and add. */
export function zoneChanges(writes: readonly RecordWrite[]): ZoneChange[] {
  const byZone = new Map<string, { deletions: Set[]; additions: Set[] }>();
  for (const write of writes) {
    const zone = byZone.get(write.zone) ?? { deletions: [], additions: [] };
    zone.deletions.push(...write.deletions);
    zone.additions.push(...write.additions);
    byZone.set(write.zone, zone);
  }
  return [...byZone.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zone, { deletions, additions }]) => ({
      zone,
      deletions: deletions.length,
      additions: additions.length,
      words:
        `one atomic change for zone ${zone.split("/").pop() ?? zone}: delete ${deletions.length}, add ${additions.length} record sets` +
        ` (${listed([...deletions.map((set) => `-${key(set)}`), ...additions.map((set) => `+${key(set)}`)])}); ` +
        "writes that `up` runs apart (a delete-first replacement's two halves, deletes of removed resources) go as changes or requests of their own",
    }));
}

/** Whether the report treats this type's writes as zone writes. */
export const isRecordSet = (type: string): boolean => type === "dns:RecordSet";
