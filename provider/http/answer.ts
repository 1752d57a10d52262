/**
 * Reading one response: the body is read in full (a cut body throws, and the
 * caller counts it as a network failure of the attempt) and a success body is
 * checked to be the documented answer. Pure apart from the read itself. And the typed errors
 * every failure becomes (ApiError), credentials redacted.
 */
import type { z } from "zod";
import { parseRetryAfter, type AttemptResult } from "./retry";

/** What one attempt produced. */
export interface Answer {
  readonly result: AttemptResult;
  /** The validated body of a success (undefined when it was empty and allowed to be). */
  readonly value?: unknown;
  /** The body of an error status, parsed when it was JSON, for the error's reason and message. */
  readonly errorBody?: unknown;
  /** Why a success body was not usable. */
  readonly problem?: { readonly reason: string; readonly message: string };
  /** A network failure happened while the body was being read. */
  readonly cutOff?: boolean;
  /** The headers of an error status, for policies that read more than `retry-after` (the code host's `x-ratelimit-*`). */
  readonly headers?: Headers;
}

/**
 * The one place an answer is checked against its schema: the call path's (each request's answer,
 * each listing page with its items) and the engine's, for an answer no request parsed as the object.
 * Every path goes through this object's `parse`, so a test that counts it sees every parse.
 */
export const answers = {
  parse<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
    return schema.safeParse(value);
  },
};

const EXCERPT_LENGTH = 80;

/** A short, one-line quote of a body for error messages (never a dump). */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH)}…` : line);
}

function describeType(contentType: string | null): string {
  return contentType === null || contentType === "" ? "no content type" : (contentType.split(";")[0]?.trim() ?? contentType);
}

/**
 * Turns a response into an Answer. `readText` reads the body (it rejects when
 * the body is cut off or stalls; that rejection is left to the caller).
 */
export async function readAnswer(response: Response, readText: () => Promise<string>, schema?: z.ZodType): Promise<Answer> {
  const { status } = response;
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  if (status >= 400) {
    // The status decides; a body that cannot be read only costs the message.
    const text = await readText().catch(() => "");
    return { result: { kind: "status", status, retryAfterMs }, errorBody: parseErrorText(text), headers: response.headers };
  }
  const text = await readText();
  const ok = (value: unknown): Answer => ({ result: { kind: "status", status, retryAfterMs }, value });
  const unreadable = (reason: string, message: string): Answer => ({ result: { kind: "unreadable", status }, problem: { reason, message } });
  if (text.trim() === "") {
    if (schema === undefined || status === 204) return ok(undefined);
    return unreadable("emptyResponse", `the API answered ${status} with an empty body where an object was expected`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return unreadable("unreadableResponse", `the body is not JSON (${describeType(response.headers.get("content-type"))}): ${excerpt(text)}`);
  }
  if (schema === undefined) return ok(body);
  const parsed = answers.parse(schema, body);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues
    .slice(0, 2)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
  return unreadable("unexpectedResponse", `the response did not match the documented shape (${issues}): ${excerpt(text)}`);
}

/** An error body: JSON as parsed, anything else (an HTML page from a proxy) as a short excerpt. */
function parseErrorText(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return `non-JSON error body ${excerpt(text)}`;
  }
}

/*
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
  /**
   * The reason of the answer's `google.rpc.ErrorInfo` (AIP-193 `details`), when it has one: the
   * API's own word for why, more exact than the canonical status (`QUOTA_DECREASE_BELOW_USAGE`
   * where `reason` says `FAILED_PRECONDITION`).
   */
  readonly errorInfoReason?: string | undefined;
  readonly apiMessage: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly outcome: Outcome;
}

export class ApiError extends Error implements ApiErrorDetails {
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly errorInfoReason: string | undefined;
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
    this.errorInfoReason = details.errorInfoReason;
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

const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";

/**
 * Reads the reason and message out of an error body of any API family:
 * Google style `{error: {code, message, errors: [{reason}]}}` or `{error: {status}}`
 * (with the reason of its ErrorInfo detail, AIP-193), and `{message}` (CI service, code host).
 */
export function parseErrorBody(body: unknown): { reason?: string; errorInfoReason?: string; message?: string } {
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
    const details = Array.isArray(error["details"]) ? (error["details"] as unknown[]) : [];
    const info = details.find((detail): detail is Record<string, unknown> => (detail as Record<string, unknown> | null)?.["@type"] === ERROR_INFO_TYPE);
    const errorInfoReason = typeof info?.["reason"] === "string" ? info["reason"] : undefined;
    return { ...(reason !== undefined && { reason }), ...(errorInfoReason !== undefined && { errorInfoReason }), ...(message !== undefined && { message }) };
  }
  if (typeof record["message"] === "string") return { message: record["message"] };
  return {};
}
