/**
 * The one call path of every API: a ky instance per API with small policies
 * around it — authentication and Accept headers (ky hooks), a shared gate that
 * holds all requests of an API while it is rate limited, a concurrency limit,
 * retries by each request's repeat rule, and mapping of failures to ApiError.
 *
 * Reading and validating the body is part of an attempt: a body cut off is a
 * network failure of that attempt, and a success status with broken JSON, an
 * HTML page, an empty body or the wrong shape is an unreadable answer. Both
 * end, when not retried, in an ApiError with outcome "unknown" that names the
 * request, so callers reconcile them like a lost response.
 */
import { setTimeout as defaultSleep } from "node:timers/promises";
import ky, { isNetworkError, isTimeoutError, type KyInstance } from "ky";
import pLimit, { type LimitFunction } from "p-limit";
import type { z } from "zod";
import type { ApiName, ApiSettings } from "../config";
import { credentialCarrier } from "../stackConfig";
import type { TokenSource } from "../google/credentials/tokenSource";
import { ApiError, parseErrorBody, redactSecret, redactedPath } from "./answer";
import { readAnswer, type Answer } from "./answer";
import { queryPairs, type QueryParameters } from "./query";
import type { RateLimitRules } from "./rateLimitRules";
import { createRequestLimiter, type RequestLimiter } from "./requestLimiter";
import type { Budget } from "./retry";
import { DEFAULT_RETRY_POLICY, planRetry, repeatRuleOf, type AttemptResult, type RepeatRule, type RetryPolicy } from "./retry";
import { CLIENT, TOKEN_REFUSED } from "./retryTable";

interface RequestBase<T> {
  /** Path below the API's base URL, segments already encoded. */
  readonly path: string;
  /** A list is a repeated parameter, sent once per item (query.ts). */
  readonly query?: QueryParameters;
  readonly body?: unknown;
  /** Request headers besides auth and Accept, e.g. `If-Match` of a write guarded by an etag. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Validates a successful response body (unknown fields are the schema's
   * business). With a schema, an empty 200 is an unreadable answer; without
   * one, an empty body or any JSON is accepted.
   */
  readonly schema?: z.ZodType<T>;
  /**
   * The endpoint a per-endpoint budget counts this request against (e.g.
   * `GET /repos/{owner}/{repo}`), for APIs with `rateLimits`; default: the method and path.
   */
  readonly endpoint?: string;
}

/**
 * A request. Its repeat rule says whether the HTTP layer may send it again
 * after a 5xx, a lost or an unreadable answer (see retry.ts); a POST can be
 * anything, so it must declare its rule.
 */
export type RequestSpec<T> = RequestBase<T> &
  ({ readonly method: "POST"; readonly repeat: RepeatRule } | { readonly method: "GET" | "PUT" | "PATCH" | "DELETE"; readonly repeat?: RepeatRule });

export interface ApiClient {
  readonly api: ApiName;
  /**
   * Sends a request; resolves to the parsed body (undefined when empty), or throws ApiError. Every
   * attempt (a retry, a resend with a fresh token) is spent from `budget`, the step's (retry.ts, Budget).
   */
  send<T = unknown>(spec: RequestSpec<T>, budget: Budget): Promise<T>;
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
  /** Access tokens of the credential chain, for `google-credentials` (one source per credential in the process). */
  readonly tokens?: TokenSource;
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Opt-in: an API's own rate-limit rules (rateLimitRules.ts; the code host's) decide after
   * an error answer that reports a limit, and the limiter (requestLimiter.ts) keeps requests
   * under the limits it publishes; it replaces `concurrency`. Other APIs keep the plain retry rules.
   */
  readonly rateLimits?: RateLimitRules;
}

/** The query's occurrences (a repeated parameter once per value); none (no `?` at all) when it has none. */
function searchParams(query: QueryParameters): Array<[string, string]> | undefined {
  const pairs = queryPairs(query);
  return pairs.length === 0 ? undefined : pairs;
}

const defaultLog = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

/** Holds every request of one API until a rate limit announced by the server has passed. */
class RateLimitGate {
  private openAt = 0;

