/**
 * A zone's record sets as one object (`svc.dns.ZoneRecords`): the program's map of names relative
 * to the zone (`"@"`, `"www"`) and types to record data, the zone's record sets on the wire
 * (absolute names), and the state between them. Pure: no requests.
 */
import { z } from "zod";
import { sameRrdatas, wireRrdata } from "../rrdata";
import { CHANGE_LIMITS, recordKey, recordSetWire, type ChangeLimits, type WireRecordSet } from "../recordSets/wire";
import { decodeData, encodeData, keyParts, storedKey, type StoredRecords } from "./storedForm";

/** The records map as the engine holds it (storedForm.ts): `"<name> <TYPE>"` to `"<ttl> <data> | <data>"`. */
export type RecordsMap = StoredRecords;

/** The zone's record sets as read or written: the zone's DNS name (its apex SOA's name) and its sets. */
export interface ZoneSets {
  readonly dnsName: string;
  readonly rrsets: readonly WireRecordSet[];
  /** The project's per-change quotas the changes were cut by, when the project's quota was read. */
  readonly limits?: ChangeLimits | undefined;
}

/**
 * The zone's sets as this resource's object (its wire schema). What a sync answers is made of sets
 * each parsed where they were read (a listing's items, a change's answer) or of the state's own: it
 * says it is parsed by this schema and is not parsed again.
 */
export const zoneSetsWire = z.object({
  dnsName: z.string(),
  rrsets: z.array(recordSetWire),
  limits: z.object({ additions: z.number(), deletions: z.number(), rrdataBytes: z.number() }).optional(),
});

/** A project as projects.get answers it: its quotas (the per-change ones among them). */
export const projectQuotaWire = z.looseObject({
  quota: z
    .looseObject({
      rrsetAdditionsPerChange: z.number().int().positive().optional(),
      rrsetDeletionsPerChange: z.number().int().positive().optional(),
      totalRrdataSizePerChange: z.number().int().positive().optional(),
    })
    .optional(),
});

/**
 * The per-change limits a project's quota gives (the documented defaults for any it leaves out);
 * undefined when `answer` is no project. The answer was parsed by projectQuotaWire where it was read.
 */
export function limitsOfProject(answer: unknown): ChangeLimits | undefined {
  const quota = (answer as { quota?: unknown } | null | undefined)?.quota;
  if (typeof quota !== "object" || quota === null) return undefined;
  const given = quota as Record<string, unknown>;
  const limit = (field: string, fallback: number): number => {
    const value = given[field];
    return typeof value === "number" ? value : fallback;
  };
  return {
    additions: limit("rrsetAdditionsPerChange", CHANGE_LIMITS.additions),
    deletions: limit("rrsetDeletionsPerChange", CHANGE_LIMITS.deletions),
    rrdataBytes: limit("totalRrdataSizePerChange", CHANGE_LIMITS.rrdataBytes),
  };
}

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

/** A record set's key in a records map, compared without regard to the name's case. */
export function mapKey(relative: string, type: string): string {
  return `${relative.toLowerCase()} ${type}`;
}

/** Each record set of a stored map, with its relative name, type, TTL and records. */
export function entriesOf(records: RecordsMap | undefined): { key: string; relative: string; type: string; ttl: number; rrdatas: string[] }[] {
  return Object.entries(records ?? {}).map(([key, text]) => {
    const { relative, type } = keyParts(key);
    const data = decodeData(text) ?? { ttl: 0, rrdatas: [] };
    return { key, relative, type, ...data };
  });
}

/** The record sets a map asks for, on the wire: absolute names, TXT quoted as it is sent. */
export function wantedSets(records: RecordsMap | undefined, dnsName: string): WireRecordSet[] {
  return entriesOf(records).map(({ relative, type, ttl, rrdatas }) => ({
    name: absoluteName(relative, dnsName),
    type,
    ttl,
    rrdatas: rrdatas.map((value) => wireRrdata(type, value)),
  }));
}

/**
 * The stored map of the zone's sets: every set but the zone's own apex SOA and NS when `all`, else
 * only those `managed` names (a map's keys, any case), each under the spelling `managed` gives it.
 */
export function recordsOfSets(
  rrsets: readonly WireRecordSet[],
  dnsName: string,
  managed: RecordsMap | undefined,
  all: boolean,
  /** Sets `all` leaves out (another tool's). */
  others: (set: WireRecordSet) => boolean = () => false,
): Record<string, string> {
  const known = new Map(entriesOf(managed).map((entry) => [mapKey(entry.relative, entry.type), entry]));
  const records: Record<string, string> = {};
  for (const set of rrsets) {
    if (isZoneOwn(set, dnsName)) continue;
    const relative = relativeName(set.name, dnsName);
    if (relative === undefined) continue;
    const key = mapKey(relative, set.type);
    const given = known.get(key);
    if (given === undefined && (!all || others(set))) continue;
    const ttl = set.ttl ?? 0;
    const rrdatas = set.rrdatas ?? [];
    // A set as the program gives it keeps the program's spelling (quoting, case): only a real change shows in a diff.
    const same = given !== undefined && given.ttl === ttl && set.routingPolicy === undefined && sameRrdatas(set.type, given.rrdatas, rrdatas);
    records[storedKey(given?.relative ?? relative, set.type)] = same ? (managed?.[given.key] ?? encodeData(ttl, rrdatas)) : encodeData(ttl, rrdatas);
  }
  return records;
}

/** A record set's property path, as the engine parses one: `records["www A"]`. */
export function recordPath(relative: string, type: string): string {
  return `records[${JSON.stringify(storedKey(relative, type))}]`;
}

/** What happens to one record set between the state and the program (a detailed diff's entry), with its stored values. */
export type SetChange = { readonly path: string; readonly kind: "add" | "delete" | "update"; readonly old?: string; readonly new?: string };

/**
 * The record sets that differ between the stored map and the program's, each named by its path
 * (`records["www A"]`), added, deleted or updated: the property-level diff a reviewer reads. Record
 * data is compared as a set of canonical forms, by type; names without regard to case.
 */
export function recordChanges(stored: RecordsMap | undefined, wanted: RecordsMap | undefined): SetChange[] {
  const before = new Map(entriesOf(stored).map((entry) => [mapKey(entry.relative, entry.type), entry]));
  const changes: SetChange[] = [];
  const seen = new Set<string>();
  for (const { key: given, relative, type, ttl, rrdatas } of entriesOf(wanted)) {
    const key = mapKey(relative, type);
    seen.add(key);
    const old = before.get(key);
    const now = wanted?.[given];
    if (old === undefined) changes.push({ path: recordPath(relative, type), kind: "add", ...(now !== undefined && { new: now }) });
    else if (old.ttl !== ttl || !sameRrdatas(type, old.rrdatas, rrdatas)) {
      changes.push({
        path: recordPath(relative, type),
        kind: "update",
        ...(stored?.[old.key] !== undefined && { old: stored[old.key] }),
        ...(now !== undefined && { new: now }),
      });
    }
  }
  for (const [key, { key: was, relative, type }] of before) {
    if (!seen.has(key)) changes.push({ path: recordPath(relative, type), kind: "delete", ...(stored?.[was] !== undefined && { old: stored[was] }) });
  }
  return changes;
}

/** The key of a wire set (absolute name, any case, and type). */
export const setKey = (set: Pick<WireRecordSet, "name" | "type">): string => recordKey(set);
