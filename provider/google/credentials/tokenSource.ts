/**
 * Access tokens of the credential chain for the HTTP client: one source per
 * credential and scope set in the process (every resource of a deployment
 * shares it), the library's cached token until it nears expiry, one refresh
 * shared by every request that asks meanwhile, and a fresh token on demand
 * after a 401 that says the token was refused.
 */
import type { AuthClient } from "google-auth-library";
import type { ApiName, Settings } from "../../config";
import { authClientFor, NoCredentialsFound } from "./authClient";
import { CredentialSettingError } from "./files";
import { CLOUD_PLATFORM_SCOPE, CREDENTIAL_SETTINGS, credentialPlan, describeSource, type CredentialPlan } from "./settings";

export interface TokenSource {
  /**
   * An access token valid for a while yet. `exchanged` is called when this call fetched a new one from
   * the token endpoint (not the cached one, nor one another request was fetching): the exchange is
   * spent from the budget of the step whose request needed it, and may refuse (BudgetSpent).
   */
  token(exchanged?: () => void): Promise<string>;
  /** The token was refused (401): the next `token()` fetches a new one, unless another request did already. */
  refused(token: string): void;
  /** What to change when the API says the token lacks its scope. */
  readonly scopeHint: string;
}

/** The library's default margin: a token is refreshed when it has less than this left. */
const DEFAULT_REFRESH_MARGIN_MS = 5 * 60_000;
/** Short-lived tokens (the emulator's `--token-lifetime 5s`) are refreshed with this share of their life left. */
const REFRESH_MARGIN_SHARE = 0.25;

/** The token sources of one provider process (its runtime, provider/runtime.ts): one per credential and scope set. */
export class TokenSources {
  private readonly sources = new Map<string, TokenSource>();

  /** The token source of an API's credential settings (validated on the way: CredentialSettingError). */
  for(api: ApiName, settings: Settings): TokenSource {
    const plan = credentialPlan(api, settings);
    const key = JSON.stringify([plan.source.kind === "ambient" ? "ambient" : plan.source.file, plan.scopes, plan.impersonate, plan.subject, plan.authUrl]);
    let source = this.sources.get(key);
    if (source === undefined) {
      source = createTokenSource(plan);
      this.sources.set(key, source);
    }
    return source;
  }
}

export function createTokenSource(plan: CredentialPlan, build: (plan: CredentialPlan) => Promise<AuthClient> = authClientFor): TokenSource {
  let client: Promise<AuthClient> | undefined;
  let current: string | undefined;

  let inFlight: Promise<{ readonly token: string; readonly fresh: boolean }> | undefined;
  /** The token, and whether it is a new one (an exchange with the token endpoint, not the library's cached token). */
  const fetchToken = async (): Promise<{ token: string; fresh: boolean }> => {
    client ??= build(plan).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    const authClient = await client;
    const fetchedAt = Date.now();
    const { token } = await authClient.getAccessToken();
    if (token === null || token === undefined || token === "") throw new Error("the token endpoint answered without an access token");
    const expiry = authClient.credentials.expiry_date;
    if (token !== current && typeof expiry === "number" && expiry > fetchedAt) {
      // A new token: refresh it ahead of expiry by the library's margin, or a share of a short token's life.
      authClient.eagerRefreshThresholdMillis = Math.min(DEFAULT_REFRESH_MARGIN_MS, (expiry - fetchedAt) * REFRESH_MARGIN_SHARE);
    }
    const fresh = token !== current;
    current = token;
    return { token, fresh };
  };

  return {
    async token(exchanged) {
      if (inFlight !== undefined) return (await inFlight).token;
      inFlight = fetchToken()
        .catch((error: unknown) => {
          throw explain(plan, error);
        })
        .finally(() => {
          inFlight = undefined;
        });
      const { token, fresh } = await inFlight;
      // Counted by the caller that started it; those who waited on it paid nothing.
      if (fresh) exchanged?.();
      return token;
    },
    scopeHint: scopeHint(plan),
    refused(token) {
      // A new client has no cached token: the next request fetches one (every client type keeps its cache its own way).
      if (token === current) {
        current = undefined;
        client = undefined;
      }
    },
  };
}

/** Raised when no token could be had; says what was tried and which setting to change. Never carries a secret. */
export class CredentialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CredentialError";
  }
}

