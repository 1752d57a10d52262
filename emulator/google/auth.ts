import type { Authenticator, Credentials } from '../api';
import { firstQueryValue } from '../api';
import { invalidCredentials, missingCredentials } from './errors';

/** Google's credential query parameters (OAuth token, API key): masked in the request log of every Google-style API. */
export const GOOGLE_CREDENTIAL_QUERY_PARAMETERS = ['access_token', 'key'] as const;

/**
 * Google's OAuth bearer check: `Authorization: Bearer <token>`, or the
 * `access_token` query parameter Google also accepts. Any non-empty token
 * passes unless `allowedTokens` restricts them (the emulator cannot verify a
 * real OAuth token, so the allow-list stands in for "valid").
 */
export function googleBearerAuth(allowedTokens: readonly string[] | undefined): Authenticator {
  const allowed = allowedTokens && allowedTokens.length > 0 ? new Set(allowedTokens) : undefined;
  return (credentials: Credentials) => {
    const token = bearerToken(credentials);
    if (token === undefined) throw missingCredentials();
    if (token === '' || (allowed !== undefined && !allowed.has(token))) throw invalidCredentials();
  };
}

/** `undefined` when no credential was sent at all; `''` when one was sent but is malformed. */
export function bearerToken({ headers, query }: Credentials): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? '';
  }
  return firstQueryValue(query, 'access_token');
}
