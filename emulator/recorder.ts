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

export type FaultKind = "rateLimited" | "serverError" | "lostResponse" | "brokenResponse" | "staleEtag" | "refused";

/** The kinds the stats show only once there was one (so the stats of setups without them keep their shape). */
type OnceSeen = "brokenResponse" | "staleEtag" | "refused";

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

/** A request as the console's log shows it: the recorded request with when, how long, which API, whose, and the answer. */
export interface LoggedRequest {
  /** 1, 2, ... in arrival order since the last reset. */
  id: number;
  /** Arrival, ISO 8601 (the machine's clock). */
  at: string;
  /** Until the response was sent; null while in flight. */
  durationMs: number | null;
  api: string | undefined;
  /** Whom the credentials act for, as the API tells (never the credentials). */
  account: string | undefined;
  request: RecordedRequest;
  /** The answer's body as sent, parsed when JSON, with the same fields masked as the request's; cut beyond 64 KiB. */
  response: unknown;
}

const MAX_RESPONSE_CHARS = 65_536;

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
    /** `brokenResponse`, `staleEtag` and `refused` appear once there was one (the other kinds always). */
    kinds: Record<Exclude<FaultKind, OnceSeen>, number> & Partial<Record<OnceSeen, number>>;
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
  /** The console's view of each entry of `log`, by entry (the `/_emulator/requests` entries keep their shape). */
  private details = new Map<RecordedRequest, LoggedRequest & { startedNs: bigint }>();
  private readonly listeners = new Set<(entry: LoggedRequest) => void>();
  private routeCounts = new Map<string, number>();
  private faultRouteCounts = new Map<string, number>();
  private faultKindCounts: Record<FaultKind, number> = { rateLimited: 0, serverError: 0, lostResponse: 0, brokenResponse: 0, staleEtag: 0, refused: 0 };
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
    const details = {
      id: this.log.length,
      at: new Date().toISOString(),
      durationMs: null,
      api: undefined,
      account: undefined,
      request: entry,
      response: undefined,
    };
    this.details.set(entry, { ...details, startedNs: process.hrtime.bigint() });
    this.routeCounts.set(route, (this.routeCounts.get(route) ?? 0) + 1);
    return entry;
  }

  /** Which API served the request and whom its credentials act for, once authenticated. */
  identify(entry: RecordedRequest, api: string | undefined, account: string | undefined): void {
    const details = this.details.get(entry);
    if (details === undefined) return;
    details.api = api;
    details.account = account;
  }

  markFault(entry: RecordedRequest, kind: FaultKind): void {
    entry.fault = kind;
    this.faultRouteCounts.set(entry.route, (this.faultRouteCounts.get(entry.route) ?? 0) + 1);
    this.faultKindCounts[kind] += 1;
  }

  complete(entry: RecordedRequest, status: number, body: unknown, responseHeaders: HeaderValues = {}, responsePayload?: string): void {
    entry.status = status;
    this.recordHeaders(entry, responseHeaders, this.responseHeaders);
    // A copy, so later mutation of the parsed body cannot rewrite history.
    entry.body = body === undefined ? undefined : redactBody(structuredClone(body), this.secretBodyFields);
    const details = this.details.get(entry);
    if (details === undefined) return;
    details.durationMs = Number(process.hrtime.bigint() - details.startedNs) / 1e6;
    details.response = this.responseOf(responsePayload);
    const logged = this.view(details);
    for (const listener of this.listeners) listener(logged);
  }

  /** The console's log, oldest first. */
  logged(): LoggedRequest[] {
    return this.log.flatMap((entry) => {
      const details = this.details.get(entry);
      return details === undefined ? [] : [this.view(details)];
    });
  }

  /** Calls `listener` with each request once it is answered; returns the unsubscribe function. */
  onComplete(listener: (entry: LoggedRequest) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private view({ startedNs: _startedNs, ...details }: LoggedRequest & { startedNs: bigint }): LoggedRequest {
    return details;
  }

  private responseOf(payload: string | undefined): unknown {
    if (payload === undefined || payload === "") return undefined;
    const text = payload.length > MAX_RESPONSE_CHARS ? `${payload.slice(0, MAX_RESPONSE_CHARS)}... (${payload.length} characters)` : payload;
    if (text === payload && /^\s*[[{]/.test(payload)) {
      try {
        return redactBody(JSON.parse(payload) as unknown, this.secretBodyFields);
      } catch {
        // Not JSON after all (a broken response): shown as text.
      }
    }
    return text;
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
        kinds: (({ brokenResponse, staleEtag, refused, ...always }) => ({
          ...always,
          ...(brokenResponse > 0 && { brokenResponse }),
          ...(staleEtag > 0 && { staleEtag }),
          ...(refused > 0 && { refused }),
        }))(this.faultKindCounts),
      },
    };
  }

  reset(): void {
    this.log = [];
    this.details = new Map();
    this.routeCounts.clear();
    this.faultRouteCounts.clear();
    this.faultKindCounts = { rateLimited: 0, serverError: 0, lostResponse: 0, brokenResponse: 0, staleEtag: 0, refused: 0 };
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
