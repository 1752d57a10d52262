/**
 * The request log: newest first, filtered by API, status class, method and text, with a detail
 * pane (request and response bodies as the log masks them). The table always has `PAGE_SIZE`
 * rows of one height, empty ones included, and live requests change the rows' text, never their
 * number: nothing on the page moves while requests stream in.
 */
import { z } from "zod";
import type { LoggedRequest } from "../recorder";
import { Html, html, json, link, page } from "./html";

export const LOG_PAGE_SIZE = 50;
const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return first === "" ? undefined : first;
  }, schema.optional().catch(undefined));

/** The filters and position of a log page, as query parameters (`?api=dns&status=4xx`); what is malformed is ignored. */
export const logQuerySchema = z.object({
  api: optional(z.string().regex(/^[a-z0-9-]+$/)),
  status: optional(z.enum(STATUS_CLASSES)),
  method: optional(z.enum(METHODS)),
  q: optional(z.string().max(200)),
  before: optional(z.coerce.number().int().min(1)),
  selected: optional(z.coerce.number().int().min(1)),
});
export type LogQuery = z.infer<typeof logQuerySchema>;

/** One row of the log, as the page, its data endpoint and its event stream give it. */
export interface RequestRow {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number | null;
  durationMs: number | null;
  api: string;
  account: string;
  fault: string;
}

export function rowOf(entry: LoggedRequest): RequestRow {
  return {
    id: entry.id,
    at: entry.at,
    method: entry.request.method,
    path: entry.request.path,
    status: entry.request.status,
    durationMs: entry.durationMs === null ? null : Math.round(entry.durationMs * 10) / 10,
    api: entry.api ?? "",
    account: entry.account ?? "",
    fault: entry.request.fault ?? "",
  };
}

