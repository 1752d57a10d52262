/**
 * A zone's record sets brought to what the program says, as one settled entry: the writes are the
 * zone's atomic changes (changes.create), each within Cloud DNS's per-change limits, sent in turn;
 * their being done is waited for once, after the last. The first round writes from what the state
 * says is live (an update: only what changed, no read); a create, or a refusal as stale (a set that
 * moved meanwhile: 404, 409, 412) or a lost answer, reads the zone's listing and writes what is
 * still missing from it. So a run killed between changes converges with the next `up`: what a
 * change made is in the listing and is not made again.
 */
import { listingRequest } from "../../../google/listing";
import type { PlannedRequest, SettledEntry } from "../../../engine/kinds";
import { fillTemplate } from "../../../engine/declaration/template";
import { DNS_PAGING } from "../service";
import {
  changeBody,
  CHANGE_LIMITS,
  recordSetWire,
  rrdataBytes,
  sameRecordSet,
  ZONE,
  type ChangeLimits,
  type RecordWrite,
  type WireRecordSet,
} from "../recordSets/wire";
import { acceptedChangeWire, servedCheck, ZONE_CHANGES } from "../recordSets/zoneChange";
import {
  dnsNameOfListing,
  entriesOf,
  isZoneOwn,
  limitsOfProject,
  mapKey,
  relativeName,
  setKey,
  wantedSets,
  zoneSetsWire,
  type RecordsMap,
  type ZoneSets,
} from "./model";
import { claimedWords, claimOn, claimsOf } from "../owners";
import { keyParts, storedKey } from "./storedForm";

/** What a sync brings the zone to. */
export interface SyncGoal {
  /** The zone's name (the resource's `managedZone`), for messages. */
  readonly zone: string;
  /** The sets asked for, in the stored form (every TTL given). */
  readonly records: RecordsMap;
  /** Every other set of the zone is deleted too (but the zone's own apex SOA and NS). */
  readonly exclusive: boolean;
  /** The sets the state says are managed: those the program no longer names are deleted. */
  readonly managedBefore?: RecordsMap | undefined;
  /** The zone's DNS name when the state knows it (else the listing's apex SOA says it). */
  readonly dnsName?: string | undefined;
  readonly limits?: ChangeLimits;
  /** Sets the program takes over from another tool that claims them, by stored key (`"www A"`). */
  readonly takeOver?: readonly string[] | undefined;
  /** What the state's last read found other tools claim (stored keys to words), when the zone is not read. */
  readonly claimed?: Readonly<Record<string, string>> | undefined;
}

/** A set the program asks for is claimed by another tool (its ownership marker): refused before any write. */
export class ClaimedSet extends Error {}

/** The listing that shows what is live: every record set of the zone, 1,000 a page. */
export const zoneListing = (zonePath: string, note: string): PlannedRequest =>
  listingRequest(`${zonePath}/rrsets`, "rrsets", { ...DNS_PAGING, pageSize: 1000 }, recordSetWire, { note });

/** The zone as read (a listing's items) or believed (the state's): its DNS name and its sets. */
export function zoneOf(live: unknown, goal: SyncGoal): ZoneSets {
  if (!Array.isArray(live)) return live as ZoneSets;
  const rrsets = live as WireRecordSet[];
  const dnsName = dnsNameOfListing(rrsets) ?? goal.dnsName;
  if (dnsName === undefined) throw new Error(`svc.dns.ZoneRecords: the listing of zone ${goal.zone} has no apex SOA record set, so its DNS name is unknown`);
  return { dnsName, rrsets };
}

/** A set the program asks for exists with other data and is not managed here: it is not taken over silently. */
export class UnmanagedSetDiffers extends Error {}

/**
 * The writes that bring `zone` to the goal, in the order of their sets' keys. `read`: the sets are
 * the zone's listing (not the state's belief), so a set there that the program asks for with other
 * data and the state does not manage was made outside this stack: refused, unless `exclusive`.
 */
