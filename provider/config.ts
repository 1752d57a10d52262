/**
 * Where each API lives and how to authenticate to it.
 *
 * Settings come from the stack configuration (namespace `svc`, tokens set with
 * `pulumi config set --secret`) or from environment variables. Nothing here is
 * ever captured by a serialized provider: the dynamic provider process reads
 * the settings when it is configured, so no token reaches the state file.
 */

import type { ApiManifest } from "./apiManifest";
import { API_MANIFESTS } from "./apis";

/** The APIs this package speaks to (their manifests, provider/apis.ts); each has its own base URL and token. */
export type ApiName = (typeof API_MANIFESTS)[number]["name"];
// Read at call time, never while modules load: an API's manifest may import this module (a cycle).
export function apiNames(): readonly ApiName[] {
  return API_MANIFESTS.map((manifest) => manifest.name);
}

/** An API's manifest (provider/<api>/api.ts). */
export function manifestOf(api: ApiName): ApiManifest {
  const manifest = API_MANIFESTS.find((candidate) => candidate.name === api);
  if (manifest === undefined) throw new Error(`pulumi-svc: no API ${api} (known: ${apiNames().join(", ")})`);
  return manifest;
}

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
/**
 * How a token travels: `bearer`, HTTP Basic with it as the user (`basic`) or an app's id and secret
 * (`client-basic`), a header or a query parameter of the API's own name, the credential chain's
 * access token (`google-credentials`), or nothing.
 */
export type AuthStyle = "bearer" | "basic" | "client-basic" | "none" | "google-credentials" | { readonly header: string } | { readonly query: string };

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

/** A value of the stack configuration alone (no environment), for settings that must say where they came from. */
export function configValue(configKey: string): string | undefined {
  return stackConfig.get(configKey);
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

/** The API's base URL: its own setting, else where the emulator at `svc:emulatorUrl` serves it; no trailing slash. */
export function resolveBaseUrl(api: ApiName, env: NodeJS.ProcessEnv = process.env): string {
  const names = settingNames(api);
  const own = lookup(names.baseUrl[0], names.baseUrl[1], env);
  const emulatorUrl = lookup("svc:emulatorUrl", "SVC_EMULATOR_URL", env);
  const [setting, value] = own !== undefined ? [`${names.baseUrl[0]} (or ${names.baseUrl[1]})`, own] : ["svc:emulatorUrl (or SVC_EMULATOR_URL)", emulatorUrl];
  if (value === undefined) {
    throw new MissingSettingError(names.baseUrl[0], `${names.baseUrl[1]} (or svc:emulatorUrl / SVC_EMULATOR_URL)`, `The ${api} API base URL`);
  }
  if (!/^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : "")) {
    throw new Error(
      `${setting} is ${JSON.stringify(value)}, which is not an http(s) address; give one such as "https://api.example.com" or "http://127.0.0.1:8085".`,
    );
  }
  const baseUrl = own ?? `${value.replace(/\/+$/, "")}${manifestOf(api).emulatorBasePath ?? ""}`;
  return baseUrl.replace(/\/+$/, "");
}

/**
 * Resolves the base URL and token of an API. A per-API setting wins over
 * `svc:emulatorUrl`/`SVC_EMULATOR_URL`, which points every API at one emulator.
 */
export function resolveApiSettings(api: ApiName, env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const manifest = manifestOf(api);
  if (manifest.settings !== undefined) return manifest.settings(env);
  const names = settingNames(api);
  const baseUrl = resolveBaseUrl(api, env);
  const token = lookup(names.token[0], names.token[1], env);
  // The static token wins; without it a Google-style API gets its tokens from the credential chain.
  if (token === undefined && manifest.google !== undefined) return { api, baseUrl, token: "", authStyle: "google-credentials" };
  if (token === undefined) {
    throw new MissingSettingError(names.token[0], names.token[1], `The ${api} API token`);
  }
  return { api, baseUrl, token, authStyle: authStyleOf(manifest, env) };
}

/** Bearer, unless the API's manifest offers token forms chosen by a setting. */
function authStyleOf(manifest: ApiManifest, env: NodeJS.ProcessEnv): AuthStyle {
  const { authStyles } = manifest;
  if (authStyles === undefined) return "bearer";
  const [configKey, envVar] = authStyles.setting;
  const chosen = lookup(configKey, envVar, env) ?? authStyles.default;
  const style = authStyles.styles[chosen];
  if (style === undefined) throw new Error(`${configKey} (or ${envVar}) is ${JSON.stringify(chosen)}; it must be one of ${authStyles.described}.`);
  return style;
}

/** Whether a configuration key was set with `--secret` (true when the source cannot tell and the key is set). */
export function isSecretSetting(configKey: string): boolean {
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