export function matches(entry: LoggedRequest, query: LogQuery): boolean {
  if (query.api !== undefined && entry.api !== query.api) return false;
  if (query.method !== undefined && entry.request.method !== query.method) return false;
  if (query.status !== undefined && String(entry.request.status ?? "").charAt(0) !== query.status.charAt(0)) return false;
  if (query.q !== undefined) {
    const text = query.q.toLowerCase();
    const haystack = [entry.request.path, entry.request.route, entry.account ?? "", String(entry.request.status ?? "")].join(" ").toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}

/** The page of the log a query asks for: newest first, at most `LOG_PAGE_SIZE`, before `before` when given. */
export function selectRows(log: readonly LoggedRequest[], query: LogQuery): RequestRow[] {
  const rows: RequestRow[] = [];
  for (let index = log.length - 1; index >= 0 && rows.length < LOG_PAGE_SIZE; index--) {
    const entry = log[index];
    if (entry === undefined || (query.before !== undefined && entry.id >= query.before)) continue;
    if (entry.request.status !== null && matches(entry, query)) rows.push(rowOf(entry));
  }
  return rows;
}

/** Everything the detail pane shows of one request. */
export function detailOf(entry: LoggedRequest): RequestRow & Record<string, unknown> {
  return {
    ...rowOf(entry),
    route: entry.request.route,
    query: entry.request.query,
    headers: entry.request.headers ?? {},
    requestBody: entry.request.body,
    responseBody: entry.response,
  };
}

function rowHtml(row: RequestRow | undefined): Html {
  if (row === undefined)
    return html`<tr class="empty">
      <td></td>
      <td></td>
      <td></td>
      <td></td>
      <td></td>
      <td></td>
      <td></td>
    </tr>`;
  const status = row.status === null ? "…" : String(row.status);
  return html`<tr data-id="${row.id}">
    <td><time datetime="${row.at}">${row.at.slice(11, 23)}</time></td>
    <td>${row.method}</td>
    <td class="path"><a href="${link(`/requests?selected=${row.id}`)}" data-id="${row.id}">${row.path}</a></td>
    <td><span class="status s${status.charAt(0)}">${status}</span>${row.fault !== "" ? html` <span class="fault">${row.fault}</span>` : ""}</td>
    <td class="num">${row.durationMs ?? ""}</td>
    <td>${row.api}</td>
    <td class="account">${row.account}</td>
  </tr>`;
}

function select(name: string, label: string, values: readonly string[], chosen: string | undefined): Html {
  return html`<label
    >${label}
    <select name="${name}">
      <option value="">all</option>
      ${values.map((value) => html`<option${value === chosen ? new Html(" selected") : ""}>${value}</option>`)}
    </select></label
  >`;
}

export function detailHtml(detail: (RequestRow & Record<string, unknown>) | undefined): Html {
  if (detail === undefined) return html`<p class="hint">Choose a request (click it, or move with j and k and open it with Enter).</p>`;
  const field = (name: string, value: unknown): Html =>
    html`<dt>${name}</dt>
      <dd>${value === "" || value === null || value === undefined ? "—" : value}</dd>`;
  return html`<dl class="facts">
      ${field("method", detail.method)}${field("path", detail.path)}${field("status", detail.status)}${field("time", detail.at)}${field(
        "duration (ms)",
        detail.durationMs,
      )}${field("API", detail.api)}${field("account", detail.account)}${field("route", detail["route"])}${field("fault", detail.fault)}
    </dl>
    <h3>Query and recorded headers</h3>
    <pre class="json" tabindex="0">${json({ query: detail["query"], headers: detail["headers"] })}</pre>
    <h3>Request body</h3>
    <pre class="json" tabindex="0">${json(detail["requestBody"])}</pre>
    <h3>Response body</h3>
    <pre class="json" tabindex="0">${json(detail["responseBody"])}</pre>`;
}

export function requestsPage(apis: readonly string[], query: LogQuery, rows: readonly RequestRow[], detail: ReturnType<typeof detailOf> | undefined): Html {
  const slots = Array.from({ length: LOG_PAGE_SIZE }, (_, index) => rows[index]);
  const oldest = rows[rows.length - 1];
  const filters = new URLSearchParams(
    Object.entries({ api: query.api, status: query.status, method: query.method, q: query.q }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const olderLink = oldest === undefined ? undefined : link(`/requests?${new URLSearchParams([...filters, ["before", String(oldest.id)]]).toString()}`);
  return page(
    "Requests",
    "/requests",
    html`<form class="filters" id="filters" role="search" aria-label="Filter requests" method="get" action="${link("/requests")}">
        ${select("api", "API", apis, query.api)}${select("status", "Status", STATUS_CLASSES, query.status)}${select("method", "Method", METHODS, query.method)}
        <label>Text <input type="search" name="q" value="${query.q ?? ""}" placeholder="path, account, status" /></label>
        <button type="submit">Filter</button>
      </form>
      <div class="live-bar">
        <p id="live-status" role="status" aria-live="polite">
          ${query.before === undefined ? "Live: new requests appear at the top." : "Older requests: not live."}
        </p>
        <button type="button" id="pause" aria-pressed="false" ${query.before === undefined ? "" : new Html(" hidden")}>Pause</button>
      </div>
      <div class="log-layout" data-live="${query.before === undefined ? "on" : "off"}" data-query="${filters.toString()}">
        <div class="log" tabindex="-1">
          <table class="requests" id="requests">
            <caption>
              Requests, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Status</th>
                <th scope="col">ms</th>
                <th scope="col">API</th>
                <th scope="col">Account</th>
              </tr>
            </thead>
            <tbody id="rows">
              ${slots.map(rowHtml)}
            </tbody>
          </table>
          <nav class="pager" aria-label="Pages of the log">
            ${query.before !== undefined ? html`<a href="${link(`/requests?${filters.toString()}`)}">newest</a>` : ""}${
              olderLink !== undefined && rows.length === LOG_PAGE_SIZE ? html`<a href="${olderLink}" rel="next">older</a>` : ""
            }
          </nav>
        </div>
        <section class="detail" tabindex="0" aria-labelledby="detail-title">
          <h2 id="detail-title">Request${detail !== undefined ? ` ${detail.id}` : ""}</h2>
          <div id="detail">${detailHtml(detail)}</div>
        </section>
      </div>`,
  );
}
