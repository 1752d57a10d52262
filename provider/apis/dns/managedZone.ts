/** `svc.dns.ManagedZone`: a DNS zone (the container of record sets). */
import { z } from "zod";
import { declare, type State } from "../../engine/declaration/declaration";
import type { PlanEntry, SettledEntry } from "../../engine/kinds";
import type { ApiError } from "../../http/answer";
import { fillTemplate } from "../../engine/declaration/template";
import { listingRequest } from "../../google/listing";
import { CHANGE_POLL, DNS_PAGING, ZONE_OPERATION_POLL } from "./service";
import { fqdn, projectId, zoneName } from "./names";
import { gkeClusters, labels, networkUrl, networks, targetNameServers } from "./shapes";
import { API_PREFIX, changeWire, withoutKinds, ZONE_OPERATION } from "./wire";

export const managedZoneArgs = z.object({
  project: projectId.optional().meta({ description: "The project that owns the zone. Defaults to `svc:project` / `SVC_PROJECT`." }),
  name: zoneName.meta({ description: "The zone's name in the project: 1-63 lowercase letters, digits and dashes, starting with a letter." }),
  dnsName: fqdn.meta({ description: "The DNS name of the zone, fully qualified with a trailing dot, e.g. `example.com.`." }),
  // The API requires a description on create; an empty one is what "none" looks like.
  description: z
    .string()
    .max(1024, { error: "must be at most 1024 characters" })
    .default("")
    .meta({ description: 'A description of up to 1024 characters ("" when none).' }),
  visibility: z
    .enum(["public", "private"], { error: (issue) => `must be "public" or "private"; got ${JSON.stringify(issue.input)}` })
    .default("public")
    .meta({ description: "Whether the zone answers on the Internet (`public`) or only in the networks of `privateVisibilityConfig` (`private`)." }),
  labels: labels.optional().meta({ description: "Labels: lowercase keys and values of up to 63 characters." }),
  cloudLoggingConfig: z
    .object({ enableLogging: z.boolean() })
    .optional()
    .meta({ description: "Whether queries to the zone are logged (`{ enableLogging }`)." }),
  privateVisibilityConfig: z
    .object({ networks: networks.optional(), gkeClusters: gkeClusters.optional() })
    .optional()
    .meta({ description: "For a private zone: the networks (and GKE clusters) that can see it." }),
  forwardingConfig: z
    .object({ targetNameServers })
    .optional()
    .meta({ description: "For a forwarding zone: the name servers queries are forwarded to (each with `ipv4Address` or `ipv6Address`)." }),
  peeringConfig: z
    .object({ targetNetwork: z.object({ networkUrl }) })
    .optional()
    .meta({ description: "For a peering zone: the network whose DNS answers queries." }),
  dnssecConfig: z
    .object({
      state: z.enum(["off", "on", "transfer"], { error: (issue) => `must be "off", "on" or "transfer"; got ${JSON.stringify(issue.input)}` }),
      nonExistence: z.enum(["nsec", "nsec3"]).optional(),
    })
    .optional()
    .meta({ description: "DNSSEC: `state` `off`, `on` or `transfer`, and optionally `nonExistence` `nsec` or `nsec3`." }),
  /** Client-side: on delete, first delete the zone's record sets (not the apex SOA and NS). */
  forceDestroy: z
    .boolean()
    .default(false)
    .meta({
      description:
        "Delete the zone's record sets (not the apex SOA and NS) before deleting the zone. Without it, deleting a zone that still " +
        "holds record sets it does not manage fails with a message saying so, and nothing is deleted. Client-side only; changing it sends no request.",
    }),
});
export type ManagedZoneArgs = z.infer<typeof managedZoneArgs>;

const managedZoneWire = z.looseObject({
  id: z.string(),
  name: z.string(),
  dnsName: z.string(),
  description: z.string().optional(),
  visibility: z.enum(["public", "private"]).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  cloudLoggingConfig: z.looseObject({ enableLogging: z.boolean().optional() }).optional(),
  privateVisibilityConfig: z.unknown().optional(),
  forwardingConfig: z.unknown().optional(),
  peeringConfig: z.unknown().optional(),
  dnssecConfig: z.unknown().optional(),
  nameServers: z.array(z.string()).optional(),
  creationTime: z.string().optional(),
});

