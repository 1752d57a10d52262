/**
 * What the server attaches to fastify routes and requests. Kept apart from
 * server.ts so every module that registers routes sees the same typing.
 */
import type { ApiModule } from "./api";
import type { BrokenResponseKind } from "./faults";
import type { RecordedRequest } from "./recorder";

/** Per-request state of an API request (internal endpoints have none). */
export interface ApiRequestState {
  /** Undefined for a path no API claims. */
  api: ApiModule | undefined;
  record: RecordedRequest;
  /** Routed and let in (authenticated, admitted): faults apply to it. */
  faultable?: boolean;
  /** Process the request, then answer 503 as if the response had been lost. */
  loseResponse: boolean;
  /** Process the request, then mangle its answer this way (see faults.ts). */
  breakResponse?: BrokenResponseKind;
  /** The body as sent, for the console's log (a broken response sent as a stream has none). */
  responsePayload?: string;
  /** What the API's `admit` asked to run once the response is sent. */
  release?: () => void;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Name of the API module that owns the route. */
    apiName?: string;
    /** The route's documented pattern (the stats key). */
    routePattern?: string;
    /** An `/_emulator/` endpoint: no auth, no recording, no faults. */
    internal?: boolean;
  }
  interface FastifyRequest {
    apiRequest: ApiRequestState | null;
  }
}
