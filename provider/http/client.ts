/**
 * The one call path of every API: a ky instance per API with small policies
 * around it — authentication and Accept headers (ky hooks), a shared gate that
 * holds all requests of an API while it is rate limited, a concurrency limit,
 * retries by the spec's rules, and mapping of failures to ApiError.
 */
import ky, { isNetworkError, isTimeoutError, type KyInstance } from "ky";
import pLimit, { type LimitFunction } from "p-limit";
import type { z } from "zod";
import type { ApiName, ApiSettings, AuthStyle } from "../config";
import { ApiError, parseErrorBody, redactSecret, redactedPath } from "./errors";
import { DEFAULT_RETRY_POLICY, parseRetryAfter, planRetry, type AttemptResult, type RetryPolicy } from "./retry";


export interface RequestSpec<T> {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path below the API's base URL, segments already encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
  /** Validates a successful response body (unknown fields are the schema's business). */
  readonly schema?: z.ZodType<T>;
}

export interface ApiClient {
  readonly api: ApiName;
  /** Sends a request; resolves to the parsed body (undefined when empty), or throws ApiError. */
  send<T = unknown>(spec: RequestSpec<T>): Promise<T>;
}

export interface ClientOptions {
  readonly policy?: RetryPolicy;
  /** Requests of this API in flight at once, across all resources of a deployment. */
  readonly concurrency?: number;
  /** Timeout of one attempt. */
  readonly timeoutMs?: number;
  /** Where waits and retries are reported (a user must be able to see why `up` waits). */
  readonly log?: (message: string) => void;
  /** Waits longer than this are reported through `log`. */
  readonly logWaitsOverMs?: number;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const defaultLog = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

function authHooks(settings: ApiSettings, style: AuthStyle): (request: Request) => Request | void {
  return (request) => {
    request.headers.set("Accept", "application/json");
    switch (style) {
      case "bearer":
        request.headers.set("Authorization", `Bearer ${settings.token}`);
        return;
      case "ci-token-header":
        request.headers.set("Ci-Token", settings.token);
        return;
      case "basic":
        request.headers.set("Authorization", `Basic ${Buffer.from(`${settings.token}:`).toString("base64")}`);
        return;
      case "query": {
        const url = new URL(request.url);
        url.searchParams.set("ci-token", settings.token);
        return new Request(url, request);
      }
    }
  };
}

/** Holds every request of one API until a rate limit announced by the server has passed. */
class RateLimitGate {
  private openAt = 0;

  closeFor(ms: number, now: number = Date.now()): void {
    this.openAt = Math.max(this.openAt, now + ms);
  }

  async pass(sleep: (ms: number) => Promise<void>): Promise<void> {
    for (let wait = this.openAt - Date.now(); wait > 0; wait = this.openAt - Date.now()) {
      await sleep(wait);
    }
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(settings: ApiSettings, options: ClientOptions = {}): ApiClient {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? defaultSleep;
  const log = options.log ?? defaultLog;
  const logWaitsOverMs = options.logWaitsOverMs ?? 3000;
  const limit: LimitFunction = pLimit(options.concurrency ?? 8);
  const gate = new RateLimitGate();
  const http: KyInstance = ky.create({
    prefix: settings.baseUrl,
    retry: 0,
    throwHttpErrors: false,
    timeout: options.timeoutMs ?? 30_000,
    hooks: { beforeRequest: [({ request }) => authHooks(settings, settings.authStyle ?? "bearer")(request)] },
    ...(options.fetch !== undefined && { fetch: options.fetch }),
  });

  async function attempt(spec: RequestSpec<unknown>): Promise<{ result: AttemptResult; response?: Response }> {
    await gate.pass(sleep);
    try {
      const response = await limit(() =>
        http(spec.path.replace(/^\//, ""), {
          method: spec.method,
          ...(spec.body !== undefined && { json: spec.body }),
          ...(spec.query !== undefined && {
            searchParams: Object.fromEntries(
              Object.entries(spec.query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined),
            ),
          }),
        }),
      );
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      return { result: { kind: "status", status: response.status, retryAfterMs }, response };
    } catch (error) {
      if (isTimeoutError(error)) return { result: { kind: "network", timedOut: true } };
      if (isNetworkError(error) || error instanceof TypeError) return { result: { kind: "network", timedOut: false } };
      throw error;
    }
  }

  async function send<T>(spec: RequestSpec<T>): Promise<T> {
    const where = `${settings.baseUrl}/${spec.path.replace(/^\//, "")}`;
    const path = redactedPath(where);
    let waitedMs = 0;
    for (let attemptNumber = 1; ; attemptNumber++) {
      const { result, response } = await attempt(spec);
      if (result.kind === "status" && response !== undefined && result.status < 400) {
        const body = await readBody(response);
        if (spec.schema === undefined || (body === undefined && response.status === 204)) return body as T;
        const parsed = spec.schema.safeParse(body);
        if (!parsed.success) {
          throw new ApiError({
            status: response.status,
            reason: "unexpectedResponse",
            apiMessage: `the response did not match the documented shape: ${parsed.error.issues
              .slice(0, 3)
              .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
              .join("; ")}`,
            method: spec.method,
            path,
            outcome: "unknown",
          });
        }
        return parsed.data;
      }
      const decision = planRetry(policy, spec.method, result, attemptNumber, waitedMs);
      if (!decision.retry) {
        const body = response !== undefined ? await readBody(response) : undefined;
        const { reason, message } = parseErrorBody(body);
        const status = result.kind === "status" ? result.status : undefined;
        throw new ApiError({
          status,
          reason: reason ?? (result.kind === "network" ? (result.timedOut ? "timeout" : "networkError") : undefined),
          apiMessage: message === undefined ? undefined : redactSecret(message, settings.token),
          method: spec.method,
          path,
          outcome: status !== undefined && status < 500 && status !== 408 ? "rejected" : "unknown",
        });
      }
      await response?.body?.cancel();
      if (decision.delayMs >= logWaitsOverMs) {
        log(
          `svc: ${settings.api} API ${decision.because} on ${spec.method} ${path}; ` +
            `waiting ${Math.round(decision.delayMs / 1000)}s before attempt ${attemptNumber + 1} of ${policy.maxAttempts}`,
        );
      }
      if (result.kind === "status" && result.status === 429 && result.retryAfterMs !== undefined) {
        // The server said when this API takes requests again: every request to it waits at the gate.
        gate.closeFor(decision.delayMs);
      } else {
        await sleep(decision.delayMs);
      }
      waitedMs += decision.delayMs;
    }
  }

  return { api: settings.api, send };
}
