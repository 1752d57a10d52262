/**
 * An ApiClient that answers from a handler and records what was sent, for
 * unit tests of the engine's steps and the Google helpers without HTTP.
 */
import type { Budget } from "../../provider/http/retry";
import type { ApiClient, RequestSpec } from "../../provider/http/client";
import { ApiError } from "../../provider/http/answer";

export interface SentRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly repeat?: string;
}

export type Handler = (request: SentRequest) => unknown;

export function fakeClient(handler: Handler): ApiClient & { sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  return {
    api: "dns",
    sent,
    async send<T>(spec: RequestSpec<T>, budget: Budget): Promise<T> {
      budget.spend(`${spec.method} ${spec.path}`);
      const query = spec.query === undefined ? undefined : Object.fromEntries(Object.entries(spec.query).filter(([, value]) => value !== undefined));
      const request: SentRequest = {
        method: spec.method,
        path: spec.path,
        ...(query !== undefined && { query }),
        ...(spec.body !== undefined && { body: spec.body }),
        ...(spec.headers !== undefined && { headers: spec.headers }),
        ...(spec.repeat !== undefined && { repeat: spec.repeat }),
      };
      sent.push(request);
      const answer = handler(request);
      if (answer instanceof ApiError) throw answer;
      return (spec.schema === undefined ? answer : spec.schema.parse(answer)) as T;
    },
  };
}

/** The ApiError the HTTP layer throws for a status. */
export function statusError(status: number, method: string, path: string, reason?: string): ApiError {
  return new ApiError({
    status,
    reason,
    apiMessage: undefined,
    method,
    path,
    outcome: status < 500 && status !== 408 ? "rejected" : "unknown",
  });
}
