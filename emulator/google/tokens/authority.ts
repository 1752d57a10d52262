/**
 * The emulator's token authority: the service accounts, authorized users and
 * workload identity pools it knows, the access tokens it issued (whom each
 * acts for, its scopes, when it expires), and the check every Google-style API
 * runs on a bearer token. Issued tokens are never logged or listed: the
 * statistics name accounts and counts only.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { ApiError } from "../../errors";
import { invalidCredentials, missingCredentials } from "../errors";

/** The project the emulator's service accounts belong to (`NAME@svc-emulator.iam.gserviceaccount.com`). */
export const SERVICE_ACCOUNT_PROJECT = "svc-emulator";
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
/** The account the metadata server acts as, unless one is named. */
export const METADATA_ACCOUNT_NAME = "compute";
export const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

export interface ServiceAccount {
  email: string;
  keyId: string;
  /** PEM, SPKI: what the emulator verifies assertions against. */
  publicKey: string;
  /** Domains (or e-mail addresses) whose users the account may act for by domain-wide delegation. */
  delegation: string[];
  /** Principals allowed to mint its tokens (`roles/iam.serviceAccountTokenCreator`). */
  impersonators: string[];
}

export interface AuthorizedUser {
  email: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

interface IssuedToken {
  /** The principal the token belongs to (service account, user or federated principal). */
  principal: string;
  /** The user it acts for under domain-wide delegation. */
  subject?: string;
  scopes: string[];
  expiresAt: number;
}

/** How a token was obtained, for the statistics. */
export type Grant = "jwt-bearer" | "refresh-token" | "impersonation" | "metadata" | "token-exchange";

export interface TokenStats {
  /** Tokens issued, by grant and principal (and the user acted for). */
  issued: { grant: Grant; principal: string; subject?: string; scopes: string[]; issuedAt: string; expiresAt: string }[];
  /** API requests that carried an issued token past its expiry (refused 401). */
  expiredUses: number;
  /** API requests refused for a missing scope. */
  scopeRefusals: number;
}

export interface TokenAuthorityOptions {
  now: () => Date;
  lifetimeSeconds?: number;
  /** The static tokens of `--tokens`; empty: any non-empty unknown token is accepted, as before. */
  staticTokens?: readonly string[];
}

/** Who a request acts for, once its token is accepted. */
export interface TokenPrincipal {
  principal: string;
  subject?: string;
}

export class TokenAuthority {
  readonly lifetimeSeconds: number;
  private readonly accounts = new Map<string, ServiceAccount>();
  private readonly users = new Map<string, AuthorizedUser>();
  /** Subject token -> the workload identity audience it was minted for and its subject. */
  private readonly subjectTokens = new Map<string, { audience: string; subject: string }>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly staticTokens: ReadonlySet<string>;
  private stats: TokenStats = { issued: [], expiredUses: 0, scopeRefusals: 0 };

  constructor(private readonly options: TokenAuthorityOptions) {
    this.lifetimeSeconds = options.lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
    this.staticTokens = new Set(options.staticTokens ?? []);
    this.ensureAccount(METADATA_ACCOUNT_NAME);
  }

  now(): number {
    return this.options.now().getTime();
  }

  /** Creates (or renews the key of) a service account; returns its key file content with `token_uri` at `tokenUri`. */
  createServiceAccount(name: string, tokenUri: string, grants: { delegation?: string[]; impersonators?: string[] } = {}): Record<string, string> {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const account = this.ensureAccount(name);
    account.keyId = randomBytes(20).toString("hex");
    account.publicKey = publicKey.export({ type: "spki", format: "pem" }).toString();
    account.delegation.push(...(grants.delegation ?? []).map((entry) => entry.toLowerCase()));
    account.impersonators.push(...(grants.impersonators ?? []).map((entry) => (entry.startsWith("principal://") ? entry.toLowerCase() : emailOf(entry))));
    return {
      type: "service_account",
      project_id: SERVICE_ACCOUNT_PROJECT,
      private_key_id: account.keyId,
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      client_email: account.email,
      client_id: String(100000000000000000000n + BigInt(this.accounts.size)),
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: tokenUri,
      universe_domain: "googleapis.com",
    };
  }

  account(nameOrEmail: string): ServiceAccount | undefined {
    return this.accounts.get(emailOf(nameOrEmail));
  }

  /** An `authorized_user` file's content, as `gcloud auth application-default login` writes it. */
  createAuthorizedUser(email: string, scopes: string[] = [CLOUD_PLATFORM_SCOPE]): Record<string, string> {
    const user: AuthorizedUser = {
      email: email.toLowerCase(),
      clientId: `${randomUUID()}.apps.googleusercontent.com`,
      clientSecret: randomSecret("GOCSPX-"),
      scopes,
    };
    const refreshToken = randomSecret("1//");
    this.users.set(refreshToken, user);
    return { type: "authorized_user", client_id: user.clientId, client_secret: user.clientSecret, refresh_token: refreshToken };
  }

