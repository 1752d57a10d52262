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
}

/** How a token travels: Google-style APIs use Bearer; the CI API has three forms of its own. */
export type AuthStyle = "bearer" | "ci-token-header" | "basic" | "query";

/** Resolved connection settings of one API. */
export interface ApiSettings {
  readonly api: ApiName;
  readonly baseUrl: string;
  readonly token: string;
  readonly authStyle?: AuthStyle;
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
  const names = settingNames(api);
  const baseUrl =
    lookup(names.baseUrl[0], names.baseUrl[1], env) ?? lookup("svc:emulatorUrl", "SVC_EMULATOR_URL", env);
  if (baseUrl === undefined) {
    throw new MissingSettingError(
      names.baseUrl[0],
      `${names.baseUrl[1]} (or svc:emulatorUrl / SVC_EMULATOR_URL)`,
      `The ${api} API base URL`,
    );
  }
  const token = lookup(names.token[0], names.token[1], env);
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

/** The default project of project-scoped APIs (DNS, quotas). */
export function defaultProject(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return lookup("svc:project", "SVC_PROJECT", env);
}
