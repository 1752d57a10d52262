import type { Authenticator, Credentials } from "../api";
import { firstQueryValue } from "../api";
import { invalidCredentials, missingCredentials } from "./errors";
import type { TokenAuthority } from "./tokens/authority";
import { CLOUD_PLATFORM_SCOPE } from "./tokens/authority";

/** Google's credential query parameters (OAuth token, API key): masked in the request log of every Google-style API. */
export const GOOGLE_CREDENTIAL_QUERY_PARAMETERS = ["access_token", "key"] as const;

/** The narrowest scopes each Google-style API documents; a token needs one of them (read-only ones for reads). */
export const API_SCOPES = {
  dns: {
    write: ["https://www.googleapis.com/auth/ndev.clouddns.readwrite", CLOUD_PLATFORM_SCOPE],
    read: ["https://www.googleapis.com/auth/ndev.clouddns.readonly"],
  },
  calendar: { write: ["https://www.googleapis.com/auth/calendar"], read: ["https://www.googleapis.com/auth/calendar.readonly"] },
  quotas: { write: [CLOUD_PLATFORM_SCOPE], read: [] },
  reports: { write: ["https://www.googleapis.com/auth/admin.reports.audit.readonly"], read: [] },
  ads: { write: ["https://www.googleapis.com/auth/ads.monetization"], read: ["https://www.googleapis.com/auth/ads.readonly"] },
} as const;

export type ScopedApi = keyof typeof API_SCOPES;

/** The scopes that admit a request of this method to the API. */
export function scopesFor(api: ScopedApi, method: string): string[] {
  const { write, read } = API_SCOPES[api];
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
export function googleScopedAuth(accessTokens: TokenAuthority, api: ScopedApi): Authenticator {
  return (credentials: Credentials) => {
    const holder = accessTokens.authorize(bearerToken(credentials), scopesFor(api, credentials.method ?? "GET"));
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
