/**
 * Errors of the emulated APIs.
 *
 * Handlers throw an `ApiError` that carries everything any API family needs
 * (status, reason, message, extra headers); `renderError` is the one place
 * that turns it into the body a given API family really sends. When the
 * code-host and CI APIs arrive they add their own family here instead of
 * formatting errors in their handlers.
 */

/** How an API shapes its error bodies. */
export type ErrorFamily =
  /** Google's legacy JSON envelope: `{"error":{"code","message","errors":[...]}}`, no `status` field. */
  | 'google'
  /** The CI API: `{"message": "..."}`. */
  | 'ci';

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
  locationType?: 'header' | 'parameter';
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly reason: string;
  readonly domain: string;
  readonly itemMessage: string | undefined;
  readonly location: string | undefined;
  readonly locationType: 'header' | 'parameter' | undefined;
  readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.httpStatus = init.httpStatus;
    this.reason = init.reason;
    this.domain = init.domain ?? 'global';
    this.itemMessage = init.itemMessage;
    this.location = init.location;
    this.locationType = init.locationType;
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

function renderGoogleError(error: ApiError): RenderedError {
  const item: GoogleErrorItem = {
    message: error.itemMessage ?? error.message,
    domain: error.domain,
    reason: error.reason,
  };
  if (error.location !== undefined) item.location = error.location;
  if (error.locationType !== undefined) item.locationType = error.locationType;
  return {
    status: error.httpStatus,
    headers: error.headers,
    body: { error: { code: error.httpStatus, message: error.message, errors: [item] } },
  };
}

export function renderError(family: ErrorFamily, error: ApiError): RenderedError {
  switch (family) {
    case 'google':
      return renderGoogleError(error);
    case 'ci':
      return { status: error.httpStatus, headers: error.headers, body: { message: error.message } };
  }
}
