/** Job handlers: listings, one job, artifacts, tests, retry, cancel, triggers, pipelines, SSH users. */
import type { ApiResult, QueryParams } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import type { Caller } from "./auth";
import type { CiContext } from "./context";
import { badRequest, buildNotFound } from "./errors";
import type { CiProjectRequest, CiRequest } from "./request";
import { userOf } from "./request";
import type { JobRecord, Trigger } from "./resources";
import { fullJob, jobArtifacts, jobSummary, jobTests } from "./job-wire";
import { revisionFor } from "./resources";
import { parseCiBody, pipelineSchema, sshUsersSchema, triggerBranchSchema, triggerJobSchema } from "./schemas";
import type { ProjectEntry } from "./state";

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 30;
export const JOB_FILTERS = ["completed", "successful", "failed", "running"] as const;
type JobFilter = (typeof JOB_FILTERS)[number];

const FILTER_MATCHES: Record<JobFilter, (job: JobRecord) => boolean> = {
  completed: (job) => job.lifecycle === "finished",
  successful: (job) => job.outcome === "success",
  failed: (job) => job.outcome === "failed" || job.outcome === "timedout" || job.outcome === "infrastructure_fail",
  running: (job) => job.lifecycle === "running",
};

interface Paging {
  limit: number;
  offset: number;
  shallow: boolean;
}

export function parsePaging(query: QueryParams): Paging {
  const rawLimit = firstQueryValue(query, "limit");
  const rawOffset = firstQueryValue(query, "offset");
  let limit = DEFAULT_LIMIT;
  if (rawLimit !== undefined && rawLimit !== "") {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_LIMIT) {
      throw badRequest(`limit must be an integer from 1 to ${MAX_LIMIT}, got '${rawLimit}'`);
    }
    limit = Number(rawLimit);
  }
  let offset = 0;
  if (rawOffset !== undefined && rawOffset !== "") {
    if (!/^\d+$/.test(rawOffset)) throw badRequest(`offset must be a non-negative integer, got '${rawOffset}'`);
    offset = Number(rawOffset);
  }
  return { limit, offset, shallow: firstQueryValue(query, "shallow")?.toLowerCase() === "true" };
}

function parseFilter(query: QueryParams): JobFilter | undefined {
  const raw = firstQueryValue(query, "filter");
  if (raw === undefined || raw === "") return undefined;
  const filter = JOB_FILTERS.find((name) => name === raw);
  if (filter === undefined) throw badRequest(`filter must be one of ${JOB_FILTERS.join(", ")}, got '${raw}'`);
  return filter;
}

/** GET /project/{vcs}/{user}/{project}[/tree/{branch}]: newest first. */
export function listProjectJobs(_context: CiContext, { call, entry }: CiProjectRequest): ApiResult {
  const paging = parsePaging(call.query);
  const filter = parseFilter(call.query);
  const branch = call.params.branch;
  const matching = entry.jobs.filter((job) => (branch === undefined || job.branch === branch) && (filter === undefined || FILTER_MATCHES[filter](job)));
  matching.sort((a, b) => b.buildNum - a.buildNum);
  const page = matching.slice(paging.offset, paging.offset + paging.limit);
  return { status: 200, body: page.map((job) => jobSummary(entry.project, entry.jobs, job, { shallow: paging.shallow })) };
}

/** GET /recent-builds: the jobs of every project the caller can see, most recently queued first. */
export function listRecentJobs(context: CiContext, { call, caller }: CiRequest): ApiResult {
  const paging = parsePaging(call.query);
  const visible = context.store.allProjects().filter((entry) => caller.kind !== "project" || sameSlug(entry, caller.projectSlug));
  const jobs = visible.flatMap((entry) => entry.jobs.map((job) => ({ entry, job })));
  jobs.sort((a, b) => b.job.queuedAt.localeCompare(a.job.queuedAt) || b.job.sequence - a.job.sequence);
  const page = jobs.slice(paging.offset, paging.offset + paging.limit);
  return { status: 200, body: page.map(({ entry, job }) => jobSummary(entry.project, entry.jobs, job, { shallow: paging.shallow })) };
}

