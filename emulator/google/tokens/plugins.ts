/**
 * Google's token services as emulator plug-ins over the one `TokenAuthority`
 * every Google-style API checks its bearer tokens against: the OAuth token
 * endpoint (with the internal endpoints that make credentials, under
 * `/_emulator/tokens/`), STS, IAM Credentials and the metadata server.
 */
import { z } from "zod";
import type { ApiRoute, Authenticator, RenderedBody } from "../../api";
import { googleAip193Errors, oauthErrors, plainTextErrors } from "../../errors";
import { definePlugin } from "../../plugin";
import { JSON_CONTENT_TYPE } from "../../responses";
import { parseSnapshot } from "../../persistence/snapshot-schema";
import type { ApiStore } from "../../store";
import type { TokenAuthority } from "./authority";
import { emailOf } from "./authority";
import { federatedPrincipal, iamCredentialsRoutes, oauthTokenRoutes, stsRoutes } from "./grants";
import { METADATA_FLAVOR_HEADERS, METADATA_PREFIX, metadataFlavorCheck, metadataRoutes } from "./metadata";

/** Resets the issued tokens with the emulator; their statistics are at `/_emulator/tokens/stats`. */
class TokenStatsStore implements ApiStore {
  readonly keepsNoObjects = true;
  private authority: TokenAuthority | undefined;
  attach(authority: TokenAuthority): void {
    this.authority = authority;
  }
  reset(): void {
    this.authority?.reset();
  }
  userObjects(): Record<string, unknown[]> {
    return {};
  }
}

const accountsSnapshot = z.object({
  serviceAccounts: z.array(
    z.object({ email: z.string(), keyId: z.string(), publicKey: z.string(), delegation: z.array(z.string()), impersonators: z.array(z.string()) }),
  ),
});

/** The OAuth endpoint's store also keeps the service accounts across a restart (`--data-dir`). */
class TokenAccountsStore extends TokenStatsStore {
  private accountsOf: TokenAuthority | undefined;
  override attach(authority: TokenAuthority): void {
    super.attach(authority);
    this.accountsOf = authority;
  }
  snapshot(): unknown {
    return { serviceAccounts: this.accountsOf?.accountsSnapshot() ?? [] };
  }
  restore(snapshot: unknown): void {
    this.accountsOf?.restoreAccounts(parseSnapshot(accountsSnapshot, snapshot, "tokens").serviceAccounts);
  }
}

/**
 * The token services take no options of their own (the lifetime is the core's `tokenLifetimeSeconds`);
 * a named, empty input keeps the list's option types apart (an `object` input would absorb every API's).
 */
export interface TokenServicesInput {
  tokenServices?: Record<string, never>;
}
const noOptions = (_input: TokenServicesInput): Record<string, never> => ({});

/** The token endpoints check the grant itself; no bearer token is asked for. */
const open: Authenticator = () => undefined;
const SECRET_FORM_FIELDS = ["assertion", "refresh_token", "client_secret", "subject_token"];
/** The tokens the endpoints answer with: masked in the console's log of their responses. */
const ISSUED_TOKEN_FIELDS = ["access_token", "id_token", "accessToken"];

export const oauthPlugin = definePlugin({
  name: "tokens",
  summary: "Google's OAuth token endpoint at /token (JWT-bearer and refresh-token grants)",
  pathPrefixes: ["/token"],
  errorFamily: oauthErrors,
  acceptsFormBodies: true,
  secrets: { bodyFields: [...SECRET_FORM_FIELDS, ...ISSUED_TOKEN_FIELDS] },
  options: noOptions,
  createStore: () => new TokenAccountsStore(),
  mount: ({ accessTokens, store }) => {
    store.attach(accessTokens);
    return { authenticate: open, routes: oauthTokenRoutes(accessTokens), internalRoutes: credentialRoutes(accessTokens) };
  },
});

export const stsPlugin = definePlugin({
  name: "sts",
  summary: "the token exchange (STS) at /v1/token",
  pathPrefixes: ["/v1/token"],
  errorFamily: oauthErrors,
  acceptsFormBodies: true,
  secrets: { bodyFields: [...SECRET_FORM_FIELDS, ...ISSUED_TOKEN_FIELDS] },
  options: noOptions,
  createStore: () => new TokenStatsStore(),
  mount: ({ accessTokens }) => ({ authenticate: open, routes: stsRoutes(accessTokens) }),
});

