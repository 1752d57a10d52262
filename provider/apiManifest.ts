/**
 * An API as the unit: its name (which names its settings, `svc:<name>BaseUrl` and
 * `SVC_<NAME>_TOKEN`, and its SDK namespace), where the emulator serves it, how it
 * authenticates, its client's own rules, and its SDK namespace's doc. Each API's folder
 * holds its manifest (`provider/apis/<api>/api.ts`); `provider/apis.ts` lists them, and the
 * shared code (settings, clients, the generator) reads that list instead of naming APIs.
 */
import type { ApiSettings, AuthStyle, Settings } from "./stackConfig";
import type { RateLimitRules } from "./http/rateLimitRules";

/** How a Google-style API authorizes: the scopes the provider asks for, and those the service accepts (the emulator checks them). */
export interface GoogleAuthFacts {
  /** Asked for by the provider: the narrowest the API documents for what the provider does. */
  readonly scopes: readonly string[];
  /** What the service accepts: any of `write` for every method, any of `read` for GETs too. Default: `scopes` for every method. */
  readonly accepted?: { readonly write: readonly string[]; readonly read: readonly string[] };
  /** `svc:subject` (domain-wide delegation) applies, as for the Workspace APIs. */
  readonly delegated?: boolean;
}

export interface ApiManifest<N extends string = string> {
  readonly name: N;
  /** The SDK namespace's doc (`svc.<name>`), one or two sentences. */
  readonly doc: string;
  /** Where the emulator serves it, below the emulator's address, when its base address has a path (`/calendar/v3`). */
  readonly emulatorBasePath?: string;
  /**
   * A Google-style API: without its static token it takes OAuth access tokens from the credential
   * chain, asking for `scopes` (the narrowest it documents); `delegated` when `svc:subject`
   * (domain-wide delegation) applies, as for the Workspace APIs.
   */
  readonly google?: GoogleAuthFacts;
  /** Token forms chosen by a setting (the CI API's header, Basic or query), by the names users set. */
  readonly authStyles?: {
    readonly setting: readonly [configKey: string, envVar: string];
    readonly styles: Readonly<Record<string, AuthStyle>>;
    readonly default: string;
    /** The choices in words, for the error of a value not among them. */
    readonly described: string;
  };
  /** Settings of its own kind instead of a base URL and a token (the code host: an app's id and secret, or none). */
  readonly settings?: (settings: Settings, baseUrl: string) => ApiSettings;
  /**
   * The settings `settings` reads besides the API's base URL and token, as data: the provider
   * plugin's schema lists them as its configuration (a secret one is kept a Pulumi secret).
   */
  readonly ownSettings?: ReadonlyArray<{ readonly key: string; readonly envVar: string; readonly doc: string; readonly secret?: boolean }>;
  /**
   * What the SDK namespace exports besides the read functions of `provider/<name>/functions.ts`:
   * from a module of the API's folder, its exported types, these `functions` (loaded on the first
   * call, each with its TSDoc) and these `constants`.
   */
  readonly sdkExtras?: ReadonlyArray<{ readonly module: string; readonly functions?: readonly string[]; readonly constants?: readonly string[] }>;
  /** Its own rate-limit rules and client-side limits, which its client opts into. */
  readonly rateLimits?: () => RateLimitRules;
}

/** Keeps the literal name, from which the API names' type is made. */
export function defineApi<const N extends string>(manifest: ApiManifest<N>): ApiManifest<N> {
  return manifest;
}