  closeFor(ms: number, now: number = Date.now()): void {
    this.closeUntil(now + ms);
  }

  closeUntil(epochMs: number): void {
    this.openAt = Math.max(this.openAt, epochMs);
  }

  async pass(sleep: (ms: number) => Promise<void>): Promise<void> {
    for (let wait = this.openAt - Date.now(); wait > 0; wait = this.openAt - Date.now()) {
      await sleep(wait);
    }
  }
}

function isTypeError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "TypeError";
}

export function createApiClient(settings: ApiSettings, options: ClientOptions = {}): ApiClient {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? defaultSleep;
  const log = options.log ?? defaultLog;
  const logWaitsOverMs = options.logWaitsOverMs ?? CLIENT.logWaitsOverMs;
  const limit: LimitFunction = pLimit(options.concurrency ?? CLIENT.concurrency);
  const limiter: RequestLimiter | undefined = options.rateLimits === undefined ? undefined : createRequestLimiter(options.rateLimits.limits);
  const inSlot = <T>(spec: RequestSpec<unknown>, send: () => Promise<T>): Promise<T> =>
    limiter === undefined ? limit(send) : limiter.schedule(spec.method, spec.endpoint ?? `${spec.method} /${spec.path.replace(/^\//, "")}`, send);
  const gate = new RateLimitGate();
  const credential = credentialCarrier(settings, settings.authStyle ?? "bearer");
  const http: KyInstance = ky.create({
    prefix: settings.baseUrl,
    retry: 0,
    throwHttpErrors: false,
    timeout: options.timeoutMs ?? CLIENT.attemptTimeoutMs,
    ...(options.fetch !== undefined && { fetch: options.fetch }),
  });

  async function attempt(spec: RequestSpec<unknown>, phase: { body: boolean; token?: string }, budget: Budget): Promise<Answer> {
    await gate.pass(sleep);
    try {
      return await inSlot(spec, async () => {
        // A credential that yields no token throws a CredentialError (no network failure): it ends the request with its explanation.
        // A token exchange the request needed is spent from its step's budget, as an attempt is.
        phase.token =
          options.tokens === undefined ? undefined : await options.tokens.token(() => budget.spend(`token exchange for ${spec.method} ${spec.path}`));
        const headers = { ...spec.headers, ...credential.headers, ...(phase.token !== undefined && { Authorization: `Bearer ${phase.token}` }) };
        const query = searchParams({ ...spec.query, ...credential.query });
        const pending = http(spec.path.replace(/^\//, ""), {
          method: spec.method,
          ...(spec.body !== undefined && { json: spec.body }),
          headers,
          ...(query !== undefined && { searchParams: query }),
        });
        const response = await pending;
        phase.body = true;
        // ky's text() bounds the body read by the same timeout as the request.
        return readAnswer(response, () => pending.text(), spec.schema);
      });
    } catch (error) {
      if (isTimeoutError(error)) return { result: { kind: "network", timedOut: true }, cutOff: phase.body };
      // fetch reports a refused connection or a body cut off as a TypeError (by name: it may come from another realm).
      if (isNetworkError(error) || isTypeError(error)) return { result: { kind: "network", timedOut: false }, cutOff: phase.body };
      throw error;
    }
  }

  async function send<T>(spec: RequestSpec<T>, budget: Budget): Promise<T> {
    const where = `${settings.baseUrl}/${spec.path.replace(/^\//, "")}`;
    const path = redactedPath(where);
    const rule = spec.repeat ?? repeatRuleOf(spec.method);
    let waitedMs = 0;
    let limitedAttempts = 0;
    let tokenResends = 0;
    let failed: Answer | undefined;
    for (let attemptNumber = 1; ; attemptNumber++) {
      // Every attempt counts against the budget of the step it is sent for, so nested retries share one bound.
      budget.spend(`${spec.method} ${path}`, failed === undefined ? undefined : failure(spec, path, failed).message);
      const phase: { body: boolean; token?: string } = { body: false };
      const answer = await attempt(spec, phase, budget);
      const { result } = answer;
      if (result.kind === "status" && result.status < 400) return answer.value as T;
      failed = answer;
      if (
        result.kind === "status" &&
        result.status === 401 &&
        options.tokens !== undefined &&
        phase.token !== undefined &&
        tokenResends < TOKEN_REFUSED.resends
      ) {
        // An access token expired or revoked on the way: again with a fresh one (a 401 changed nothing).
        tokenResends++;
        options.tokens.refused(phase.token);
        log(`svc: ${settings.api} API refused the access token on ${spec.method} ${path} (401); sending it once more with a new token`);
        attemptNumber--;
        continue;
      }
      if (options.rateLimits !== undefined && result.kind === "status") {
        const decision = options.rateLimits.decide({
          status: result.status,
          header: (name) => answer.headers?.get(name),
          message: parseErrorBody(answer.errorBody).message,
          attempt: ++limitedAttempts,
          now: Date.now(),
        });
        if (decision.kind === "giveUp") throw decision.error({ method: spec.method, path, redact: (text) => redactSecret(text, settings.token) });
        if (decision.kind === "wait") {
          const waitMs = decision.untilMs - Date.now();
          if (waitMs >= logWaitsOverMs) {
            log(
              `svc: ${settings.api} API ${decision.because} on ${spec.method} ${path}; ` +
                `no request to it before ${new Date(decision.untilMs).toISOString()} (${Math.round(waitMs / 1000)}s)`,
            );
          }
          // Every request of the API waits: sending more while limited risks a ban.
          gate.closeUntil(decision.untilMs);
          continue;
        }
        limitedAttempts = 0;
      }
      const decision = planRetry(policy, rule, asRateLimit(result, answer), attemptNumber, waitedMs);
      if (!decision.retry) throw failure(spec, path, answer);
      if (decision.delayMs >= logWaitsOverMs) {
        log(
          `svc: ${settings.api} API ${decision.because} on ${spec.method} ${path}; ` +
            `waiting ${Math.round(decision.delayMs / 1000)}s before attempt ${attemptNumber + 1}`,
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

  /**
   * Google's usage limits (`rateLimitExceeded`, `userRateLimitExceeded`, domain `usageLimits`) come as 403
   * from some APIs (the calendar's quota): retried like a 429, with backoff. Other 403s are refusals.
   */
  function asRateLimit(result: AttemptResult, answer: Answer): AttemptResult {
    if (result.kind !== "status" || result.status !== 403) return result;
    const { reason } = parseErrorBody(answer.errorBody);
    return reason === "rateLimitExceeded" || reason === "userRateLimitExceeded" ? { kind: "status", status: 429 } : result;
  }

  /** The ApiError of the attempt that ended the request. */
  function failure(spec: RequestSpec<unknown>, path: string, answer: Answer): ApiError {
    const { result } = answer;
    const redact = (text: string | undefined): string | undefined => (text === undefined ? undefined : redactSecret(text, settings.token));
    if (result.kind === "network") {
      return new ApiError({
        status: undefined,
        reason: result.timedOut ? "timeout" : answer.cutOff === true ? "incompleteResponse" : "networkError",
        apiMessage: answer.cutOff === true ? "the connection ended before the whole response body arrived" : undefined,
        method: spec.method,
        path,
        outcome: "unknown",
      });
    }
    if (result.kind === "unreadable") {
      return new ApiError({
        status: result.status,
        reason: answer.problem?.reason,
        apiMessage: redact(answer.problem?.message),
        method: spec.method,
        path,
        outcome: "unknown",
      });
    }
    const { reason, errorInfoReason, message } = parseErrorBody(answer.errorBody);
    // A token without the API's scope: say which credential gave it and what to change.
    const scopeHint =
      result.status === 403 && options.tokens !== undefined && /insufficient authentication scopes/i.test(message ?? "")
        ? ` (${options.tokens.scopeHint})`
        : "";
    return new ApiError({
      status: result.status,
      reason,
      errorInfoReason,
      apiMessage: redact(message === undefined ? undefined : `${message}${scopeHint}`),
      method: spec.method,
      path,
      outcome: result.status < 500 && result.status !== 408 ? "rejected" : "unknown",
    });
  }

  return { api: settings.api, send };
}