export const managedZone = declare<ManagedZoneArgs, z.infer<typeof managedZoneWire>>({
  module: "dns",
  name: "ManagedZone",
  api: "dns",
  args: managedZoneArgs,
  immutable: ["project", "name", "dnsName", "visibility"],
  projectScoped: true,
  id: {
    format: "projects/{project}/managedZones/{name}",
    importFormats: ["{project}/{name}", "{name}"],
  },
  paths: {
    collection: `${API_PREFIX}/managedZones`,
    item: `${API_PREFIX}/managedZones/{name}`,
  },
  wire: managedZoneWire,
  toCreateBody: ({ project: _project, forceDestroy: _forceDestroy, ...zone }) => zone,
  toState: (zone, previous) => ({
    name: zone.name,
    dnsName: zone.dnsName,
    description: zone.description ?? "",
    visibility: zone.visibility ?? "public",
    labels: zone.labels ?? {},
    cloudLoggingConfig: withoutKinds(zone.cloudLoggingConfig),
    privateVisibilityConfig: withoutKinds(zone.privateVisibilityConfig),
    forwardingConfig: withoutKinds(zone.forwardingConfig),
    peeringConfig: withoutKinds(zone.peeringConfig),
    dnssecConfig: dnssecState(zone.dnssecConfig),
    forceDestroy: previous["forceDestroy"] === true,
    managedZoneId: zone.id,
    nameServers: zone.nameServers ?? [],
    creationTime: zone.creationTime ?? "",
  }),
  update: "PATCH",
  localInputs: ["forceDestroy"],
  equal: { dnssecConfig: sameDnssec },
  steps: {
    // Zone updates answer with an operation; `up` waits for it.
    wait: { after: ["update"], poll: ZONE_OPERATION_POLL, path: ZONE_OPERATION },
  },
  hooks: { planBeforeDelete: forceDestroy, explainRefusal: notEmptyRefusal },
  review: [
    {
      kind: "zoneReplaced",
      on: ["replace"],
      says: ({ name, replacedBecauseOf }) =>
        `zone ${name} is replaced (${replacedBecauseOf.join(", ")}): its record sets go with it and the new zone gets new name servers to delegate to`,
    },
    {
      kind: "forceDestroy",
      on: ["delete", "replace"],
      says: ({ name, olds }) =>
        olds["forceDestroy"] === true
          ? `zone ${name} has forceDestroy: deleting it first deletes every record set in it, including those this stack does not manage`
          : undefined,
    },
  ],
  outputs: {
    managedZoneId: z.string().meta({ description: "The server-assigned numeric id of the zone." }),
    nameServers: z.array(z.string()).meta({ description: "The name servers to delegate the domain to." }),
    creationTime: z.string().meta({ description: "When the zone was created (RFC 3339)." }),
  },
  adoption: {
    list: { path: `${API_PREFIX}/managedZones`, field: "managedZones", paging: DNS_PAGING },
    scope: { flag: "project", pattern: "{project}", example: "my-project" },
    identity: { name: "name" },
    select: { flag: "zone", field: "name", description: "only this zone (by its name) and what is in it; repeatable" },
    naming: "{name}",
  },
  docs: {
    summary:
      "A DNS managed zone: the container of a domain's record sets.\n\n" +
      "The API creates the apex `SOA` and `NS` record sets with the zone; they are not managed by this resource. " +
      "Zone updates return an operation that `up` waits for.",
    example:
      'const zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });\n' + "export const nameServers = zone.nameServers;",
  },
  samples: {
    inputs: { name: "conformance-zone", dnsName: "conformance.example.", description: "Made by the conformance run" },
    names: ["name", "dnsName"],
    updates: [
      { description: "Changed in place" },
      { labels: { team: "dns" } },
      { cloudLoggingConfig: { enableLogging: true } },
      { dnssecConfig: { state: "on" } },
      { privateVisibilityConfig: { networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp" }] } },
      { forwardingConfig: { targetNameServers: [{ ipv4Address: "10.0.0.53" }] } },
      {
        peeringConfig: { targetNetwork: { networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp-peer" } },
        forwardingConfig: undefined,
      },
      { forceDestroy: true },
    ],
    replacements: [{ project: "other-project" }, { name: "other-zone" }, { dnsName: "other.example." }, { visibility: "private" }],
  },
});

/** forceDestroy: the zone's record sets go first, so the zone can be deleted. */
function forceDestroy(state: State, identity: Readonly<Record<string, string>>): PlanEntry[] {
  if (state["forceDestroy"] !== true) return [];
  return [deleteRecordSets(fillTemplate(`${API_PREFIX}/managedZones/{name}`, identity), String(state["dnsName"]), String(identity["name"]))];
}

/** The API refuses to delete a zone that holds record sets: say which input would do it. */
function notEmptyRefusal(error: ApiError, state: ManagedZoneArgs, step: "create" | "update" | "delete"): Error | undefined {
  if (step !== "delete" || error.status !== 400 || error.reason !== "containerNotEmpty") return undefined;
  return new Error(
    `svc.dns.ManagedZone ${state.name} still holds record sets that are not managed here, so the API refuses to delete it. ` +
      `Delete those record sets first, or set forceDestroy: true on the zone (then \`pulumi up\`) to delete them with it. Nothing was deleted. (${error.message})`,
  );
}

/** DNSSEC settings agree when their state does, and their nonExistence where the program names one. */
function sameDnssec(stored: unknown, wanted: unknown): boolean {
  const a = (stored ?? {}) as { state?: string; nonExistence?: string };
  const b = (wanted ?? {}) as { state?: string; nonExistence?: string };
  return (a.state ?? "off") === (b.state ?? "off") && (b.nonExistence === undefined || a.nonExistence === b.nonExistence);
}

/** The DNSSEC settings a program can give, without the key specs the API fills in. */
function dnssecState(config: unknown): unknown {
  if (typeof config !== "object" || config === null) return undefined;
  const { state, nonExistence } = config as { state?: unknown; nonExistence?: unknown };
  if (state === undefined || state === "off") return state === "off" ? { state: "off" } : undefined;
  return nonExistence === undefined ? { state } : { state, nonExistence };
}

/**
 * forceDestroy: removes every record set but the apex SOA and NS in one atomic change, and waits
 * for it, so the zone can be deleted. After an unknown outcome (lost or unreadable answer), a 412
 * (a set changed meanwhile) or a 404, the sets are listed again: what is gone was deleted, what is
 * still live is deleted by a new change. The change itself is never repeated blindly.
 */
function deleteRecordSets(zonePath: string, dnsName: string, zone: string): SettledEntry {
  const deletable = (live: unknown): Array<Record<string, unknown>> =>
    ((live ?? []) as Array<Record<string, unknown>>).filter((rrset) => !(rrset["name"] === dnsName && (rrset["type"] === "SOA" || rrset["type"] === "NS")));
  return {
    kind: "settled",
    label: `forceDestroy of zone ${zone}`,
    read: listingRequest(`${zonePath}/rrsets`, "rrsets", DNS_PAGING, undefined, { note: "forceDestroy: lists every record set of the zone" }),
    done: (live) => (deletable(live).length === 0 ? { value: undefined } : undefined),
    write: (live) => ({
      method: "POST",
      path: `${zonePath}/changes`,
      body: {
        kind: "dns#change",
        deletions: live === undefined ? ["(every record set listed but the apex SOA and NS)"] : deletable(live).map((rrset) => withoutKinds(rrset)),
      },
      // Sent again as is, a change whose deletions were applied fails: settled by listing instead.
      repeat: "settle",
      schema: changeWire,
      sent: "whenNeeded",
      note: "forceDestroy: deletes every record set but the apex SOA and NS, managed here or not, in one change",
    }),
    answer: () => ({ value: undefined }),
    waits: {
      kind: "poll",
      poll: CHANGE_POLL,
      template: `${zonePath}/changes/{id}`,
      request: {
        method: "GET",
        path: `${zonePath}/changes/{change}`,
        schema: changeWire,
        sent: "untilDone",
        waits: CHANGE_POLL.schedule,
        note: "polled until the change is done",
      },
      objectAnswer: false,
    },
    staleStatuses: [412, 404],
    loop: "change",
  };
}
