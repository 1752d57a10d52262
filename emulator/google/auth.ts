import type { Authenticator, Credentials } from "../api";
import { firstQueryValue } from "../api";
import { invalidCredentials, missingCredentials } from "./errors";
import type { ApiManifest, GoogleAuthFacts } from "../../provider/apiManifest";
import type { TokenAuthority } from "./tokens/authority";

/** Google's credential query parameters (OAuth token, API key): masked in the request log of every Google-style API. */
export const GOOGLE_CREDENTIAL_QUERY_PARAMETERS = ["access_token", "key"] as const;

/** The Google facts of an API's manifest; an emulated Google API without them is a mistake in its plug-in. */
export function googleFactsOf(manifest: ApiManifest): GoogleAuthFacts {
  if (manifest.google === undefined) throw new Error(`the ${manifest.name} API's manifest says nothing of Google scopes (its \`google\`)`);
  return manifest.google;
}

/** The scopes that admit a request of this method to an API, from its manifest (provider/apis/<api>/api.ts): the service's, never a second list. */
export function scopesFor(facts: GoogleAuthFacts, method: string): string[] {
  const { write, read } = facts.accepted ?? { write: facts.scopes, read: [] };
  return method === "GET" ? [...write, ...read] : [...write];
}

/**
 * Google's OAuth bearer check: `Authorization: Bearer <token>`, or the
 * `access_token` query parameter Google also accepts. Any non-empty token
 * passes unless `allowedTokens` restricts them: for a plug-in that knows
 * nothing of the tokens the emulator issues (the emulated APIs use `googleScopedAuth`).
 */
export function googleBearerAuth(allowedTokens: readonly string[] | undefined): Authenticator {
  const allowed = allowedTokens && allowedTokens.length > 0 ? new Set(allowedTokens) : undefined;
  return (credentials: Credentials) => {
    const token = bearerToken(credentials);
    if (token === undefined) throw missingCredentials();
    if (token === "" || (allowed !== undefined && !allowed.has(token))) throw invalidCredentials();
  };
}

/**
 * The emulated Google APIs' bearer check: a token the emulator issued must be unexpired and carry one
 * of the API's scopes; others pass unless `--tokens` restricts them (see `TokenAuthority.authorize`).
 */
export function googleScopedAuth(accessTokens: TokenAuthority, facts: GoogleAuthFacts): Authenticator {
  return (credentials: Credentials) => {
    const holder = accessTokens.authorize(bearerToken(credentials), scopesFor(facts, credentials.method ?? "GET"));
    return holder === undefined ? undefined : (holder.subject ?? holder.principal);
  };
}

/** `undefined` when no credential was sent at all; `''` when one was sent but is malformed. */
export function bearerToken({ headers, query }: Credentials): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? "";
  }
  return firstQueryValue(query, "access_token");
}
