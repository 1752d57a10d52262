/**
 * Where the injected faults (faults.ts) meet the request pipeline: once a routed request is let in
 * (authenticated, admitted) and its body read, since a request is told apart by its body too and an
 * etag may be in it. A refusal is answered before the handler runs; a lost or broken answer is
 * marked for the response hooks, after the request was processed.
 */
import type { FastifyInstance } from "fastify";
import { etagNamedBy, type FaultInjector } from "./faults";
import { backendError, rateLimitExceeded, refusedRequest, staleEtag } from "./google/errors";
import type { RequestRecorder } from "./recorder";

export function injectFaults(app: FastifyInstance, faults: FaultInjector, recorder: RequestRecorder): void {
  app.addHook("preHandler", async (request) => {
    const state = request.apiRequest;
    if (state?.faultable !== true) return;
    const { record } = state;
    const fault = faults.decide({
      method: request.method,
      path: record.path,
      query: request.query,
      body: request.body,
      etag: etagNamedBy(request.headers["if-match"], request.body),
    });
    if (fault === null) return;
    recorder.markFault(record, fault.kind);
    switch (fault.kind) {
      case "rateLimited":
        throw rateLimitExceeded(fault.retryAfterSeconds);
      case "serverError":
        throw backendError(fault.status);
      case "staleEtag":
        throw staleEtag(fault.status);
      case "refused":
        throw refusedRequest(fault.reason);
      case "lostResponse":
        state.loseResponse = true;
        return;
      case "brokenResponse":
        state.breakResponse = fault.broken;
        return;
    }
  });
}
