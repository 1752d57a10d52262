/**
 * Typed API errors. Every failure of the HTTP layer becomes an ApiError that
 * says what was called, what the service answered, and whether the request
 * may have taken effect, with credentials redacted from everything it carries.
 */

/**
 * `rejected`: the service answered and did nothing (4xx, 429).
 * `unknown`: the request may or may not have taken effect (5xx, lost response,
 * timeout); a create in that state is reconciled by reading, never repeated blindly.
 */
export type Outcome = "rejected" | "unknown";

export interface ApiErrorDetails {
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly apiMessage: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly outcome: Outcome;
}

export class ApiError extends Error implements ApiErrorDetails {
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly apiMessage: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly outcome: Outcome;

  constructor(details: ApiErrorDetails) {
    const what = details.status === undefined ? "no response" : `HTTP ${details.status}`;
    const why = [details.reason, details.apiMessage].filter(Boolean).join(": ");
    super(`${details.method} ${details.path} failed with ${what}${why ? ` (${why})` : ""}`);
    this.name = "ApiError";
    this.status = details.status;
    this.reason = details.reason;
    this.apiMessage = details.apiMessage;
    this.method = details.method;
    this.path = details.path;
    this.outcome = details.outcome;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isConflict(): boolean {
    return this.status === 409;
  }
}

/** Query parameters that carry credentials: an API key, an access token, or any `...token` of an API's own. */
const isSecretQueryParameter = (name: string): boolean => name === "key" || name === "access_token" || /token$/i.test(name);

/** The path and query of a URL, with credential-bearing query values replaced. */
export function redactedPath(url: string | URL): string {
  const parsed = new URL(url.toString());
  for (const name of new Set(parsed.searchParams.keys())) {
    if (isSecretQueryParameter(name)) parsed.searchParams.set(name, "REDACTED");
  }
  const query = parsed.searchParams.toString();
  return decodeURIComponent(parsed.pathname) + (query ? `?${query}` : "");
}

/** Removes a token from free text (an error message echoed by a server, say). */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join("REDACTED");
}

/**
 * Reads the reason and message out of an error body of any API family:
 * Google style `{error: {code, message, errors: [{reason}]}}` or `{error: {status}}`,
 * and `{message}` (CI service, code host).
 */
export function parseErrorBody(body: unknown): { reason?: string; message?: string } {
  if (typeof body !== "object" || body === null) {
    return typeof body === "string" && body.trim() !== "" ? { message: body.trim().slice(0, 500) } : {};
  }
  const record = body as Record<string, unknown>;
  const envelope = record["error"];
  if (typeof envelope === "object" && envelope !== null) {
    const error = envelope as Record<string, unknown>;
    const first = Array.isArray(error["errors"]) ? (error["errors"][0] as Record<string, unknown> | undefined) : undefined;
    const reason = typeof first?.["reason"] === "string" ? first["reason"] : typeof error["status"] === "string" ? error["status"] : undefined;
    const message = typeof error["message"] === "string" ? error["message"] : undefined;
    return { ...(reason !== undefined && { reason }), ...(message !== undefined && { message }) };
  }
  if (typeof record["message"] === "string") return { message: record["message"] };
  return {};
}
