/**
 * The code host's routes under `/codehost`: the rate-limit status and a few
 * ordinary endpoints (a repository, its issues, repository search) to spend
 * the budget on. Every repository exists; issues are what a client creates.
 */
import { codehostApi } from "../../../provider/apis/codehost/api";
import type { ApiCall, ApiRoute } from "../../api";
import { pathParam } from "../../api";
import { ApiError } from "../../errors";
import { callerOf, rateLimitHeaders, RESOURCES, windowOf, type Caller, type LimitsContext } from "./limits";

export const CODEHOST_PREFIX = codehostApi.emulatorBasePath ?? "";

export function badCredentials(): ApiError {
  return new ApiError({ httpStatus: 401, reason: "badCredentials", message: "Bad credentials" });
}

/** The caller of an authenticated call (authentication has refused bad credentials already). */
export function requireCaller(context: LimitsContext, call: Pick<ApiCall, "headers">): Caller {
  const caller = callerOf(call.headers, context.options);
  if (caller === "bad credentials") throw badCredentials();
  return caller;
}

function rateLimitStatus(context: LimitsContext, call: ApiCall): unknown {
  const caller = requireCaller(context, call);
  const resources = Object.fromEntries(
    RESOURCES.map((resource) => {
      const window = windowOf(context, caller, resource);
      return [resource, { limit: window.limit, used: window.used, remaining: Math.max(0, window.limit - window.used), reset: window.resetMs / 1000 }];
    }),
  );
  // `rate` is the deprecated copy of `core` the real service still sends.
  return { resources, rate: resources["core"] };
}

function repository(call: ApiCall): unknown {
  const owner = pathParam(call, "owner");
  const repo = pathParam(call, "repo");
  return { name: repo, full_name: `${owner}/${repo}`, owner: { login: owner }, private: false };
}

function createIssue(context: LimitsContext, call: ApiCall): unknown {
  const body = (call.body ?? {}) as Record<string, unknown>;
  const title = body["title"];
  if (typeof title !== "string" || title.trim() === "") {
    throw new ApiError({ httpStatus: 422, reason: "validationFailed", message: "Validation Failed: title is missing" });
  }
  const owner = pathParam(call, "owner");
  const repo = pathParam(call, "repo");
  const number = context.store.issues.filter((issue) => issue.owner === owner && issue.repo === repo).length + 1;
  const issue = { owner, repo, number, title, body: typeof body["body"] === "string" ? body["body"] : null, state: "open" as const };
  context.store.issues.push(issue);
  return issue;
}

export function codeHostRoutes(context: LimitsContext): ApiRoute[] {
  const repoPath = `${CODEHOST_PREFIX}/repos/:owner/:repo`;
  return [
    {
      method: "GET",
      pattern: `${CODEHOST_PREFIX}/rate_limit`,
      operation: "rate-limit/get",
      handle: (call) => ({ status: 200, body: rateLimitStatus(context, call) }),
    },
    { method: "GET", pattern: repoPath, operation: "repos/get", handle: (call) => ({ status: 200, body: repository(call) }) },
    {
      method: "GET",
      pattern: `${repoPath}/issues`,
      operation: "issues/list-for-repo",
      handle: (call) => ({
        status: 200,
        body: context.store.issues.filter((issue) => issue.owner === pathParam(call, "owner") && issue.repo === pathParam(call, "repo")),
      }),
    },
    { method: "POST", pattern: `${repoPath}/issues`, operation: "issues/create", handle: (call) => ({ status: 201, body: createIssue(context, call) }) },
    {
      method: "GET",
      pattern: `${CODEHOST_PREFIX}/search/repositories`,
      operation: "search/repos",
      handle: () => ({ status: 200, body: { total_count: 0, incomplete_results: false, items: [] } }),
    },
  ];
}

/** `x-ratelimit-*` of the caller's window for the request's resource, on every response. */
export function responseRateLimitHeaders(
  context: LimitsContext,
  call: Pick<ApiCall, "headers">,
  resource: Parameters<typeof rateLimitHeaders>[2],
): Record<string, string> {
  const caller = callerOf(call.headers, context.options);
  return rateLimitHeaders(context, caller === "bad credentials" ? { kind: "anonymous", key: "anonymous" } : caller, resource);
}
