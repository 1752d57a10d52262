/**
 * Where persistence meets the request pipeline: an `onSend` hook, so the state a response reports
 * is on disk before the response leaves. A request of an API saves that API's state; a write to an
 * internal endpoint (a reset, an API's test endpoint, a new service account) saves every API's;
 * reads of internal endpoints and of the console save nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type {} from "../request-state";
import type { Persistence } from "./persistence";

/** Renders the answer a client gets when its change could not be saved: the change is not durable, so not a success. */
export type SaveFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => string;

export function saveBeforeSending(app: FastifyInstance, persistence: Persistence, failure: SaveFailure): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const apis = apisTouched(request);
    if (apis !== undefined && apis.length === 0) return payload;
    try {
      await persistence.save(apis);
      return payload;
    } catch (error) {
      process.stderr.write(`svc-emulator: could not save the state: ${error instanceof Error ? error.message : String(error)}\n`);
      return failure(request, reply, error);
    }
  });
}

/** The APIs whose state a request may have changed; undefined: any. */
function apisTouched(request: FastifyRequest): readonly string[] | undefined {
  const state = request.apiRequest;
  if (state !== null) return state.api === undefined || request.routeOptions.config.routePattern === undefined ? [] : [state.api.name];
  if (request.method === "GET" || request.method === "HEAD") return [];
  return request.routeOptions.config.internal === true ? undefined : [];
}
