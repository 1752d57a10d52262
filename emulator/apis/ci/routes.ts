/**
 * The CI API v1.1 route table: every endpoint of the spec at its documented
 * path under `/api/v1.1`, plus `unfollow` (used by the service's client
 * libraries). Each route declares who may call it; the wrapper resolves the
 * caller, applies the throttle, checks the vcs type, the project and the
 * caller's access, then hands over to the handler.
 */
import type { ApiCall, ApiResult, ApiRoute, Authenticator, HttpMethod } from "../../api";
import { pathParam } from "../../api";
import type { Caller } from "./auth";
import { resolveCaller } from "./auth";
import type { CiContext } from "./context";
import { mustLogIn, personalTokenRequired, projectNotFound, unknownVcsType } from "./errors";
import {
  addSshUser,
  cancelJob,
  getJob,
  getJobArtifacts,
  getJobTests,
  listProjectJobs,
  listRecentJobs,
  retryJob,
  triggerBranchJob,
  triggerJob,
  triggerPipeline,
} from "./jobs";
import { addSshKey, createCheckoutKey, deleteCheckoutKey, deleteSshKey, getCheckoutKey, listCheckoutKeys } from "./keys";
import { followProject, getMe, listProjects, unfollowProject } from "./projects";
import type { CiProjectRequest, CiRequest } from "./request";
import { isVcsType, VCS_TYPES } from "./resources";
import { enforceThrottle } from "./throttle";

export const CI_PREFIX = "/api/v1.1";
const PROJECT = `${CI_PREFIX}/project/:vcsType/:username/:project`;
const JOB = `${PROJECT}/:buildNum`;

/**
 * Who may call a route:
 * - `user`: any valid token;
 * - `personal`: a personal token only (403 for a project token);
 * - `project-read`: a token for the project, or none when the project has open access;
 * - `project`: a token for the project (a project token only for its own project);
 * - `project-personal`: a personal token, on an existing project.
 */
type Access = "user" | "personal" | "project-read" | "project" | "project-personal";

type Handler = (context: CiContext, request: CiRequest) => ApiResult;
type ProjectHandler = (context: CiContext, request: CiProjectRequest) => ApiResult;

export function ciRoutes(context: CiContext): ApiRoute[] {
  const { store } = context;
  const route = (method: HttpMethod, pattern: string, operation: string, access: "user" | "personal", handler: Handler): ApiRoute => ({
    method,
    pattern,
    operation,
    handle: (call) => {
      const caller = callerOf(context, call, pattern);
      if (caller.kind === "anonymous") throw mustLogIn();
      if (access === "personal" && caller.kind !== "personal") throw personalTokenRequired();
      return handler(context, { call, caller });
    },
  });

  const projectRoute = (
    method: HttpMethod,
    pattern: string,
    operation: string,
    access: Exclude<Access, "user" | "personal">,
    handler: ProjectHandler,
  ): ApiRoute => ({
    method,
    pattern,
    operation,
    handle: (call) => {
      const caller = callerOf(context, call, pattern);
      const vcsType = pathParam(call, "vcsType");
      if (!isVcsType(vcsType)) throw unknownVcsType(vcsType, VCS_TYPES);
      const entry = store.findProject(vcsType, pathParam(call, "username"), pathParam(call, "project"));
      if (caller.kind === "anonymous") {
        // Open access opens read-only endpoints only; elsewhere the existence of a project is not revealed.
        if (access === "project-read" && entry?.project.openAccess === true) return handler(context, { call, caller, entry });
        throw mustLogIn();
      }
      if (access === "project-personal" && caller.kind !== "personal") throw personalTokenRequired();
      if (entry === undefined) throw projectNotFound();
      if (caller.kind === "project" && caller.projectSlug.toLowerCase() !== entry.project.slug.toLowerCase()) throw projectNotFound();
      return handler(context, { call, caller, entry });
    },
  });

  return [
    route("GET", `${CI_PREFIX}/me`, "ci.me.get", "personal", getMe),
    route("GET", `${CI_PREFIX}/projects`, "ci.projects.list", "user", listProjects),
    route("GET", `${CI_PREFIX}/recent-builds`, "ci.recentBuilds.list", "user", listRecentJobs),

    projectRoute("GET", PROJECT, "ci.jobs.list", "project-read", listProjectJobs),
    projectRoute("GET", `${PROJECT}/tree/:branch`, "ci.jobs.listByBranch", "project-read", listProjectJobs),
    projectRoute("POST", PROJECT, "ci.jobs.trigger", "project", triggerJob),
    projectRoute("POST", `${PROJECT}/tree/:branch`, "ci.jobs.triggerBranch", "project", triggerBranchJob),
    projectRoute("POST", `${PROJECT}/build`, "ci.pipelines.trigger", "project-personal", triggerPipeline),
    projectRoute("POST", `${PROJECT}/follow`, "ci.projects.follow", "project-personal", followProject),
    projectRoute("POST", `${PROJECT}/unfollow`, "ci.projects.unfollow", "project-personal", unfollowProject),

    projectRoute("GET", JOB, "ci.jobs.get", "project-read", getJob),
    projectRoute("GET", `${JOB}/artifacts`, "ci.jobs.artifacts", "project-read", getJobArtifacts),
    projectRoute("GET", `${JOB}/tests`, "ci.jobs.tests", "project-read", getJobTests),
    projectRoute("POST", `${JOB}/retry`, "ci.jobs.retry", "project", (c, r) => retryJob(c, r, { ssh: false })),
    projectRoute("POST", `${JOB}/ssh`, "ci.jobs.retryWithSsh", "project", (c, r) => retryJob(c, r, { ssh: true })),
    projectRoute("POST", `${JOB}/cancel`, "ci.jobs.cancel", "project", cancelJob),
    projectRoute("POST", `${JOB}/ssh-users`, "ci.jobs.addSshUser", "project-personal", addSshUser),

    projectRoute("GET", `${PROJECT}/checkout-key`, "ci.checkoutKeys.list", "project", listCheckoutKeys),
    projectRoute("POST", `${PROJECT}/checkout-key`, "ci.checkoutKeys.create", "project-personal", createCheckoutKey),
    projectRoute("GET", `${PROJECT}/checkout-key/:fingerprint`, "ci.checkoutKeys.get", "project", getCheckoutKey),
    projectRoute("DELETE", `${PROJECT}/checkout-key/:fingerprint`, "ci.checkoutKeys.delete", "project", deleteCheckoutKey),

    projectRoute("POST", `${PROJECT}/ssh-key`, "ci.sshKeys.create", "project", addSshKey),
    projectRoute("DELETE", `${PROJECT}/ssh-key`, "ci.sshKeys.delete", "project", deleteSshKey),
  ];
}

/** Rejects unknown tokens before faults are drawn; a missing token is judged per route (open access). */
export function ciAuthenticator(context: CiContext): Authenticator {
  return (credentials) => {
    const caller = resolveCaller(context.tokens, credentials);
    return caller.kind === "personal" ? caller.login : caller.kind === "project" ? `project token of ${caller.projectSlug}` : "anonymous";
  };
}

/** The caller, after counting the request against the throttle. */
function callerOf(context: CiContext, call: ApiCall, pattern: string): Caller {
  const caller = resolveCaller(context.tokens, { headers: call.headers, query: call.query });
  enforceThrottle(context, caller, resourcePath(pattern, call));
  return caller;
}

/** The request path, rebuilt from the route pattern and its parameters. */
function resourcePath(pattern: string, call: ApiCall): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(call.params[name] ?? ""));
}
