/**
 * The console's view of an API's objects, as each plug-in contributes it (`ApiMount.objects`):
 * groups of nodes that follow the API's own nesting (a project's zones, a zone's record sets),
 * each node with its answer as the API gives it and a test of which logged requests touched it.
 * The console knows no API: it renders whatever tree a plug-in gives.
 */
import type { ApiCall, ApiResult } from "../api";
import type { LoggedRequest } from "../recorder";

export interface ObjectNode {
  /** Stable while the object lives, unique in its API, safe in a URL, and free of names (which may hold secrets). */
  key: string;
  /** What the object is, in the API's words: `managed zone`, `ACL rule`. */
  kind: string;
  label: string;
  /** One line of what matters: a record set's type, TTL and data; a preference's grant state. */
  summary?: string;
  /** The object as the API answers a read of it. */
  wire(): unknown;
  /** Whether a logged request read or changed it (by its path, or a write that names it in its body). */
  touchedBy(request: LoggedRequest): boolean;
  /** Its children, by collection; computed only when shown (a zone's record sets may be thousands). */
  groups?(): ObjectGroup[];
}

export interface ObjectGroup {
  /** The collection's name, plural: `record sets`. */
  title: string;
  nodes: readonly ObjectNode[];
}

/** An API's objects, computed at each look (the console holds no copy that could go stale). */
export type ObjectTree = () => ObjectGroup[];

/** A 53-bit hash (cyrb53) of the object's identity: a key that names nothing, cheap for thousands of record sets. */
export function nodeKey(...identity: string[]): string {
  const text = identity.join("\u0000");
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The request's path with its segments decoded (`%40` is `@`), as the objects' names are written. */
export function decodedPath(request: LoggedRequest): string {
  try {
    return decodeURIComponent(request.request.path);
  } catch {
    return request.request.path;
  }
}

/** A path test: the object's own path, or one below it (`/...`) or a custom method of it (`:...`). */
export function isAtOrUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}:`);
}

/** The recorded request body as an object (undefined when it is none). */
export function bodyOf(request: LoggedRequest): Record<string, unknown> | undefined {
  const body = request.request.body;
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** The response body as an object (undefined when it is none). */
export function responseOf(request: LoggedRequest): Record<string, unknown> | undefined {
  const body = request.response;
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/**
 * What an API's own read answers for these path parameters: the node's JSON is the API's answer,
 * not a second rendering of the object. Undefined when the read refuses (the object just went).
 */
export function answerOf<Context>(handler: (context: Context, call: ApiCall) => ApiResult, context: Context, params: Record<string, string>): unknown {
  try {
    return handler(context, { params, query: {}, body: undefined, headers: {} }).body;
  } catch {
    return undefined;
  }
}
