/**
 * The metadata server's token paths, as gcp-metadata calls them at
 * `http://$GCE_METADATA_HOST/computeMetadata/v1/...`: every request must carry
 * `Metadata-Flavor: Google`, and every answer carries it back (the library
 * refuses an answer without it). The server acts as one service account.
 */
import type { ApiResult, ApiRoute, Authenticator } from "../../api";
import { firstQueryValue } from "../../api";
import { ApiError } from "../../errors";
import type { TokenAuthority } from "./authority";
import { CLOUD_PLATFORM_SCOPE, emailOf, METADATA_ACCOUNT_NAME, SERVICE_ACCOUNT_PROJECT } from "./authority";

export const METADATA_PREFIX = "/computeMetadata/v1";
export const METADATA_FLAVOR_HEADERS = { "metadata-flavor": "Google" };

export const metadataFlavorCheck: Authenticator = ({ headers }) => {
  if (headers["metadata-flavor"] !== "Google") {
    throw new ApiError({ httpStatus: 403, reason: "forbidden", message: "Missing Metadata-Flavor:Google header." });
  }
};

const text = (body: string): ApiResult => ({ status: 200, body });

export function metadataRoutes(authority: TokenAuthority): ApiRoute[] {
  const account = emailOf(METADATA_ACCOUNT_NAME);
  /** `default` or the account's own e-mail; another account is not on this instance. */
  const accountParam = (name: string | undefined): string => {
    if (name === "default" || name?.toLowerCase() === account) return account;
    throw new ApiError({ httpStatus: 404, reason: "notFound", message: "Not Found" });
  };
  return [
    { method: "GET", pattern: `${METADATA_PREFIX}/instance`, operation: "metadata.instance", handle: () => text("attributes/\nservice-accounts/\n") },
    { method: "GET", pattern: `${METADATA_PREFIX}/project/project-id`, operation: "metadata.projectId", handle: () => text(SERVICE_ACCOUNT_PROJECT) },
    { method: "GET", pattern: `${METADATA_PREFIX}/universe/universe-domain`, operation: "metadata.universeDomain", handle: () => text("googleapis.com") },
    {
      method: "GET",
      pattern: `${METADATA_PREFIX}/instance/service-accounts/:account/email`,
      operation: "metadata.serviceAccountEmail",
      handle: (call) => text(accountParam(call.params.account)),
    },
    {
      method: "GET",
      pattern: `${METADATA_PREFIX}/instance/service-accounts/:account/token`,
      operation: "metadata.serviceAccountToken",
      handle: (call) => {
        const principal = accountParam(call.params.account);
        const requested = firstQueryValue(call.query, "scopes");
        const scopes = requested === undefined ? [CLOUD_PLATFORM_SCOPE] : requested.split(",").filter((scope) => scope !== "");
        const issued = authority.issue("metadata", { principal, scopes });
        return { status: 200, body: { access_token: issued.token, expires_in: issued.expiresIn, token_type: "Bearer" } };
      },
    },
  ];
}