export const iamCredentialsPlugin = definePlugin({
  name: "iamcredentials",
  summary: "IAM Credentials generateAccessToken at /v1/projects/-/serviceAccounts/...",
  pathPrefixes: ["/v1/projects/-/serviceAccounts/"],
  errorFamily: googleAip193Errors("iamcredentials.googleapis.com"),
  secrets: { bodyFields: ISSUED_TOKEN_FIELDS },
  options: noOptions,
  createStore: () => new TokenStatsStore(),
  // The caller's token is checked by the route: it must be one the emulator issued.
  mount: ({ accessTokens }) => ({ authenticate: open, routes: iamCredentialsRoutes(accessTokens) }),
});

/** Strings as text (an e-mail, a project id), objects as JSON. */
const textOrJson = (body: unknown): RenderedBody =>
  typeof body === "string" ? { contentType: "text/plain; charset=utf-8", payload: body } : { contentType: JSON_CONTENT_TYPE, payload: JSON.stringify(body) };

export const metadataPlugin = definePlugin({
  name: "metadata",
  summary: `the metadata server at ${METADATA_PREFIX}/... (GCE_METADATA_HOST)`,
  pathPrefixes: [`${METADATA_PREFIX}/`],
  errorFamily: plainTextErrors,
  renderBody: textOrJson,
  secrets: { bodyFields: ISSUED_TOKEN_FIELDS },
  options: noOptions,
  createStore: () => new TokenStatsStore(),
  mount: ({ accessTokens }) => ({
    authenticate: metadataFlavorCheck,
    routes: metadataRoutes(accessTokens),
    responseHeaders: () => METADATA_FLAVOR_HEADERS,
  }),
});

const serviceAccountBody = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "a service account name: 6 to 30 lowercase letters, digits and hyphens"),
  delegation: z.array(z.string()).optional(),
  impersonators: z.array(z.string()).optional(),
});
const authorizedUserBody = z.object({ email: z.email(), scopes: z.array(z.string()).optional() });
const subjectTokenBody = z.object({ audience: z.string().min(1), subject: z.string().min(1), serviceAccount: z.string().optional() });

/**
 * `/_emulator/tokens/...`: make credentials a test or an operator hands to a client (the key and
 * files are secrets: they are answered once and never logged), and read the statistics.
 */
function credentialRoutes(authority: TokenAuthority): ApiRoute[] {
  const badBody = (error: z.ZodError): { status: number; body: unknown } => ({ status: 400, body: { error: z.prettifyError(error) } });
  return [
    {
      method: "POST",
      pattern: "/service-accounts",
      operation: "emulator.tokens.createServiceAccount",
      handle: ({ body, headers }) => {
        const parsed = serviceAccountBody.safeParse(body);
        if (!parsed.success) return badBody(parsed.error);
        const { name, delegation, impersonators } = parsed.data;
        return {
          status: 200,
          body: authority.createServiceAccount(name, `http://${String(headers.host)}/token`, {
            ...(delegation && { delegation }),
            ...(impersonators && { impersonators }),
          }),
        };
      },
    },
    {
      method: "POST",
      pattern: "/authorized-users",
      operation: "emulator.tokens.createAuthorizedUser",
      handle: ({ body }) => {
        const parsed = authorizedUserBody.safeParse(body);
        if (!parsed.success) return badBody(parsed.error);
        return { status: 200, body: authority.createAuthorizedUser(parsed.data.email, parsed.data.scopes) };
      },
    },
    {
      method: "POST",
      pattern: "/subject-tokens",
      operation: "emulator.tokens.mintSubjectToken",
      handle: ({ body }) => {
        const parsed = subjectTokenBody.safeParse(body);
        if (!parsed.success) return badBody(parsed.error);
        const { audience, subject, serviceAccount } = parsed.data;
        const principal = federatedPrincipal(audience, subject);
        // The pool's principal may act as the service account (workload identity user).
        if (serviceAccount !== undefined) authority.account(emailOf(serviceAccount))?.impersonators.push(principal.toLowerCase());
        return { status: 200, body: { subjectToken: authority.mintSubjectToken(audience, subject), principal } };
      },
    },
    { method: "GET", pattern: "/stats", operation: "emulator.tokens.stats", handle: () => ({ status: 200, body: authority.report() }) },
  ];
}
