/**
 * The grants of Google's token endpoints as the emulator serves them, at the
 * paths google-auth-library calls when pointed at the emulator:
 *   POST /token   oauth2.googleapis.com/token: the JWT-bearer grant (a service-account key,
 *                 the file's `token_uri`) and the refresh-token grant (`authorized_user`)
 *   POST /v1/token  sts.googleapis.com/v1/token: token exchange (an `external_account`'s `token_url`)
 *   POST /v1/projects/-/serviceAccounts/{email}:generateAccessToken
 *                 iamcredentials.googleapis.com (impersonation; the library's `endpoint` option)
 */
import { z } from "zod";
import type { ApiCall, ApiResult, ApiRoute } from "../../api";
import { pathParam } from "../../api";
import { ApiError } from "../../errors";
import { bearerToken } from "../auth";
import { invalidCredentials } from "../errors";
import { GOOGLE_TOKEN_URL, verifyAssertion } from "./assertion";
import type { TokenAuthority } from "./authority";
import { CLOUD_PLATFORM_SCOPE } from "./authority";
import { oauthError } from "./oauth-errors";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ACCESS_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";

const form = z.record(z.string(), z.unknown());
const stringField = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  if (typeof value !== "string" || value === "") throw oauthError(400, "invalid_request", `Missing required parameter: ${name}`);
  return value;
};

function tokenAnswer(issued: { token: string; expiresIn: number }, extra: Record<string, string> = {}): ApiResult {
  return { status: 200, body: { access_token: issued.token, expires_in: issued.expiresIn, token_type: "Bearer", ...extra } };
}

/** `POST /token`: the JWT-bearer and refresh-token grants. */
export function oauthTokenRoutes(authority: TokenAuthority): ApiRoute[] {
  const token = (call: ApiCall): ApiResult => {
    const parsed = form.safeParse(call.body ?? {});
    const body = parsed.success ? parsed.data : {};
    const grant = stringField(body, "grant_type");
    if (grant === JWT_BEARER) {
      const host = typeof call.headers.host === "string" ? call.headers.host : "";
      const audiences = [GOOGLE_TOKEN_URL, `http://${host}/token`, `https://${host}/token`];
      const verified = verifyAssertion(stringField(body, "assertion"), (email) => authority.account(email), audiences, authority.now());
      const issued = authority.issue("jwt-bearer", {
        principal: verified.account.email,
        ...(verified.subject !== undefined && { subject: verified.subject }),
        scopes: verified.scopes,
      });
      return tokenAnswer(issued);
    }
    if (grant === "refresh_token") {
      const user = authority.user(stringField(body, "refresh_token"));
      if (user === undefined) throw oauthError(400, "invalid_grant", "Token has been expired or revoked.");
      if (body.client_id !== user.clientId || body.client_secret !== user.clientSecret)
        throw oauthError(401, "invalid_client", "The OAuth client was not found.");
      return tokenAnswer(authority.issue("refresh-token", { principal: user.email, scopes: user.scopes }), { scope: user.scopes.join(" ") });
    }
    throw oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grant}`);
  };
  return [{ method: "POST", pattern: "/token", operation: "oauth2.token", handle: token }];
}

/** `POST /v1/token`: exchanges a workload identity subject token for a federated access token. */
export function stsRoutes(authority: TokenAuthority): ApiRoute[] {
  const exchange = (call: ApiCall): ApiResult => {
    const parsed = form.safeParse(call.body ?? {});
    const body = parsed.success ? parsed.data : {};
    if (stringField(body, "grant_type") !== TOKEN_EXCHANGE) throw oauthError(400, "unsupported_grant_type", "Only token exchange is supported.");
    const audience = stringField(body, "audience");
    const minted = authority.subjectToken(stringField(body, "subject_token"));
    if (minted === undefined || minted.audience !== audience) {
      throw oauthError(400, "invalid_grant", "The subject token is invalid or was not issued for this audience.");
    }
    const scopes = (typeof body.scope === "string" ? body.scope : CLOUD_PLATFORM_SCOPE).split(/\s+/).filter((scope) => scope !== "");
    const issued = authority.issue("token-exchange", { principal: federatedPrincipal(audience, minted.subject), scopes });
    return tokenAnswer(issued, { issued_token_type: ACCESS_TOKEN_TYPE });
  };
  return [{ method: "POST", pattern: "/v1/token", operation: "sts.token", handle: exchange }];
}

/** The principal of a federated identity, as IAM names it. */
export function federatedPrincipal(audience: string, subject: string): string {
  return `principal://${audience.replace(/^\/\//, "")}/subject/${subject}`;
}

const generateBody = z.object({
  scope: z.array(z.string()).min(1),
  delegates: z.array(z.string()).optional(),
  lifetime: z
    .string()
    .regex(/^\d+(\.\d+)?s$/)
    .optional(),
});

/**
 * `generateAccessToken`: the caller (an unexpired issued token with cloud-platform) may act as the target
 * when every hop of the chain caller -> delegates... -> target is granted (`impersonators`).
 */
export function iamCredentialsRoutes(authority: TokenAuthority): ApiRoute[] {
  const generate = (call: ApiCall): ApiResult => {
    const caller = authority.holder(bearerToken({ headers: call.headers, query: call.query }));
    if (caller === undefined) throw invalidCredentials();
    if (!caller.scopes.includes(CLOUD_PLATFORM_SCOPE)) {
      throw new ApiError({
        httpStatus: 403,
        reason: "insufficientPermissions",
        message: "Request had insufficient authentication scopes.",
        errorInfo: { reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT", domain: "googleapis.com" },
      });
    }
    const parsed = generateBody.safeParse(call.body ?? {});
    if (!parsed.success)
      throw new ApiError({ httpStatus: 400, reason: "badRequest", message: `Invalid request: ${parsed.error.issues[0]?.message ?? "bad body"}` });
    const target = pathParam(call, "account");
    const chain = [...(parsed.data.delegates ?? []).map(accountOf), accountOf(target)];
    let actor = caller.principal;
    for (const hop of chain) {
      const account = authority.account(hop);
      if (account === undefined || !account.impersonators.includes(actor.toLowerCase())) {
        throw new ApiError({
          httpStatus: 403,
          reason: "forbidden",
          message: `Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).`,
          errorInfo: { reason: "IAM_PERMISSION_DENIED", domain: "iam.googleapis.com", metadata: { permission: "iam.serviceAccounts.getAccessToken" } },
        });
      }
      actor = account.email;
    }
    const lifetime = parsed.data.lifetime === undefined ? undefined : Math.floor(Number.parseFloat(parsed.data.lifetime));
    const issued = authority.issue("impersonation", { principal: actor, scopes: parsed.data.scope }, lifetime);
    return { status: 200, body: { accessToken: issued.token, expireTime: issued.expiresAt.toISOString() } };
  };
  return [
    {
      method: "POST",
      pattern: "/v1/projects/-/serviceAccounts/:account:generateAccessToken",
      routerPath: "/v1/projects/-/serviceAccounts/:account(^[^:]+)::generateAccessToken",
      operation: "iamcredentials.projects.serviceAccounts.generateAccessToken",
      handle: generate,
    },
  ];
}

/** `projects/-/serviceAccounts/x@y` or the e-mail alone. */
function accountOf(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}
