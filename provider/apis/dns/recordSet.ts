/** `svc.dns.RecordSet`: the records of one name and type in a managed zone. */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { sharedListing } from "../../engine/declaration/steps";
import { fillTemplate } from "../../engine/declaration/template";
import { DNS_PAGING } from "./service";
import { ApiError } from "../../http/answer";
import { projectId, recordName, zoneName } from "./names";
import { sameRrdatas } from "./rrdata";
import { send } from "../../engine/plan/planRequests";
import { withoutKinds } from "./wire";
import { RECORD_TYPES, rrdataFailures } from "./rrdataSyntax";
import { replaceRecords } from "./recordSets/replaceRecords";
import { joinZoneChange } from "./recordSets/zoneChange";
import { COLLECTION, ITEM, recordKey, recordSetWire, storedSet, wireRecordSet } from "./recordSets/wire";
import { claimsCheck, claimsOfListing } from "./recordSets/claims";
import { claimOn } from "./owners";

export { storedSet, wireRecordSet };

export { RECORD_TYPES };

const routedItem = {
  rrdatas: z.array(z.string().min(1)).optional().meta({ description: "The records this item answers with." }),
  healthCheckedTargets: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: "Health-checked targets this item answers with instead (passed to the API as given)." }),
};

/** Answers that depend on where the query comes from (geo), weights (wrr) or health (primaryBackup). */
const routingPolicy = z.object({
  geo: z
    .object({
      items: z.array(z.object({ location: z.string().min(1), ...routedItem })).min(1, { error: "needs at least one item" }),
      enableFencing: z.boolean().optional(),
    })
    .optional()
    .meta({ description: "Answers by the location of the query: one item per location (e.g. `us-east1`)." }),
  wrr: z
    .object({ items: z.array(z.object({ weight: z.number().min(0, { error: "weights are 0 or more" }), ...routedItem })).min(1) })
    .optional()
    .meta({ description: "Answers by weighted round robin: each item's records get its share of the `weight`." }),
  primaryBackup: z.record(z.string(), z.unknown()).optional().meta({ description: "Primary targets with backups, by health (passed to the API as given)." }),
  healthCheck: z.string().optional().meta({ description: "The health check that steers the policy." }),
});

/** A record set's time to live: what RecordSet and ZoneRecords hold a TTL to. */
export const ttlSeconds = z
  .number({ error: (issue) => `must be a whole number of seconds; got ${JSON.stringify(issue.input)}` })
  .int({ error: (issue) => `must be a whole number of seconds; got ${JSON.stringify(issue.input)}` })
  .min(0, { error: (issue) => `must be a whole number of seconds from 0 to 2147483647; got ${JSON.stringify(issue.input)}` })
  .max(2147483647, { error: (issue) => `must be at most 2147483647 seconds; got ${JSON.stringify(issue.input)}` });

export const recordSetArgs = z.object({
  project: projectId.optional().meta({ description: "The project that owns the zone. Defaults to `svc:project` / `SVC_PROJECT`." }),
  managedZone: zoneName.meta({ description: "The name of the managed zone the records belong to (the zone's `name`)." }),
  name: recordName.meta({ description: "The fully qualified owner name with a trailing dot, inside the zone's DNS name, e.g. `www.example.com.`." }),
  type: z
    .enum(RECORD_TYPES, {
      error: (issue) => `must be a record type, one of ${RECORD_TYPES.join(", ")}; got ${JSON.stringify(issue.input)}`,
    })
    .meta({ description: "The record type." }),
  ttl: ttlSeconds.default(300).meta({
    description:
      "Time to live in seconds, 0 to 2147483647. A change of the TTL alone is a PATCH of the TTL alone " +
      "(or, together with other writes of the zone, part of their one change).",
  }),
  rrdatas: z
    .array(z.string().min(1, { error: "record data must not be empty" }), {
      error: (issue) => `must be a list of record data strings, e.g. ["192.0.2.1"]; got ${JSON.stringify(issue.input)}`,
    })
    .min(1, { error: 'must hold at least one record, e.g. ["192.0.2.1"]' })
    .optional()
    .meta({
      description:
        'The record data, in the type\'s presentation format, e.g. `["192.0.2.1"]`. Compared as a set in canonical form ' +
        "(order, TXT quoting and splitting, host-name case and IPv6 spelling are no change). Updated through one atomic change, " +
        "so the name never goes without records. Give this or `routingPolicy`, never both.",
    }),
  routingPolicy: routingPolicy
    .optional()
    .meta({ description: "Answers by location (`geo`), weight (`wrr`) or health (`primaryBackup`), exactly one of them, instead of `rrdatas`." }),
  takeOver: z
    .boolean()
    .optional()
    .meta({
      description:
        "Create the record set even where another tool's ownership marker claims its name and type (external-dns's TXT registry, " +
        "octoDNS's `_owner` records): left out, such a create fails before any write, naming the tool (docs/dns.md, sharing a zone).",
    }),
});
export type RecordSetArgs = z.infer<typeof recordSetArgs>;

