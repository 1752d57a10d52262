/**
 * The code host as an emulator plug-in: options under `codehost`, flags
 * `--codehost-...`, `{message, documentation_url}` errors, `x-ratelimit-*`
 * headers on every response, the primary limit per token kind and the
 * secondary limits on a clock whose hour lasts `hourMs`.
 */
import { setTimeout as delay } from "node:timers/promises";
import { decodedPath, isAtOrUnder, nodeKey } from "../../console/tree";
import { codeHostErrors } from "../../errors";
import { definePlugin } from "../../plugin";
import { admitRequest, DOCS, resourceOf } from "./limits";
import { codeHostFlags, resolveCodeHostOptions, type CodeHostInput } from "./options";
import { CODEHOST_PREFIX, codeHostRoutes, requireCaller, responseRateLimitHeaders } from "./routes";
import { CodeHostStore } from "./state";

export const codeHostPlugin = definePlugin({
  name: "codehost",
  summary: `the code host at ${CODEHOST_PREFIX}/... (rate_limit, repos, issues, search)`,
  pathPrefixes: [`${CODEHOST_PREFIX}/`],
  errorFamily: codeHostErrors(DOCS.replace(/\/overview\/.*$/, "")),
  options: (input: CodeHostInput) => resolveCodeHostOptions(input),
  flags: codeHostFlags,
  createStore: () => new CodeHostStore(),
  mount: ({ store, now, options }) => {
    const context = { store, now, options };
    return {
      authenticate: (credentials) => `${requireCaller(context, credentials).kind} caller`,
      routes: codeHostRoutes(context),
      // The issues clients created, each as the API answers it.
      objects: () => [
        {
          title: "issues",
          nodes: store.issues.map((issue) => ({
            key: nodeKey("issue", issue.owner, issue.repo, String(issue.number)),
            kind: "issue",
            label: `${issue.owner}/${issue.repo}#${issue.number}`,
            summary: issue.title,
            wire: () => issue,
            touchedBy: (request) => isAtOrUnder(decodedPath(request), `${CODEHOST_PREFIX}/repos/${issue.owner}/${issue.repo}/issues`),
          })),
        },
      ],
      responseHeaders: ({ path, headers }) => responseRateLimitHeaders(context, { headers }, resourceOf(path)),
      admit: async ({ method, path, routePattern, headers }) => {
        const caller = requireCaller(context, { headers });
        const release = admitRequest(context, caller, method, path, `${method} ${routePattern}`);
        if (options.latencyMs > 0) await delay(options.latencyMs);
        return release;
      },
    };
  },
});
