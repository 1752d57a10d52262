/**
 * Cloud Quotas' read-only side: the quota infos of a service (one, or every
 * page), and the quota preferences of a parent (filtered, ordered, every page,
 * with the locations the service could not reach). Arguments are checked
 * before any request; results are typed as the reference gives them.
 */
import { z } from "zod";
import { clientFor } from "../clients";
import { fillTemplate } from "../engine/template";
import { listAll } from "../google/listAll";
import { apiVersionArg, parentDerived, parentProblems, parentShape } from "./parent";
import { parseFunctionArgs } from "../functionArgs";

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
    .array(z.looseObject({ dimensions: z.record(z.string(), z.string()).default({}), details: z.looseObject({ value: int64.optional() }).optional(), applicableLocations: z.array(z.string()).default([]) }))
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

export const quotaInfoArgs = z.object({ ...parentArgs, service: serviceArg, quotaId: z.string().regex(SEGMENT, { error: 'must be a quota id such as "CPUS-per-project-region"' }) });
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

function parse<S extends z.ZodObject>(name: string, schema: S, input: unknown): z.output<S> & { parent: string } {
  const data = parseFunctionArgs(schema, input, `quotas.${name}`) as z.output<S> & Record<string, unknown>;
  const problems = parentProblems(data).map(({ property, reason }) => `${property} ${reason}`);
  if (problems.length > 0) throw new Error(`svc.quotas.${name}: ${problems.join("; ")}`);
  const kind = parentDerived.parentKind.from(data) as string;
  const id = parentDerived.parentId.from(data) as string;
  return { ...data, parent: `${String(data["apiVersion"])}/${fillTemplate("{kind}/{id}", { kind, id })}/locations/global` };
}

/** One quota of a service, as it stands for the parent. */
export async function getQuotaInfo(input: QuotaInfoArgs): Promise<QuotaInfo> {
  const args = parse("getQuotaInfo", quotaInfoArgs, input);
  const path = `${args.parent}/${fillTemplate("services/{service}/quotaInfos/{quotaId}", { service: args.service, quotaId: args.quotaId })}`;
  return clientFor("quotas").send({ method: "GET", path, schema: quotaInfoSchema });
}

/** Every quota of a service, across all pages. */
export async function getQuotaInfos(input: QuotaInfosArgs): Promise<QuotaInfo[]> {
  const args = parse("getQuotaInfos", quotaInfosArgs, input);
  const path = `${args.parent}/${fillTemplate("services/{service}/quotaInfos", { service: args.service })}`;
  const items = await listAll(clientFor("quotas"), path, "quotaInfos", { pageSize: args.pageSize, omitsEmptyList: true });
  return z.array(quotaInfoSchema).parse(items);
}

export interface QuotaPreferencesResult {
  readonly quotaPreferences: QuotaPreferenceInfo[];
  /** Locations the service could not reach: the list may miss preferences there. */
  readonly unreachable: string[];
}

/** The quota preferences of a parent, filtered and ordered as asked, across all pages, with the unreachable locations. */
export async function getQuotaPreferences(input: QuotaPreferencesArgs): Promise<QuotaPreferencesResult> {
  const args = parse("getQuotaPreferences", quotaPreferencesArgs, input);
  const client = clientFor("quotas");
  const page = z.looseObject({ quotaPreferences: z.array(quotaPreferenceSchema).default([]), nextPageToken: z.string().optional(), unreachable: z.array(z.string()).default([]) });
  const quotaPreferences: QuotaPreferenceInfo[] = [];
  const unreachable = new Set<string>();
  let pageToken: string | undefined;
  do {
    const answer = await client.send({
      method: "GET",
      path: `${args.parent}/quotaPreferences`,
      query: { filter: args.filter, orderBy: args.orderBy, pageSize: args.pageSize, pageToken },
      schema: page,
    });
    quotaPreferences.push(...answer.quotaPreferences);
    for (const location of answer.unreachable) unreachable.add(location);
    pageToken = answer.nextPageToken === "" ? undefined : answer.nextPageToken;
  } while (pageToken !== undefined);
  return { quotaPreferences, unreachable: [...unreachable] };
}
