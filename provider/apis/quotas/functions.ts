/**
 * Cloud Quotas' read-only side: the quota infos of a service (one, or every
 * page), and the quota preferences of a parent (filtered, ordered, every page,
 * with the locations the service could not reach). Arguments are checked
 * before any request; results are typed as the reference gives them.
 */
import { z } from "zod";
import { readFunctionsOf } from "../../engine/functions/readFunction";
import { fillTemplate } from "../../engine/declaration/template";
import { apiVersionArg, parentDerived, parentProblems, parentShape } from "./parent";

const int64 = z.union([z.string(), z.number()]).transform((value) => String(value));

export const quotaInfoSchema = z.looseObject({
  name: z.string(),
  quotaId: z.string(),
  metric: z.string().optional(),
  service: z.string(),
  isPrecise: z.boolean().default(false),
  refreshInterval: z.string().optional(),
  containerType: z.string().optional(),
  dimensions: z.array(z.string()).default([]),
  metricDisplayName: z.string().optional(),
  quotaDisplayName: z.string().optional(),
  metricUnit: z.string().optional(),
  quotaIncreaseEligibility: z.looseObject({ isEligible: z.boolean().default(false), ineligibilityReason: z.string().optional() }).optional(),
  isFixed: z.boolean().default(false),
  dimensionsInfos: z
    .array(
      z.looseObject({
        dimensions: z.record(z.string(), z.string()).default({}),
        details: z.looseObject({ value: int64.optional() }).optional(),
        applicableLocations: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  isConcurrent: z.boolean().default(false),
  serviceRequestQuotaUri: z.string().optional(),
});
export type QuotaInfo = z.infer<typeof quotaInfoSchema>;

export const quotaPreferenceSchema = z.looseObject({
  name: z.string(),
  service: z.string(),
  quotaId: z.string(),
  dimensions: z.record(z.string(), z.string()).default({}),
  quotaConfig: z.looseObject({
    preferredValue: int64,
    grantedValue: int64.optional(),
    stateDetail: z.string().optional(),
    traceId: z.string().optional(),
    annotations: z.record(z.string(), z.string()).default({}),
    requestOrigin: z.string().optional(),
  }),
  etag: z.string().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
  reconciling: z.boolean().default(false),
  justification: z.string().optional(),
});
export type QuotaPreferenceInfo = z.infer<typeof quotaPreferenceSchema>;

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const parentArgs = { ...parentShape, apiVersion: apiVersionArg };
const serviceArg = z.string().regex(SEGMENT, { error: 'must be a service name such as "compute.googleapis.com"' });

export const quotaInfoArgs = z.object({
  ...parentArgs,
  service: serviceArg,
  quotaId: z.string().regex(SEGMENT, { error: 'must be a quota id such as "CPUS-per-project-region"' }),
});
export const quotaInfosArgs = z.object({ ...parentArgs, service: serviceArg, pageSize: z.number().int().min(1).max(1000).optional() });
export const quotaPreferencesArgs = z.object({
  ...parentArgs,
  filter: z.string().optional(),
  orderBy: z.string().optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
});
export type QuotaInfoArgs = z.input<typeof quotaInfoArgs>;
export type QuotaInfosArgs = z.input<typeof quotaInfosArgs>;
export type QuotaPreferencesArgs = z.input<typeof quotaPreferencesArgs>;

const { get, list, custom } = readFunctionsOf("quotas", {
  // The parent's resource name, from whichever of project / folder / organization was given (exactly one).
  prepare: (args, fn) => {
    const problems = parentProblems(args).map(({ property, reason }) => `${property} ${reason}`);
    if (problems.length > 0) throw new Error(`svc.quotas.${fn}: ${problems.join("; ")}`);
    const kind = parentDerived.parentKind.from(args) as string;
    const id = parentDerived.parentId.from(args) as string;
    return { parent: `${String(args["apiVersion"])}/${fillTemplate("{kind}/{id}", { kind, id })}/locations/global` };
  },
});

export const getQuotaInfo = get({
  name: "getQuotaInfo",
  doc: "One quota of a service, as it stands for the parent.",
  args: quotaInfoArgs,
  path: "{parent*}/services/{service}/quotaInfos/{quotaId}",
  result: quotaInfoSchema,
});

export const getQuotaInfos = list({
  name: "getQuotaInfos",
  doc: "Every quota of a service, across all pages.",
  args: quotaInfosArgs,
  path: "{parent*}/services/{service}/quotaInfos",
  field: "quotaInfos",
  paging: { omitsEmptyList: true },
  pageSizeArg: "pageSize",
  result: quotaInfoSchema,
});

export interface QuotaPreferencesResult {
  readonly quotaPreferences: QuotaPreferenceInfo[];
  /** Locations the service could not reach: the list may miss preferences there. */
  readonly unreachable: string[];
}

/** A page of a parent's quota preferences (proto3 JSON: an empty list is left out). */
const quotaPreferencesPage = z.looseObject({
  quotaPreferences: z.array(quotaPreferenceSchema).default([]),
  nextPageToken: z.string().optional(),
  unreachable: z.array(z.string()).default([]),
});

export const getQuotaPreferences = custom({
  name: "getQuotaPreferences",
  doc: "The quota preferences of a parent, filtered and ordered as asked, across all pages, with the locations the service could not reach (`unreachable`).",
  args: quotaPreferencesArgs,
  request: "GET {parent}/quotaPreferences, every page, keeping each page's unreachable locations",
  run: async (args, send): Promise<QuotaPreferencesResult> => {
    // Every page, read by the executor, each parsed whole: its preferences and the locations it could not reach.
    const pages = await send({
      method: "GET",
      path: `${args.parent}/quotaPreferences`,
      query: { filter: args.filter, orderBy: args.orderBy, pageSize: args.pageSize },
      schema: quotaPreferencesPage,
      paging: { wholePages: true },
    });
    const quotaPreferences: QuotaPreferenceInfo[] = pages.flatMap((page) => page.quotaPreferences);
    return { quotaPreferences, unreachable: [...new Set(pages.flatMap((page) => page.unreachable))] };
  },
});
