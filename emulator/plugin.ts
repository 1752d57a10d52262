/**
 * An emulated API as a plug-in: one object that brings its traits (name,
 * paths, error family, body format), its store, its options with their
 * defaults, its command-line flags and its routes. The server, the CLI and
 * the internal endpoints know APIs only through a list of plug-ins
 * (`apis/index.ts`), so adding an API is a folder and one line there.
 */
import type { ApiModule, ApiMount, ApiTraits } from "./api";
import type { DeliverySettings } from "./channels/delivery";
import type { CliFlag, FlagValues } from "./command-line";
import type { TokenAuthority } from "./google/tokens/authority";
import type { ApiStore } from "./store";

/** What every API gets from the emulator around it. */
export interface ApiEnvironment {
  /** Clock of the emulated services. */
  now: () => Date;
  /** Bearer tokens the Google-style APIs accept (`tokens`, `--tokens`); undefined: any non-empty token. */
  tokens: readonly string[] | undefined;
  /** The tokens the emulator issued and the check of a bearer token against them and `tokens`. */
  accessTokens: TokenAuthority;
  /** How push notifications reach channel receivers (`trustCa`, `--trust-ca`), for APIs with watch channels. */
  channelDelivery: DeliverySettings;
  /**
   * How long this API's writes propagate when set (`--change-propagation`, `/_emulator/speed`), read at each write;
   * undefined: the API's own default.
   */
  propagationMs: () => number | undefined;
}

export interface ApiSetup<Options, Store> extends ApiEnvironment {
  options: Options;
  store: Store;
}

/** How an API's command-line flags become its part of `createEmulator`'s options. */
export interface ApiFlags<Input extends object> {
  flags: readonly CliFlag[];
  /** Throws `UsageError` (with the flag's name and the accepted form) for a bad value. */
  parse: (values: FlagValues) => Partial<Input>;
}

/**
 * What an API module writes. `Input` is its part of `createEmulator`'s
 * options (e.g. `{ ci?: CiOptions }`; Cloud DNS keeps its older top-level
 * names); `Options` the same with every default filled.
 */
export interface ApiDefinition<Input extends object, Options, Store extends ApiStore> extends ApiTraits {
  /** For `--help`: the API and where it is served, e.g. `Cloud DNS at /dns/v1/...`. */
  summary: string;
  /** Picks this API's options out of `createEmulator`'s and fills the defaults; throws for an invalid value. */
  options: (input: Input) => Options;
  flags?: ApiFlags<Input>;
  /** The API's state; `/_emulator/reset` and `/_emulator/objects` reach it through `ApiStore`. */
  createStore: () => Store;
  /** The routes and the authentication over one store and one set of options. */
  mount: (setup: ApiSetup<Options, Store>) => ApiMount;
}

/** A started API: what the server routes to and the store the internal endpoints see. */
export interface StartedApi {
  module: ApiModule;
  store: ApiStore;
}

/**
 * An API as the server and the CLI see it, its option and store types
 * hidden so one list holds every API. Made by `definePlugin`.
 */
export interface ApiPlugin<Input extends object = object> extends ApiTraits {
  summary: string;
  flags: readonly CliFlag[];
  parseFlags(values: FlagValues): Partial<Input>;
  start(input: Input, environment: ApiEnvironment): StartedApi;
}

export function definePlugin<Input extends object, Options, Store extends ApiStore>(definition: ApiDefinition<Input, Options, Store>): ApiPlugin<Input> {
  const { summary, options, flags, createStore, mount, ...traits } = definition;
  return {
    ...traits,
    summary,
    flags: flags?.flags ?? [],
    parseFlags: (values) => flags?.parse(values) ?? {},
    start: (input, environment) => {
      const resolved = options(input);
      const store = createStore();
      return { store, module: { ...traits, ...mount({ ...environment, options: resolved, store }) } };
    },
  };
}

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void ? Both : never;

/** A plug-in's part of `createEmulator`'s options. */
export type ApiInputOf<Plugin> = Plugin extends ApiPlugin<infer Input> ? Input : never;

/** The options of every plug-in of a list, as one object type (each plug-in owns its keys). */
export type ApiOptionsOf<Plugins extends readonly ApiPlugin[]> = UnionToIntersection<ApiInputOf<Plugins[number]>>;
