/**
 * Where each API lives and how to authenticate to it.
 *
 * Settings come from the stack configuration (namespace `svc`, tokens set with
 * `pulumi config set --secret`) or from environment variables. Nothing here is
 * ever captured by a serialized provider: the dynamic provider process reads
 * the settings when it is configured, so no token reaches the state file.
 */

/** The APIs this package speaks to; each has its own base URL and token. */
export const API_NAMES = ["dns", "calendar", "quotas", "ci", "reports", "ads", "codehost"] as const;
export type ApiName = (typeof API_NAMES)[number];

/** A read-only view of stack configuration (matches `pulumi.dynamic.Config`). */
export interface ConfigSource {
  get(key: string): string | undefined;
  /** Whether a key was set with `--secret`, when the source can tell. */
  isSecret?(key: string): boolean;
}

/**
 * How a token travels: Google-style APIs use Bearer; the CI API has three
 * forms of its own; the code host also takes an OAuth app's client id and
 * secret as HTTP Basic (`client-basic`) and no credentials at all (`none`).
 */
export type AuthStyle = "bearer" | "ci-token-header" | "basic" | "query" | "client-basic" | "none" | "google-credentials";

/**
 * The Google-style APIs: without their static token they take OAuth access tokens from the credential
 * chain (`provider/google/credentials/`): a key, a user's refresh token, workload identity, the metadata server.
 */
export const GOOGLE_APIS: readonly ApiName[] = ["dns", "calendar", "quotas", "reports", "ads"];

/**
 * Where the emulator serves an API whose base address includes a path (the calendar's base address
 * includes `/calendar/v3`); the others' base address is the emulator's origin.
 */
const EMULATOR_BASE_PATHS: Partial<Record<ApiName, string>> = { calendar: "/calendar/v3" };

/** Resolved connection settings of one API. */
export interface ApiSettings {
  readonly api: ApiName;
  readonly baseUrl: string;
  /** The secret part: a token, or an OAuth app's client secret; empty with `none`. */
  readonly token: string;
  readonly authStyle?: AuthStyle;
  /** The OAuth app's client id (`client-basic` only). */
  readonly clientId?: string;
}

/** The CI API's token forms, by the names users set in `svc:ciAuth` / SVC_CI_AUTH. */
const CI_AUTH_STYLES: Readonly<Record<string, AuthStyle>> = { header: "ci-token-header", basic: "basic", query: "query" };

/** Raised when a required setting is absent; the message names both places it may come from. */
export class MissingSettingError extends Error {
  constructor(
    readonly configKey: string,
    readonly envVar: string,
    what: string,
  ) {
    super(
      `${what} is not set: run \`pulumi config set ${configKey} <value>${what.includes("token") ? " --secret" : ""}\` ` +
        `or set the environment variable ${envVar}.`,
    );
    this.name = "MissingSettingError";
  }
}

const EMPTY_CONFIG: ConfigSource = { get: () => undefined };

/** Stack configuration handed to the dynamic provider by `configure`; empty until then. */
let stackConfig: ConfigSource = EMPTY_CONFIG;

/** Installs the stack configuration; called from the dynamic provider's `configure`. */
export function useStackConfig(config: ConfigSource): void {
  stackConfig = config;
}

function envSuffix(api: ApiName): string {
  return api.toUpperCase();
}

/** A setting from the stack configuration, else the environment; empty counts as unset. */
export function readSetting(configKey: string, envVar: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return lookup(configKey, envVar, env);
}

function lookup(configKey: string, envVar: string, env: NodeJS.ProcessEnv): string | undefined {
  const fromConfig = stackConfig.get(configKey);
  if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
  const fromEnv = env[envVar];
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : undefined;
}

/** The config key and environment variable of each setting, for messages and docs. */
export function settingNames(api: ApiName): { baseUrl: [string, string]; token: [string, string] } {
  return {
    baseUrl: [`svc:${api}BaseUrl`, `SVC_${envSuffix(api)}_BASE_URL`],
    token: [`svc:${api}Token`, `SVC_${envSuffix(api)}_TOKEN`],
  };
}

/**
 * Resolves the base URL and token of an API. A per-API setting wins over
 * `svc:emulatorUrl`/`SVC_EMULATOR_URL`, which points every API at one emulator.
 */
export function resolveApiSettings(api: ApiName, env: NodeJS.ProcessEnv = process.env): ApiSettings {
  if (api === "codehost") return resolveCodeHostSettings(env);
  const names = settingNames(api);
  const emulatorUrl = lookup("svc:emulatorUrl", "SVC_EMULATOR_URL", env);
  const baseUrl =
    lookup(names.baseUrl[0], names.baseUrl[1], env) ?? (emulatorUrl === undefined ? undefined : `${emulatorUrl.replace(/\/+$/, "")}${EMULATOR_BASE_PATHS[api] ?? ""}`);
  if (baseUrl === undefined) {
    throw new MissingSettingError(
      names.baseUrl[0],
      `${names.baseUrl[1]} (or svc:emulatorUrl / SVC_EMULATOR_URL)`,
      `The ${api} API base URL`,
    );
  }
  const token = lookup(names.token[0], names.token[1], env);
  // The static token wins; without it a Google-style API gets its tokens from the credential chain.
  if (token === undefined && GOOGLE_APIS.includes(api)) return { api, baseUrl: baseUrl.replace(/\/+$/, ""), token: "", authStyle: "google-credentials" };
  if (token === undefined) {
    throw new MissingSettingError(names.token[0], names.token[1], `The ${api} API token`);
  }
  return { api, baseUrl: baseUrl.replace(/\/+$/, ""), token, authStyle: authStyleOf(api, env) };
}

