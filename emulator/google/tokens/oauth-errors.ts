/**
 * The errors of Google's token endpoints: OAuth 2.0's `{"error","error_description"}`
 * (RFC 6749 section 5.2), as the OAuth and STS endpoints answer, and the
 * metadata server's plain text.
 */
import { ApiError } from "../../errors";

/** A refused grant, e.g. `400 invalid_grant` or `401 unauthorized_client`. */
export function oauthError(httpStatus: number, code: string, description: string): ApiError {
  return new ApiError({ httpStatus, reason: code, message: description });
}
