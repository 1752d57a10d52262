/**
 * The objects pages: every API's tree (`/_ui/objects`), one API's (`/_ui/objects/<api>`), and one
 * object (`/_ui/objects/<api>/<key>/<key>...`, its keys from the root down): its JSON as the API
 * answers it, its collections page by page, and the requests that touched it.
 */
import type { LoggedRequest } from "../recorder";
import type { ObjectGroup, ObjectNode, ObjectTree } from "./tree";
import { Html, html, json, link, page } from "./html";

/** Items of one collection on a page: large collections (a zone's 5,000 record sets) are paged. */
export const PAGE_SIZE = 50;
/** The overview shows this many items of each collection, this deep. */
const OVERVIEW_ITEMS = 10;
const OVERVIEW_DEPTH = 3;
const API_DEPTH = 3;

export interface ObjectSource {
  name: string;
  objects: ObjectTree;
}

function nodeLink(api: string, keys: readonly string[]): string {
  return link(`/objects/${api}/${keys.join("/")}`);
}

function renderGroups(api: string, groups: readonly ObjectGroup[], keys: readonly string[], depth: number, items: number): Html {
  return html`${groups.map(
    (group) =>
      html`<li class="group">
        <span class="group-title">${group.title}</span> <span class="count">(${group.nodes.length})</span> ${
          group.nodes.length === 0
            ? ""
            : html`<ul>
                ${group.nodes.slice(0, items).map((node) => renderNode(api, node, [...keys, node.key], depth, items))}
              </ul>`
        }
        ${
          group.nodes.length > items
            ? html`<a class="more" href="${nodeLink(api, keys)}?group=${encodeURIComponent(group.title)}">all ${group.nodes.length} ${group.title}</a>`
            : ""
        }
      </li>`,
  )}`;
}

function renderNode(api: string, node: ObjectNode, keys: readonly string[], depth: number, items: number): Html {
  const children = depth > 1 && node.groups !== undefined ? node.groups().filter((group) => group.nodes.length > 0) : [];
  return html`<li class="node">
    <a href="${nodeLink(api, keys)}"><span class="kind">${node.kind}</span> ${node.label}</a>${
      node.summary !== undefined ? html` <span class="summary">${node.summary}</span>` : ""
    }${
      children.length > 0
        ? html`<ul>
            ${renderGroups(api, children, keys, depth - 1, items)}
          </ul>`
        : ""
    }
  </li>`;
}

function apiSection(source: ObjectSource, depth: number, items: number, heading: "h2" | "none"): Html {
  const groups = source.objects();
  return html`<section aria-labelledby="api-${source.name}">
    ${heading === "h2" ? html`<h2 id="api-${source.name}"><a href="${link(`/objects/${source.name}`)}">${source.name}</a></h2>` : html`<span id="api-${source.name}" hidden>${source.name}</span>`}
    <ul class="tree">
      ${renderGroups(source.name, groups, [], depth, items)}
    </ul>
  </section>`;
}

export function overviewPage(sources: readonly ObjectSource[]): Html {
  return page("Objects", "/objects", html`${sources.map((source) => apiSection(source, OVERVIEW_DEPTH, OVERVIEW_ITEMS, "h2"))}`);
}

export function apiPage(source: ObjectSource): Html {
  return page(`Objects of ${source.name}`, "/objects", apiSection(source, API_DEPTH, PAGE_SIZE, "none"));
}

/** The node at `keys` from the root down, with its ancestors (for the breadcrumbs); undefined when gone. */
export function findNode(source: ObjectSource, keys: readonly string[]): ObjectNode[] | undefined {
  let groups = source.objects();
  const trail: ObjectNode[] = [];
  for (const key of keys) {
    const found = groups.flatMap((group) => group.nodes).find((node) => node.key === key);
    if (found === undefined) return undefined;
    trail.push(found);
    groups = found.groups?.() ?? [];
  }
  return trail;
}

export interface NodePageQuery {
  group?: string;
  page: number;
}

export function nodePage(
  source: ObjectSource,
  keys: readonly string[],
  trail: readonly ObjectNode[],
  query: NodePageQuery,
  log: readonly LoggedRequest[],
): Html {
  const node = trail[trail.length - 1];
  if (node === undefined) throw new Error("a node page needs a node");
  const touched: LoggedRequest[] = [];
  for (let index = log.length - 1; index >= 0 && touched.length < PAGE_SIZE; index--) {
    const request = log[index];
    if (request !== undefined && node.touchedBy(request)) touched.push(request);
  }
  const groups = node.groups?.() ?? [];
  return page(
    `${node.kind}: ${node.label}`,
    "/objects",
    html`<nav aria-label="Breadcrumbs" class="crumbs">
        <ol>
          <li><a href="${link("/objects")}">objects</a></li>
          <li><a href="${link(`/objects/${source.name}`)}">${source.name}</a></li>
          ${trail.map((ancestor, index) => html`<li><a href="${nodeLink(source.name, keys.slice(0, index + 1))}" ${index === trail.length - 1 ? new Html(' aria-current="page"') : ""}>${ancestor.label}</a></li>`)}
        </ol>
      </nav>
      ${node.summary !== undefined ? html`<p class="summary">${node.summary}</p>` : ""}
      <section aria-labelledby="json-title">
        <h2 id="json-title">As the API answers it</h2>
        <pre class="json" tabindex="0" aria-labelledby="json-title">${json(node.wire())}</pre>
      </section>
      ${groups.map((group) => groupSection(source.name, keys, group, query))}
      <section aria-labelledby="touched-title">
        <h2 id="touched-title">Requests that touched it</h2>
        ${
          touched.length === 0
            ? html`<p>None since the log was last reset.</p>`
            : html`<ul class="touched">
                ${touched.map(
                  (request) =>
                    html`<li>
                      <a href="${link(`/requests?selected=${request.id}`)}"><span class="method">${request.request.method}</span> ${request.request.path}</a>
                      <span class="status s${String(request.request.status ?? 0).charAt(0)}">${request.request.status ?? "…"}</span>
                      <time datetime="${request.at}">${request.at}</time>
                    </li>`,
                )}
              </ul>`
        }
      </section>`,
  );
}

function groupSection(api: string, keys: readonly string[], group: ObjectGroup, query: NodePageQuery): Html {
  const pages = Math.max(1, Math.ceil(group.nodes.length / PAGE_SIZE));
  const current = query.group === group.title ? Math.min(Math.max(1, query.page), pages) : 1;
  const shown = group.nodes.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const id = `group-${group.title.replace(/[^a-z0-9]+/gi, "-")}`;
  const pageLink = (number: number): string => `${nodeLink(api, keys)}?group=${encodeURIComponent(group.title)}&page=${number}#${id}`;
  return html`<section aria-labelledby="${id}">
    <h2 id="${id}">${group.title} <span class="count">(${group.nodes.length})</span></h2>
    ${
      shown.length === 0
        ? html`<p>None.</p>`
        : html`<ul class="tree">
            ${shown.map((child) => renderNode(api, child, [...keys, child.key], 1, PAGE_SIZE))}
          </ul>`
    }
    ${
      pages > 1
        ? html`<nav class="pager" aria-label="Pages of ${group.title}">
            ${current > 1 ? html`<a href="${pageLink(current - 1)}" rel="prev">previous</a>` : ""}
            <span>page ${current} of ${pages}</span>${current < pages ? html`<a href="${pageLink(current + 1)}" rel="next">next</a>` : ""}
          </nav>`
        : ""
    }
  </section>`;
}
