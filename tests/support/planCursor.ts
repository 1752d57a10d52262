/**
 * Walking a recorded log request by request against planned requests (planLog.ts): a request
 * must be the planned one exactly (method, path, query, body, If-Match), then its retries as the
 * retry table allows them; a listing is its pages to the last, work polled until done its checks.
 */
import { isDeepStrictEqual } from "node:util";
import type { PlannedRequest } from "../../provider/engine/kinds";
import { defaultRepeatRule } from "../../provider/http/retry";
import { RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS, TOKEN_REFUSED } from "../../provider/http/retryTable";
import { queryPairs } from "../../provider/http/query";
import { sentQuery, type Recorded, type SentQuery } from "./recorder";

export class PlanMismatch extends Error {}

const FAULTS = new Set([408, 500, 502, 503, 504]);

/** Whether a request that ended in `status` may go again as the attempt after `attempts` (and `resends` fresh tokens), by the retry table. */
function mayGoAgain(request: PlannedRequest, status: number, attempts: number, resends: number): boolean {
  if (status === 401) return resends < TOKEN_REFUSED.resends;
  if (status === 429) return attempts < RATE_LIMITED_ATTEMPTS;
  return FAULTS.has(status) && attempts < REQUEST_ATTEMPTS[request.repeat ?? defaultRepeatRule(request.method)].attempts;
}

/** A planned path as a pattern: a placeholder (`{operation}`, a part the server assigns) matches one segment. */
export function pathPattern(basePath: string, path: string): RegExp {
  const escaped = `${basePath}/${path}`.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\\?\{\w+\\?\}|\{\w+\}/g, "[^/]+")}$`);
}

/** The planned query as the log holds what was sent (recorder.ts): a repeated parameter once per value. */
const queryOf = (request: PlannedRequest): SentQuery => sentQuery(queryPairs(request.query));

const asSent = (body: unknown): unknown => (body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown));

/** A body as sent against the expected one; a time the body takes from the clock (Unix ms, a channel's expiration) was read a moment apart. */
function sameBody(sent: unknown, expected: unknown): boolean {
  if (typeof sent === "string" && typeof expected === "string" && /^\d{13}$/.test(sent) && /^\d{13}$/.test(expected)) {
    return Math.abs(Number(sent) - Number(expected)) < 60_000;
  }
  if (Array.isArray(sent) && Array.isArray(expected)) return sent.length === expected.length && sent.every((item, index) => sameBody(item, expected[index]));
  if (typeof sent === "object" && sent !== null && typeof expected === "object" && expected !== null && !Array.isArray(sent) && !Array.isArray(expected)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(expected)]);
    return [...keys].every((key) => sameBody((sent as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]));
  }
  return isDeepStrictEqual(sent, expected);
}

export const words = (request: { method: string; path: string; query?: unknown; body?: unknown }): string =>
  `${request.method} ${request.path}${request.query === undefined || Object.keys(request.query as object).length === 0 ? "" : ` ?${JSON.stringify(request.query)}`}${request.body === undefined ? "" : ` ${JSON.stringify(request.body)}`}`;

/** What the next request must be, beyond its method and path. */
export interface Expected {
  readonly query?: SentQuery;
  readonly body?: unknown;
  readonly ifMatch?: string;
}

export class Cursor {
  at = 0;

  constructor(
    readonly log: readonly Recorded[],
    readonly basePath: string,
  ) {}

  peek(): Recorded | undefined {
    return this.log[this.at];
  }

  /** Whether the next request is `planned` by its method and path. */
  isNext(planned: PlannedRequest): boolean {
    const next = this.peek();
    return next !== undefined && next.method === planned.method && pathPattern(this.basePath, planned.path).test(next.path);
  }

  /** Takes the next request, which must be `planned` with `expected` (its own query and body unless given), and its retries. */
  take(planned: PlannedRequest, expected: Expected = {}): Recorded {
    const next = this.peek();
    const query = expected.query ?? queryOf(planned);
    const body = "body" in expected ? expected.body : asSent(planned.body);
    const want = { method: planned.method, path: `${this.basePath}/${planned.path}`, query, body };
    if (next === undefined) throw new PlanMismatch(`the plan's ${words(want)} was not sent; nothing was sent after the request before it`);
    const fits =
      this.isNext(planned) &&
      isDeepStrictEqual(next.query, query) &&
      sameBody(next.body, body) &&
      (expected.ifMatch === undefined || next.ifMatch === expected.ifMatch);
    if (!fits)
      throw new PlanMismatch(
        `the plan's ${words(want)}${expected.ifMatch === undefined ? "" : ` (If-Match ${expected.ifMatch})`} was not sent next; sent: ${words(next)}`,
      );
    this.at++;
    // The retries the table allows it: the same request again, after an answer its rule retries.
    let last = next;
    let attempts = 1;
    let resends = 0;
    while (mayGoAgain(planned, last.status, attempts, resends)) {
      const again = this.peek();
      if (again === undefined || again.method !== last.method || again.path !== last.path || !sameBody(again.body, last.body)) break;
      if (last.status === 401) resends++;
      else attempts++;
      this.at++;
      last = again;
    }
    return last;
  }

  /**
   * A listing: its first page, then each page the answers say is next, to the last: a page an
   * answer names must be sent next, unless the listing looks for ids (`untilSeen`) and has seen them all.
   */
  takePages(planned: PlannedRequest): unknown[] {
    const pageParam = planned.paging?.pageParam ?? "pageToken";
    const field = planned.paging?.field;
    const sought = new Set(planned.paging?.untilSeen ?? []);
    let page = this.take(planned);
    const items = (answer: unknown): unknown[] =>
      field === undefined ? ((answer as unknown[]) ?? []) : (((answer as Record<string, unknown>)?.[field] as unknown[]) ?? []);
    const all = [...items(page.answer)];
    const seenAll = (): boolean => sought.size > 0 && all.filter((item) => sought.has(String((item as { id?: unknown } | null)?.id))).length >= sought.size;
    for (let token = (page.answer as { nextPageToken?: string })?.nextPageToken; token !== undefined && token !== "" && !seenAll();) {
      page = this.take(planned, { query: { ...queryOf(planned), [pageParam]: token } });
      all.push(...items(page.answer));
      token = (page.answer as { nextPageToken?: string })?.nextPageToken;
    }
    return all;
  }

  /** Work polled until done: none or more checks of it. */
  takeChecks(planned: PlannedRequest, expected: Expected = {}): void {
    while (this.isNext(planned) && isDeepStrictEqual(this.peek()?.query, expected.query ?? queryOf(planned))) this.take(planned, expected);
  }
}
