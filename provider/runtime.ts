/**
 * What one provider process keeps, made once where it starts (the dynamic providers' entry,
 * provider/index.ts; the plugin's, plugin/provider.ts; a tool or a program's functions their own)
 * and passed down: the stack configuration `configure` gave and the environment, the API clients,
 * the credential chain's token sources, and the engine's parts (windows, shared listings, polls,
 * locks: engine/batching/engineProcess.ts). No module under provider/ holds any of it.
 */
import { type ApiName, type ConfigSource, type Settings, NO_CONFIG, settingsOf } from "./config";
import { Clients } from "./clients";
import type { ApiClient, ClientOptions } from "./http/client";
import { TokenSources } from "./google/credentials/tokenSource";
import { EngineProcess, type EngineProcessOptions } from "./engine/batching/engineProcess";
import { OwnershipRecords, ownershipDir } from "./engine/ownership/records";

export interface RuntimeOptions {
  /** The environment settings are read from (default the process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** The stack configuration, when known from the start (a tool reads the stack's). */
  readonly config?: ConfigSource;
  /** Options of every API client (tests: fetch, sleep, log). */
  readonly client?: ClientOptions;
  readonly engine?: EngineProcessOptions;
}

export class ProviderRuntime {
  private config: ConfigSource;
  /** The environment given; none: the process's, as it is at each read. */
  private readonly env: NodeJS.ProcessEnv | undefined;
  readonly tokens = new TokenSources();
  readonly clients: Clients;
  readonly engine: EngineProcess;

  constructor(options: RuntimeOptions = {}) {
    this.config = options.config ?? NO_CONFIG;
    this.env = options.env;
    this.clients = new Clients(this.tokens, options.client);
    // The windows' pace, for measuring one against the other (SVC_BATCH_PACE=fixed|learned, the bench's).
    const pace = (options.env ?? process.env)["SVC_BATCH_PACE"];
    this.engine = new EngineProcess({ ...(pace === "fixed" || pace === "learned" ? { pace } : {}), ...options.engine });
  }

  /** The stack configuration the engine hands the provider (`configure`). */
  configure(config: ConfigSource): void {
    this.config = config;
  }

  /** Where settings are read now: the stack configuration, then the environment. */
  get settings(): Settings {
    return settingsOf(this.config, this.env ?? process.env);
  }

  clientFor(api: ApiName): ApiClient {
    return this.clients.clientFor(api, this.settings);
  }

  channelClientFor(api: ApiName): ApiClient {
    return this.clients.channelClientFor(api, this.settings);
  }

  /** The ownership records, in the folder the settings name now. */
  ownership(): OwnershipRecords {
    return new OwnershipRecords(ownershipDir(this.settings));
  }
}
