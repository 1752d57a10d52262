/** `svc.dns.ZoneRecords`: the record sets of one managed zone as one resource. */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { wholeListing } from "../../engine/declaration/steps";
import { DNS_PAGING } from "./service";
import { projectId, zoneName } from "./names";
import { ttlSeconds } from "./recordSet";
import { COLLECTION, ZONE, recordSetWire, type ChangeLimits, type WireRecordSet } from "./recordSets/wire";
import { API_PREFIX } from "./wire";
import { fillTemplate } from "../../engine/declaration/template";
import type { ReadEntry } from "../../engine/kinds";
import { recordsFailures } from "./zoneRecords/checks";
import {
  dnsNameOfListing,
  mapKey,
  projectQuotaWire,
  recordChanges,
  recordsOfSets,
  relativeName,
  wantedSets,
  zoneSetsWire,
  type RecordsMap,
  type ZoneSets,
} from "./zoneRecords/model";
import { claimedWords, claimOn, claimsOf } from "./owners";
import { keyParts, storedKey, toProgramRecords, toStoredRecords, type ProgramRecords } from "./zoneRecords/storedForm";
import { zoneSync, type SyncGoal } from "./zoneRecords/sync";

const recordData = z
  .object({
    ttl: ttlSeconds.optional().meta({ description: "Time to live in seconds, 0 to 2147483647; left out, the resource's `defaultTtl`." }),
    rrdatas: z
      .array(z.string().min(1, { error: "record data must not be empty" }), {
        error: (issue) => `must be a list of record data strings, e.g. ["192.0.2.1"]; got ${JSON.stringify(issue.input)}`,
      })
      .min(1, { error: 'must hold at least one record, e.g. ["192.0.2.1"]' })
      .meta({
        description:
          'The record data, in the type\'s presentation format, e.g. `["192.0.2.1"]`, compared as a set in canonical form ' +
          "(order, TXT quoting and splitting, host-name case and IPv6 spelling are no change), as `svc.dns.RecordSet` compares it.",
      }),
  })
  .meta({ typeName: "ZoneRecordsRecordData" });

export const zoneRecordsArgs = z.object({
  project: projectId.optional().meta({ description: "The project that owns the zone. Defaults to `svc:project` / `SVC_PROJECT`." }),
  managedZone: zoneName.meta({ description: "The name of the managed zone the records belong to (the zone's `name`)." }),
  records: z.record(z.string(), z.record(z.string(), recordData)).meta({
    description:
      'The zone\'s record sets: a map keyed by the name relative to the zone\'s DNS name (`"@"` the apex, `"www"`, `"a.b"`, `"*.dev"`), ' +
      'each a map keyed by record type (`"A"`, `"MX"`, ...) to its TTL and record data. The zone\'s own apex SOA and NS are the API\'s and never listed here.',
  }),
  defaultTtl: ttlSeconds.default(300).meta({ description: "The TTL of every record set that gives none." }),
  takeOver: z
    .array(z.string())
    .optional()
    .meta({
      description:
        "Record sets another tool claims (its ownership marker: external-dns's TXT registry, octoDNS's `_owner` records) that this resource takes over, by name and type (`\"www A\"`). " +
        "Left out, a set another tool claims is never changed, deleted or adopted here: one the program names fails before any write, naming the tool (docs/dns.md, sharing a zone).",
    }),
  exclusive: z
    .boolean()
    .default(false)
    .meta({
      description:
        "false: only the record sets listed here are managed; others in the zone are left alone. true: after `up` the zone holds exactly " +
        "these (and its apex SOA and NS): any other record set is deleted. A set made outside Pulumi is seen by a refresh " +
        "(`pulumi preview --refresh` names it, `pulumi up --refresh` deletes it).",
    }),
});
export type ZoneRecordsArgs = z.infer<typeof zoneRecordsArgs>;

