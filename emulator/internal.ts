/**
 * Endpoints for tests and operators, under `/_emulator/`, outside every API
 * namespace. They need no token and are neither recorded nor faulted; the request guard
 * (request-guard.ts) keeps web pages of other origins and rebinding host names away from them.
 *
 *   GET    /_emulator/stats     -> RequestStats and each API's own counters (calendar: quotaUnits)
 *   GET    /_emulator/requests  -> { requests: RecordedRequest[] }   (?method=PATCH&pathPrefix=/dns/v1/...)
 *   GET    /_emulator/objects   -> { <api>: { <collection>: [...] } } (client-created objects only)
 *   POST   /_emulator/reset     -> 204; clears state, stats, request log and faults; the speed goes back to its start
 *   POST   /_emulator/faults    -> { faults: FaultConfig }            (body: FaultConfigInput)
 *   GET    /_emulator/faults    -> { faults: FaultConfig | null }
 *   DELETE /_emulator/faults    -> 204
 *   POST   /_emulator/speed     -> { speed: SpeedSettings }           (body: SpeedSettings; replaces the settings)
 *   GET    /_emulator/speed     -> { speed: SpeedSettings }
 *   DELETE /_emulator/speed     -> 204; back to the speed the emulator started with
 * An API adds its own under `/_emulator/<api>/` (`ApiMount.internalRoutes`, registered by the server).
 */
import type { FastifyInstance } from "fastify";
import type { ApiModule, QueryParams } from "./api";
import { firstQueryValue } from "./api";
import type { FaultInjector } from "./faults";
import { faultConfigSchema } from "./faults";
import { parseRequestBody } from "./google/request-body";
import type { RequestRecorder } from "./recorder";
import type { ServiceSpeed } from "./speed";
import { speedSchema, SpeedSettingsError } from "./speed";
import { ApiError } from "./errors";
// The route `config` typing (`internal: true`).
import type {} from "./request-state";
import { sendResult } from "./responses";
import type { EmulatorStore } from "./store";

export const INTERNAL_PREFIX = "/_emulator";

export interface InternalServices {
  store: EmulatorStore;
  recorder: RequestRecorder;
  faults: FaultInjector;
  speed: ServiceSpeed;
}

export function registerInternalRoutes(app: FastifyInstance, { store, recorder, faults, speed }: InternalServices): void {
  const options = { config: { internal: true } };

  app.get(`${INTERNAL_PREFIX}/stats`, options, async (_request, reply) => sendResult(reply, { status: 200, body: { ...store.stats(), ...recorder.stats() } }));

  app.get(`${INTERNAL_PREFIX}/requests`, options, async (request, reply) => {
    const query = request.query as QueryParams;
    const filter: { method?: string; pathPrefix?: string } = {};
    const method = firstQueryValue(query, "method");
    const pathPrefix = firstQueryValue(query, "pathPrefix");
    if (method !== undefined) filter.method = method;
    if (pathPrefix !== undefined) filter.pathPrefix = pathPrefix;
    return sendResult(reply, { status: 200, body: { requests: recorder.requests(filter) } });
  });

  app.get(`${INTERNAL_PREFIX}/objects`, options, async (_request, reply) => sendResult(reply, { status: 200, body: store.userObjects() }));

  app.post(`${INTERNAL_PREFIX}/reset`, options, async (_request, reply) => {
    store.reset();
    recorder.reset();
    faults.clear();
    speed.reset();
    return sendResult(reply, { status: 204 });
  });

  app.post(`${INTERNAL_PREFIX}/faults`, options, async (request, reply) => {
    const input = parseRequestBody(faultConfigSchema, request.body ?? {}, "faults");
    return sendResult(reply, { status: 200, body: { faults: faults.configure(input) } });
  });

  app.get(`${INTERNAL_PREFIX}/faults`, options, async (_request, reply) => sendResult(reply, { status: 200, body: { faults: faults.current() } }));

  app.delete(`${INTERNAL_PREFIX}/faults`, options, async (_request, reply) => {
    faults.clear();
    return sendResult(reply, { status: 204 });
  });

  app.post(`${INTERNAL_PREFIX}/speed`, options, async (request, reply) => {
    const input = parseRequestBody(speedSchema, request.body ?? {}, "speed");
    try {
      return sendResult(reply, { status: 200, body: { speed: speed.configure(input) } });
    } catch (error) {
      if (error instanceof SpeedSettingsError) throw new ApiError({ httpStatus: 400, reason: "invalid", message: error.message });
      throw error;
    }
  });

  app.get(`${INTERNAL_PREFIX}/speed`, options, async (_request, reply) => sendResult(reply, { status: 200, body: { speed: speed.current() } }));

  app.delete(`${INTERNAL_PREFIX}/speed`, options, async (_request, reply) => {
    speed.reset();
    return sendResult(reply, { status: 204 });
  });
}

/** Each API's own test endpoints (`internalRoutes`), under `/_emulator/<api>`: no auth, no recording, no faults. */
export function registerApiInternalRoutes(app: FastifyInstance, apis: readonly ApiModule[]): void {
  for (const api of apis) {
    for (const route of api.internalRoutes ?? []) {
      app.route({
        method: route.method,
        url: `${INTERNAL_PREFIX}/${api.name}${route.routerPath ?? route.pattern}`,
        config: { internal: true },
        handler: async (request, reply) =>
          sendResult(
            reply,
            route.handle({
              params: request.params as Record<string, string>,
              query: request.query as QueryParams,
              body: request.body,
              headers: request.headers,
            }),
          ),
      });
    }
  }
}
