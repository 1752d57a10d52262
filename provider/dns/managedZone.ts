/** `svc.dns.ManagedZone`: a DNS zone (the container of record sets). */
import { z } from "zod";
import { declare, type HookContext } from "../engine/declaration";
import { ApiError } from "../http/errors";
import { backoffDelay, DEFAULT_RETRY_POLICY } from "../http/retry";
import { fillTemplate } from "../engine/template";
import { fqdn, projectId, zoneName } from "./names";
import { gkeClusters, networkUrl, networks, targetNameServers } from "./shapes";
import { API_PREFIX, listAll, changeWire, waitForChange, waitForZoneOperation, withoutKinds } from "./wire";

export const managedZoneArgs = z.object({
  project: projectId.optional(),
  name: zoneName,
  dnsName: fqdn,
  // The API requires a description on create; an empty one is what "none" looks like.
  description: z.string().max(1024, { error: "must be at most 1024 characters" }).default(""),
  visibility: z
    .enum(["public", "private"], { error: (issue) => `must be "public" or "private"; got ${JSON.stringify(issue.input)}` })
    .default("public"),
  labels: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, {
        error: (issue) => `label keys must start with a lowercase letter and hold up to 63 lowercase letters, digits, _ or -; got ${JSON.stringify(issue.input)}`,
      }),
      z.string().regex(/^[a-z0-9_-]{0,63}$/, {
        error: (issue) => `label values hold up to 63 lowercase letters, digits, _ or -; got ${JSON.stringify(issue.input)}`,
      }),
    )
    .optional(),
  cloudLoggingConfig: z.object({ enableLogging: z.boolean() }).optional(),
  privateVisibilityConfig: z.object({ networks: networks.optional(), gkeClusters: gkeClusters.optional() }).optional(),
  forwardingConfig: z.object({ targetNameServers }).optional(),
  peeringConfig: z.object({ targetNetwork: z.object({ networkUrl }) }).optional(),
  dnssecConfig: z
    .object({
      state: z.enum(["off", "on", "transfer"], { error: (issue) => `must be "off", "on" or "transfer"; got ${JSON.stringify(issue.input)}` }),
      nonExistence: z.enum(["nsec", "nsec3"]).optional(),
    })
    .optional(),
  /** Client-side: on delete, first delete the zone's record sets (not the apex SOA and NS). */
  forceDestroy: z.boolean().default(false),
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
  lifecycle: {
    delete: async (state, context) => {
      const zonePath = fillTemplate(`${API_PREFIX}/managedZones/{name}`, context.identity);
      if (state["forceDestroy"] === true) await deleteRecordSets(zonePath, String(state["dnsName"]), context);
      try {
        await context.client.send({ method: "DELETE", path: zonePath });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && error.reason === "containerNotEmpty") {
          throw new Error(
            `svc.dns.ManagedZone ${context.identity["name"]} still holds record sets that are not managed here, so the API refuses to delete it. ` +
              `Delete those record sets first, or set forceDestroy: true on the zone (then \`pulumi up\`) to delete them with it. Nothing was deleted. (${error.message})`,
          );
        }
        throw error;
      }
    },
  },
  outputs: ["managedZoneId", "nameServers", "creationTime"],
  hooks: { afterUpdate: waitForZoneOperation },
});

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
 * forceDestroy: removes every record set but the apex SOA and NS in one atomic
 * change, and waits for it, so the zone can be deleted. After an unknown
 * outcome (lost or unreadable answer) or a 412 (a set changed meanwhile) the
 * sets are listed again: what is gone was deleted, what is still live is
 * deleted by a new change — the change itself is never repeated blindly.
 */
async function deleteRecordSets(zonePath: string, dnsName: string, context: HookContext): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const rrsets = await listAll(context.client, `${zonePath}/rrsets`, "rrsets");
    const deletions = rrsets.filter((rrset) => !(rrset["name"] === dnsName && (rrset["type"] === "SOA" || rrset["type"] === "NS")));
    if (deletions.length === 0) return;
    context.log(`svc: forceDestroy: deleting ${deletions.length} record set(s) of zone ${context.identity["name"]} before the zone`);
    try {
      const change = await context.client.send({
        method: "POST",
        path: `${zonePath}/changes`,
        body: { kind: "dns#change", deletions: deletions.map((rrset) => withoutKinds(rrset)) },
        // Sent again as is, a change whose deletions were applied fails: settled by listing, above.
        repeat: "settle",
        schema: changeWire,
      });
      await waitForChange(zonePath, change, context);
      return;
    } catch (error) {
      const settle = error instanceof ApiError && (error.status === 412 || error.status === 404 || error.outcome === "unknown");
      if (!settle || attempt >= FORCE_DESTROY_ATTEMPTS) throw error;
      context.log(`svc: forceDestroy of zone ${context.identity["name"]}: the change did not clearly succeed (${error.message}); listing the record sets again`);
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(DEFAULT_RETRY_POLICY, attempt)));
    }
  }
}

const FORCE_DESTROY_ATTEMPTS = 10;


