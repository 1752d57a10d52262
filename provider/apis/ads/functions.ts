/**
 * The ad-mediation adapter listing API (AdMob v1beta): the adapters of one
 * ad source of a publisher, every page. The API is read-only, so this is a
 * function, not a resource. Arguments are checked before any request; results
 * are typed as the spec gives the Adapter, and fields it does not name are kept.
 */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";
import { readFunctionsOf } from "../../engine/functions/readFunction";
import { pathValueProblem } from "../../engine/declaration/template";

/** The spec's ad unit formats of an adapter. */
export const adapterFormat = z.enum(["BANNER", "INTERSTITIAL", "REWARDED", "NATIVE", "REWARDED_INTERSTITIAL", "APP_OPEN"]);
export type AdapterFormat = z.infer<typeof adapterFormat>;

export const adapterConfigMetadataSchema = z.looseObject({
  adapterConfigMetadataId: z.string(),
  adapterConfigMetadataLabel: z.string(),
  /** Left out by the API when false (proto3 JSON). */
  isRequired: z.boolean().optional(),
});
export type AdapterConfigMetadata = z.infer<typeof adapterConfigMetadataSchema>;

export const adapterSchema = z.looseObject({
  /** `accounts/{publisherId}/adSources/{adSourceId}/adapters/{adapterId}`. */
  name: z.string(),
  adapterId: z.string(),
  title: z.string(),
  /** Kept as the API sends it: the spec shows one value and lists no others. */
  platform: z.string(),
  // Proto3 JSON leaves an empty list out; the result always has the array.
  formats: z.array(adapterFormat).default([]),
  adapterConfigMetadata: z.array(adapterConfigMetadataSchema).default([]),
});
export type Adapter = z.infer<typeof adapterSchema>;

/** The largest page the API serves; it cuts larger requests down to it. */
export const MAX_ADAPTERS_PAGE_SIZE = 20_000;

const publisherId = z.string().regex(/^pub-[A-Za-z0-9]{16}$/, {
  error: (issue) => `must be "pub-" followed by 16 characters (e.g. "pub-3940256099942544"); got ${excerpt(issue.input)}`,
});

const AD_SOURCE_FORM = 'one ad source id (one path segment: no "/", "?", "#", "%" or spaces, not "." or "..", e.g. "5450213213286189855")';
const adSourceId = z
  .string()
  .regex(/^[^/?#%\s]+$/, { error: (issue) => `must be ${AD_SOURCE_FORM}; got ${excerpt(issue.input)}` })
  .refine((value) => pathValueProblem(value) === undefined, { error: (issue) => `must be ${AD_SOURCE_FORM}; got ${excerpt(issue.input)}` });

export const adaptersArgs = z.object({
  publisherId,
  adSourceId,
  /** Adapters per request (the API's pageSize); every page is read regardless. */
  pageSize: z
    .number({ error: (issue) => `must be a whole number from 1 to ${MAX_ADAPTERS_PAGE_SIZE}; got ${excerpt(issue.input)}` })
    .int({ error: (issue) => `must be a whole number from 1 to ${MAX_ADAPTERS_PAGE_SIZE}; got ${excerpt(issue.input)}` })
    .min(1, { error: (issue) => `must be a whole number from 1 to ${MAX_ADAPTERS_PAGE_SIZE}; got ${excerpt(issue.input)}` })
    .max(MAX_ADAPTERS_PAGE_SIZE, { error: (issue) => `must be a whole number from 1 to ${MAX_ADAPTERS_PAGE_SIZE}; got ${excerpt(issue.input)}` })
    .optional(),
});
export type AdaptersArgs = z.input<typeof adaptersArgs>;

const ADAPTERS_PATH = "/v1beta/accounts/{publisherId}/adSources/{adSourceId}/adapters";

const { list } = readFunctionsOf("ads");

export const getAdapters = list({
  name: "getAdapters",
  doc:
    "Every mediation adapter of one ad source of a publisher account, read across all pages. `publisherId` is `pub-` followed by 16 characters; " +
    "the token is `svc:adsToken` (or `SVC_ADS_TOKEN`) or Google credentials (scope `ads.readonly`). `pageSize` (1 to 20,000) is only how many adapters each request asks for.",
  example: [
    'const adapters = await svc.ads.getAdapters({ publisherId: "pub-3940256099942544", adSourceId: "5450213213286189855" });',
    'for (const adapter of adapters) console.log(adapter.adapterId, adapter.platform, adapter.formats.join(","));',
  ],
  args: adaptersArgs,
  path: ADAPTERS_PATH,
  field: "adapters",
  paging: { pageSizeParam: "pageSize", maxPageSize: MAX_ADAPTERS_PAGE_SIZE, omitsEmptyList: true },
  pageSizeArg: "pageSize",
  result: adapterSchema,
});
