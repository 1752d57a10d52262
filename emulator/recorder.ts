/**
 * Counts and logs the API requests the emulator serves, for
 * `/_emulator/stats` and `/_emulator/requests`. Internal endpoints are not
 * recorded. Credentials never enter the log: only the headers an API names are recorded (never credential ones),
 * credential query parameters (`access_token`, `ci-token`) are masked, and so
 * are secret body fields (`private_key`) at any depth. Each API names its
 * own (`ApiTraits.secrets`); every request is masked by all of them.
 */
import type { QueryParams } from "./api";

/** Request or response headers as Node gives them. */
export type HeaderValues = Readonly<Record<string, string | string[] | number | undefined>>;

export type FaultKind = "rateLimited" | "serverError" | "lostResponse" | "brokenResponse";

export interface RecordedRequest {
  method: string;
  path: string;
  query: QueryParams;
  /** Parsed JSON body, `undefined` when there was none or it could not be parsed. */
  body: unknown;
  /** `null` until the response has been sent. */
  status: number | null;
  /** `"<METHOD> <route pattern>"`, or `"<METHOD> <unmatched>"` for a path no route serves. */
  route: string;
  /** Set when the response was an injected fault. */
  fault?: FaultKind;
  /** The headers an API asks to record (`if-match` sent, `etag` answered), when present; never credentials. */
  headers?: Record<string, string>;
}

/** Which headers are recorded, lowercase. */
export interface RecordedHeaderNames {
  request?: readonly string[];
  response?: readonly string[];
}

/** Headers that carry credentials: never recorded, whatever an API asks. */
const CREDENTIAL_HEADERS = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|key/i;

export interface RequestFilter {
  method?: string;
  pathPrefix?: string;
}

export interface RequestStats {
  total: number;
  requests: Record<string, number>;
  faults: {
    total: number;
    requests: Record<string, number>;
    /** `brokenResponse` appears once there was one (the other kinds always). */
    kinds: Record<Exclude<FaultKind, "brokenResponse">, number> & { brokenResponse?: number };
  };
}

/** What the log never holds the value of. */
export interface SecretNames {
  /** Query parameters that carry credentials (e.g. `access_token`). */
  queryParameters?: readonly string[];
  /** Body fields, at any depth, whose values are secrets (e.g. the CI API's `private_key`). */
  bodyFields?: readonly string[];
}

const REDACTED = "[REDACTED]";

export const UNMATCHED_ROUTE = "<unmatched>";

export class RequestRecorder {
  private log: RecordedRequest[] = [];
  private routeCounts = new Map<string, number>();
  private faultRouteCounts = new Map<string, number>();
  private faultKindCounts: Record<FaultKind, number> = { rateLimited: 0, serverError: 0, lostResponse: 0, brokenResponse: 0 };
  private readonly credentialQueryParameters: ReadonlySet<string>;
  private readonly secretBodyFields: ReadonlySet<string>;

  private readonly requestHeaders: readonly string[];
  private readonly responseHeaders: readonly string[];

  constructor(secrets: readonly SecretNames[] = [], headers: readonly RecordedHeaderNames[] = []) {
    this.credentialQueryParameters = new Set(secrets.flatMap((names) => names.queryParameters ?? []));
    this.secretBodyFields = new Set(secrets.flatMap((names) => names.bodyFields ?? []));
    const recordable = (names: readonly string[]): string[] =>
      [...new Set(names.map((name) => name.toLowerCase()))].filter((name) => !CREDENTIAL_HEADERS.test(name));
    this.requestHeaders = recordable(headers.flatMap((names) => names.request ?? []));
    this.responseHeaders = recordable(headers.flatMap((names) => names.response ?? []));
  }

  /** Records a request as it arrives, so the log keeps arrival order. */
  begin(method: string, path: string, query: QueryParams, routePattern: string | undefined, headers: HeaderValues = {}): RecordedRequest {
    const route = `${method} ${routePattern ?? UNMATCHED_ROUTE}`;
    const entry: RecordedRequest = { method, path, query: redactQuery(query, this.credentialQueryParameters), body: undefined, status: null, route };
    this.recordHeaders(entry, headers, this.requestHeaders);
    this.log.push(entry);
    this.routeCounts.set(route, (this.routeCounts.get(route) ?? 0) + 1);
    return entry;
  }

  markFault(entry: RecordedRequest, kind: FaultKind): void {
    entry.fault = kind;
    this.faultRouteCounts.set(entry.route, (this.faultRouteCounts.get(entry.route) ?? 0) + 1);
    this.faultKindCounts[kind] += 1;
  }

  complete(entry: RecordedRequest, status: number, body: unknown, responseHeaders: HeaderValues = {}): void {
    entry.status = status;
    this.recordHeaders(entry, responseHeaders, this.responseHeaders);
    // A copy, so later mutation of the parsed body cannot rewrite history.
    entry.body = body === undefined ? undefined : redactBody(structuredClone(body), this.secretBodyFields);
  }

  private recordHeaders(entry: RecordedRequest, headers: HeaderValues, names: readonly string[]): void {
    for (const name of names) {
      const value = headers[name];
      if (value === undefined) continue;
      entry.headers = { ...entry.headers, [name]: Array.isArray(value) ? value.join(", ") : String(value) };
    }
  }

  requests(filter: RequestFilter = {}): RecordedRequest[] {
    const method = filter.method?.toUpperCase();
    return this.log.filter(
      (entry) => (method === undefined || entry.method === method) && (filter.pathPrefix === undefined || entry.path.startsWith(filter.pathPrefix)),
    );
  }

  stats(): RequestStats {
    let faultTotal = 0;
    for (const count of this.faultRouteCounts.values()) faultTotal += count;
    return {
      total: this.log.length,
      requests: Object.fromEntries(this.routeCounts),
      faults: {
        total: faultTotal,
        requests: Object.fromEntries(this.faultRouteCounts),
        kinds: (({ brokenResponse, ...always }) => (brokenResponse > 0 ? { ...always, brokenResponse } : always))(this.faultKindCounts),
      },
    };
  }

  reset(): void {
    this.log = [];
    this.routeCounts.clear();
    this.faultRouteCounts.clear();
    this.faultKindCounts = { rateLimited: 0, serverError: 0, lostResponse: 0, brokenResponse: 0 };
  }
}

function redactQuery(query: QueryParams, credentialParameters: ReadonlySet<string>): QueryParams {
  const copy: QueryParams = {};
  for (const [name, value] of Object.entries(query)) {
    copy[name] = credentialParameters.has(name) ? REDACTED : value;
  }
  return copy;
}

/** Masks secret fields in place (the argument is the log's own copy). */
function redactBody(body: unknown, secretFields: ReadonlySet<string>): unknown {
  if (Array.isArray(body)) {
    for (const item of body) redactBody(item, secretFields);
  } else if (body !== null && typeof body === "object") {
    const record = body as Record<string, unknown>;
    for (const [name, value] of Object.entries(record)) {
      record[name] = secretFields.has(name) && value !== undefined && value !== null ? REDACTED : redactBody(value, secretFields);
    }
  }
  return body;
}
