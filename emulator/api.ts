/**
 * What an emulated API hands to the server: its route table, how it
 * authenticates, which error family it speaks (its plug-in, `plugin.ts`,
 * brings these together with its store, options and flags). The server owns HTTP
 * (parsing, recording, faults, rendering); an API only maps a call to a
 * result, synchronously, so every mutation of the store is atomic with
 * respect to other requests.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { ObjectTree } from "./console/tree";
import type { ErrorFamily } from "./errors";
import type { ContractDocument } from "./google/contracts/sources";
import type { SecretNames } from "./recorder";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Query string as parsed by the server: a repeated parameter becomes an array. */
export type QueryParams = Record<string, string | string[] | undefined>;

export interface ApiCall {
  params: Record<string, string>;
  query: QueryParams;
  /** Parsed JSON body; `undefined` when the request had none. */
  body: unknown;
  /** Request headers, for APIs whose handlers need the caller's identity (the CI API's token kinds). */
  headers: IncomingHttpHeaders;
}

export interface ApiResult {
  status: number;
  /** Serialized by the API's `renderBody` (JSON by default); `undefined` sends an empty body (e.g. a 204). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type ApiHandler = (call: ApiCall) => ApiResult;

export interface ApiRoute {
  method: HttpMethod;
  /** The documented path with `:param` placeholders; also the key of the route in `/_emulator/stats`. */
  pattern: string;
  /**
   * The spelling the router needs when it differs from `pattern`, e.g. a
   * Google custom method `.../:managedZone:getIamPolicy` must be written
   * `.../:managedZone(^[^:]+)::getIamPolicy` for find-my-way.
   */
  routerPath?: string;
  /** Discovery-style method id, e.g. `dns.managedZones.create`. */
  operation: string;
  handle: ApiHandler;
}

export interface Credentials {
  headers: IncomingHttpHeaders;
  query: QueryParams;
  /** The request's method (a read-only OAuth scope admits reads only). */
  method?: string;
}

/**
 * Throws the API's own 401/403 `ApiError` when the credentials are not acceptable. May return who
 * the request acts for (a user's e-mail, a service account, a CI login): the account the console's
 * request log shows, never the credential itself.
 */
export type Authenticator = (credentials: Credentials) => string | undefined | void;

export interface ResponseContext {
  method: string;
  path: string;
  statusCode: number;
  /** The request's headers (whose budget a rate-limit header reports depends on the caller). */
  headers: IncomingHttpHeaders;
}

/** A routed, authenticated request, as `ApiMount.admit` sees it. */
export interface AdmittedRequest {
  method: string;
  path: string;
  /** The route's documented pattern: the endpoint a per-endpoint budget counts. */
  routePattern: string;
  headers: IncomingHttpHeaders;
  /** The query (Google also takes the bearer token as `access_token`). */
  query: QueryParams;
}

/** A response body serialized for the wire. */
export interface RenderedBody {
  contentType: string;
  payload: string;
}

/** What the server applies to every request of an API, whatever its state: declared by its plug-in. */
export interface ApiTraits {
  /** Short id, also the key of this API in `/_emulator/objects`. */
  name: string;
  /** URL prefixes this API owns; used to pick the error family of requests that match no route. */
  pathPrefixes: string[];
  errorFamily: ErrorFamily;
  /**
   * How this API serializes bodies, its errors included (default: compact
   * JSON). The CI API picks EDN, compact or pretty JSON by `Accept`.
   */
  renderBody?: (body: unknown, headers: IncomingHttpHeaders) => RenderedBody;
  /**
   * Google's `fields` system parameter (partial responses) applies to this
   * API's successful responses; the server applies it, so every Google-style
   * API gets it alike.
   */
  partialResponses?: boolean;
  /** Takes `application/x-www-form-urlencoded` bodies (parsed by `parseFormBody`) besides JSON; others answer 415 to them. */
  acceptsFormBodies?: boolean;
  /** Credential query parameters and secret body fields `/_emulator/requests` must mask, in every API's requests. */
  secrets?: SecretNames;
  /**
   * Headers `/_emulator/requests` records, lowercase: of the request (`if-match`) and of the
   * response (`etag`). Credential headers (authorization, cookies, tokens) are never recorded.
   */
  recordedHeaders?: { request?: readonly string[]; response?: readonly string[] };
  /**
   * Google's contracts of this API (`google/contracts/`): every route's `operation` is a method of one
   * of them, and the server refuses what they do not document (unknown query parameters, unknown body
   * fields, values of the wrong JSON type) before the handler runs. APIs with no published contract
   * (CI, the code host) name none.
   */
  contracts?: readonly ContractDocument[];
}

/** What a started API serves, built by its plug-in from its store and options. */
export interface ApiMount {
  authenticate: Authenticator;
  routes: ApiRoute[];
  /**
   * Extra headers for every response of this API (including errors and
   * injected faults). The hook where rate-limit headers (`x-ratelimit-*`) of
   * the code-host and CI APIs belong; Google APIs send none.
   */
  responseHeaders?: (context: ResponseContext) => Record<string, string>;
  /**
   * Runs after authentication for every routed request, before faults and
   * the handler: may refuse it (throw an `ApiError`: a rate limit) or hold it
   * (resolve later: latency). What it resolves to runs once the response has
   * been sent, so an API can count its requests in flight (the code host's
   * concurrency limit).
   */
  admit?: (request: AdmittedRequest) => Promise<() => void>;
  /**
   * Test and operator endpoints of this API, served under `/_emulator/<name>` (e.g.
   * `/_emulator/reports/activities`): no auth, no recording, no faults, like the core's.
   */
  internalRoutes?: ApiRoute[];
  /** Its objects as the web console shows them (`console/tree.ts`): trees that follow the API's nesting. */
  objects?: ObjectTree;
  /** Ends the API's background work (push-notification deliveries) when the emulator closes. */
  close?: () => Promise<void>;
}

/** A started API as the server routes to it. */
export type ApiModule = ApiTraits & ApiMount;

/** First value of a query parameter (Google reads the first of repeated scalar parameters). */
export function firstQueryValue(query: QueryParams, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A path parameter the route pattern guarantees; its absence is a bug in the route table. */
export function pathParam(call: ApiCall, name: string): string {
  const value = call.params[name];
  if (value === undefined) throw new Error(`route has no path parameter '${name}'`);
  return value;
}
