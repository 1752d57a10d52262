/**
 * Google-style list paging: a page-size parameter + opaque `pageToken`,
 * answered with `nextPageToken` while more items remain. Each API names its
 * page-size parameter and its default and maximum (`PageSizeRule`): Cloud
 * DNS `maxResults` 1000/1000, Calendar `maxResults` 100/250, AIP-158 APIs
 * `pageSize`; `pagingBy(rule)` gives the API its paginators.
 *
 * Tokens are keyset cursors (the sort key of the last item returned), not
 * offsets, so deleting items between two page requests neither skips nor
 * repeats the survivors. A token is only valid for the list that issued it.
 */
import { z } from "zod";
import type { QueryParams } from "../api";
import { firstQueryValue } from "../api";
import { ApiError } from "../errors";
import { invalidParameter } from "./errors";

export interface PageSizeRule {
  /** The query parameter, e.g. `maxResults` or `pageSize`. */
  parameter: string;
  /** Items per page when the parameter is absent or 0 ("server decides"). */
  defaultSize: number;
  /** Larger requests are cut down to this, as Google does, not refused. */
  maxSize: number;
}

export interface Page<Item> {
  items: Item[];
  nextPageToken?: string;
}

export interface PagingOptions<Item> {
  /** Identifies the collection (and its ordering) so a token of another list is refused. */
  listId: string;
  /** Items already sorted by `compareKeys` of `keyOf`. */
  sortedItems: readonly Item[];
  keyOf: (item: Item) => string;
  compareKeys: (a: string, b: string) => number;
  query: QueryParams;
}

export interface Paginators {
  paginate: <Item>(options: PagingOptions<Item>) => Page<Item>;
  /** Pages a collection listed in creation order (the order Google's DNS lists use). */
  paginateByCreation: <Item extends { creationSequence: number }>(listId: string, items: readonly Item[], query: QueryParams) => Page<Item>;
}

/** An API's paginators, bound to its page-size rule. */
export function pagingBy(rule: PageSizeRule): Paginators {
  const paginateWithRule = <Item>(options: PagingOptions<Item>): Page<Item> => paginate(rule, options);
  return {
    paginate: paginateWithRule,
    paginateByCreation: (listId, items, query) =>
      paginateWithRule({ listId, sortedItems: items, keyOf: (item) => String(item.creationSequence), compareKeys: compareNumericStrings, query }),
  };
}

const pageTokenSchema = z.strictObject({ list: z.string(), after: z.string() });

export function paginate<Item>(rule: PageSizeRule, options: PagingOptions<Item>): Page<Item> {
  const pageSize = parsePageSize(rule, options.query);
  const rawToken = firstQueryValue(options.query, "pageToken");
  let start = 0;
  if (rawToken !== undefined && rawToken !== "") {
    const afterKey = decodePageToken(rawToken, options.listId);
    let index: number;
    try {
      index = options.sortedItems.findIndex((item) => options.compareKeys(options.keyOf(item), afterKey) > 0);
    } catch {
      // A forged cursor the comparator cannot read (e.g. not a number).
      throw invalidPageToken(rawToken);
    }
    start = index === -1 ? options.sortedItems.length : index;
  }
  const items = options.sortedItems.slice(start, start + pageSize);
  const last = items[items.length - 1];
  if (last === undefined || start + items.length >= options.sortedItems.length) return { items };
  return { items, nextPageToken: encodePageToken(options.listId, options.keyOf(last)) };
}

export function parsePageSize(rule: PageSizeRule, query: QueryParams): number {
  const { parameter } = rule;
  const raw = firstQueryValue(query, parameter);
  if (raw === undefined || raw === "") return rule.defaultSize;
  if (!/^-?\d+$/.test(raw)) {
    throw invalidParameter(parameter, `Invalid value '${raw}'. Values must match the following regular expression: '-?\\d+'`);
  }
  const requested = Number(raw);
  if (requested < 0) {
    throw new ApiError({
      httpStatus: 400,
      reason: "invalid",
      message: `Invalid value for 'parameters.${parameter}': '${raw}'`,
      location: parameter,
      locationType: "parameter",
    });
  }
  // 0 means "server decides", like an absent parameter.
  return requested === 0 ? rule.defaultSize : Math.min(requested, rule.maxSize);
}

function encodePageToken(listId: string, afterKey: string): string {
  return Buffer.from(JSON.stringify({ list: listId, after: afterKey }), "utf8").toString("base64url");
}

function invalidPageToken(token: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "invalid",
    message: `Invalid value for 'parameters.pageToken': '${token}'`,
    location: "pageToken",
    locationType: "parameter",
  });
}

function decodePageToken(token: string, listId: string): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw invalidPageToken(token);
  }
  const parsed = pageTokenSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.list !== listId) throw invalidPageToken(token);
  return parsed.data.after;
}

/** Orders numeric decimal strings (ids, sequence numbers) by value. */
export function compareNumericStrings(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
