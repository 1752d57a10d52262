/**
 * The nested messages of Cloud DNS request bodies: zone configs and
 * record-set routing policies, field by field, each strict and carrying its
 * kind (see `message`). schemas.ts composes them into the request bodies.
 */
import { isIPv4, isIPv6 } from "node:net";
import { z } from "zod";
import { isDomainName } from "./domain-names";

/** Output-only fields: accepted in requests and ignored. */
export const ignoredOutputField = z.unknown().optional();

/**
 * A nested message of the API: strict, because Google refuses unknown names
 * at any depth; its `kind` is accepted and ignored on the way in and filled
 * with the message's fixed value on the way out, as Google fills it on every
 * nested object whose schema has one (discovery: `"kind": {"default": ...}`).
 */
export function message<Kind extends string, Shape extends Record<string, z.ZodType>>(kind: Kind, shape: Shape) {
  return z.strictObject({ ...shape, kind: ignoredOutputField }).transform((parsed) => {
    // Output-only fields a client sent back are ignored, never stored.
    const fields = Object.entries(parsed as Record<string, unknown>).filter(([key]) => key !== "kind" && shape[key] !== ignoredOutputField);
    return { kind, ...Object.fromEntries(fields) } as { kind: Kind } & { [Key in keyof Shape]?: z.output<Shape[Key]> };
  });
}

/**
 * A VPC network as Cloud DNS takes it: the full Compute Engine URL (a
 * partial `projects/p/global/networks/n` is refused as invalid).
 */
export const NETWORK_URL_PATTERN =
  /^https:\/\/(www|compute)\.googleapis\.com\/compute\/(v1|beta|alpha)\/projects\/[a-z]([-a-z0-9.:]*[a-z0-9])?\/global\/networks\/[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/;

const networkUrl = () => z.string().regex(NETWORK_URL_PATTERN);

/** `projects/{project}/locations/{location}/clusters/{cluster}`, as Cloud DNS documents it. */
/** The addresses of a name server target (a zone's forwarding, a policy's alternative name servers). */
export const targetAddresses = {
  ipv4Address: z
    .string()
    .refine((address) => isIPv4(address))
    .optional(),
  ipv6Address: z
    .string()
    .refine((address) => isIPv6(address))
    .optional(),
};

export const GKE_CLUSTER_NAME_PATTERN = /^projects\/[^/]+\/locations\/[^/]+\/clusters\/[a-z]([-a-z0-9]{0,38}[a-z0-9])?$/;

export const privateVisibilityConfig = message("dns#managedZonePrivateVisibilityConfig", {
  networks: z.array(message("dns#managedZonePrivateVisibilityConfigNetwork", { networkUrl: networkUrl() })).optional(),
  gkeClusters: z.array(message("dns#managedZonePrivateVisibilityConfigGKECluster", { gkeClusterName: z.string().regex(GKE_CLUSTER_NAME_PATTERN) })).optional(),
});

/** A forwarding target is one address (IPv4, IPv6) or one domain name. */
const forwardingTarget = z
  .strictObject({
    kind: ignoredOutputField,
    ...targetAddresses,
    domainName: z
      .string()
      .refine((name) => isDomainName(name, { allowWildcard: false }))
      .optional(),
    forwardingPath: z.enum(["default", "private"]).optional(),
  })
  .refine((target) => [target.ipv4Address, target.ipv6Address, target.domainName].filter((value) => value !== undefined).length === 1, {
    path: ["ipv4Address"],
  })
  .transform(({ kind: _sent, ...fields }) => ({ kind: "dns#managedZoneForwardingConfigNameServerTarget" as const, ...fields }));

export const forwardingConfig = message("dns#managedZoneForwardingConfig", {
  targetNameServers: z.array(forwardingTarget).optional(),
  outboundEndpoints: z.array(message("dns#managedZoneForwardingConfigOutboundEndpoint", { name: z.string().min(1) })).optional(),
});

export const peeringConfig = message("dns#managedZonePeeringConfig", {
  targetNetwork: message("dns#managedZonePeeringConfigTargetNetwork", {
    networkUrl: networkUrl(),
    deactivateTime: ignoredOutputField,
  }).optional(),
});

export const cloudLoggingConfig = message("dns#managedZoneCloudLoggingConfig", { enableLogging: z.boolean().optional() });

export const reverseLookupConfig = message("dns#managedZoneReverseLookupConfig", {});

export const serviceDirectoryConfig = message("dns#managedZoneServiceDirectoryConfig", {
  namespace: message("dns#managedZoneServiceDirectoryConfigNamespace", {
    namespaceUrl: z.string().regex(/^https:\/\/servicedirectory\.googleapis\.com\/v1\/projects\/[^/]+\/locations\/[^/]+\/namespaces\/[^/]+$/),
    deletionTime: ignoredOutputField,
  }).optional(),
});

const healthCheckTargets = z.strictObject({
  externalEndpoints: z.array(z.string()).optional(),
  internalLoadBalancers: z
    .array(
      message("dns#rRSetRoutingPolicyLoadBalancerTarget", {
        ipAddress: z.string().optional(),
        ipProtocol: z.enum(["undefined", "tcp", "udp"]).optional(),
        loadBalancerType: z.enum(["none", "globalL7ilb", "regionalL4ilb", "regionalL7ilb"]).optional(),
        networkUrl: z.string().optional(),
        port: z.string().optional(),
        project: z.string().optional(),
        region: z.string().optional(),
      }),
    )
    .optional(),
});

const routedRecords = {
  rrdatas: z.array(z.string()).optional(),
  signatureRrdatas: z.array(z.string()).optional(),
  healthCheckedTargets: healthCheckTargets.optional(),
};

const geoPolicy = message("dns#rRSetRoutingPolicyGeoPolicy", {
  enableFencing: z.boolean().optional(),
  items: z.array(message("dns#rRSetRoutingPolicyGeoPolicyGeoPolicyItem", { location: z.string().optional(), ...routedRecords })).optional(),
});

/** RRSetRoutingPolicy: answers by location (geo), weight (wrr) or health (primaryBackup). */
export const routingPolicy = message("dns#rRSetRoutingPolicy", {
  geo: geoPolicy.optional(),
  wrr: message("dns#rRSetRoutingPolicyWrrPolicy", {
    items: z.array(message("dns#rRSetRoutingPolicyWrrPolicyWrrPolicyItem", { weight: z.number().min(0).optional(), ...routedRecords })).optional(),
  }).optional(),
  primaryBackup: message("dns#rRSetRoutingPolicyPrimaryBackupPolicy", {
    primaryTargets: healthCheckTargets.optional(),
    backupGeoTargets: geoPolicy.optional(),
    trickleTraffic: z.number().min(0).max(1).optional(),
  }).optional(),
  healthCheck: z.string().optional(),
});
