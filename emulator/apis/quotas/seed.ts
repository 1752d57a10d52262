/**
 * The seeded catalogue of the quota emulator: quota infos of a few services
 * with the values the service grants by default, the usage the safety checks
 * compare with, and the ceiling up to which an increase is granted; and the
 * resource hierarchy the quota adjuster settings inherit through.
 */

export interface SeedQuota {
  readonly service: string;
  readonly quotaId: string;
  readonly metric: string;
  readonly metricDisplayName: string;
  readonly quotaDisplayName: string;
  readonly metricUnit: string;
  readonly refreshInterval?: string;
  readonly isPrecise: boolean;
  readonly isFixed: boolean;
  readonly isConcurrent: boolean;
  /** Dimension keys a preference may name (e.g. `region`). */
  readonly dimensions: readonly string[];
  /** The value in force without a preference; per region where the quota has that dimension. */
  readonly defaultValue: bigint;
  readonly regionalValues?: Readonly<Record<string, bigint>>;
  /** What is in use now: a decrease below it trips QUOTA_DECREASE_BELOW_USAGE. */
  readonly usage: bigint;
  /** The most the service grants on an increase; more is a partial grant. */
  readonly ceiling: bigint;
  readonly ineligibilityReason?: "NO_VALID_BILLING_ACCOUNT" | "NOT_SUPPORTED" | "NOT_ENOUGH_USAGE_HISTORY" | "OTHER";
}

const REGIONS = { "us-central1": 24n, "us-east1": 24n, "europe-west1": 12n } as const;

const compute = (quota: Omit<SeedQuota, "service" | "metric" | "isConcurrent"> & { metric: string; isConcurrent?: boolean }): SeedQuota => ({
  service: "compute.googleapis.com",
  isConcurrent: false,
  ...quota,
  metric: `compute.googleapis.com/${quota.metric}`,
});