export function getJob(_context: CiContext, request: CiProjectRequest): ApiResult {
  const job = requireJob(request);
  return { status: 200, body: fullJob(request.entry.project, request.entry.jobs, job) };
}

export function getJobArtifacts(_context: CiContext, request: CiProjectRequest): ApiResult {
  return { status: 200, body: jobArtifacts(request.entry.project, requireJob(request)) };
}

export function getJobTests(_context: CiContext, request: CiProjectRequest): ApiResult {
  return { status: 200, body: { tests: jobTests(requireJob(request)) } };
}

/** POST .../{build_num}/retry and .../{build_num}/ssh: a new queued job. */
export function retryJob(context: CiContext, request: CiProjectRequest, { ssh }: { ssh: boolean }): ApiResult {
  const original = requireJob(request);
  const { entry, caller } = request;
  const job = addJob(context, entry, {
    branch: original.branch,
    revision: original.revision,
    tag: original.tag,
    commit: original.commit,
    why: "retry",
    lifecycle: "queued",
    status: "queued",
    retryOf: original.buildNum,
    parallel: original.parallel,
    jobName: original.jobName,
    buildParameters: original.buildParameters === null ? null : { ...original.buildParameters },
    sshEnabled: ssh,
    sshUsers: ssh && caller.kind === "personal" ? [caller.login] : [],
    trigger: triggerOf(caller),
  });
  original.retries.push(job.buildNum);
  return { status: 200, body: fullJob(entry.project, entry.jobs, job) };
}

/**
 * POST .../{build_num}/cancel. A running job finishes canceled; a job not
 * started yet keeps its lifecycle (the spec shows `queued` after canceling a
 * queued job); a finished job is answered unchanged.
 */
export function cancelJob(context: CiContext, request: CiProjectRequest): ApiResult {
  const job = requireJob(request);
  const { entry, caller } = request;
  if (job.lifecycle !== "finished" && job.lifecycle !== "not_run" && !job.canceled) {
    if (job.lifecycle === "running") {
      job.lifecycle = "finished";
      job.stopTime = context.now().toISOString();
      for (const step of job.steps) {
        for (const action of step.actions) {
          if (action.status !== "running") continue;
          action.status = "canceled";
          action.end_time = job.stopTime;
          action.run_time_millis = Date.parse(job.stopTime) - Date.parse(action.start_time);
          action.failed = true;
        }
      }
    }
    job.outcome = "canceled";
    job.status = "canceled";
    job.canceled = true;
    job.canceler = caller.kind === "personal" ? caller.login : null;
  }
  return { status: 200, body: fullJob(entry.project, entry.jobs, job) };
}

/** POST /project/{vcs}/{user}/{project}: a new not_running job on the default branch. */
export function triggerJob(context: CiContext, { call, caller, entry }: CiProjectRequest): ApiResult {
  const body = parseCiBody(triggerJobSchema, call.body, { required: false });
  const job = addTriggeredJob(context, entry, caller, {
    branch: entry.project.defaultBranch,
    revision: body.revision ?? null,
    tag: body.tag ?? null,
    parallel: body.parallel ?? null,
    jobName: body.job ?? null,
    buildParameters: body.build_parameters ?? null,
    why: "api",
  });
  return { status: 201, body: fullJob(entry.project, entry.jobs, job) };
}

/** POST /project/{vcs}/{user}/{project}/tree/{branch}. */
export function triggerBranchJob(context: CiContext, { call, caller, entry }: CiProjectRequest): ApiResult {
  const body = parseCiBody(triggerBranchSchema, call.body, { required: false });
  const job = addTriggeredJob(context, entry, caller, {
    branch: pathParam(call, "branch"),
    revision: body.revision ?? null,
    tag: null,
    parallel: body.parallel ?? null,
    jobName: null,
    buildParameters: body.build_parameters ?? null,
    why: "api",
  });
  return { status: 201, body: fullJob(entry.project, entry.jobs, job) };
}