/** The project's quotas, once a run: a create cuts its changes by the per-change ones, which the state keeps for updates. */
const quotaRead = (identity: Readonly<Record<string, string>>): ReadEntry => ({
  kind: "read",
  via: { item: { method: "GET", path: fillTemplate(API_PREFIX, identity), schema: projectQuotaWire, once: true } },
  note: "the project's per-change quotas (rrsetAdditionsPerChange, rrsetDeletionsPerChange, totalRrdataSizePerChange), once a run",
});

/** The per-change limits the state kept (a create read them from the project's quota). */
function keptLimits(state: Readonly<Record<string, unknown>>): ChangeLimits | undefined {
  const kept = state["changeLimits"] as Partial<ChangeLimits> | undefined;
  return typeof kept?.additions === "number" && typeof kept.deletions === "number" && typeof kept.rrdataBytes === "number"
    ? { additions: kept.additions, deletions: kept.deletions, rrdataBytes: kept.rrdataBytes }
    : undefined;
}

/** What a step brings the zone to: the inputs as `check` left them (records in the stored form). */
const goalOf = (
  args: ZoneRecordsArgs,
  managedBefore: RecordsMap | undefined,
  dnsName: string | undefined,
  claimed?: unknown,
  limits?: ChangeLimits,
): SyncGoal => ({
  ...(limits !== undefined && { limits }),
  zone: args.managedZone,
  records: args.records as unknown as RecordsMap,
  exclusive: args.exclusive,
  managedBefore,
  dnsName,
  takeOver: args.takeOver,
  ...(claimed !== undefined && { claimed: claimed as Record<string, string> }),
});

/** What other tools claim in the zone, as the state keeps it: `"<name> <TYPE>"` (`*`: every type but AAAA) to words naming the tool. */
function claimedOf(zone: ZoneSets): Record<string, string> {
  const { claims, markers } = claimsOf(zone.rrsets, zone.dnsName);
  const claimed: Record<string, string> = {};
  for (const [key, claim] of [...claims, ...markers]) {
    const at = key.lastIndexOf(" ");
    const [name, type] = [key.slice(0, at), key.slice(at + 1)];
    const relative = relativeName(name, zone.dnsName);
    if (relative !== undefined)
      claimed[storedKey(relative, type)] = claimedWords(name, type === "*" ? "(every type but AAAA)" : type, claim, "`takeOver` on the resource");
  }
  return claimed;
}

/** What the state says is live: the sets it manages, and the zone's DNS name. */
function believedOf(state: Readonly<Record<string, unknown>>): ZoneSets | undefined {
  const dnsName = state["dnsName"];
  if (typeof dnsName !== "string") return undefined;
  return { dnsName, rrsets: wantedSets(state["records"] as RecordsMap | undefined, dnsName) };
}

