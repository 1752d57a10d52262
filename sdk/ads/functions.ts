import type * as Queries from "../../provider/ads/functions";

import { lazily, outputFunction, promiseFunction } from "../internal/functions";

export type { Adapter, AdapterConfigMetadata, AdapterFormat, AdaptersArgs } from "../../provider/ads/functions";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/ads/functions") as typeof Queries);

/**
 * Every mediation adapter of one ad source of a publisher account, read
 * across all pages (`GET /v1beta/accounts/{publisherId}/adSources/{adSourceId}/adapters`).
 *
 * `publisherId` is `pub-` followed by 16 characters; a bad argument fails
 * before any request, naming it. The token is `svc:adsToken` (or
 * `SVC_ADS_TOKEN`), an OAuth access token with the `ads.readonly` scope.
 * `pageSize` (1 to 20,000) is only how many adapters each request asks for.
 *
 * @example
 * ```ts
 * import * as svc from "pulumi-svc";
 * const adapters = await svc.ads.getAdapters({ publisherId: "pub-3940256099942544", adSourceId: "5450213213286189855" });
 * for (const adapter of adapters) console.log(adapter.adapterId, adapter.platform, adapter.formats.join(","));
 * ```
 */
export const getAdapters = promiseFunction(queries, "getAdapters");

/**
 * {@link getAdapters} as an Output, for Pulumi programs: its arguments may be Outputs.
 *
 * @example
 * ```ts
 * import * as svc from "pulumi-svc";
 * export const adapterTitles = svc.ads
 *   .getAdaptersOutput({ publisherId: "pub-3940256099942544", adSourceId: "5450213213286189855" })
 *   .apply((adapters) => adapters.map((adapter) => adapter.title));
 * ```
 */
export const getAdaptersOutput = outputFunction(queries, "getAdapters");
