/** The user, the project list, follow and unfollow. */
import type { ApiResult } from "../../api";
import type { CiContext } from "./context";
import { addFirstBuild } from "./jobs";
import type { CiProjectRequest, CiRequest } from "./request";
import { userOf } from "./request";
import { branchInfo, fullJob } from "./job-wire";

/** The trial of the emulated user never ends. */
const TRIAL_END = "2099-12-31T23:59:59.000Z";

/** GET /me (personal token). */
export function getMe(context: CiContext, { caller }: CiRequest): ApiResult {
  const { login, name } = userOf(caller);
  const userKeys = context.store
    .allProjects()
    .flatMap((entry) => entry.checkoutKeys)
    .filter((key) => key.type === "user-key" && key.owner === login)
    .sort((a, b) => b.sequence - a.sequence);
  return {
    status: 200,
    body: {
      login,
      name,
      basic_email_prefs: "smart",
      admin: false,
      user_key_fingerprint: userKeys[0]?.md5 ?? null,
      days_left_in_trial: 14,
      trial_end: TRIAL_END,
    },
  };
}

/** GET /projects: every project the caller can see (a project token sees its own). */
export function listProjects(context: CiContext, { caller }: CiRequest): ApiResult {
  const entries = context.store
    .allProjects()
    .filter((entry) => caller.kind !== "project" || entry.project.slug.toLowerCase() === caller.projectSlug.toLowerCase());
  return {
    status: 200,
    body: entries.map(({ project, jobs }) => ({
      vcs_url: project.vcsUrl,
      followed: caller.kind === "personal" && context.store.isFollowing(caller.login, project),
      username: project.username,
      reponame: project.reponame,
      branches: branchInfo(jobs),
    })),
  };
}

/**
 * POST .../follow. The first follow of a project creates its first job
 * (why `first-build`); any later follow, also after an unfollow, creates
 * nothing and answers `first_build: null`.
 */
export function followProject(context: CiContext, { caller, entry }: CiProjectRequest): ApiResult {
  const { login } = userOf(caller);
  context.store.follow(login, entry.project);
  if (entry.firstBuildCreated) return { status: 200, body: { followed: true, first_build: null } };
  entry.firstBuildCreated = true;
  const job = addFirstBuild(context, entry, caller);
  return { status: 200, body: { followed: true, first_build: fullJob(entry.project, entry.jobs, job) } };
}

/** POST .../unfollow (used by the service's client libraries). */
export function unfollowProject(context: CiContext, { caller, entry }: CiProjectRequest): ApiResult {
  context.store.unfollow(userOf(caller).login, entry.project);
  return { status: 200, body: { followed: false } };
}
