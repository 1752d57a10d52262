// A platform team's quotas in code: the CPUs of a project in one region, the CPUs
// its folder prefers in a region, an organization-wide instance quota asked for
// beyond what will be granted (the value is an int64 above 2^53, kept exactly),
// and the project's quota adjuster. Functions read the catalogue and the preferences.
//
// Configuration (all optional):
//   project            the project (default: svc:project / SVC_PROJECT)
//   cpusValue          the project's CPUs in us-central1 (default "24")
//   cpusContact        contact email (default "ops@example.com")
//   cpusJustification  (default "steady state")
//   cpusIgnore         comma-separated safety checks to ignore, e.g. QUOTA_DECREASE_BELOW_USAGE
//   folder, folderRegion   the folder (default 456789012345) and the region of its CPUs (default us-central1)
//   organization, bigValue the organization (default 123456789012) and its instance quota (default 9007199254740993)
//   adjusterProject, adjusterEnablement   (default team-project, ENABLED)
//   importCpus, importBig, importAdjuster   ids to adopt instead of creating
//   functions          "false" to skip the read-only functions
// The token comes from `svc:quotasToken` (set it with --secret) or SVC_QUOTAS_TOKEN.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const project = config.get("project") ?? new pulumi.Config("svc").get("project") ?? process.env["SVC_PROJECT"] ?? "my-project";
const adopt = (key: string): pulumi.CustomResourceOptions => {
  const id = config.get(key);
  return id === undefined ? {} : { import: id };
};
type SafetyCheck = "QUOTA_DECREASE_BELOW_USAGE" | "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH";
const ignore = config.get("cpusIgnore")?.split(",") as SafetyCheck[] | undefined;
// Deliberately wrong inputs, to show what a preview refuses (see the e2e tests).
const mistakes: Record<string, string> = config.getObject<Record<string, string>>("cpusMistakes") ?? {};

const cpus = new svc.quotas.QuotaPreference(
  "cpus",
  {
    project,
    quotaPreferenceId: "cpus-us-central1",
    service: "compute.googleapis.com",
    quotaId: "CPUS-per-project-region",
    dimensions: { region: "us-central1", ...config.getObject<Record<string, string>>("cpusExtraDimensions") },
    preferredValue: config.get("cpusValue") ?? "24",
    justification: config.get("cpusJustification") ?? "steady state",
    contactEmail: config.get("cpusContact") ?? "ops@example.com",
    ...(ignore !== undefined && { ignoreSafetyChecks: ignore }),
    ...mistakes,
  },
  adopt("importCpus"),
);

const folderCpus = new svc.quotas.QuotaPreference("folder-cpus", {
  folder: config.get("folder") ?? "456789012345",
  apiVersion: "v1beta",
  service: "compute.googleapis.com",
  quotaId: "CPUS-per-project-region",
  dimensions: { region: config.get("folderRegion") ?? "us-central1" },
  preferredValue: 24,
});

const big = new svc.quotas.QuotaPreference(
  "org-instances",
  {
    organization: config.get("organization") ?? "123456789012",
    quotaPreferenceId: "instances-us-east1",
    service: "compute.googleapis.com",
    quotaId: "INSTANCES-per-project-region",
    dimensions: { region: "us-east1" },
    preferredValue: config.get("bigValue") ?? "9007199254740993",
    justification: "as many as will be granted",
    contactEmail: "ops@example.com",
    waitForGrant: 30,
  },
  adopt("importBig"),
);

const adjuster = new svc.quotas.QuotaAdjusterSettings(
  "adjuster",
  {
    project: config.get("adjusterProject") ?? "team-project",
    enablement: config.get<"ENABLED" | "DISABLED">("adjusterEnablement") ?? "ENABLED",
    ...config.getObject<Record<string, string>>("adjusterMistakes"),
  },
  adopt("importAdjuster"),
);

export const cpusName = cpus.name;
export const cpusGranted = cpus.grantedValue;
export const folderCpusName = folderCpus.name;
export const bigPreferred = big.preferredValue;
export const bigGranted = big.grantedValue;
export const bigStateDetail = big.stateDetail;
export const adjusterEnablement = adjuster.enablement;
export const adjusterInheritedFrom = adjuster.inheritedFrom;

// The catalogue and the preferences as the service lists them (every page).
const readFunctions = config.get("functions") !== "false";
export const computeQuotaIds = readFunctions
  ? svc.quotas.getQuotaInfosOutput({ project, service: "compute.googleapis.com" }).apply((all) => all.map((info) => info.quotaId))
  : undefined;
export const cpusDefault = readFunctions
  ? svc.quotas
      .getQuotaInfoOutput({ project, service: "compute.googleapis.com", quotaId: "CPUS-per-project-region" })
      .apply((info) => info.dimensionsInfos.find((entry) => entry.dimensions["region"] === "us-central1")?.details?.value)
  : undefined;
// Read after the project's preference exists, ordered by quota id.
export const preferenceQuotaIds = readFunctions
  ? cpus.name
      .apply(() => svc.quotas.getQuotaPreferences({ project, orderBy: "quota_id" }))
      .apply((result) => result.quotaPreferences.map((preference) => preference.quotaId))
  : undefined;