export function writesToward(zone: ZoneSets, goal: SyncGoal, read: boolean): RecordWrite[] {
  const wanted = new Map(wantedSets(goal.records, zone.dnsName).map((set) => [setKey(set), set]));
  const managed = new Set(entriesOf(goal.managedBefore).map(({ relative, type }) => mapKey(relative, type)));
  const managedKey = (set: Pick<WireRecordSet, "name" | "type">): string => mapKey(relativeName(set.name, zone.dnsName) ?? set.name, set.type);
  const claimedBy = claimsIn(zone, goal, read);
  const takenOver = new Set((goal.takeOver ?? []).map((key) => mapKey(keyParts(key).relative, keyParts(key).type)));
  // Another tool's set (or its marker) is never written unless the program takes it over by name.
  for (const want of wanted.values()) {
    const owner = takenOver.has(managedKey(want)) ? undefined : claimedBy(want);
    if (owner !== undefined) {
      throw new ClaimedSet(
        `svc.dns.ZoneRecords: ${owner} Nothing was changed. (To take it over: takeOver: [${JSON.stringify(storedKey(relativeName(want.name, zone.dnsName) ?? want.name, want.type))}].)`,
      );
    }
  }
  const writes: RecordWrite[] = [];
  const live = new Set<string>();
  for (const set of zone.rrsets) {
    const key = setKey(set);
    live.add(key);
    const want = wanted.get(key);
    if (want === undefined) {
      const others = claimedBy(set) !== undefined && !takenOver.has(managedKey(set));
      if (!isZoneOwn(set, zone.dnsName) && !others && (goal.exclusive || managed.has(managedKey(set)))) writes.push({ kind: "delete", deletion: set });
      continue;
    }
    if (sameRecordSet(set, want)) continue;
    // Made outside this stack with other data: replaced only when exclusive or taken over by name.
    if (read && !goal.exclusive && !managed.has(managedKey(set)) && !takenOver.has(managedKey(set))) {
      throw new UnmanagedSetDiffers(
        `svc.dns.ZoneRecords: record set ${set.name} ${set.type} already exists in zone ${goal.zone} with other data ` +
          `(ttl ${String(set.ttl)}, ${JSON.stringify(set.rrdatas ?? set.routingPolicy ?? [])}) and is not managed by this resource; nothing was changed. ` +
          `Adopt the zone's records with the resource option { import: "projects/<project>/managedZones/${goal.zone}" }, ` +
          `delete that record set, or set exclusive: true to replace it.`,
      );
    }
    writes.push({ kind: "update", deletion: set, addition: want });
  }
  for (const [key, want] of wanted) if (!live.has(key)) writes.push({ kind: "create", addition: want });
  return writes.sort((a, b) => compare(keyOfWrite(a), keyOfWrite(b)));
}

/** Who claims a set, in words (undefined: no other tool): from the zone's markers when it was read, else from what the state's last read found. */
function claimsIn(zone: ZoneSets, goal: SyncGoal, read: boolean): (set: Pick<WireRecordSet, "name" | "type">) => string | undefined {
  if (read) {
    const found = claimsOf(zone.rrsets, zone.dnsName);
    return (set) => {
      const claim = claimOn(found, set.name, set.type);
      return claim === undefined ? undefined : claimedWords(set.name, set.type, claim, "`takeOver` on the resource");
    };
  }
  const claimed = goal.claimed ?? {};
  return (set) => {
    const relative = relativeName(set.name, zone.dnsName) ?? set.name;
    return claimed[storedKey(relative, set.type)] ?? (set.type === "AAAA" ? undefined : claimed[storedKey(relative, "*")]);
  };
}

