/**
 * CI authentication. A token travels in one of three forms: the `Ci-Token`
 * header, HTTP Basic with the token as the user name and an empty password,
 * or the deprecated `ci-token` query parameter (first present form wins, in
 * that order). A token is either personal (it acts as the configured user)
 * or a project token (it acts for one project only, not as a user).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Credentials, QueryParams } from "../../api";
import { firstQueryValue } from "../../api";
import type { CiTokenConfig } from "./context";
import { mustLogIn } from "./errors";

export type Caller = { kind: "personal"; login: string; name: string } | { kind: "project"; projectSlug: string; token: string } | { kind: "anonymous" };

export const TOKEN_HEADER = "ci-token";
export const TOKEN_QUERY_PARAMETER = "ci-token";

/** The token the request carries; `undefined` when it carries none (an empty token counts as none). */
export function tokenOf(headers: IncomingHttpHeaders, query: QueryParams): string | undefined {
  const header = headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && fromHeader.trim() !== "") return fromHeader.trim();
  const basic = basicUser(headers.authorization);
  if (basic !== undefined && basic !== "") return basic;
  const fromQuery = firstQueryValue(query, TOKEN_QUERY_PARAMETER);
  if (fromQuery !== undefined && fromQuery !== "") return fromQuery;
  return undefined;
}

/** Who is calling; throws 401 for a token the emulator does not know. */
export function resolveCaller(config: CiTokenConfig, { headers, query }: Credentials): Caller {
  const token = tokenOf(headers, query);
  if (token === undefined) return { kind: "anonymous" };
  const projectSlug = config.project.get(token);
  if (projectSlug !== undefined && !(config.personal?.has(token) ?? false)) return { kind: "project", projectSlug, token };
  const anyTokenIsPersonal = config.personal === null && config.project.size === 0;
  if (anyTokenIsPersonal || (config.personal?.has(token) ?? false)) return { kind: "personal", login: config.login, name: config.name };
  throw mustLogIn();
}

/** The user name of `Authorization: Basic base64(user:password)`. */
function basicUser(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization);
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon === -1 ? decoded : decoded.slice(0, colon);
}