  user(refreshToken: string): AuthorizedUser | undefined {
    return this.users.get(refreshToken);
  }

  /** A subject token (what a CI system writes to a file) for a workload identity audience. */
  mintSubjectToken(audience: string, subject: string): string {
    const token = randomSecret("eyJ-subject-");
    this.subjectTokens.set(token, { audience, subject });
    return token;
  }

  subjectToken(token: string): { audience: string; subject: string } | undefined {
    return this.subjectTokens.get(token);
  }

  /** Issues an access token; `lifetimeSeconds` may only shorten the configured lifetime. */
  issue(
    grant: Grant,
    holder: TokenPrincipal & { scopes: string[] },
    lifetimeSeconds = this.lifetimeSeconds,
  ): { token: string; expiresIn: number; expiresAt: Date } {
    const expiresIn = Math.min(lifetimeSeconds, this.lifetimeSeconds);
    const issuedAt = this.now();
    const expiresAt = issuedAt + expiresIn * 1000;
    const token = randomSecret("ya29.emu-");
    this.tokens.set(token, { ...holder, expiresAt });
    this.stats.issued.push({
      grant,
      principal: holder.principal,
      ...(holder.subject !== undefined && { subject: holder.subject }),
      scopes: holder.scopes,
      issuedAt: new Date(issuedAt).toISOString(),
      expiresAt: new Date(expiresAt).toISOString(),
    });
    return { token, expiresIn, expiresAt: new Date(expiresAt) };
  }

  /**
   * The check of an API request's bearer token: an issued token must be unexpired and carry one of
   * `scopes`; a static token (`--tokens`) passes; any other non-empty token passes only without `--tokens`.
   * Returns whom an issued token acts for.
   */
  authorize(token: string | undefined, scopes: readonly string[]): TokenPrincipal | undefined {
    if (token === undefined) throw missingCredentials();
    if (token === "") throw invalidCredentials();
    const issued = this.tokens.get(token);
    if (issued === undefined) {
      if (this.staticTokens.size > 0 && !this.staticTokens.has(token)) throw invalidCredentials();
      return undefined;
    }
    if (issued.expiresAt <= this.now()) {
      this.stats.expiredUses++;
      throw invalidCredentials();
    }
    if (scopes.length > 0 && !issued.scopes.some((scope) => scopes.includes(scope))) {
      this.stats.scopeRefusals++;
      throw insufficientScopes();
    }
    return { principal: issued.principal, ...(issued.subject !== undefined && { subject: issued.subject }) };
  }

  /** Whether the emulator issued this token (expired or not). */
  isIssued(token: string): boolean {
    return this.tokens.has(token);
  }

  /** The holder of an issued, unexpired token (the caller of `generateAccessToken`). */
  holder(token: string | undefined): (TokenPrincipal & { scopes: string[] }) | undefined {
    const issued = token === undefined ? undefined : this.tokens.get(token);
    return issued === undefined || issued.expiresAt <= this.now() ? undefined : issued;
  }

  /**
   * What a restart keeps: the service accounts with the public halves of their keys (the key
   * files handed out stay valid) and their grants. Never a token, a private key or a secret:
   * issued tokens, authorized users' refresh tokens and subject tokens are not kept.
   */
  accountsSnapshot(): ServiceAccount[] {
    return [...this.accounts.values()].map((account) => structuredClone(account));
  }

  restoreAccounts(accounts: readonly ServiceAccount[]): void {
    this.accounts.clear();
    for (const account of accounts) this.accounts.set(account.email, structuredClone(account));
    this.ensureAccount(METADATA_ACCOUNT_NAME);
  }

  report(): TokenStats {
    return structuredClone(this.stats);
  }

  /** Forgets issued tokens and statistics; accounts, users and subject tokens stay (their files are on disk). */
  reset(): void {
    this.tokens.clear();
    this.stats = { issued: [], expiredUses: 0, scopeRefusals: 0 };
  }

  private ensureAccount(name: string): ServiceAccount {
    const email = emailOf(name);
    let account = this.accounts.get(email);
    if (account === undefined) {
      account = { email, keyId: "", publicKey: "", delegation: [], impersonators: [] };
      this.accounts.set(email, account);
    }
    return account;
  }
}

/** A service account's e-mail from its short name (an e-mail stays as it is). */
export function emailOf(nameOrEmail: string): string {
  return (nameOrEmail.includes("@") ? nameOrEmail : `${nameOrEmail}@${SERVICE_ACCOUNT_PROJECT}.iam.gserviceaccount.com`).toLowerCase();
}

function randomSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}

/** A valid token without the API's scope: `insufficientPermissions` (legacy) / `ACCESS_TOKEN_SCOPE_INSUFFICIENT` (AIP-193). */
export function insufficientScopes(): ApiError {
  return new ApiError({
    httpStatus: 403,
    reason: "insufficientPermissions",
    message: "Request had insufficient authentication scopes.",
    errorInfo: { reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT", domain: "googleapis.com" },
    headers: { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"' },
  });
}
