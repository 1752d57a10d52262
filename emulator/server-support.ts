/** What the server's pipeline needs besides its hooks: error conversion, paths, addresses and accounts. */
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyError } from "fastify";
import type { QueryParams } from "./api";
import { firstQueryValue } from "./api";
import { ApiError } from "./errors";
import { parseError } from "./google/errors";

export function toApiError(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // fastify's own client errors (unsupported media type, body too large, ...).
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY") return parseError();
    return new ApiError({ httpStatus: status, reason: status === 413 ? "uploadTooLarge" : "badRequest", message: error.message });
  }
  // A bug in the emulator: say so on stderr, answer like Google's backend would.
  process.stderr.write(`svc-emulator: internal error: ${error.stack ?? error.message}\n`);
  return new ApiError({ httpStatus: 500, reason: "backendError", message: "Internal Error" });
}

/** A change that could not be saved is reported as not made: the client retries or reads it back. */
export function unsaved(error: unknown): ApiError {
  return new ApiError({
    httpStatus: 503,
    reason: "backendError",
    message: `The emulator could not save its state: ${error instanceof Error ? error.message : String(error)}`,
  });
}

export function pathOf(url: string): string {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

export function baseUrlOf(address: AddressInfo): string {
  // A wildcard bind is reachable on loopback; print an address a client can use.
  if (address.address === "0.0.0.0") return `http://127.0.0.1:${address.port}`;
  if (address.address === "::") return `http://[::1]:${address.port}`;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Whom a request acts for when its API does not say (a token the emulator did not issue and that
 * names no user): a fingerprint of the credential, so requests of one token can be told apart in
 * the console without showing it. Undefined when the request carries none.
 */
export function credentialFingerprint(headers: IncomingHttpHeaders, query: QueryParams): string | undefined {
  const header = headers.authorization ?? headers["ci-token"];
  const credential =
    (Array.isArray(header) ? header[0] : header) ??
    firstQueryValue(query, "access_token") ??
    firstQueryValue(query, "ci-token") ??
    firstQueryValue(query, "key");
  if (credential === undefined || credential === "") return undefined;
  return `token sha256:${createHash("sha256")
    .update(credential.replace(/^(Bearer|token|Basic)\s+/i, ""))
    .digest("hex")
    .slice(0, 8)}`;
}
