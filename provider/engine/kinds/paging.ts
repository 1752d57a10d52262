/**
 * How a planned listing is read page by page (engine/executor/context.ts reads it): by token or by
 * offset, to its end or as far as it asks, resolving to its items or to its pages whole. Data only.
 */
/** A Google list read page by page: where the items are, and the page parameters' names. */
export interface Paging {
  /** The member holding the items; absent: the answer is the array itself (one request). */
  readonly field?: string;
  /** The query parameter that carries the next page's token (default `pageToken`). */
  readonly pageParam?: string;
  /** The API answers in proto3 JSON (AIP-158): a page without items leaves the field out. */
  readonly omitsEmptyList?: boolean;
  /** A newest-first listing read only until every one of these ids was seen (a zone's changes). */
  readonly untilSeen?: readonly string[];
  /**
   * Pages by offset, not by token, of an answer that is the array itself: `limit` items from the
   * query's offset (none: 0), the next page `limit` further on, until a page comes short.
   */
  readonly byOffset?: { readonly limitParam: string; readonly offsetParam: string; readonly limit: number };
  /**
   * Each page is the answer, parsed whole by the request's schema (its items in it, and what else it
   * holds: the next page's token, the places the service could not reach): resolves to the pages.
   */
  readonly wholePages?: true;
  /** Reads stop after this many pages (a function's one page, from the query's token or offset). */
  readonly maxPages?: number;
  /** Reads stop once this many items were read (an offset listing's). */
  readonly enough?: number;
}
