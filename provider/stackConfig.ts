/**
 * The stack configuration and environment as the provider reads them, and the names of each
 * setting, and how a token travels on each request (credentialCarrier). Nothing here knows the APIs' manifests, so a manifest may use it (config.ts, which
 * resolves an API's settings from its manifest, builds on this file).
 *
 * Settings come from the stack configuration (namespace `svc`, tokens set with
 * `pulumi config set --secret`) or from environment variables. Nothing here is
 * ever captured by a serialized provider: the dynamic provider process reads
 * the settings when it is configured, so no token reaches the state file.
 */

/** A read-only view of stack configuration (matches `pulumi.dynamic.Config`). */
export interface ConfigSource {
  get(key: string): string | undefined;
  /** Whether a key was set with `--secret`, when the source can tell. */
  isSecret?(key: string): boolean;
}

/**
 * How a token travels: `bearer`, HTTP Basic with it as the user (`basic`) or an app's id and secret
 * (`client-basic`), a header or a query parameter of the API's own name, the credential chain's
 * access token (`google-credentials`), or nothing.
 */
export type AuthStyle = "bearer" | "basic" | "client-basic" | "none" | "google-credentials" | { readonly header: string } | { readonly query: string };

/** Resolved connection settings of one API. */
export interface ApiSettings<N extends string = string> {
  readonly api: N;
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

/** No stack configuration: the settings come from the environment alone. */
export const NO_CONFIG: ConfigSource = { get: () => undefined };

/**
 * Where settings are read: the stack configuration (handed to the provider by `configure`, or a
 * program's own) and the environment. A provider process keeps its own (provider/runtime.ts); no
 * module holds one.
 */
export interface Settings {
  readonly config: ConfigSource;
  readonly env: NodeJS.ProcessEnv;
}

/** Settings of `config` (none: the environment alone) and the environment. */
export function settingsOf(config: ConfigSource = NO_CONFIG, env: NodeJS.ProcessEnv = process.env): Settings {
  return { config, env };
}

export function envSuffix(api: string): string {
  return api.toUpperCase();
}

/** A setting from the stack configuration, else the environment; empty counts as unset. */
export function readSetting(configKey: string, envVar: string, settings: Settings): string | undefined {
  const fromConfig = settings.config.get(configKey);
  if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
  const fromEnv = settings.env[envVar];
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : undefined;
}

/** A value of the stack configuration alone (no environment), for settings that must say where they came from. */
export function configValue(configKey: string, settings: Settings): string | undefined {
  return settings.config.get(configKey);
}

/** The config key and environment variable of each setting, for messages and docs. */
export function settingNames(api: string): { baseUrl: [string, string]; token: [string, string] } {
  return {
    baseUrl: [`svc:${api}BaseUrl`, `SVC_${envSuffix(api)}_BASE_URL`],
    token: [`svc:${api}Token`, `SVC_${envSuffix(api)}_TOKEN`],
  };
}

/** Whether a configuration key was set with `--secret` (true when the source cannot tell and the key is set). */
export function isSecretSetting(configKey: string, settings: Settings): boolean {
  if (settings.config.isSecret !== undefined) return settings.config.isSecret(configKey);
  // A program's configuration names its secret keys here (what @pulumi/pulumi reads too).
  const secretKeys = settings.env["PULUMI_CONFIG_SECRET_KEYS"];
  if (secretKeys === undefined) return true;
  try {
    const keys = JSON.parse(secretKeys) as unknown;
    return Array.isArray(keys) && keys.includes(configKey);
  } catch {
    return false;
  }
}

/** What carries a credential on every request: headers, or a query parameter of the API's own name. */
export interface CredentialCarrier {
  readonly headers: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
}

/**
 * How each API's token travels on its requests, by auth style: made once with the client (a static
 * token does not change under one configuration). The credential chain's access token
 * (`google-credentials`) is set per attempt by the client instead, since it changes as it is refreshed.
 */
export function credentialCarrier(settings: ApiSettings, style: AuthStyle): CredentialCarrier {
  const accept = { Accept: "application/json" };
  if (typeof style === "object") {
    return "header" in style ? { headers: { ...accept, [style.header]: settings.token } } : { headers: accept, query: { [style.query]: settings.token } };
  }
  switch (style) {
    case "bearer":
      return { headers: { ...accept, Authorization: `Bearer ${settings.token}` } };
    case "basic":
      return { headers: { ...accept, Authorization: `Basic ${Buffer.from(`${settings.token}:`).toString("base64")}` } };
    case "client-basic":
      return { headers: { ...accept, Authorization: `Basic ${Buffer.from(`${settings.clientId ?? ""}:${settings.token}`).toString("base64")}` } };
    case "none":
    case "google-credentials":
      return { headers: accept };
  }
}
