/**
 * The error wordings Google's APIs use, in one place so every Google-style
 * API of the emulator says the same thing the same way. Messages follow the
 * real responses quoted in the reference notes (e.g. "Invalid value for
 * 'entity.change.additions[0].name': 'x'", reason `invalid`); clients such as
 * gcloud print them as "<message>, <reason>".
 */
import { ApiError } from "../errors";

/** AIP-193 ErrorInfo domain of errors raised by Google's front end rather than the service (auth, rate limits). */
const GOOGLE_INFRASTRUCTURE_DOMAIN = "googleapis.com";

/** Quotes a request value the way Google's messages do: strings bare, anything else as JSON. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value);
}

export function requiredField(fieldPath: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "required",
    message: `The '${fieldPath}' parameter is required but was missing.`,
  });
}

/** `detail`, when given, says why after Google's wording (for rules Google's bare message does not explain). */
export function invalidValue(fieldPath: string, value: unknown, detail?: string): ApiError {
  const message = `Invalid value for '${fieldPath}': '${describeValue(value)}'`;
  return new ApiError({
    httpStatus: 400,
    reason: "invalid",
    message: detail === undefined ? message : `${message}. ${detail}`,
  });
}

/** A JSON body field the API does not know (Google rejects these instead of ignoring them). */
export function unknownField(fieldName: string, parentPath: string): ApiError {
  const at = parentPath === "" ? "" : ` at '${parentPath}'`;
  return new ApiError({
    httpStatus: 400,
    reason: "invalid",
    message: `Invalid JSON payload received. Unknown name "${fieldName}"${at}: Cannot find field.`,
  });
}

export function parseError(): ApiError {
  return new ApiError({ httpStatus: 400, reason: "parseError", message: "Parse Error" });
}

/** A query parameter that is not of its declared type (the classic apiary wording). */
export function invalidParameter(parameter: string, message: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "invalidParameter",
    message,
    location: parameter,
    locationType: "parameter",
  });
}

export function notFound(parameterPath: string, name: string): ApiError {
  return new ApiError({
    httpStatus: 404,
    reason: "notFound",
    message: `The '${parameterPath}' resource named '${name}' does not exist.`,
  });
}

export function alreadyExists(entityPath: string, name: string): ApiError {
  return new ApiError({
    httpStatus: 409,
    reason: "alreadyExists",
    message: `The resource '${entityPath}' named '${name}' already exists`,
  });
}

export function conditionNotMet(entityPath: string): ApiError {
  return new ApiError({
    httpStatus: 412,
    reason: "conditionNotMet",
    message: `Precondition not met for '${entityPath}'`,
  });
}

export function containerNotEmpty(name: string, contents: string): ApiError {
  return new ApiError({
    httpStatus: 400,
    reason: "containerNotEmpty",
    message: `The resource named '${name}' cannot be deleted because it contains one or more '${contents}'.`,
  });
}

/** A request over one of the project's quotas (Cloud DNS's per-change limits): 403 `quotaExceeded`, as the service answers it. */
export function quotaExceeded(message: string): ApiError {
  return new ApiError({ httpStatus: 403, reason: "quotaExceeded", domain: "usageLimits", message });
}

/** A 400 whose reason is API-specific (e.g. Cloud DNS's `invalidZoneApex`). */
export function badRequest(reason: string, message: string): ApiError {
  return new ApiError({ httpStatus: 400, reason, message });
}

export function missingCredentials(): ApiError {
  return new ApiError({
    httpStatus: 401,
    reason: "required",
    message:
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
    itemMessage: "Login Required.",
    errorInfo: { reason: "CREDENTIALS_MISSING", domain: GOOGLE_INFRASTRUCTURE_DOMAIN },
    location: "Authorization",
    locationType: "header",
    headers: { "www-authenticate": 'Bearer realm="https://accounts.google.com/"' },
  });
}

export function invalidCredentials(): ApiError {
  return new ApiError({
    httpStatus: 401,
    reason: "authError",
    message: "Invalid Credentials",
    errorInfo: { domain: GOOGLE_INFRASTRUCTURE_DOMAIN },
    location: "Authorization",
    locationType: "header",
    headers: { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  });
}

export function rateLimitExceeded(retryAfterSeconds: number): ApiError {
  return new ApiError({
    httpStatus: 429,
    reason: "rateLimitExceeded",
    domain: "usageLimits",
    message: "Rate Limit Exceeded",
    errorInfo: { domain: GOOGLE_INFRASTRUCTURE_DOMAIN },
    headers: { "retry-after": String(retryAfterSeconds) },
  });
}

/** A write refused as stale for the etag it names (an injected fault): 412 under `If-Match`, as the calendar answers; 409 ABORTED for an etag in the body (AIP-154). */
export function staleEtag(httpStatus: 409 | 412): ApiError {
  if (httpStatus === 412)
    return new ApiError({ httpStatus, reason: "conditionNotMet", message: "Precondition Failed", location: "If-Match", locationType: "header" });
  return new ApiError({
    httpStatus,
    reason: "aborted",
    rpcStatus: "ABORTED",
    message: "The etag does not match: the object was changed since it was read. Read it again and retry.",
  });
}

/** A request refused as a whole before it was processed (an injected fault), with `reason` (`invalid`, or a service's own). */
export function refusedRequest(reason: string): ApiError {
  return new ApiError({ httpStatus: 400, reason, message: "The request was refused before it was processed (a fault the emulator injected)." });
}

export function backendError(httpStatus: number): ApiError {
  return new ApiError({ httpStatus, reason: "backendError", message: "Backend Error" });
}

export function notImplemented(operation: string): ApiError {
  return new ApiError({
    httpStatus: 501,
    reason: "notImplemented",
    message: `The emulator does not implement ${operation} yet.`,
  });
}

export function routeNotFound(method: string, path: string): ApiError {
  return new ApiError({
    httpStatus: 404,
    reason: "notFound",
    message: `The requested URL ${path} was not found on this server (no ${method} route).`,
  });
}
