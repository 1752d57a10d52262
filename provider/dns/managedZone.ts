/** `svc.dns.ManagedZone`: a DNS zone (the container of record sets). */
import { z } from "zod";
import { declare } from "../engine/declaration";
import { fqdn, projectId, zoneName } from "./names";
import { API_PREFIX, waitForZoneOperation, withoutKinds } from "./wire";

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
  toCreateBody: ({ project: _project, ...zone }) => zone,
  toState: (zone) => ({
    name: zone.name,
    dnsName: zone.dnsName,
    description: zone.description ?? "",
    visibility: zone.visibility ?? "public",
    labels: zone.labels ?? {},
    cloudLoggingConfig: zone.cloudLoggingConfig === undefined ? undefined : withoutKinds(zone.cloudLoggingConfig),
    managedZoneId: zone.id,
    nameServers: zone.nameServers ?? [],
    creationTime: zone.creationTime ?? "",
  }),
  update: "PATCH",
  outputs: ["managedZoneId", "nameServers", "creationTime"],
  hooks: { afterUpdate: waitForZoneOperation },
});