function explain(plan: CredentialPlan, error: unknown): Error {
  if (error instanceof CredentialSettingError || error instanceof CredentialError) return error;
  if (error instanceof NoCredentialsFound) {
    return new CredentialError(
      `svc: no Google credentials for the ${plan.api} API. Looked at, in order: ${[...plan.looked, `the metadata server (${process.env["GCE_METADATA_HOST"] === undefined ? "169.254.169.254" : `GCE_METADATA_HOST=${process.env["GCE_METADATA_HOST"]}`}: not reachable)`].join("; ")}. ` +
        `Set one: \`pulumi config set ${CREDENTIAL_SETTINGS.credentials[0]} <key JSON or path> --secret\`, GOOGLE_APPLICATION_CREDENTIALS=<path of a credential file>, ` +
        `\`gcloud auth application-default login\`, or the API's static token: \`pulumi config set svc:${plan.api}Token <value> --secret\` (or SVC_${plan.api.toUpperCase()}_TOKEN).`,
    );
  }
  const unsigned = cannotSign(plan, error);
  if (unsigned !== undefined) return unsigned;
  const { status, code, description } = answerOf(error);
  const what = describeSource(plan);
  const why =
    status === undefined
      ? `it failed (${safeMessage(error)})`
      : `the token endpoint answered ${status}${code === undefined ? "" : ` ${code}`}${description === undefined ? "" : `: ${description.replace(/[.\s]+$/, "")}`}`;
  return new CredentialError(`svc: could not get an access token for the ${plan.api} API from ${what}: ${why}. ${advice(plan, status, code)}`);
}

/**
 * A key whose private key OpenSSL cannot read fails while signing the assertion, before any request:
 * the token endpoint is not the thing to change, the key is. Named by its account and key id, never its content.
 */
function cannotSign(plan: CredentialPlan, error: unknown): CredentialError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string" || !code.startsWith("ERR_OSSL")) return undefined;
  const { source } = plan;
  if (source.kind === "ambient" || source.file.type !== "service_account") return undefined;
  const key = source.file;
  const keyId = key.private_key_id === undefined ? "" : ` (private_key_id ${key.private_key_id})`;
  return new CredentialError(
    `svc: the service-account key of ${key.client_email}${keyId} in ${source.where} cannot sign for the ${plan.api} API: ` +
      `its private_key is not a private key OpenSSL can read (corrupted, cut short or re-encoded when it was copied). ` +
      `Set the key file exactly as it was downloaded, or make a new key (\`gcloud iam service-accounts keys create\`) and set it in ${source.where}.`,
  );
}

function scopeHint(plan: CredentialPlan): string {
  const scopes = plan.scopes.join(" ");
  const what = describeSource(plan);
  if (plan.subject !== undefined)
    return `the token of ${what} lacks ${scopes}: authorize it for the key's client id in the Workspace admin console's domain-wide delegation`;
  if (plan.source.kind === "ambient")
    return `the metadata server's token lacks ${scopes}: give the instance's service account that access scope, or set ${CREDENTIAL_SETTINGS.credentials[0]}`;
  if (plan.source.file.type === "authorized_user")
    return `the login in ${plan.source.where} was not granted ${scopes}: run \`gcloud auth application-default login --scopes=${[...new Set([...plan.scopes, CLOUD_PLATFORM_SCOPE])].join(",")}\``;
  return `the token of ${what} lacks ${scopes}: check the credential, or set svc:${plan.api}Token`;
}

function advice(plan: CredentialPlan, status: number | undefined, code: string | undefined): string {
  if (plan.impersonate !== undefined && status === 403) {
    return `Grant the source credential roles/iam.serviceAccountTokenCreator on ${plan.impersonate.target}, or change ${CREDENTIAL_SETTINGS.impersonate[0]}.`;
  }
  if (code === "unauthorized_client" && plan.subject !== undefined) {
    return `Authorize the key's client id for domain-wide delegation of ${plan.scopes.join(" ")} in the Workspace admin console, or change ${CREDENTIAL_SETTINGS.subject[0]}.`;
  }
  if (code === "invalid_grant") {
    return plan.source.kind !== "ambient" && plan.source.file.type === "authorized_user"
      ? "The refresh token was revoked or expired: run `gcloud auth application-default login` again."
      : `The key cannot sign for this account (deleted or rotated key, or a clock far off): make a new key and set it in ${plan.source.kind === "ambient" ? CREDENTIAL_SETTINGS.credentials[0] : plan.source.where}.`;
  }
  return `Check ${plan.source.kind === "ambient" ? "the metadata server" : plan.source.where} and ${CREDENTIAL_SETTINGS.authUrl[0]} (where the token endpoints are).`;
}

/** The status and OAuth error of a gaxios failure; the request (an assertion, a secret) is left out. */
function answerOf(error: unknown): { status?: number; code?: string; description?: string } {
  const response = (error as { response?: { status?: unknown; data?: unknown } }).response;
  if (response === undefined || typeof response.status !== "number") return {};
  const data = response.data as { error?: unknown; error_description?: unknown } | string | undefined;
  if (typeof data === "object" && data !== null) {
    const nested = typeof data.error === "object" && data.error !== null ? (data.error as { status?: unknown; message?: unknown }) : undefined;
    return {
      status: response.status,
      ...(typeof data.error === "string" && { code: data.error }),
      ...(nested !== undefined && typeof nested.status === "string" && { code: nested.status }),
      ...(typeof data.error_description === "string" && { description: data.error_description }),
      ...(nested !== undefined && typeof nested.message === "string" && { description: nested.message }),
    };
  }
  return { status: response.status };
}

/** A network failure's message (a refused connection, a timeout): its first line, without a URL's query. */
function safeMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? "").replace(/([?&][^=\s]+=)[^&\s]+/g, "$1REDACTED").slice(0, 300);
}
