/**
 * The API clients of one provider process (its runtime, provider/runtime.ts): one per API and
 * settings, so every resource of a deployment shares it (and so its rate-limit gate); in a program
 * process the read-only functions share one the same way.
 */
import { manifestOf, resolveApiSettings, resolveChannelSettings, type ApiName, type ApiSettings, type Settings } from "./config";
import { createApiClient, type ApiClient, type ClientOptions } from "./http/client";
import type { TokenSource, TokenSources } from "./google/credentials/tokenSource";
import { report } from "./log";

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
