/**
 * What one provider process keeps, made once where it starts (the dynamic providers' entry,
 * provider/index.ts, whose runtime a program's functions and a read function called directly take
 * too; the plugin's, plugin/provider.ts; a tool its own) and passed down: the stack configuration `configure` gave and the environment, the API clients,
 * the credential chain's token sources, and the engine's parts (windows, shared listings, polls,
 * locks: engine/batching/engineProcess.ts). No module under provider/ holds any of it.
 */
import {
  type ApiName,
  type ConfigSource,
  type Settings,
  NO_CONFIG,
  settingsOf,
  manifestOf,
  resolveApiSettings,
  resolveChannelSettings,
  type ApiSettings,
} from "./config";
import { EngineProcess, type EngineProcessOptions } from "./engine/batching/engineProcess";
import { OwnershipRecords, ownershipDir } from "./engine/ownership/records";
import { createApiClient, type ApiClient, type ClientOptions } from "./http/client";
import { TokenSources, type TokenSource } from "./google/credentials/tokenSource";
import { report } from "./log";
import { apisWithSharedListings } from "./registry";

export interface RuntimeOptions {
  /** The environment settings are read from (default the process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** The stack configuration, when known from the start (a tool reads the stack's). */
  readonly config?: ConfigSource;
  /** Options of every API client (tests: fetch, sleep, log). */
  readonly client?: ClientOptions;
  readonly engine?: EngineProcessOptions;
  /**
   * How the process waits, everywhere it waits (its clients' backoffs and rate-limit gates, polls,
   * the relay's and the write loops' pauses): the clock's, unless the process replays a cassette
   * (provider/cassette.ts), whose answers are all recorded. Passed in: no timer is replaced.
   */
  readonly sleep?: (ms: number) => Promise<void>;
}

export class ProviderRuntime {
  private config: ConfigSource;
  /** The environment given; none: the process's, as it is when the settings are first read after a `configure`. */
  private readonly env: NodeJS.ProcessEnv | undefined;
  /** The settings and each API's clients, read once per configuration: a step reuses them, a `configure` drops them. */
  private configured: { readonly settings: Settings; readonly clients: Map<string, ApiClient> } | undefined;
  readonly tokens = new TokenSources();
  readonly clients: Clients;
  readonly engine: EngineProcess;

  constructor(options: RuntimeOptions = {}) {
    this.config = options.config ?? NO_CONFIG;
    this.env = options.env;
    const sleep = options.sleep === undefined ? {} : { sleep: options.sleep };
    this.clients = new Clients(this.tokens, { ...sleep, ...options.client });
    this.engine = new EngineProcess({ listedApis: apisWithSharedListings, ...sleep, ...options.engine });
  }

  /** The stack configuration the engine hands the provider (`configure`); the same source again changes nothing (its settings and clients stay). */
  configure(config: ConfigSource): void {
    if (config === this.config) return;
    this.config = config;
    this.configured = undefined;
  }

  private get current(): { readonly settings: Settings; readonly clients: Map<string, ApiClient> } {
    return (this.configured ??= { settings: settingsOf(this.config, this.env ?? process.env), clients: new Map() });
  }

  /** Where settings are read: the stack configuration, then the environment. */
  get settings(): Settings {
    return this.current.settings;
  }

  /** The API's client under the settings of this configuration (a missing setting fails each time it is asked for). */
  clientFor(api: ApiName): ApiClient {
    return this.configuredClient(api, "", () => this.clients.clientFor(api, this.settings));
  }

  channelClientFor(api: ApiName): ApiClient {
    return this.configuredClient(api, "channel", () => this.clients.channelClientFor(api, this.settings));
  }

  private configuredClient(api: ApiName, base: string, make: () => ApiClient): ApiClient {
    const { clients } = this.current;
    const key = `${api} ${base}`;
    let client = clients.get(key);
    if (client === undefined) {
      client = make();
      clients.set(key, client);
    }
    return client;
  }

  /** The ownership records, in the folder the settings name now. */
  ownership(): OwnershipRecords {
    return new OwnershipRecords(ownershipDir(this.settings));
  }
}

/*
 * The API clients of one provider process: one per API and
 * settings, so every resource of a deployment shares it (and so its rate-limit gate); in a program
 * process the read-only functions share one the same way.
 */
export class Clients {
  private readonly clients = new Map<string, ApiClient>();
  /** Numbers the token sources, so a client is keyed by its credential without the credential in the key. */
  private readonly sourceNumbers = new Map<TokenSource, number>();

  constructor(
    private readonly tokens: TokenSources,
    /** Options (fetch, sleep, policy, log) of every client made: tests pass their own. */
    private readonly options: ClientOptions = {},
  ) {}

  clientFor(api: ApiName, settings: Settings): ApiClient {
    return this.clientWith(api, resolveApiSettings(api, settings), settings);
  }

  /** The client of the API's channel base address (where channels are stopped). */
  channelClientFor(api: ApiName, settings: Settings): ApiClient {
    return this.clientWith(api, resolveChannelSettings(api, settings), settings);
  }

  private clientWith(api: ApiName, resolved: ApiSettings, settings: Settings): ApiClient {
    const tokens = resolved.authStyle === "google-credentials" ? this.tokens.for(api, settings) : undefined;
    if (tokens !== undefined && !this.sourceNumbers.has(tokens)) this.sourceNumbers.set(tokens, this.sourceNumbers.size + 1);
    const source = tokens === undefined ? "" : `source ${this.sourceNumbers.get(tokens) ?? 0}`;
    const key = `${api} ${resolved.baseUrl} ${JSON.stringify(resolved.authStyle ?? "")} ${resolved.clientId ?? ""} ${resolved.token} ${source}`;
    let client = this.clients.get(key);
    if (client === undefined) {
      // An API with rate-limit rules of its own (the code host) opts into them and their limiter; a test's options may set its own.
      const rateLimits = manifestOf(api).rateLimits?.();
      client = createApiClient(resolved, {
        log: report,
        ...(rateLimits !== undefined && { rateLimits }),
        ...(tokens !== undefined && { tokens }),
        ...this.options,
      });
      this.clients.set(key, client);
    }
    return client;
  }
}
