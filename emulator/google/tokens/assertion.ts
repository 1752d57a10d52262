/**
 * The JWT-bearer grant's assertion: an RS256 JWT a service account signs with
 * its key. Verified with node:crypto against the public key of the key the
 * emulator wrote; the claims are checked as Google's token endpoint does.
 */
import { createPublicKey, verify } from "node:crypto";
import { z } from "zod";
import type { ServiceAccount } from "./authority";
import { oauthError } from "./oauth-errors";

/** Google's token endpoint: google-auth-library signs every assertion for it, wherever it sends the request. */
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** How far `iat` may lie in the future (clock skew) and the longest an assertion may live. */
const SKEW_SECONDS = 60;
const MAX_ASSERTION_SECONDS = 3600;

const headerSchema = z.object({ alg: z.string(), kid: z.string().optional(), typ: z.string().optional() });
const claimsSchema = z.object({
  iss: z.string(),
  aud: z.string(),
  iat: z.number(),
  exp: z.number(),
  scope: z.string().optional(),
  sub: z.string().optional(),
});

export interface VerifiedAssertion {
  account: ServiceAccount;
  scopes: string[];
  /** The user acted for under domain-wide delegation (a `sub` other than the account itself). */
  subject?: string;
}

/**
 * Verifies an assertion: its signer is a known account with a key, the signature is that key's, the
 * audience is this token endpoint (or Google's), and it is neither expired nor issued in the future.
 */
export function verifyAssertion(
  assertion: string,
  findAccount: (email: string) => ServiceAccount | undefined,
  audiences: readonly string[],
  nowMs: number,
): VerifiedAssertion {
  const [encodedHeader, encodedClaims, signature, ...rest] = assertion.split(".");
  if (encodedHeader === undefined || encodedClaims === undefined || signature === undefined || rest.length > 0) {
    throw oauthError(400, "invalid_grant", "Invalid JWT: Token must be a short-lived token and in a reasonable timeframe");
  }
  const header = decodePart(encodedHeader, headerSchema);
  const claims = decodePart(encodedClaims, claimsSchema);
  if (header.alg !== "RS256") throw oauthError(400, "invalid_grant", `Invalid JWT: algorithm ${header.alg} is not RS256`);
  const account = findAccount(claims.iss);
  if (account === undefined || account.publicKey === "") throw oauthError(400, "invalid_grant", "Invalid grant: account not found");
  if (header.kid !== undefined && header.kid !== account.keyId) throw oauthError(400, "invalid_grant", "Invalid JWT Signature.");
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  if (!verify("RSA-SHA256", signed, createPublicKey(account.publicKey), Buffer.from(signature, "base64url"))) {
    throw oauthError(400, "invalid_grant", "Invalid JWT Signature.");
  }
  if (!audiences.includes(claims.aud)) throw oauthError(400, "invalid_grant", `Invalid JWT: audience ${claims.aud} is not this token endpoint.`);
  const now = nowMs / 1000;
  if (claims.iat > now + SKEW_SECONDS || claims.exp <= now || claims.exp - claims.iat > MAX_ASSERTION_SECONDS) {
    throw oauthError(
      400,
      "invalid_grant",
      "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.",
    );
  }
  const scopes = (claims.scope ?? "").split(/\s+/).filter((scope) => scope !== "");
  if (scopes.length === 0) throw oauthError(400, "invalid_scope", "Invalid OAuth scope or ID token audience provided.");
  const subject = claims.sub === undefined || claims.sub.toLowerCase() === account.email ? undefined : claims.sub.toLowerCase();
  if (subject !== undefined && !mayActFor(account, subject)) {
    throw oauthError(
      401,
      "unauthorized_client",
      "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.",
    );
  }
  return { account, scopes, ...(subject !== undefined && { subject }) };
}

function mayActFor(account: ServiceAccount, subject: string): boolean {
  const domain = subject.slice(subject.indexOf("@") + 1);
  return account.delegation.some((entry) => entry === subject || entry === domain);
}

function decodePart<T>(part: string, schema: z.ZodType<T>): T {
  try {
    return schema.parse(JSON.parse(Buffer.from(part, "base64url").toString("utf8")));
  } catch {
    throw oauthError(400, "invalid_grant", "Invalid JWT: the header or claims are not the expected JSON.");
  }
}
