/**
 * Every item of a Google list endpoint, page after page. APIs name the page
 * token and the page size differently (an older API's `maxResults`, the
 * newer APIs' `pageSize`), so both are parameters.
 */
import { z } from "zod";
import type { ApiClient } from "../http/client";

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
  /** Stops after the page where this holds of the items so far (a newest-first listing read only as far as needed). */
  readonly until?: (items: ReadonlyArray<Record<string, unknown>>) => boolean;
}

export async function listAll(
  client: ApiClient,
  path: string,
  field: string,
  { pageParam = "pageToken", pageSizeParam = "pageSize", pageSize, maxPageSize, query = {}, omitsEmptyList = false, until }: Paging = {},
): Promise<Array<Record<string, unknown>>> {
  // A page names its kind or holds the list: anything else (an empty 200, another object) is an
  // unreadable answer, never an empty list — forceDestroy must not take garbage for "no record sets".
  const pageWire = z
    .looseObject({
      kind: z.string().optional(),
      nextPageToken: z.string().optional(),
    })
    .and(z.looseObject({ [field]: z.array(z.record(z.string(), z.unknown())).optional() }))
    .refine((page) => page.kind !== undefined || page[field] !== undefined || (omitsEmptyList && Object.keys(page).every((key) => key === "nextPageToken")), {
      error: `neither a kind nor ${field}`,
    });
  const size = pageSize === undefined ? undefined : String(maxPageSize === undefined ? pageSize : Math.min(pageSize, maxPageSize));
  const items: Array<Record<string, unknown>> = [];
  let pageToken: string | undefined;
  do {
    const page: Record<string, unknown> = await client.send({
      method: "GET",
      path,
      query: { ...query, ...(size !== undefined && { [pageSizeParam]: size }), [pageParam]: pageToken },
      schema: pageWire,
    });
    const found = page[field];
    if (Array.isArray(found)) items.push(...(found as Array<Record<string, unknown>>));
    pageToken = typeof page["nextPageToken"] === "string" && page["nextPageToken"] !== "" ? page["nextPageToken"] : undefined;
  } while (pageToken !== undefined && until?.(items) !== true);
  return items;
}