export const zoneRecords = declare<ZoneRecordsArgs, z.infer<typeof zoneSetsWire>>({
  module: "dns",
  name: "ZoneRecords",
  api: "dns",
  args: zoneRecordsArgs,
  immutable: ["project", "managedZone"],
  projectScoped: true,
  id: {
    format: "projects/{project}/managedZones/{managedZone}",
    importFormats: ["{project}/{managedZone}", "{managedZone}"],
  },
  // Besides the zone's record sets and changes, the project itself: its per-change quotas.
  paths: { collection: COLLECTION, item: ZONE, related: [`${ZONE}/changes`, API_PREFIX] },
  wire: zoneSetsWire,
  // The state: the sets this resource manages (all but the zone's apex SOA and NS when exclusive, or
  // when nothing says which: an import by id), under the program's spelling of their names.
  toState: (zone, previous) => {
    const managed = previous["records"] as RecordsMap | undefined;
    const exclusive = previous["exclusive"] === true;
    // Another tool's sets and markers are never the state's, unless the program takes them over. An import by id adopts
    // what `records` can say: a set with a routing policy has no record data, and stays a svc.dns.RecordSet (as svc-import writes it).
    const found = claimsOf(zone.rrsets, zone.dnsName);
    const takenOver = new Set(((previous["takeOver"] as string[] | undefined) ?? []).map((key) => mapKey(keyParts(key).relative, keyParts(key).type)));
    const others = (set: WireRecordSet): boolean =>
      claimOn(found, set.name, set.type) !== undefined && !takenOver.has(mapKey(relativeName(set.name, zone.dnsName) ?? set.name, set.type));
    const rrsets = managed === undefined && !exclusive ? zone.rrsets.filter((set) => set.routingPolicy === undefined) : zone.rrsets;
    const claimed = claimedOf(zone);
    return {
      records: recordsOfSets(rrsets, zone.dnsName, managed, exclusive || managed === undefined, others),
      ...(Object.keys(claimed).length > 0 && { claimed }),
      ...(Array.isArray(previous["takeOver"]) && { takeOver: previous["takeOver"] }),
      ...((zone.limits ?? keptLimits(previous)) !== undefined && { changeLimits: zone.limits ?? keptLimits(previous) }),
      defaultTtl: typeof previous["defaultTtl"] === "number" ? previous["defaultTtl"] : 300,
      exclusive,
      dnsName: zone.dnsName,
    };
  },
  update: "planned",
  // Which sets are managed is the provider's own choice, never sent: a change of it alone reads the zone again (with
  // exclusive on, every set becomes the state's, so the next preview names the sets an `up` deletes). The default TTL is
  // the program's shorthand: `check` writes it into each set that gives none, where a change of it shows in `records`.
  localInputs: ["exclusive", "defaultTtl", "takeOver"],
  steps: {
    // The object is the zone's whole listing: a refresh is one listing, 1,000 sets a page.
    read: wholeListing<WireRecordSet>({
      path: COLLECTION,
      field: "rrsets",
      entry: recordSetWire,
      paging: { ...DNS_PAGING, pageSize: 1000 },
      toWire: (rrsets) => {
        const dnsName = dnsNameOfListing(rrsets);
        if (dnsName === undefined) throw new Error("svc.dns.ZoneRecords: the zone's listing has no apex SOA record set, so its DNS name is unknown");
        return { dnsName, rrsets };
      },
    }),
  },
  crossCheck: ({ records }) => recordsFailures(records),
  // A refresh hands the engine the records it found, so a preview with --refresh shows a set made outside Pulumi.
  refreshInputs: ["records"],
  // The engine holds one string per record set (its Struct stays flat at any size); the program gives the nested map.
  stored: {
    records: {
      schema: z.record(z.string(), z.string()).meta({
        description:
          'The zone\'s record sets as the state holds them: `"<name> <TYPE>"` (the name relative to the zone) to `"<ttl> <data> | <data>"`, ' +
          'e.g. `"www A": "300 192.0.2.10"`; record data that holds a `|` is a JSON list after the TTL.',
      }),
      toProgram: toProgramRecords,
      toStored: (records, inputs) => toStoredRecords(records as ProgramRecords, Number(inputs["defaultTtl"] ?? 300)),
      sdk: { module: "provider/apis/dns/zoneRecords/storedForm", name: "encodeForCheck" },
    },
  },
  hooks: {
    // A create reads the project's per-change quota (once a run) and lists the zone first: what an interrupted run made is in
    // place and is not made again.
    planCreate: (args, identity) => [quotaRead(identity), zoneSync(identity, goalOf(args, undefined, undefined), undefined)],
    // Only what changed, from what the state says is live: a set made outside this stack is deleted only once a refresh put it
    // in the state (with exclusive), so a preview names every set an `up` deletes.
    planUpdate: (_change, args, identity, previous) => {
      const believed = believedOf(previous);
      return [
        zoneSync(identity, goalOf(args, previous["records"] as RecordsMap | undefined, believed?.dnsName, previous["claimed"], keptLimits(previous)), believed),
      ];
    },
    // The sets this resource manages are deleted; the zone's others stay.
    planDelete: (state, identity) => {
      const believed = believedOf(state);
      const goal: SyncGoal = {
        zone: String(state["managedZone"]),
        records: {},
        exclusive: false,
        managedBefore: state["records"] as RecordsMap | undefined,
        dnsName: believed?.dnsName,
        limits: keptLimits(state),
      };
      return [zoneSync(identity, goal, believed)];
    },
  },
  // Record data per type as RecordSet compares it; a TTL left out is the default.
  // Record data per type as RecordSet compares it; every TTL is given in the stored form.
  equal: { records: (stored, wanted) => recordChanges(stored as RecordsMap, wanted as RecordsMap).length === 0 },
  detail: { records: (stored, wanted) => recordChanges(stored as RecordsMap, wanted as RecordsMap) },
  outputs: {
    dnsName: z.string().meta({ description: "The zone's DNS name (its apex), which the names of `records` are relative to." }),
    changeLimits: z.object({ additions: z.number(), deletions: z.number(), rrdataBytes: z.number() }).optional().meta({
      description:
        "The project's per-change quotas the create read (projects.get `quota`: additions, deletions, bytes of record data a change may hold), by which every change of the zone is cut.",
    }),
    claimed: z.record(z.string(), z.string()).optional().meta({
      description:
        'What other tools claimed in the zone when it was last read (their ownership markers): `"<name> <TYPE>"` (`*`: every type but AAAA) to the tool and its marker.',
    }),
  },
  adoption: {
    // Read by its id, as its `{ import }` reads it: every set of the zone but the apex SOA and NS and those with a routing policy.
    under: { type: "dns:ManagedZone", from: { managedZone: "name" } },
    identity: {},
    naming: "{managedZone}_records",
    gathers: {
      members: "dns:RecordSet",
      above: 100,
      flag: "zone-records",
      apartFlag: "record-sets",
      // `records` has no routing policy: such a set stays a RecordSet, beside the ZoneRecords.
      keepApart: ["routingPolicy"],
      description:
        "a zone of more than 100 record sets is written as one ZoneRecords (those with a routing policy stay RecordSets); " +
        "--zone-records writes one for every zone, --record-sets a RecordSet for every set",
    },
  },
  docs: {
    summary:
      "The record sets of one managed zone as one resource: a map of names relative to the zone and types to record data. " +
      "One resource costs the engine one state write per step whatever the zone's size, so a zone of 10,000 record sets goes up in " +
      "about a minute; `up` sends only what changed, in atomic changes within Cloud DNS's per-change limits.",
    example:
      'new svc.dns.ZoneRecords("records", { managedZone: zone.name, records: { www: { A: { rrdatas: ["192.0.2.10"] } }, mail: { MX: { ttl: 3600, rrdatas: ["10 mx.example.com."] } } } });',
  },
  samples: {
    parents: [{ type: "dns:ManagedZone", inputs: { name: "zone-records", dnsName: "zone.example." } }],
    inputs: { managedZone: "zone-records", records: { www: { A: { rrdatas: ["192.0.2.1"] } } } },
    updates: [
      {
        records: {
          www: { A: { ttl: 600, rrdatas: ["192.0.2.2"] } },
          api: { AAAA: { ttl: 60, rrdatas: ["2001:db8::1"] } },
          "@": { TXT: { ttl: 300, rrdatas: ["v=spf1 -all"] } },
        },
      },
      // Every set gives its TTL: the default changes nothing the service holds; a set taken over from another tool is no request either.
      { defaultTtl: 900, takeOver: ["www A"] },
      // The sets the program no longer names are deleted; exclusive changes which sets a refresh makes the state's.
      { exclusive: true, records: { www: { A: { ttl: 600, rrdatas: ["192.0.2.2"] } } } },
    ],
    replacements: [{ project: "other-project" }, { managedZone: "other-zone" }],
  },
});
