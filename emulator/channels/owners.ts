/**
 * Who a bearer token is, for the ownership rules of channels: a user and the
 * OAuth client the token was issued to, and whether the user is a service
 * account. An API maps its tokens with `parseOwnerFlag` values (`--<api>-owner
 * token=user:client[:service]`); a token it does not list is the user
 * `<token>@example.test` of the client `emulator-client`; a token the emulator
 * issued is the user it acts for (or its account) of its account's client.
 */
import type { ApiCall } from "../api";
import { UsageError } from "../command-line";
import { bearerToken } from "../google/auth";
import type { TokenAuthority } from "../google/tokens/authority";
import type { ChannelOwner } from "./registry";

export const DEFAULT_OAUTH_CLIENT = "emulator-client";

export type OwnerTable = Readonly<Record<string, ChannelOwner>>;

export function ownerOf(owners: OwnerTable, call: ApiCall, accessTokens?: TokenAuthority): ChannelOwner {
  const token = bearerToken({ headers: call.headers, query: call.query }) ?? "";
  // A token the emulator issued is whom it acts for: the same owner across refreshed tokens.
  const issued = accessTokens?.holder(token);
  if (issued !== undefined) {
    return {
      user: issued.subject ?? issued.principal,
      client: issued.principal,
      serviceAccount: issued.subject === undefined && issued.principal.endsWith(".gserviceaccount.com"),
    };
  }
  return owners[token] ?? { user: `${token}@example.test`, client: DEFAULT_OAUTH_CLIENT, serviceAccount: false };
}

/** `token=user:client` or `token=user:client:service` (a service account). */
export function parseOwnerFlag(flag: string, value: string): [string, ChannelOwner] {
  const match = /^([^=]+)=([^:]+):([^:]+)(:service)?$/.exec(value);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) {
    throw new UsageError(`--${flag} must be <token>=<user>:<oauth client>[:service], got '${value}'`);
  }
  return [match[1], { user: match[2], client: match[3], serviceAccount: match[4] !== undefined }];
}
