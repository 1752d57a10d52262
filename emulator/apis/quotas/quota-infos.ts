/**
 * services.quotaInfos: get and list over the seeded catalogue. A quota's
 * per-dimension value is what is in force for the container: the granted value
 * of its preference when it has one, otherwise the service default.
 */
import type { ApiCall, ApiResult } from "../../api";
import { pathParam } from "../../api";
import { pagingBy, compareStrings } from "../../google/paging";
import { settle } from "./decisions";
import { notFound, parentOf, type ParentKind } from "./names";
import type { QuotasContext } from "./preferences";
import { SEED_QUOTAS, defaultValueOf, type SeedQuota } from "./seed";

const { paginate } = pagingBy({ parameter: "pageSize", defaultSize: 100, maxSize: 1000 });

const CONTAINER_TYPES: Readonly<Record<ParentKind, string>> = { projects: "PROJECT", folders: "FOLDER", organizations: "ORGANIZATION" };

/** The value in force for a container and dimensions: a preference's granted value, else the default. */
function valueInForce(context: QuotasContext, parent: string, quota: SeedQuota, dimensions: Readonly<Record<string, string>>): bigint {
  for (const preference of context.store.preferences.values()) {
    const same =
      preference.parent === parent &&
      preference.service === quota.service &&
      preference.quotaId === quota.quotaId &&
      JSON.stringify(Object.entries(preference.dimensions).sort()) === JSON.stringify(Object.entries(dimensions).sort());
    if (same) {
      settle(preference, quota, context.now());
      return preference.grantedValue;
    }
  }
  return defaultValueOf(quota, dimensions);
}

function quotaInfoWire(context: QuotasContext, parent: string, kind: ParentKind, quota: SeedQuota): Record<string, unknown> {
  const regions = quota.dimensions.includes("region") ? Object.keys(quota.regionalValues ?? { "us-central1": 0n, "europe-west1": 0n }) : [];
  const dimensionsInfos = [
    ...regions.map((region) => ({
      dimensions: { region },
      details: { value: valueInForce(context, parent, quota, { region }).toString() },
      applicableLocations: [region],
    })),
    // The value for every location not named above (for a quota without dimensions, the only one).
    { details: { value: valueInForce(context, parent, quota, {}).toString() }, applicableLocations: ["global"] },
  ];
  return {
    name: `${parent}/services/${quota.service}/quotaInfos/${quota.quotaId}`,
    quotaId: quota.quotaId,
    metric: quota.metric,
    service: quota.service,
    ...(quota.isPrecise && { isPrecise: true }),
    ...(quota.refreshInterval !== undefined && { refreshInterval: quota.refreshInterval }),
    containerType: CONTAINER_TYPES[kind],
    ...(quota.dimensions.length > 0 && { dimensions: [...quota.dimensions] }),
    metricDisplayName: quota.metricDisplayName,
    quotaDisplayName: quota.quotaDisplayName,
    metricUnit: quota.metricUnit,
    quotaIncreaseEligibility: quota.ineligibilityReason === undefined ? { isEligible: true } : { ineligibilityReason: quota.ineligibilityReason },
    ...(quota.isFixed && { isFixed: true }),
    dimensionsInfos,
    ...(quota.isConcurrent && { isConcurrent: true }),
    serviceRequestQuotaUri: `https://console.cloud.google.com/iam-admin/quotas?service=${quota.service}`,
  };
}

function quotasOf(service: string): SeedQuota[] {
  return SEED_QUOTAS.filter((quota) => quota.service === service);
}

export function getQuotaInfo(context: QuotasContext, call: ApiCall, kind: ParentKind): ApiResult {
  const parent = parentOf(call, kind);
  const service = pathParam(call, "service");
  const quotaId = pathParam(call, "quotaId");
  const name = `${parent}/services/${service}/quotaInfos/${quotaId}`;
  const quota = quotasOf(service).find((candidate) => candidate.quotaId === quotaId);
  if (quota === undefined) throw notFound(name);
  return { status: 200, body: quotaInfoWire(context, parent, kind, quota) };
}

export function listQuotaInfos(context: QuotasContext, call: ApiCall, kind: ParentKind): ApiResult {
  const parent = parentOf(call, kind);
  const service = pathParam(call, "service");
  const quotas = quotasOf(service);
  if (quotas.length === 0) throw notFound(`${parent}/services/${service}`);
  const page = paginate({
    listId: `${parent}/services/${service}`,
    sortedItems: [...quotas].sort((a, b) => compareStrings(a.quotaId, b.quotaId)),
    keyOf: (quota) => quota.quotaId,
    compareKeys: compareStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      ...(page.items.length > 0 && { quotaInfos: page.items.map((quota) => quotaInfoWire(context, parent, kind, quota)) }),
      ...(page.nextPageToken !== undefined && { nextPageToken: page.nextPageToken }),
    },
  };
}
