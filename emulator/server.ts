/**
 * The emulator: one fastify server that mounts every emulated API under one
 * origin at its documented paths, plus the internal endpoints under
 * `/_emulator/`.
 *
 * Every request is first checked by the request guard (request-guard.ts: the Host must be the
 * emulator's, a write must not come from a web page of another origin); refused, it goes no further.
 * Every API request goes through the same pipeline, in this order:
 *   onRequest  record it -> authenticate (API's own rule) -> maybe inject a 429/5xx fault
 *   handler    the API's synchronous handler against the in-memory store
 *   onSend     maybe replace the answer with a "lost response" 503 or a broken one -> API response headers
 *   onResponse complete the log entry with the status and body
 * With a data folder, an onSend hook saves the state the request changed before the answer leaves
 * (persistence/). The web console (console/) is served at /_ui, outside the pipeline.
 * Errors from any stage are rendered by the request's API error family in
 * one error handler.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fastify from "fastify";
import type { ApiModule, QueryParams } from "./api";
import { apis as defaultApis } from "./apis";
import type { DeliverySettings } from "./channels/delivery";
import { DEFAULT_DELIVERY } from "./channels/delivery";
import type { ErrorFamily } from "./errors";
import { ApiError, googleLegacyErrors } from "./errors";
import { breakResponse } from "./broken-responses";
import { FaultInjector } from "./faults";
import { injectFaults } from "./fault-hook";
import { ServiceSpeed, type SpeedSettings } from "./speed";
import { routeNotFound } from "./google/errors";
import { fieldsParameter } from "./google/partial-response";
import { registerApiInternalRoutes, registerInternalRoutes } from "./internal";
import type { ApiOptionsOf, ApiPlugin } from "./plugin";
import { RequestRecorder } from "./recorder";
import type { ApiRequestState } from "./request-state";
import type { BodyRenderer } from "./responses";
import { partialResult, renderJson, replaceWithError, replaceWithLostResponse, sendError, sendResult } from "./responses";
import { installFormBodyParser, installJsonBodyParser } from "./body-parsers";
import { EmulatorStore } from "./store";
import { AllowedHosts, guardRequests } from "./request-guard";
import { TokenAuthority } from "./google/tokens/authority";
import { baseUrlOf, credentialFingerprint, pathOf, toApiError, unsaved } from "./server-support";
import { registerConsole } from "./console/routes";
import { SecretScrubber } from "./console/scrub";
import { saveBeforeSending } from "./persistence/hook";
import { Persistence, type PersistenceOptions } from "./persistence/persistence";
import { ApiContracts } from "./google/contracts/apiContracts";
import type { ContractLedger } from "./google/contracts/ledger";

export { defaultApis };

/** The emulator's own options; each API adds its own (see `EmulatorOptions`). */
export interface CoreEmulatorOptions<Plugins extends readonly ApiPlugin[]> extends PersistenceOptions {
  /** Accepted bearer tokens of the Google-style APIs besides those the emulator issues. Absent or empty: any non-empty token is accepted. */
  tokens?: string[];
  /** How long the access tokens the emulator issues live (`--token-lifetime`; default 3600 s). */
  tokenLifetimeSeconds?: number;
  /** Clock of the emulated services (default: the system clock). */
  now?: () => Date;
  /** The APIs to serve (default: every API of `apis/index.ts`); tests add their own plug-ins here. */
  apis?: Plugins;
  /**
   * PEM certificate(s) of CAs trusted for push-notification receivers, besides the system's
   * (`--trust-ca <file>`): tests make a CA and a localhost certificate at test time.
   */
  trustCa?: string | string[];
  /** Push-notification retries and timeouts (defaults: 500 ms doubling, 6 attempts, 10 s). */
  channelDelivery?: Partial<Omit<DeliverySettings, "trustCa">>;
  /** The services' latency and write propagation (`--latency`, `--change-propagation`); default: at once. */
  speed?: SpeedSettings;
  /**
   * Host names the emulator answers to besides its addresses, `localhost` and the host it listens on
   * (`--allow-host`, e.g. a container's service name); any other name is refused (DNS rebinding).
   */
  allowedHosts?: string[];
  /**
   * Holds every request and answer of an API with contracts to Google's contracts and keeps what
   * does not fit (`google/contracts/ledger.ts`); the tests give one to every emulator they start.
   */
  contracts?: ContractLedger;
}

/**
 * `createEmulator`'s options: the core ones and every API's part, e.g.
 * `changeCompletionDelayMs` (Cloud DNS) or `ci: {...}` (CI).
 */
