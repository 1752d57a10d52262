/**
 * A Google list endpoint as a planned request: read page by page to its end. APIs name the page
 * token and the page size differently (an older API's `maxResults`, the newer APIs' `pageSize`), so
 * both are parameters of its paging, data of the declaration that lists. The executor sends its
 * pages (engine/executor/context.ts), each validated once, items included.
 */
import type { z } from "zod";
import type { PlannedRequest } from "../engine/kinds";

export interface Paging {
  /** The query parameter that carries the next page's token. */
  readonly pageParam?: string;
  /** The query parameter of the page size. */
  readonly pageSizeParam?: string;
  /** Items per page asked for; the API's default when left out. */
  readonly pageSize?: number;
  /** The largest page the API accepts: a larger `pageSize` is capped to it. */
  readonly maxPageSize?: number;
  /** Further query parameters (filters) sent with every page. */
  readonly query?: Readonly<Record<string, string | undefined>>;
  /**
   * The API answers in proto3 JSON (AIP-158 lists, no `kind`): an empty list is left out, so a
   * page of nothing but (at most) `nextPageToken` is an empty page rather than an unreadable one.
   */
  readonly omitsEmptyList?: boolean;
}

/**
 * The listing of `path` as a planned request: every item of `field` page after page, each item
 * checked by `item` (absent `field`: the answer is the array itself).
 */
export function listingRequest(
  path: string,
  field: string | undefined,
  paging: Paging = {},
  item?: z.ZodType,
  extra: { readonly note?: string; readonly untilSeen?: readonly string[]; readonly query?: Readonly<Record<string, string>> } = {},
): PlannedRequest {
  const { pageParam = "pageToken", pageSizeParam = "pageSize", pageSize, maxPageSize, query = {}, omitsEmptyList = false } = paging;
  const size = pageSize === undefined ? undefined : String(maxPageSize === undefined ? pageSize : Math.min(pageSize, maxPageSize));
  const sent = Object.fromEntries(
    Object.entries({ ...query, ...extra.query, ...(size !== undefined && { [pageSizeParam]: size }) }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
  return {
    method: "GET",
    path,
    ...(Object.keys(sent).length > 0 && { query: sent }),
    ...(item !== undefined && { schema: item }),
    paging: {
      ...(field !== undefined && { field }),
      pageParam,
      ...(omitsEmptyList && { omitsEmptyList }),
      ...(extra.untilSeen !== undefined && { untilSeen: extra.untilSeen }),
    },
    ...(field !== undefined && { sent: "pages" as const }),
    ...(extra.note !== undefined && { note: extra.note }),
  };
}