/** In quota id order within each service, the order the list answers in. */
export const SEED_QUOTAS: readonly SeedQuota[] = [
  compute({
    quotaId: "CPUS-ALL-REGIONS-per-project",
    metric: "cpus_all_regions",
    metricDisplayName: "CPUs (all regions)",
    quotaDisplayName: "CPUs (all regions) per project",
    metricUnit: "1",
    isPrecise: true,
    isFixed: false,
    dimensions: [],
    defaultValue: 32n,
    usage: 20n,
    ceiling: 512n,
  }),
  compute({
    quotaId: "CPUS-per-project-region",
    metric: "cpus",
    metricDisplayName: "CPUs",
    quotaDisplayName: "CPUs per project per region",
    metricUnit: "1",
    isPrecise: true,
    isFixed: false,
    dimensions: ["region"],
    defaultValue: 24n,
    regionalValues: REGIONS,
    usage: 20n,
    ceiling: 200n,
  }),
  compute({
    quotaId: "DISKS-TOTAL-GB-per-project-region",
    metric: "disks_total_storage",
    metricDisplayName: "Persistent disk standard (GB)",
    quotaDisplayName: "Persistent disk standard (GB) per project per region",
    metricUnit: "GBy",
    isPrecise: true,
    isFixed: false,
    dimensions: ["region"],
    defaultValue: 4096n,
    usage: 1000n,
    ceiling: 65536n,
  }),
  compute({
    quotaId: "GPUS-ALL-REGIONS-per-project",
    metric: "gpus_all_regions",
    metricDisplayName: "GPUs (all regions)",
    quotaDisplayName: "GPUs (all regions) per project",
    metricUnit: "1",
    isPrecise: true,
    isFixed: false,
    dimensions: [],
    defaultValue: 0n,
    usage: 0n,
    ceiling: 8n,
    ineligibilityReason: "NOT_ENOUGH_USAGE_HISTORY",
  }),
  compute({
    quotaId: "INSTANCES-per-project-region",
    metric: "instances",
    metricDisplayName: "VM instances",
    quotaDisplayName: "VM instances per project per region",
    metricUnit: "1",
    isPrecise: true,
    isFixed: false,
    dimensions: ["region"],
    defaultValue: 100n,
    usage: 40n,
    ceiling: 1000n,
  }),
  compute({
    quotaId: "NETWORKS-per-project",
    metric: "networks",
    metricDisplayName: "Networks",
    quotaDisplayName: "Networks per project",
    metricUnit: "1",
    isPrecise: true,
    isFixed: false,
    dimensions: [],
    defaultValue: 15n,
    usage: 3n,
    ceiling: 100n,
  }),
  compute({
    quotaId: "ReadRequestsPerMinutePerProject",
    metric: "read_requests",
    metricDisplayName: "Read requests",
    quotaDisplayName: "Read requests per minute",
    metricUnit: "1/min/{project}",
    refreshInterval: "minute",
    isPrecise: false,
    isFixed: false,
    dimensions: [],
    defaultValue: 1500n,
    usage: 200n,
    ceiling: 20000n,
  }),
  compute({
    quotaId: "SUBNETWORKS-per-network",
    metric: "subnetworks",
    metricDisplayName: "Subnetworks",
    quotaDisplayName: "Subnetworks per network",
    metricUnit: "1",
    isPrecise: true,
    isFixed: true,
    dimensions: [],
    defaultValue: 275n,
    usage: 4n,
    ceiling: 275n,
    ineligibilityReason: "NOT_SUPPORTED",
    isConcurrent: false,
  }),
  {
    service: "bigquery.googleapis.com",
    quotaId: "QueryUsagePerDay",
    metric: "bigquery.googleapis.com/quota/query/usage",
    metricDisplayName: "Query usage",
    quotaDisplayName: "Query usage per day",
    metricUnit: "MiBy/d/{project}",
    refreshInterval: "day",
    isPrecise: false,
    isFixed: false,
    isConcurrent: false,
    dimensions: [],
    defaultValue: -1n,
    usage: 50_000n,
    ceiling: -1n,
  },
  {
    service: "run.googleapis.com",
    quotaId: "CpuAllocPerProjectRegion",
    metric: "run.googleapis.com/cpu_allocation",
    metricDisplayName: "CPU allocation",
    quotaDisplayName: "Total CPU allocation, in milli vCPU, per project per region",
    metricUnit: "{milli vCPU}",
    isPrecise: true,
    isFixed: false,
    isConcurrent: true,
    dimensions: ["region"],
    defaultValue: 200_000n,
    usage: 8_000n,
    ceiling: 1_000_000n,
  },
];

export function findQuota(service: string, quotaId: string): SeedQuota | undefined {
  return SEED_QUOTAS.find((quota) => quota.service === service && quota.quotaId === quotaId);
}

/** The value in force without a preference for these dimensions. */
export function defaultValueOf(quota: SeedQuota, dimensions: Readonly<Record<string, string>>): bigint {
  const region = dimensions["region"];
  return (region !== undefined ? quota.regionalValues?.[region] : undefined) ?? quota.defaultValue;
}

export const ENABLEMENT_VALUES = ["ENABLED", "DISABLED"] as const;
export type Enablement = (typeof ENABLEMENT_VALUES)[number];

/**
 * The hierarchy above some projects, and the adjuster settings set at folder and
 * organization level (which the API cannot write: only projects have settings).
 * Other projects have no ancestors and fall back to the service default.
 */
export const SEED_ORGANIZATION = "123456789012";
export const SEED_FOLDER = "456789012345";
export const SEED_ANCESTRY: Readonly<Record<string, readonly string[]>> = {
  "org-project": [`organizations/${SEED_ORGANIZATION}`],
  "team-project": [`folders/${SEED_FOLDER}`, `organizations/${SEED_ORGANIZATION}`],
};
export const SEED_ANCESTOR_SETTINGS: Readonly<Record<string, Enablement>> = {
  [`organizations/${SEED_ORGANIZATION}`]: "ENABLED",
  [`folders/${SEED_FOLDER}`]: "DISABLED",
};
/** What a project without an explicit or inherited setting has (`inheritedFrom: "default"`). */
export const DEFAULT_ENABLEMENT: Enablement = "DISABLED";
