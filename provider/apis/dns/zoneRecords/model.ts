/**
 * A zone's record sets as one object (`svc.dns.ZoneRecords`): the program's map of names relative
 * to the zone (`"@"`, `"www"`) and types to record data, the zone's record sets on the wire
 * (absolute names), and the state between them. Pure: no requests.
 */
import { z } from "zod";
import { sameRrdatas, wireRrdata } from "../rrdata";
import { recordKey, recordSetWire, type WireRecordSet } from "../recordSets/wire";

/** One record set as a program gives it: its TTL (else the resource's `defaultTtl`) and its records. */
export interface RecordData {
  readonly ttl?: number | undefined;
  readonly rrdatas: readonly string[];
}

/** Names relative to the zone, each to its types' record data. */
export type RecordsMap = Readonly<Record<string, Readonly<Record<string, RecordData>>>>;

/** The zone's record sets as read or written: the zone's DNS name (its apex SOA's name) and its sets. */
export interface ZoneSets {
  readonly dnsName: string;
  readonly rrsets: readonly WireRecordSet[];
}

/**
 * The zone's sets as this resource's object (its wire schema). What a sync answers is made of sets
 * each parsed where they were read (a listing's items, a change's answer) or of the state's own: it
 * says it is parsed by this schema and is not parsed again.
 */
export const zoneSetsWire = z.object({ dnsName: z.string(), rrsets: z.array(recordSetWire) });

/** The apex, as a key of `records`. */
export const APEX = "@";

/** The absolute name of a name relative to the zone's DNS name. */
export function absoluteName(relative: string, dnsName: string): string {
  return relative === APEX ? dnsName : `${relative}.${dnsName}`;
}

/** The name relative to the zone's DNS name; undefined when it is not inside the zone. */
export function relativeName(absolute: string, dnsName: string): string | undefined {
  const name = absolute.toLowerCase();
  const zone = dnsName.toLowerCase();
  if (name === zone) return APEX;
  return name.endsWith(`.${zone}`) ? absolute.slice(0, absolute.length - zone.length - 1) : undefined;
}

/** The API makes the apex SOA and NS sets with the zone and deletes them with it: never managed here. */
export function isZoneOwn(set: Pick<WireRecordSet, "name" | "type">, dnsName: string): boolean {
  return (set.type === "SOA" || set.type === "NS") && set.name.toLowerCase() === dnsName.toLowerCase();
}

/** The zone's DNS name from a listing: its apex SOA's name (every zone has one). */
export function dnsNameOfListing(rrsets: readonly WireRecordSet[]): string | undefined {
  return rrsets.find((set) => set.type === "SOA")?.name;
}

/** A record set's key in a records map: the relative name (any case) and the type. */
export function mapKey(relative: string, type: string): string {
  return `${relative.toLowerCase()} ${type}`;
}

/** Each record set of a map, with its relative name and type. */
export function entriesOf(records: RecordsMap | undefined): { relative: string; type: string; data: RecordData }[] {
  return Object.entries(records ?? {}).flatMap(([relative, types]) => Object.entries(types).map(([type, data]) => ({ relative, type, data })));
}

/** The record sets a map asks for, on the wire: absolute names, each TTL given or the default, TXT quoted as it is sent. */
export function wantedSets(records: RecordsMap | undefined, defaultTtl: number, dnsName: string): WireRecordSet[] {
  return entriesOf(records).map(({ relative, type, data }) => ({
    name: absoluteName(relative, dnsName),
    type,
    ttl: data.ttl ?? defaultTtl,
    rrdatas: data.rrdatas.map((value) => wireRrdata(type, value)),
  }));
}

/**
 * The records map of the zone's sets: every set but the zone's own apex SOA and NS when `all`, else
 * only those `managed` names (a map's keys, any case), each under the spelling `managed` gives it.
 */
export function recordsOfSets(
  rrsets: readonly WireRecordSet[],
  dnsName: string,
  managed: RecordsMap | undefined,
  all: boolean,
): Record<string, Record<string, RecordData>> {
  const spelling = new Map(entriesOf(managed).map(({ relative, type }) => [mapKey(relative, type), relative]));
  const records: Record<string, Record<string, RecordData>> = {};
  for (const set of rrsets) {
    if (isZoneOwn(set, dnsName)) continue;
    const relative = relativeName(set.name, dnsName);
    if (relative === undefined) continue;
    const key = mapKey(relative, set.type);
    if (!all && !spelling.has(key)) continue;
    const name = spelling.get(key) ?? relative;
    (records[name] ??= {})[set.type] = { ttl: set.ttl ?? 0, rrdatas: [...(set.rrdatas ?? [])] };
  }
  return records;
}

/**
 * A record set's property path, as the engine parses one: `records.www.A`, and a name that holds a
 * dot, a bracket or a wildcard quoted (`records["a.b"].TXT`, `records["*.dev"].A`).
 */
export function recordPath(relative: string, type: string): string {
  const name = /^[A-Za-z0-9_@-]+$/.test(relative) ? `.${relative}` : `[${JSON.stringify(relative)}]`;
  return `records${name}.${type}`;
}

/** What happens to one record set between the state and the program (a detailed diff's entry). */
export type SetChange = { readonly path: string; readonly kind: "add" | "delete" | "update" };

/**
 * The record sets that differ between the stored map and the program's, each named by its path
 * (`records.www.A` added or deleted, `records.www.A.ttl` or `.rrdatas` changed): the property-level
 * diff a reviewer reads. Record data is compared as a set of canonical forms, by type.
 */
export function recordChanges(stored: RecordsMap | undefined, wanted: RecordsMap | undefined, defaultTtl: number): SetChange[] {
  const before = new Map(entriesOf(stored).map((entry) => [mapKey(entry.relative, entry.type), entry]));
  const changes: SetChange[] = [];
  const seen = new Set<string>();
  for (const { relative, type, data } of entriesOf(wanted)) {
    const key = mapKey(relative, type);
    seen.add(key);
    const path = recordPath(relative, type);
    const old = before.get(key);
    if (old === undefined) {
      changes.push({ path, kind: "add" });
      continue;
    }
    if ((old.data.ttl ?? defaultTtl) !== (data.ttl ?? defaultTtl)) changes.push({ path: `${path}.ttl`, kind: "update" });
    if (!sameRrdatas(type, old.data.rrdatas, data.rrdatas)) changes.push({ path: `${path}.rrdatas`, kind: "update" });
  }
  for (const [key, { relative, type }] of before) if (!seen.has(key)) changes.push({ path: recordPath(relative, type), kind: "delete" });
  return changes;
}

/** The key of a wire set (absolute name, any case, and type). */
export const setKey = (set: Pick<WireRecordSet, "name" | "type">): string => recordKey(set);
