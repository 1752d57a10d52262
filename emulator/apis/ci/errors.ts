/**
 * The CI API's error wordings. Every error is an `ApiError` rendered by the
 * `ci` family as `{"message": "..."}` (in the format the `Accept` header
 * asks for); the `reason` is only a machine-readable tag for the emulator.
 */
import { ApiError } from "../../errors";

function ciError(httpStatus: number, reason: string, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError({ httpStatus, reason, message, ...(headers !== undefined ? { headers } : {}) });
}

/** Missing or unknown token (the real service's wording). */
export function mustLogIn(): ApiError {
  return ciError(401, "unauthorized", "You must log in first.");
}

/** A project token on an endpoint that acts as a user (GET /me, pipelines, user keys, follows, SSH users). */
export function personalTokenRequired(): ApiError {
  return ciError(403, "forbidden", "This endpoint requires a personal API token.");
}

export function projectNotFound(): ApiError {
  return ciError(404, "notFound", "Project not found");
}

export function buildNotFound(): ApiError {
  return ciError(404, "notFound", "Build not found");
}

export function checkoutKeyNotFound(): ApiError {
  return ciError(404, "notFound", "Checkout key not found");
}

export function unknownVcsType(vcsType: string, allowed: readonly string[]): ApiError {
  return ciError(400, "badRequest", `Unknown vcs-type '${vcsType}': expected one of ${allowed.join(", ")}`);
}

export function badRequest(message: string): ApiError {
  return ciError(400, "badRequest", message);
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  return ciError(429, "rateLimitExceeded", "Rate limit exceeded", { "retry-after": String(retryAfterSeconds) });
}