/** POST .../build: triggers like a source-control push would (a new job, why = the vcs type). */
export function triggerPipeline(context: CiContext, { call, caller, entry }: CiProjectRequest): ApiResult {
  const body = parseCiBody(pipelineSchema, call.body, { required: false });
  addTriggeredJob(context, entry, caller, {
    branch: body.branch ?? entry.project.defaultBranch,
    revision: body.revision ?? null,
    tag: body.tag ?? null,
    parallel: null,
    jobName: null,
    buildParameters: null,
    why: entry.project.vcsType,
  });
  return { status: 200, body: { status: 200, body: "Build created" } };
}

/** POST .../{build_num}/ssh-users: adds the calling user to the job's SSH users. */
export function addSshUser(_context: CiContext, request: CiProjectRequest): ApiResult {
  parseCiBody(sshUsersSchema, request.call.body, { required: false });
  const job = requireJob(request);
  const { login } = userOf(request.caller);
  if (!job.sshUsers.includes(login)) job.sshUsers.push(login);
  return { status: 200, body: fullJob(request.entry.project, request.entry.jobs, job) };
}

/** The first job a project gets when it is first followed. */
export function addFirstBuild(context: CiContext, entry: ProjectEntry, caller: Caller): JobRecord {
  return addTriggeredJob(context, entry, caller, {
    branch: entry.project.defaultBranch,
    revision: null,
    tag: null,
    parallel: null,
    jobName: null,
    buildParameters: null,
    why: "first-build",
  });
}

// ---------------------------------------------------------------- helpers

export function requireJob({ call, entry }: CiProjectRequest): JobRecord {
  const raw = pathParam(call, "buildNum");
  const job = /^\d+$/.test(raw) ? entry.jobs[Number(raw) - 1] : undefined;
  if (job === undefined) throw buildNotFound();
  return job;
}

function sameSlug(entry: ProjectEntry, slug: string): boolean {
  return entry.project.slug.toLowerCase() === slug.toLowerCase();
}

function triggerOf(caller: Caller): Trigger {
  return caller.kind === "personal" ? { kind: "user", login: caller.login, name: caller.name } : { kind: "token" };
}

interface TriggeredJob {
  branch: string;
  revision: string | null;
  tag: string | null;
  parallel: number | null;
  jobName: string | null;
  buildParameters: Record<string, string> | null;
  why: string;
}

/** A job created by the API: not_running, at the given revision or the head of its branch. */
function addTriggeredJob(context: CiContext, entry: ProjectEntry, caller: Caller, request: TriggeredJob): JobRecord {
  const head = [...entry.jobs].reverse().find((job) => job.branch === request.branch);
  const revision = request.revision ?? head?.revision ?? revisionFor(`${entry.project.slug}:${request.branch}:head`);
  const known = [...entry.jobs].reverse().find((job) => job.revision === revision);
  return addJob(context, entry, {
    branch: request.branch,
    revision,
    tag: request.tag,
    commit: known?.commit ?? null,
    why: request.why,
    lifecycle: "not_running",
    status: "not_running",
    retryOf: null,
    parallel: request.parallel ?? 1,
    jobName: request.jobName ?? "build",
    buildParameters: request.buildParameters,
    sshEnabled: false,
    sshUsers: [],
    trigger: triggerOf(caller),
  });
}

/** The fields of a new job its creator decides; the rest start empty. */
type NewJob = Omit<JobRecord, "buildNum" | "sequence" | "queuedAt" | "startTime" | "stopTime" | "outcome" | "retries" | "canceled" | "canceler" | "steps">;

function addJob(context: CiContext, entry: ProjectEntry, fields: NewJob): JobRecord {
  const job: JobRecord = {
    ...fields,
    buildNum: entry.jobs.length + 1,
    sequence: context.store.nextSequence(),
    queuedAt: context.now().toISOString(),
    startTime: null,
    stopTime: null,
    outcome: null,
    retries: [],
    canceled: false,
    canceler: null,
    steps: [],
  };
  entry.jobs.push(job);
  return job;
}
