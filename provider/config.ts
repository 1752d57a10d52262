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
import {
  envSuffix,
  readSetting as lookup,
  settingNames,
  MissingSettingError,
  type ApiSettings as AnyApiSettings,
  type AuthStyle,
  type Settings,
} from "./stackConfig";

/** The APIs this package speaks to (their manifests, provider/apis.ts); each has its own base URL and token. */
export type ApiName = (typeof API_MANIFESTS)[number]["name"];
export function apiNames(): readonly ApiName[] {
  return API_MANIFESTS.map((manifest) => manifest.name);
}

/** An API's manifest (provider/apis/<api>/api.ts). */
export function manifestOf(api: ApiName): ApiManifest {
  const manifest = API_MANIFESTS.find((candidate) => candidate.name === api);
  if (manifest === undefined) throw new Error(`pulumi-svc: no API ${api} (known: ${apiNames().join(", ")})`);
  return manifest;
}

export type { AuthStyle, ConfigSource, Settings } from "./stackConfig";
/** Resolved connection settings of one API. */
export type ApiSettings = AnyApiSettings<ApiName>;
export { configValue, isSecretSetting, MissingSettingError, NO_CONFIG, readSetting, settingNames, settingsOf } from "./stackConfig";

/** The API's base URL: its own setting, else where the emulator at `svc:emulatorUrl` serves it; no trailing slash. */
export function resolveBaseUrl(api: ApiName, settings: Settings): string {
  const names = settingNames(api);
  const own = lookup(names.baseUrl[0], names.baseUrl[1], settings);
  const emulatorUrl = lookup("svc:emulatorUrl", "SVC_EMULATOR_URL", settings);
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
export function resolveApiSettings(api: ApiName, settings: Settings): ApiSettings {
  const manifest = manifestOf(api);
  if (manifest.settings !== undefined) return { ...manifest.settings(settings, resolveBaseUrl(api, settings)), api };
  const names = settingNames(api);
  const baseUrl = resolveBaseUrl(api, settings);
  const token = lookup(names.token[0], names.token[1], settings);
  // The static token wins; without it a Google-style API gets its tokens from the credential chain.
  if (token === undefined && manifest.google !== undefined) return { api, baseUrl, token: "", authStyle: "google-credentials" };
  if (token === undefined) {
    throw new MissingSettingError(names.token[0], names.token[1], `The ${api} API token`);
  }
  return { api, baseUrl, token, authStyle: authStyleOf(manifest, settings) };
}

/** Bearer, unless the API's manifest offers token forms chosen by a setting. */
function authStyleOf(manifest: ApiManifest, settings: Settings): AuthStyle {
  const { authStyles } = manifest;
  if (authStyles === undefined) return "bearer";
  const [configKey, envVar] = authStyles.setting;
  const chosen = lookup(configKey, envVar, settings) ?? authStyles.default;
  const style = authStyles.styles[chosen];
  if (style === undefined) throw new Error(`${configKey} (or ${envVar}) is ${JSON.stringify(chosen)}; it must be one of ${authStyles.described}.`);
  return style;
}

/** The default project of project-scoped APIs (DNS, quotas). */
export function defaultProject(settings: Settings): string | undefined {
  return lookup("svc:project", "SVC_PROJECT", settings);
}

/**
 * Where an API's push-notification channels are stopped: `svc:<api>ChannelBaseUrl` /
 * `SVC_<API>_CHANNEL_BASE_URL`, else the API's own base address; the API's token.
 */
export function resolveChannelSettings(api: ApiName, settings: Settings): ApiSettings {
  const resolved = resolveApiSettings(api, settings);
  const own = lookup(`svc:${api}ChannelBaseUrl`, `SVC_${envSuffix(api)}_CHANNEL_BASE_URL`, settings);
  return own === undefined ? resolved : { ...resolved, baseUrl: own.replace(/\/+$/, "") };
}
