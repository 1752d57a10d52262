/**
 * Errors of the emulated APIs.
 *
 * Handlers throw an `ApiError` that carries everything any API family needs
 * (status, reason, message, extra headers); `renderError` is the one place
 * that turns it into the body a given API family really sends. An API picks
 * its family (its plug-in's `errorFamily`); a new envelope is a new family
 * here, never formatting in a handler.
 */

/** How an API shapes its error bodies. */
export type ErrorFamily =
  /** Google's legacy JSON envelope: `{"error":{"code","message","errors":[...]}}`, no `status` field (DNS, calendar). */
  | { kind: "google-legacy" }
  /**
   * Google's AIP-193 envelope: `{"error":{"code","message","status","details":[ErrorInfo]}}`.
   * `service` is the ErrorInfo `domain` of the API's own errors (e.g. `cloudquotas.googleapis.com`).
   */
  | { kind: "google-aip193"; service: string }
  /** A bare message, `{"message": "..."}` (the CI API). */
  | { kind: "message" }
  /** Google's OAuth and STS token endpoints: `{"error": reason, "error_description": message}` (RFC 6749 5.2). */
  | { kind: "oauth" }
  /** The metadata server: the message as plain text. */
  | { kind: "plain-text" }
  /** The code host: `{"message", "documentation_url"}`; `documentationUrl` unless the error names its own page. */
  | { kind: "code-host"; documentationUrl: string };

export const googleLegacyErrors: ErrorFamily = { kind: "google-legacy" };
export const messageErrors: ErrorFamily = { kind: "message" };
export const oauthErrors: ErrorFamily = { kind: "oauth" };
export const plainTextErrors: ErrorFamily = { kind: "plain-text" };
export function googleAip193Errors(service: string): ErrorFamily {
  return { kind: "google-aip193", service };
}
export function codeHostErrors(documentationUrl: string): ErrorFamily {
  return { kind: "code-host", documentationUrl };
}

/** What an AIP-193 `google.rpc.ErrorInfo` says, when it differs from what the error's reason and the family give. */
export interface ErrorInfoInit {
  /** UPPER_SNAKE_CASE; default: the error's `reason` in that case (`rateLimitExceeded` -> `RATE_LIMIT_EXCEEDED`). */
  reason?: string;
  /** Default: the family's service; infrastructure errors (auth, quota) use `googleapis.com`. */
  domain?: string;
  metadata?: Record<string, string>;
}

export interface ApiErrorInit {
  httpStatus: number;
  /** Machine-readable cause, e.g. `alreadyExists` (Google's `errors[].reason`). */
  reason: string;
  message: string;
  /** Google `errors[].domain`; `global` unless the real API says otherwise (`usageLimits` for 429). */
  domain?: string;
  /** When Google's `errors[].message` differs from the top-level message (401 "Login Required."). */
  itemMessage?: string;
  /** Google `errors[].location` / `locationType`, e.g. `Authorization` / `header`, `maxResults` / `parameter`. */
  location?: string;
  locationType?: "header" | "parameter";
  /** AIP-193 `status` (e.g. `ABORTED` for a 409 etag mismatch); default: the canonical code of `httpStatus`. */
  rpcStatus?: string;
  errorInfo?: ErrorInfoInit;
  /** Code host `documentation_url` of this error, when not the family's. */
  documentationUrl?: string;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly reason: string;
  readonly domain: string;
  readonly itemMessage: string | undefined;
  readonly location: string | undefined;
  readonly locationType: "header" | "parameter" | undefined;
  readonly rpcStatus: string | undefined;
  readonly errorInfo: ErrorInfoInit;
  readonly documentationUrl: string | undefined;
  readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = "ApiError";
    this.httpStatus = init.httpStatus;
    this.reason = init.reason;
    this.domain = init.domain ?? "global";
    this.itemMessage = init.itemMessage;
    this.location = init.location;
    this.locationType = init.locationType;
    this.rpcStatus = init.rpcStatus;
    this.errorInfo = init.errorInfo ?? {};
    this.documentationUrl = init.documentationUrl;
    this.headers = init.headers ?? {};
  }
}

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface GoogleErrorItem {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

function googleLegacyBody(error: ApiError): unknown {
  const item: GoogleErrorItem = {
    message: error.itemMessage ?? error.message,
    domain: error.domain,
    reason: error.reason,
  };
  if (error.location !== undefined) item.location = error.location;
  if (error.locationType !== undefined) item.locationType = error.locationType;
  return { error: { code: error.httpStatus, message: error.message, errors: [item] } };
}

export const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";

function googleAip193Body(error: ApiError, service: string): unknown {
  return {
    error: {
      code: error.httpStatus,
      message: error.message,
      status: error.rpcStatus ?? canonicalCodeOf(error.httpStatus),
      details: [
        {
          "@type": ERROR_INFO_TYPE,
          reason: error.errorInfo.reason ?? upperSnakeCase(error.reason),
          domain: error.errorInfo.domain ?? service,
          metadata: error.errorInfo.metadata ?? {},
        },
      ],
    },
  };
}

/** google.rpc.Code names by their HTTP mapping (google/rpc/code.proto); 409 defaults to ALREADY_EXISTS, ABORTED is set per error. */
const CANONICAL_CODES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  409: "ALREADY_EXISTS",
  412: "FAILED_PRECONDITION",
  429: "RESOURCE_EXHAUSTED",
  499: "CANCELLED",
  500: "INTERNAL",
  501: "UNIMPLEMENTED",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

function canonicalCodeOf(httpStatus: number): string {
  return CANONICAL_CODES[httpStatus] ?? (httpStatus < 500 ? "FAILED_PRECONDITION" : "UNKNOWN");
}

function upperSnakeCase(reason: string): string {
  return reason.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

export function renderError(family: ErrorFamily, error: ApiError): RenderedError {
  return { status: error.httpStatus, headers: error.headers, body: errorBody(family, error) };
}

function errorBody(family: ErrorFamily, error: ApiError): unknown {
  switch (family.kind) {
    case "google-legacy":
      return googleLegacyBody(error);
    case "google-aip193":
      return googleAip193Body(error, family.service);
    case "message":
      return { message: error.message };
    case "oauth":
      return { error: error.reason, error_description: error.message };
    case "plain-text":
      return error.message;
    case "code-host":
      return { message: error.message, documentation_url: error.documentationUrl ?? family.documentationUrl };
  }
}
