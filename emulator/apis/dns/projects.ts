/** projects.get. Projects are implicit: any project id exists, with Cloud DNS's default quotas. */
import type { ApiCall, ApiResult } from "../../api";
import { pathParam } from "../../api";
import { allowedKeySpecs } from "./dns-keys";
import type { Project } from "./resources";

/**
 * Cloud DNS's default per-project quotas, every field of the Quota schema
 * (the emulator reports them; it enforces the per-change ones: changes.ts). The change, zone
 * and record limits are those of the Cloud DNS quotas page; the key specs are
 * exactly those the emulator accepts in `dnssecConfig.defaultKeySpecs`.
 */
export function defaultQuota() {
  return {
    kind: "dns#quota",
    managedZones: 10000,
    managedZonesPerNetwork: 10000,
    managedZonesPerGkeCluster: 10000,
    networksPerManagedZone: 10000,
    gkeClustersPerManagedZone: 100,
    rrsetsPerManagedZone: 10000,
    resourceRecordsPerRrset: 100,
    rrsetAdditionsPerChange: 1000,
    rrsetDeletionsPerChange: 1000,
    totalRrdataSizePerChange: 100000,
    nameserversPerDelegation: 8,
    dnsKeysPerManagedZone: 4,
    whitelistedKeySpecs: allowedKeySpecs(),
    policies: 100,
    networksPerPolicy: 1000,
    gkeClustersPerPolicy: 1000,
    targetNameServersPerManagedZone: 1000,
    targetNameServersPerPolicy: 1000,
    outboundEndpointsPerManagedZone: 10,
    outboundEndpointsPerPolicy: 10,
    peeringZonesPerTargetNetwork: 10000,
    responsePolicies: 100,
    networksPerResponsePolicy: 1000,
    gkeClustersPerResponsePolicy: 1000,
    responsePolicyRulesPerResponsePolicy: 1000,
    itemsPerRoutingPolicy: 100,
    internetHealthChecksPerManagedZone: 100,
  };
}

export function getProject(_context: unknown, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const body: Project = { kind: "dns#project", id: project, number: projectNumber(project), quota: defaultQuota() };
  return { status: 200, body };
}

/** A stable 12-digit project number derived from the id (FNV-1a), so repeated reads agree. */
function projectNumber(projectId: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(projectId, "utf8")) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffff_ffff_ffff_ffffn;
  }
  return String(100_000_000_000n + (hash % 900_000_000_000n));
}
