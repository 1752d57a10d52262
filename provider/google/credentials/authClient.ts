/**
 * Builds google-auth-library's client for a credential plan. The library
 * signs, exchanges and refreshes; this file only chooses the class and where
 * its requests go:
 * - a key's `token_uri` (the library's JWT client posts to Google's fixed
 *   token URL, so a key whose `token_uri` is elsewhere, as the emulator's
 *   keys, has that one request sent there instead);
 * - `svc:googleAuthUrl` (default `svc:emulatorUrl`): the token URL of an
 *   authorized_user file and IAM Credentials' `endpoint` for impersonation;
 * - an external_account file's own `token_url` and impersonation URL;
 * - the metadata server at GCE_METADATA_HOST (gcp-metadata reads it).
 */
import { AwsClient, GoogleAuth, IdentityPoolClient, Impersonated, JWT, PluggableAuthClient, UserRefreshClient, type AuthClient } from "google-auth-library";
import type { CredentialFile, ServiceAccountKey } from "./files";
import { CLOUD_PLATFORM_SCOPE, type CredentialPlan } from "./settings";

export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

/** Lifetime asked of an impersonated token, in seconds (IAM Credentials' default and most without an org policy). */
const IMPERSONATED_LIFETIME_SECONDS = 3600;

export class NoCredentialsFound extends Error {}

/** The client that mints the plan's tokens. */
export async function authClientFor(plan: CredentialPlan): Promise<AuthClient> {
  // Impersonation needs a source token that may call IAM Credentials.
  const sourceScopes = plan.impersonate === undefined ? [...plan.scopes] : [CLOUD_PLATFORM_SCOPE];
  const source = plan.source.kind === "ambient" ? await ambientClient(sourceScopes) : fileClient(plan.source.file, sourceScopes, plan);
  if (plan.impersonate === undefined) return source;
  const impersonate = plan.impersonate;
  return withoutUnvalidatedConfigWarning(
    () =>
      new Impersonated({
        sourceClient: source,
        targetPrincipal: impersonate.target,
        delegates: [...impersonate.delegates],
        targetScopes: [...plan.scopes],
        lifetime: IMPERSONATED_LIFETIME_SECONDS,
        ...(plan.authUrl !== undefined && { endpoint: plan.authUrl }),
      }),
  );
}

/**
 * The library warns that `Impersonated` does not validate its configuration; here the target and
 * delegates are checked e-mails (settings.ts) and the endpoint the user's own setting, so that one
 * warning would only be noise in every `up`. Other warnings pass.
 */
function withoutUnvalidatedConfigWarning<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("The `Impersonated` constructor does not validate")) return;
    warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

function fileClient(file: CredentialFile, scopes: string[], plan: CredentialPlan): AuthClient {
  switch (file.type) {
    case "service_account":
      return keyClient(file, scopes, plan);
    case "authorized_user":
      return new UserRefreshClient({
        clientId: file.client_id,
        clientSecret: file.client_secret,
        refreshToken: file.refresh_token,
        ...(plan.authUrl !== undefined && { endpoints: { oauth2TokenUrl: `${plan.authUrl}/token` } }),
      });
    case "external_account": {
      // The class of the file's credential source, as ExternalAccountClient.fromJSON picks it (files.ts validated the file).
      const options = { ...file, scopes } as unknown as ConstructorParameters<typeof IdentityPoolClient>[0];
      const source = file.credential_source as { environment_id?: unknown; executable?: unknown };
      if (typeof source.environment_id === "string" && source.environment_id.startsWith("aws"))
        return new AwsClient(options as ConstructorParameters<typeof AwsClient>[0]);
      if (source.executable !== undefined) return new PluggableAuthClient(options as ConstructorParameters<typeof PluggableAuthClient>[0]);
      return new IdentityPoolClient(options);
    }
  }
}

function keyClient(key: ServiceAccountKey, scopes: string[], plan: CredentialPlan): JWT {
  const client = new JWT({
    email: key.client_email,
    key: key.private_key,
    ...(key.private_key_id !== undefined && { keyId: key.private_key_id }),
    scopes,
    ...(plan.subject !== undefined && { subject: plan.subject }),
  });
  const tokenUrl =
    key.token_uri !== undefined && key.token_uri !== GOOGLE_TOKEN_URL ? key.token_uri : plan.authUrl === undefined ? undefined : `${plan.authUrl}/token`;
  if (tokenUrl !== undefined) {
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  return client;
}

/** Application default credentials without a file: the metadata server, when there is one. */
async function ambientClient(scopes: string[]): Promise<AuthClient> {
  try {
    return await new GoogleAuth({ scopes }).getClient();
  } catch {
    throw new NoCredentialsFound();
  }
}