const keyOfWrite = (write: RecordWrite): string => setKey(write.kind === "delete" ? write.deletion : write.addition);
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The writes cut into atomic changes, each within the per-change limits (a set too large for any
 * change goes alone: the API says why). The writes name each set once (writesToward), so a change is
 * bounded by its counts alone; counted as it goes, not copied per write (a zone's 10,000 writes).
 */
export function changesOf(writes: readonly RecordWrite[], limits: ChangeLimits = CHANGE_LIMITS): RecordWrite[][] {
  const changes: RecordWrite[][] = [];
  let current: RecordWrite[] = [];
  let additions = 0;
  let deletions = 0;
  let bytes = 0;
  for (const write of writes) {
    const adds = write.kind === "delete" ? 0 : 1;
    const removes = write.kind === "create" ? 0 : 1;
    const size = rrdataBytes(write.kind === "delete" ? undefined : write.addition) + rrdataBytes(write.kind === "create" ? undefined : write.deletion);
    if (current.length > 0 && (additions + adds > limits.additions || deletions + removes > limits.deletions || bytes + size > limits.rrdataBytes)) {
      changes.push(current);
      current = [];
      additions = deletions = bytes = 0;
    }
    current.push(write);
    additions += adds;
    deletions += removes;
    bytes += size;
  }
  if (current.length > 0) changes.push(current);
  return changes;
}

/** The zone once `writes` are made: the deleted sets out, the added ones in. */
export function afterWrites(zone: ZoneSets, writes: readonly RecordWrite[]): ZoneSets {
  const sets = new Map(zone.rrsets.map((set) => [setKey(set), set]));
  for (const write of writes) {
    if (write.kind !== "create") sets.delete(setKey(write.deletion));
    if (write.kind !== "delete") sets.set(setKey(write.addition), write.addition);
  }
  return { dnsName: zone.dnsName, rrsets: [...sets.values()] };
}

/** One atomic change of the zone's sets, as sent. */
function changeOf(zonePath: string, writes: readonly RecordWrite[], index: number, count: number): PlannedRequest {
  const { deletions, additions } = changeBody(writes);
  return {
    method: "POST",
    path: `${zonePath}/changes`,
    body: { kind: "dns#change", deletions, additions },
    // Sent twice, a change fails its deletions or adds twice: a lost answer is settled by listing instead.
    repeat: "settle",
    schema: acceptedChangeWire,
    note:
      count === 1
        ? `one atomic change: delete ${deletions.length}, add ${additions.length} record sets`
        : `atomic change ${index + 1} of ${count}: delete ${deletions.length}, add ${additions.length} record sets (within the per-change limits)`,
  };
}

/**
 * The zone's sets brought to the goal. `believed`: what the state says is live (the sets it
 * manages, and the zone's DNS name), written from without a read; absent (a create, a change to
 * `exclusive`), the zone is listed first. Its answer is the zone as written.
 */
export function zoneSync(identity: Readonly<Record<string, string>>, goal: SyncGoal, believed: ZoneSets | undefined): SettledEntry {
  const zonePath = fillTemplate(ZONE, identity);
  // The project's quota read before the sync (a create's), else what the state kept of it, else Cloud DNS's defaults.
  const limitsWith = (before: unknown): ChangeLimits => limitsOfProject(before) ?? goal.limits ?? CHANGE_LIMITS;
  const withLimits = (zone: ZoneSets, before: unknown): ZoneSets => ({ ...zone, limits: limitsWith(before) });
  const writesFor = (live: unknown): RecordWrite[] => {
    if (live === undefined) {
      // Before anything is read (what svc-plan shows of a create): every set asked for is added.
      const dnsName = goal.dnsName ?? "{dnsName}";
      return writesToward({ dnsName, rrsets: [] }, goal, false);
    }
    return writesToward(zoneOf(live, goal), goal, Array.isArray(live));
  };
  return {
    kind: "settled",
    label: `the record sets of zone ${goal.zone}`,
    read: zoneListing(zonePath, "lists the zone's record sets, every page: the changes are made from what is live"),
    ...(believed !== undefined && { believed }),
    done: (live, before) => (writesFor(live).length === 0 ? { value: withLimits(zoneOf(live, goal), before), parsedBy: zoneSetsWire } : undefined),
    write: (live, before) => {
      const changes = changesOf(writesFor(live), limitsWith(before));
      return changes.map((writes, index) => changeOf(zonePath, writes, index, changes.length));
    },
    // The zone as written: what was live, with every change made.
    answer: (_written, live, before) => {
      const zone = zoneOf(live, goal);
      return { value: withLimits(afterWrites(zone, writesToward(zone, goal, false)), before), parsedBy: zoneSetsWire };
    },
    waits: { served: ZONE_CHANGES, key: zonePath, request: servedCheck(zonePath, []) },
    staleStatuses: [404, 409, 412],
    loop: "change",
  };
}
