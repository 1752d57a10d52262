/**
 * One API client per API and settings per process. In the provider process
 * every resource of a deployment shares it (and so its rate-limit gate); in a
 * program process the read-only functions share it the same way.
 */
import { manifestOf, resolveApiSettings, resolveChannelSettings, type ApiName, type ApiSettings } from "./config";
import { createApiClient, type ApiClient, type ClientOptions } from "./http/client";
import { tokenSourceFor, type TokenSource } from "./google/credentials/tokenSource";
import { report } from "./log";

const clients = new Map<string, ApiClient>();
let clientOptions: ClientOptions = {};

/** Test seam: options (fetch, sleep, policy) of the clients created from now on. */
export function setClientOptions(options: ClientOptions): void {
  clientOptions = options;
  clients.clear();
}

export function clientFor(api: ApiName): ApiClient {
  return clientWith(api, resolveApiSettings(api));
}

/** The client of the API's channel base address (where channels are stopped). */
export function channelClientFor(api: ApiName): ApiClient {
  return clientWith(api, resolveChannelSettings(api));
}

/** Numbers the token sources, so a client is keyed by its credential without the credential in the key. */
const sourceNumbers = new WeakMap<TokenSource, number>();
let sourcesNumbered = 0;

function clientWith(api: ApiName, settings: ApiSettings): ApiClient {
  const tokens = settings.authStyle === "google-credentials" ? tokenSourceFor(api) : undefined;
  if (tokens !== undefined && !sourceNumbers.has(tokens)) sourceNumbers.set(tokens, ++sourcesNumbered);
  const source = tokens === undefined ? "" : `source ${sourceNumbers.get(tokens) ?? 0}`;
  const key = `${api} ${settings.baseUrl} ${JSON.stringify(settings.authStyle ?? "")} ${settings.clientId ?? ""} ${settings.token} ${source}`;
  let client = clients.get(key);
  if (client === undefined) {
    // An API with rate-limit rules of its own (the code host) opts into them and their limiter; the test seam may set its own.
    const rateLimits = manifestOf(api).rateLimits?.();
    client = createApiClient(settings, {
      log: report,
      ...(rateLimits !== undefined && { rateLimits }),
      ...(tokens !== undefined && { tokens }),
      ...clientOptions,
    });
    clients.set(key, client);
  }
  return client;
}