function authStyleOf(api: ApiName, env: NodeJS.ProcessEnv): AuthStyle {
  if (api !== "ci") return "bearer";
  const chosen = lookup("svc:ciAuth", "SVC_CI_AUTH", env) ?? "header";
  const style = CI_AUTH_STYLES[chosen];
  if (style === undefined) {
    throw new Error(
      `svc:ciAuth (or SVC_CI_AUTH) is ${JSON.stringify(chosen)}; it must be one of header (the Ci-Token header, the default), ` +
        `basic (HTTP Basic with the token as user name) or query (the deprecated ci-token query parameter).`,
    );
  }
  return style;
}

/** Where the code host lives: `svc:codehostBaseUrl`, else `<svc:emulatorUrl>/codehost` (the emulator serves it there). */
function codeHostBaseUrl(env: NodeJS.ProcessEnv): string {
  const names = settingNames("codehost");
  const own = lookup(names.baseUrl[0], names.baseUrl[1], env);
  if (own !== undefined) return own.replace(/\/+$/, "");
  const emulator = lookup("svc:emulatorUrl", "SVC_EMULATOR_URL", env);
  if (emulator !== undefined) return `${emulator.replace(/\/+$/, "")}/codehost`;
  throw new MissingSettingError(names.baseUrl[0], `${names.baseUrl[1]} (or svc:emulatorUrl / SVC_EMULATOR_URL)`, "The codehost API base URL");
}

/** Whether a configuration key was set with `--secret` (true when the source cannot tell and the key is set). */
export function isSecretSetting(configKey: string): boolean {
  return secretFromConfig(configKey);
}

function secretFromConfig(configKey: string): boolean {
  if (stackConfig.isSecret !== undefined) return stackConfig.isSecret(configKey);
  // A program's configuration names its secret keys here (what @pulumi/pulumi reads too).
  const secretKeys = process.env["PULUMI_CONFIG_SECRET_KEYS"];
  if (secretKeys === undefined) return true;
  try {
    const keys = JSON.parse(secretKeys) as unknown;
    return Array.isArray(keys) && keys.includes(configKey);
  } catch {
    return false;
  }
}

/**
 * The code host's credentials, first found: a token (`svc:codehostToken` /
 * SVC_CODEHOST_TOKEN: personal or installation token), the workflow token
 * (SVC_TOKEN, set inside automation workflows), an OAuth app's client id and
 * secret as HTTP Basic (`svc:codehostClientId` + `svc:codehostClientSecret`,
 * the secret only from configuration set with `--secret` or the environment:
 * never from code), or none: unauthenticated, public data only (60 requests an hour).
 */
export function resolveCodeHostSettings(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const baseUrl = codeHostBaseUrl(env);
  const names = settingNames("codehost");
  const workflowToken = env["SVC_TOKEN"] === "" ? undefined : env["SVC_TOKEN"];
  const token = lookup(names.token[0], names.token[1], env) ?? workflowToken;
  if (token !== undefined) return { api: "codehost", baseUrl, token, authStyle: "bearer" };
  const clientId = lookup("svc:codehostClientId", "SVC_CODEHOST_CLIENT_ID", env);
  const secretKey = "svc:codehostClientSecret";
  const fromConfig = stackConfig.get(secretKey);
  if (fromConfig !== undefined && fromConfig !== "" && !secretFromConfig(secretKey)) {
    throw new Error(
      `${secretKey} is set in plain text; an OAuth client secret must be set with \`pulumi config set ${secretKey} <value> --secret\` ` +
        `(or the environment variable SVC_CODEHOST_CLIENT_SECRET).`,
    );
  }
  const clientSecret = lookup(secretKey, "SVC_CODEHOST_CLIENT_SECRET", env);
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new Error(
      "svc:codehostClientId and svc:codehostClientSecret (SVC_CODEHOST_CLIENT_ID / SVC_CODEHOST_CLIENT_SECRET) go together: " +
        "an OAuth app authenticates with both, as HTTP Basic; set both or neither.",
    );
  }
  if (clientId !== undefined && clientSecret !== undefined) return { api: "codehost", baseUrl, token: clientSecret, clientId, authStyle: "client-basic" };
  return { api: "codehost", baseUrl, token: "", authStyle: "none" };
}

/** The default project of project-scoped APIs (DNS, quotas). */
export function defaultProject(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return lookup("svc:project", "SVC_PROJECT", env);
}

/**
 * Where an API's push-notification channels are stopped: `svc:<api>ChannelBaseUrl` /
 * `SVC_<API>_CHANNEL_BASE_URL`, else the API's own base address; the API's token.
 */
export function resolveChannelSettings(api: ApiName, env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const settings = resolveApiSettings(api, env);
  const own = lookup(`svc:${api}ChannelBaseUrl`, `SVC_${envSuffix(api)}_CHANNEL_BASE_URL`, env);
  return own === undefined ? settings : { ...settings, baseUrl: own.replace(/\/+$/, "") };
}
