/**
 * Reading one response: the body is read in full (a cut body throws, and the
 * caller counts it as a network failure of the attempt) and a success body is
 * checked to be the documented answer. Pure apart from the read itself.
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