export type EmulatorOptions<Plugins extends readonly ApiPlugin[] = typeof defaultApis> = CoreEmulatorOptions<Plugins> & ApiOptionsOf<Plugins>;

export interface Emulator {
  app: FastifyInstance;
  /** The access tokens the emulator issues (service accounts, users, subject tokens, statistics). */
  accessTokens: TokenAuthority;
  store: EmulatorStore;
  recorder: RequestRecorder;
  faults: FaultInjector;
  speed: ServiceSpeed;
  /** Writes every API's state into `dir`, in the form `--data-dir` and `--import` read. */
  exportTo(dir: string): Promise<void>;
  /** Starts serving; resolves to the base URL, e.g. `http://127.0.0.1:43121`. Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const DEFAULT_ERROR_FAMILY: ErrorFamily = googleLegacyErrors;

export function createEmulator<Plugins extends readonly ApiPlugin[] = typeof defaultApis>(
  options: EmulatorOptions<Plugins> = {} as EmulatorOptions<Plugins>,
): Emulator {
  const faults = new FaultInjector();
  const now = options.now ?? (() => new Date());
  const plugins: readonly ApiPlugin[] = options.apis ?? defaultApis;
  const recorder = new RequestRecorder(
    plugins.flatMap((plugin) => plugin.secrets ?? []),
    plugins.flatMap((plugin) => (plugin.recordedHeaders === undefined ? [] : [plugin.recordedHeaders])),
  );
  const duplicate = plugins.find((plugin, index) => plugins.findIndex((other) => other.name === plugin.name) !== index);
  if (duplicate !== undefined) throw new Error(`two APIs are named '${duplicate.name}'`);
  const channelDelivery: DeliverySettings = {
    ...DEFAULT_DELIVERY,
    ...options.channelDelivery,
    trustCa: options.trustCa === undefined ? [] : [options.trustCa].flat(),
  };
  const speed = new ServiceSpeed(
    options.speed ?? {},
    plugins.map((plugin) => plugin.name),
  );
  // What the console must never show: the tokens it was started with, and every credential a request carries.
  const scrubber = new SecretScrubber(options.tokens ?? []);
  const accessTokens = new TokenAuthority({ now, lifetimeSeconds: options.tokenLifetimeSeconds, staticTokens: options.tokens });
  const started = plugins.map((plugin) =>
    plugin.start(options, { now, tokens: options.tokens, accessTokens, channelDelivery, propagationMs: () => speed.propagationMs(plugin.name) }),
  );
  const store = new EmulatorStore(started.map(({ module, store: apiStore }) => [module.name, apiStore] as const));
  // Restored after every API is mounted: some stores take their clock and channels at mount.
  const persistence = Persistence.open(store, options);
  const apis: ApiModule[] = started.map(({ module }) => module);
  const apisByName = new Map(apis.map((api) => [api.name, api]));
  const contracts = new ApiContracts(apis);
  const apiOwningPath = (path: string): ApiModule | undefined => apis.find((api) => api.pathPrefixes.some((prefix) => path.startsWith(prefix)));
  const errorFamilyOf = (state: ApiRequestState | null): ErrorFamily => state?.api?.errorFamily ?? DEFAULT_ERROR_FAMILY;
  // A request the guard refused has no state yet: its route's API says whose errors it gets.
  const familyOfRequest = (request: FastifyRequest): ErrorFamily =>
    request.apiRequest?.api?.errorFamily ?? apisByName.get(request.routeOptions.config.apiName ?? "")?.errorFamily ?? DEFAULT_ERROR_FAMILY;
  const allowedHosts = new AllowedHosts(options.allowedHosts);
  const rendererOf = (api: ApiModule | undefined, headers: IncomingHttpHeaders): BodyRenderer => {
    const renderBody = api?.renderBody;
    return renderBody === undefined ? renderJson : (body) => renderBody(body, headers);
  };

  const app = fastify({
    logger: false,
    // Record-set names (up to 253 characters) travel as path parameters.
    routerOptions: { maxParamLength: 1024 },
    // Tests keep HTTP connections alive; close() must not wait for them.
    forceCloseConnections: true,
  });
  app.decorateRequest("apiRequest", null);
  installJsonBodyParser(app);
  installFormBodyParser(app, (apiName) => (apiName !== undefined ? apisByName.get(apiName)?.acceptsFormBodies === true : false));

  guardRequests(app, allowedHosts);

  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    if (config.internal === true) return;
    const path = pathOf(request.url);
    const api = (config.apiName !== undefined ? apisByName.get(config.apiName) : undefined) ?? apiOwningPath(path);
    const query = request.query as QueryParams;
    const record = recorder.begin(request.method, path, query, config.routePattern, request.headers);
    scrubber.see(request.headers, query);
    const state: ApiRequestState = { api, record, loseResponse: false };
    request.apiRequest = state;
    recorder.identify(record, api?.name, undefined);
    // A path no route serves gets its 404 from the not-found handler, without auth or faults.
    if (config.routePattern === undefined || api === undefined) return;
    const latency = speed.latencyMs(api.name);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));

    const account = api.authenticate({ headers: request.headers, query, method: request.method });
    recorder.identify(record, api.name, account ?? credentialFingerprint(request.headers, query));
    if (api.admit !== undefined) {
      state.release = await api.admit({ method: request.method, path, routePattern: config.routePattern, headers: request.headers, query });
    }
    state.faultable = true;
  });

  injectFaults(app, faults, recorder);

  app.addHook("onSend", async (request, reply, payload) => {
    const state = request.apiRequest;
    if (state === null) return payload;
    let body = payload;
    if (state.loseResponse) {
      // The request has been processed; the client only sees the failure.
      body = replaceWithLostResponse(reply, errorFamilyOf(state), rendererOf(state.api, request.headers));
    } else if (state.breakResponse !== undefined) {
      // Processed too; the client gets garbage instead of the answer.
      body = breakResponse(reply, payload, state.breakResponse);
    }
    const extraHeaders = state.api?.responseHeaders?.({
      method: request.method,
      path: state.record.path,
      statusCode: reply.statusCode,
      headers: request.headers,
    });
    if (extraHeaders !== undefined) reply.headers(extraHeaders);
    if (typeof body === "string") state.responsePayload = body;
    return body;
  });

  if (persistence !== undefined) {
    saveBeforeSending(app, persistence, (request, reply, error) =>
      replaceWithError(reply, errorFamilyOf(request.apiRequest), unsaved(error), rendererOf(request.apiRequest?.api, request.headers)),
    );
  }

  app.addHook("onResponse", async (request, reply) => {
    const state = request.apiRequest;
    if (state !== null) recorder.complete(state.record, reply.statusCode, request.body, reply.getHeaders(), state.responsePayload);
    contracts.record(options.contracts, state, { method: request.method, query: request.query, body: request.body, status: reply.statusCode });
    state?.release?.();
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    sendError(reply, familyOfRequest(request), toApiError(error), rendererOf(request.apiRequest?.api, request.headers));
  });

  app.setNotFoundHandler((request, reply) => {
    const family = request.apiRequest !== null ? errorFamilyOf(request.apiRequest) : DEFAULT_ERROR_FAMILY;
    sendError(reply, family, routeNotFound(request.method, pathOf(request.url)), rendererOf(request.apiRequest?.api, request.headers));
  });

  for (const api of apis) {
    for (const route of api.routes) {
      const guard = contracts.guardOf(api, route);
      app.route({
        method: route.method,
        url: route.routerPath ?? route.pattern,
        config: { apiName: api.name, routePattern: route.pattern },
        handler: async (request, reply) => {
          const sent = { query: request.query as QueryParams, body: request.body };
          // What the contract does not document is refused before the API looks at it, as Google's front end does; the rest is
          // read as the front end binds it (a proto name as its JSON name), so a handler knows one name per field.
          const { query, body } = guard?.(sent.query, sent.body) ?? sent;
          // Checked first: a malformed selection is refused before anything changes.
          const selection = api.partialResponses === true ? fieldsParameter(query) : undefined;
          const result = route.handle({ params: request.params as Record<string, string>, query, body, headers: request.headers });
          return sendResult(reply, selection === undefined ? result : partialResult(result, selection), rendererOf(api, request.headers));
        },
      });
    }
  }

  registerInternalRoutes(app, { store, recorder, faults, speed });
  registerConsole(app, { apis, recorder, faults, speed, accessTokens, scrubber });
  registerApiInternalRoutes(app, apis);

  return {
    app,
    accessTokens,
    store,
    recorder,
    faults,
    speed,
    async listen(port = 0, host = "127.0.0.1") {
      // The name it was started on is its own (an address or a wildcard needs no entry).
      allowedHosts.add(host);
      await app.listen({ port, host });
      return baseUrlOf(app.server.address() as AddressInfo);
    },
    async exportTo(dir) {
      await (persistence ?? Persistence.open(store, { exportOnExit: dir }))?.exportTo(dir);
    },
    async close() {
      await app.close();
      await Promise.all(apis.flatMap((api) => (api.close === undefined ? [] : [api.close()])));
      await persistence?.close();
    },
  };
}