/** DNS names compare without regard to case. */
function sameName(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}

/**
 * The zone's DNS name is no input here, so check cannot tell a name outside
 * the zone; the API's refusal (400 "Invalid value for '...name'") is turned
 * into a message that names the input and the rule.
 */
function nameRefusal(error: ApiError, args: RecordSetArgs, step: "create" | "update" | "delete"): Error | undefined {
  if (step !== "create" || error.status !== 400 || !/\.name'/.test(error.apiMessage ?? "")) return undefined;
  return new Error(
    `svc.dns.RecordSet: name ${JSON.stringify(args.name)} was refused by the API for zone ${JSON.stringify(args.managedZone)}: ` +
      `a record set's name must be the zone's dnsName or a name below it (e.g. "www.<dnsName>"). Nothing was created. (${error.message})`,
  );
}

export const recordSet = declare<RecordSetArgs, z.infer<typeof recordSetWire>>({
  module: "dns",
  name: "RecordSet",
  api: "dns",
  args: recordSetArgs,
  immutable: ["project", "managedZone", "name", "type"],
  // A CNAME cannot stand beside any other type at its name (cnameResourceRecordSetConflict),
  // so a replacement that keeps the name with a CNAME on either side deletes the old set first.
  deleteBeforeReplace: (olds, news) =>
    olds["project"] === news["project"] &&
    olds["managedZone"] === news["managedZone"] &&
    sameName(olds["name"], news["name"]) &&
    (olds["type"] === "CNAME" || news["type"] === "CNAME"),
  projectScoped: true,
  id: {
    format: "projects/{project}/managedZones/{managedZone}/rrsets/{name}/{type}",
    importFormats: ["{project}/{managedZone}/{name}/{type}", "{managedZone}/{name}/{type}"],
  },
  paths: {
    collection: COLLECTION,
    item: ITEM,
  },
  wire: recordSetWire,
  toCreateBody: wireRecordSet,
  toState: (rrset, previous) => ({
    name: rrset.name,
    type: rrset.type,
    ttl: rrset.ttl ?? 0,
    rrdatas: rrset.rrdatas ?? [],
    routingPolicy: withoutKinds(rrset.routingPolicy),
    // The program's word to this provider (never sent): kept as given.
    ...(previous["takeOver"] === true && { takeOver: true }),
  }),
  update: "planned",
  // Whether a create may take a claimed set over is the program's word to this provider, never sent.
  localInputs: ["takeOver"],
  // A refresh reads every record set at once: one listing of the zone answers them.
  steps: {
    read: sharedListing({
      path: COLLECTION,
      field: "rrsets",
      entry: recordSetWire,
      match: (rrset, identity) => sameName(rrset.name, identity["name"]) && rrset.type === identity["type"],
      key: { ofEntry: ({ name, type }) => recordKey({ name, type }), ofIdentity: ({ name = "", type = "" }) => recordKey({ name, type }) },
      paging: { ...DNS_PAGING, pageSize: 1000 },
    }),
  },
  crossCheck: ({ name, type, rrdatas, routingPolicy }) => {
    const failures: { property: string; reason: string }[] = [];
    // A delegation names one zone cut; the API refuses a wildcard NS set (wildcardNotAllowed).
    if (type === "NS" && name.startsWith("*.")) {
      failures.push({
        property: "name",
        reason: `an NS record set cannot have a wildcard name; give the delegated name itself, e.g. "sub.example.com."; got ${JSON.stringify(name)}`,
      });
    }
    if ((rrdatas === undefined) === (routingPolicy === undefined)) {
      failures.push({ property: "rrdatas", reason: 'give exactly one of rrdatas (e.g. ["192.0.2.1"]) or routingPolicy' });
    }
    if (rrdatas !== undefined) failures.push(...rrdataFailures(type, rrdatas, "rrdatas"));
    if (routingPolicy !== undefined) {
      const kinds = [routingPolicy.geo, routingPolicy.wrr, routingPolicy.primaryBackup].filter((kind) => kind !== undefined);
      if (kinds.length !== 1) failures.push({ property: "routingPolicy", reason: "give exactly one of geo, wrr or primaryBackup" });
      for (const [kind, items] of [
        ["geo", routingPolicy.geo?.items ?? []],
        ["wrr", routingPolicy.wrr?.items ?? []],
      ] as const) {
        items.forEach((item, index) => {
          if (item.rrdatas !== undefined) failures.push(...rrdataFailures(type, item.rrdatas, `routingPolicy.${kind}.items[${index}].rrdatas`));
        });
      }
    }
    return failures;
  },
  hooks: {
    // The API's refusal of a name outside the zone names a wire field; say which input and rule.
    explainRefusal: nameRefusal,
    // A set another tool claims is not made (the zone's markers, read once a run); then, writes of one zone that come together go
    // out as one atomic change (recordSets/zoneChange.ts); alone, each is its own request.
    planCreate: (args, identity) => [
      claimsCheck(args, identity),
      joinZoneChange(identity, { kind: "create", addition: wireRecordSet(args) }, [
        send({ method: "POST", path: fillTemplate(COLLECTION, identity), body: wireRecordSet(args), repeat: "settle", schema: recordSetWire }),
      ]),
    ],
    // A TTL alone is a PATCH of just the TTL, record data an atomic change; together with others, one change.
    planUpdate: (change, args, identity, previous) => {
      const ttlOnly = [...Object.keys(change.set), ...change.cleared].every((field) => field === "ttl");
      const deletion = storedSet(previous);
      const alone = ttlOnly
        ? [send({ method: "PATCH", path: fillTemplate(ITEM, identity), body: { ttl: args.ttl }, schema: recordSetWire })]
        : [replaceRecords(args, identity, deletion)];
      if (deletion === undefined) return alone;
      return [joinZoneChange(identity, { kind: "update", deletion, addition: wireRecordSet(args) }, alone)];
    },
    planDelete: (state, identity) => {
      const alone = [send({ method: "DELETE", path: fillTemplate(ITEM, identity) })];
      const deletion = storedSet(state);
      return deletion === undefined ? alone : [joinZoneChange(identity, { kind: "delete", deletion }, alone)];
    },
  },
  review: [
    {
      kind: "recordsGap",
      on: ["replace"],
      says: ({ name, olds, deleteFirst }) =>
        deleteFirst
          ? `record set ${name} is deleted before its replacement is created (a CNAME cannot stand beside another type): ${String(olds["name"])} answers nothing in between`
          : undefined,
    },
  ],
  // Record data is a set of values in canonical form: order and spelling are no change.
  equal: {
    rrdatas: (stored, wanted, news) => sameRrdatas(String(news["type"]), stored, wanted),
    // DNS names are case-insensitive: WWW.example.com. is the same set, not a replacement the API would refuse.
    name: "caseInsensitive",
  },
  outputs: {},
  adoption: {
    list: { path: COLLECTION, field: "rrsets", paging: { ...DNS_PAGING, pageSize: 1000 } },
    under: { type: "dns:ManagedZone", from: { managedZone: "name" } },
    identity: { name: "name", type: "type" },
    // The API makes the apex SOA and NS sets with the zone and refuses to delete them.
    leaveOut: (rrset, zone, listed) => {
      if ((rrset["type"] === "SOA" || rrset["type"] === "NS") && sameName(rrset["name"], zone?.["dnsName"])) {
        return "the API manages the zone's apex SOA and NS record sets (made with the zone, deleted with it)";
      }
      // Another tool's set or marker (external-dns, octoDNS) is its own: not adopted.
      const claim = claimOn(claimsOfListing(listed), String(rrset["name"]), String(rrset["type"]));
      return claim === undefined
        ? undefined
        : `claimed by ${claim.owner} (its marker ${claim.marker}); import it by its id with takeOver: true to take it over`;
    },
    naming: "{name}_{type}",
  },
  docs: {
    summary: "The records of one name and type in a managed zone.",
    example: 'new svc.dns.RecordSet("www", { managedZone: zone.name, name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] });',
  },
  samples: {
    parents: [{ type: "dns:ManagedZone", inputs: { name: "records-zone", dnsName: "records.example." } }],
    inputs: { managedZone: "records-zone", name: "www.records.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] },
    names: ["name"],
    updates: [
      { ttl: 600 },
      { rrdatas: ["192.0.2.2", "192.0.2.3"] },
      { routingPolicy: { wrr: { items: [{ weight: 1, rrdatas: ["192.0.2.4"] }] } }, rrdatas: undefined },
      { takeOver: true },
    ],
    replacements: [
      { project: "other-project" },
      { managedZone: "other-zone" },
      { name: "api.records.example." },
      // A CNAME cannot stand beside the A set at its name: the replacement deletes first.
      { type: "CNAME", rrdatas: ["target.records.example."], routingPolicy: undefined },
    ],
    // Record sets of one zone written at the same time go as one atomic change.
    together: {
      inputs: [
        { managedZone: "records-zone", name: "a.records.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] },
        { managedZone: "records-zone", name: "b.records.example.", type: "TXT", ttl: 300, rrdatas: ['"b"'] },
      ],
      update: { ttl: 900 },
      added: { managedZone: "records-zone", name: "c.records.example.", type: "AAAA", ttl: 60, rrdatas: ["2001:db8::1"] },
    },
  },
});
