/**
 * The ad-mediation adapter listing API (AdMob v1beta): one method,
 * `accounts.adSources.adapters.list`, at its documented path. The checks run
 * in the order the real service applies them: the resource name's form
 * (400), the caller's access to the publisher (403, also for a publisher
 * that does not exist: the service does not reveal accounts), then the ad
 * source (404).
 */
import type { ApiCall, ApiResult, ApiRoute } from "../../api";
import { pathParam } from "../../api";
import { ApiError } from "../../errors";
import { bearerToken } from "../../google/auth";
import { compareNumericStrings, pagingBy } from "../../google/paging";
import type { ResolvedAdsOptions } from "./options";
import { PUBLISHER_ID } from "./options";
import type { SeedAdapter } from "./seed";
import type { AdsStore } from "./state";

export const ADS_PREFIX = "/v1beta/accounts";

/** AdMob's rule (reference notes): unspecified or 0 gives at most 10,000; above 20,000 is cut to 20,000. */
const { paginate } = pagingBy({ parameter: "pageSize", defaultSize: 10_000, maxSize: 20_000 });

export interface AdsContext extends ResolvedAdsOptions {
  store: AdsStore;
}

function invalidParent(parent: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "invalidArgument",
    message: `Request contains an invalid argument: parent '${parent}' must be accounts/pub-<16 characters>/adSources/<ad source id>.`,
    errorInfo: { metadata: { parent } },
  });
}

function permissionDenied(): ApiError {
  return new ApiError({ httpStatus: 403, reason: "permissionDenied", message: "The caller does not have permission" });
}

function notFound(): ApiError {
  return new ApiError({ httpStatus: 404, reason: "notFound", message: "Requested entity was not found." });
}

/** Proto3 JSON, as the service sends it: empty lists and `false` are left out. */
function adapterWire(parent: string, adapter: SeedAdapter): Record<string, unknown> {
  return {
    name: `${parent}/adapters/${adapter.adapterId}`,
    adapterId: adapter.adapterId,
    title: adapter.title,
    platform: adapter.platform,
    ...(adapter.formats.length > 0 && { formats: adapter.formats }),
    ...(adapter.adapterConfigMetadata.length > 0 && {
      adapterConfigMetadata: adapter.adapterConfigMetadata.map(({ isRequired, ...rest }) => ({ ...rest, ...(isRequired && { isRequired }) })),
    }),
  };
}

function listAdapters(context: AdsContext, call: ApiCall): ApiResult {
  const publisherId = pathParam(call, "publisherId");
  const adSourceId = pathParam(call, "adSourceId");
  const parent = `accounts/${publisherId}/adSources/${adSourceId}`;
  if (!PUBLISHER_ID.test(publisherId) || adSourceId === "") throw invalidParent(parent);
  const token = bearerToken({ headers: call.headers, query: call.query }) ?? "";
  const visible = context.publisherTokens === null || context.publisherTokens.get(token)?.has(publisherId) === true;
  const publisher = context.store.publishers.get(publisherId);
  if (!visible || publisher === undefined) throw permissionDenied();
  const adSource = publisher.adSources.find((source) => source.adSourceId === adSourceId);
  if (adSource === undefined) throw notFound();
  const page = paginate({
    listId: parent,
    sortedItems: [...adSource.adapters].sort((a, b) => compareNumericStrings(a.adapterId, b.adapterId)),
    keyOf: (adapter) => adapter.adapterId,
    compareKeys: compareNumericStrings,
    query: call.query,
  });
  return {
    status: 200,
    body: {
      ...(page.items.length > 0 && { adapters: page.items.map((adapter) => adapterWire(parent, adapter)) }),
      ...(page.nextPageToken !== undefined && { nextPageToken: page.nextPageToken }),
    },
  };
}

export function adsRoutes(context: AdsContext): ApiRoute[] {
  return [
    {
      method: "GET",
      pattern: `${ADS_PREFIX}/:publisherId/adSources/:adSourceId/adapters`,
      operation: "admob.accounts.adSources.adapters.list",
      handle: (call) => listAdapters(context, call),
    },
  ];
}
