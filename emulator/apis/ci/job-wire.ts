/**
 * The wire forms of jobs, in the field order of the spec: the job summary of
 * listings, the full job (GET one job, and the answer of follow, trigger,
 * retry, cancel and ssh-users), artifacts, test metadata and branch info.
 */
import type { JobRecord, JobSummary, Outcome, Project } from "./resources";
import { CI_WEB_ORIGIN, digestHex, numericId, uuidFrom } from "./resources";

/** Fields `?shallow=true` leaves out of list entries: the commit's people and message. */
const SHALLOW_OMITTED = ["committer_name", "committer_email", "author_name", "author_email", "author_date", "committer_date", "subject", "body"] as const;

export function buildTimeMillis(job: JobRecord): number | null {
  if (job.startTime === null || job.stopTime === null) return null;
  return Date.parse(job.stopTime) - Date.parse(job.startTime);
}

/** The job before this one on the same branch (jobs are in build_num order). */
function previousOnBranch(jobs: readonly JobRecord[], job: JobRecord, accept: (candidate: JobRecord) => boolean = () => true) {
  for (let index = job.buildNum - 2; index >= 0; index--) {
    const candidate = jobs[index];
    if (candidate !== undefined && candidate.branch === job.branch && accept(candidate)) return candidate;
  }
  return undefined;
}

export function jobSummary(
  project: Project,
  jobs: readonly JobRecord[],
  job: JobRecord,
  options: { shallow?: boolean; withPreviousTime?: boolean } = {},
): Partial<JobSummary> {
  const previous = previousOnBranch(jobs, job);
  const commit = job.commit;
  const summary: JobSummary = {
    vcs_url: project.vcsUrl,
    build_url: `${CI_WEB_ORIGIN}/${project.slug}/${job.buildNum}`,
    build_num: job.buildNum,
    branch: job.branch,
    vcs_revision: job.revision,
    vcs_tag: job.tag,
    committer_name: commit?.author.name ?? null,
    committer_email: commit?.author.email ?? null,
    author_name: commit?.author.name ?? null,
    author_email: commit?.author.email ?? null,
    author_date: commit?.date ?? null,
    committer_date: commit?.date ?? null,
    subject: commit?.subject ?? null,
    body: commit?.body ?? null,
    why: job.why,
    dont_build: null,
    queued_at: job.queuedAt,
    usage_queued_at: job.queuedAt,
    start_time: job.startTime,
    stop_time: job.stopTime,
    build_time_millis: buildTimeMillis(job),
    username: project.username,
    reponame: project.reponame,
    lifecycle: job.lifecycle,
    outcome: job.outcome,
    status: job.status,
    retry_of: job.retryOf,
    previous:
      previous === undefined
        ? null
        : {
            status: previous.status,
            build_num: previous.buildNum,
            ...(options.withPreviousTime === true ? { build_time_millis: buildTimeMillis(previous) } : {}),
          },
  };
  if (options.shallow !== true) return summary;
  const shallow: Partial<JobSummary> = { ...summary };
  for (const field of SHALLOW_OMITTED) delete shallow[field];
  return shallow;
}

/** The full job: GET one job, and the answer of follow, trigger, retry, cancel and ssh-users. */
export function fullJob(project: Project, jobs: readonly JobRecord[], job: JobRecord): Record<string, unknown> {
  const finished = job.lifecycle === "finished";
  const lastSuccess = previousOnBranch(jobs, job, (candidate) => candidate.outcome === "success");
  const commit = job.commit;
  const hash = digestHex(`${project.slug}#${job.buildNum}`);
  return {
    ...jobSummary(project, jobs, job, { withPreviousTime: true }),
    steps: job.steps,
    canceled: job.canceled,
    failed: finished ? job.outcome === "failed" : null,
    infrastructure_fail: job.outcome === "infrastructure_fail",
    timedout: job.outcome === "timedout",
    parallel: job.parallel,
    retries: job.retries.length === 0 ? null : [...job.retries],
    ssh_users: job.sshUsers.map((login) => ({ login })),
    ssh_enabled: job.sshEnabled,
    ssh_disabled: false,
    no_dependency_cache: false,
    is_first_green_build: job.outcome === "success" && lastSuccess === undefined,
    oss: project.oss,
    job_name: job.jobName,
    build_parameters: job.buildParameters,
    circle_yml: null,
    compare: null,
    node: null,
    canceler: job.canceler === null ? null : { login: job.canceler },
    messages: [],
    previous_successful_build:
      lastSuccess === undefined ? null : { build_num: lastSuccess.buildNum, status: lastSuccess.status, build_time_millis: buildTimeMillis(lastSuccess) },
    user:
      job.trigger.kind === "user"
        ? {
            is_user: true,
            login: job.trigger.login,
            name: job.trigger.name,
            vcs_type: project.vcsType,
            id: numericId(job.trigger.login),
            avatar_url: `https://avatars.example.test/${job.trigger.login}`,
          }
        : { is_user: false, login: "none" },
    workflows: {
      job_name: job.jobName,
      job_id: uuidFrom(`${hash}:job`),
      workflow_id: uuidFrom(`${hash}:workflow`),
      workspace_id: uuidFrom(`${hash}:workspace`),
      upstream_job_ids: [],
      upstream_concurrency_map: {},
      workflow_name: "build-and-test",
    },
    pull_requests: [],
    all_commit_details:
      commit === null
        ? []
        : [
            {
              author_name: commit.author.name,
              author_login: commit.author.login,
              author_email: commit.author.email,
              author_date: commit.date,
              committer_name: commit.author.name,
              committer_login: commit.author.login,
              committer_email: commit.author.email,
              committer_date: commit.date,
              commit: job.revision,
              commit_url: `${project.vcsUrl}/commit/${job.revision}`,
              body: commit.body,
              subject: commit.subject,
            },
          ],
    fleet: "picard",
    platform: "2.0",
    vcs_type: project.vcsType,
  };
}

/** Artifacts exist for jobs that ran to completion (not canceled ones). */
export interface Artifact {
  path: string;
  pretty_path: string;
  node_index: number;
  url: string;
}

export function jobArtifacts(project: Project, job: JobRecord): Artifact[] {
  if (job.lifecycle !== "finished" || job.outcome === "canceled" || job.outcome === "infrastructure_fail") return [];
  const paths = ["coverage/index.html", "test-results/junit.xml"];
  if (job.outcome === "success") paths.push("dist/bundle.tar.gz");
  return paths.map((path) => ({
    path,
    pretty_path: path,
    node_index: 0,
    url: `${CI_WEB_ORIGIN}/output/${project.slug}/${job.buildNum}/0/${path}`,
  }));
}

export interface TestMetadata {
  message: string | null;
  file: string;
  source: string;
  run_time: number;
  result: string;
  name: string;
  classname: string;
}

const TEST_CASES = [
  { name: "parses the configuration", classname: "config", file: "test/config.test.js" },
  { name: "rejects an empty name", classname: "config", file: "test/config.test.js" },
  { name: "retries on 429", classname: "client", file: "test/client.test.js" },
  { name: "renders the summary", classname: "report", file: "test/report.test.js" },
] as const;

/** Test metadata for jobs whose test step ran. */
export function jobTests(job: JobRecord): TestMetadata[] {
  if (job.lifecycle !== "finished" || (job.outcome !== "success" && job.outcome !== "failed")) return [];
  return TEST_CASES.map((testCase, index) => {
    const failing = job.outcome === "failed" && index === 2;
    return {
      message: failing ? "expected 3 attempts, got 1" : null,
      file: testCase.file,
      source: "jest",
      run_time: Number((0.012 * (index + 1) + (job.buildNum % 7) / 100).toFixed(3)),
      result: failing ? "failure" : "success",
      name: testCase.name,
      classname: testCase.classname,
    };
  });
}

// ---------------------------------------------------------------- projects

export interface BranchBuild {
  pushed_at: string;
  vcs_revision: string;
  build_num: number;
  outcome: Outcome | null;
}

export interface BranchInfo {
  pusher_logins: string[];
  last_non_success?: BranchBuild;
  last_success?: BranchBuild;
  recent_builds: BranchBuild[];
  running_builds: BranchBuild[];
}

/** Branch info of GET /projects; `last_success`/`last_non_success` are absent when there is no such job. */
export function branchInfo(jobs: readonly JobRecord[]): Record<string, BranchInfo> {
  const byBranch = new Map<string, JobRecord[]>();
  for (const job of jobs) {
    const list = byBranch.get(job.branch) ?? [];
    list.push(job);
    byBranch.set(job.branch, list);
  }
  const branches: Record<string, BranchInfo> = {};
  for (const [branch, branchJobs] of byBranch) {
    const newestFirst = [...branchJobs].sort((a, b) => b.queuedAt.localeCompare(a.queuedAt) || b.buildNum - a.buildNum);
    const pushers = new Set<string>();
    for (const job of branchJobs) if (job.commit !== null) pushers.add(job.commit.author.login);
    const lastSuccess = newestFirst.find((job) => job.outcome === "success");
    const lastNonSuccess = newestFirst.find((job) => job.lifecycle === "finished" && job.outcome !== "success");
    const info: BranchInfo = {
      pusher_logins: [...pushers].sort(),
      recent_builds: newestFirst.slice(0, 5).map(branchBuild),
      running_builds: newestFirst.filter((job) => job.lifecycle === "running").map(branchBuild),
    };
    if (lastNonSuccess !== undefined) info.last_non_success = branchBuild(lastNonSuccess);
    if (lastSuccess !== undefined) info.last_success = branchBuild(lastSuccess);
    branches[branch] = info;
  }
  return branches;
}

function branchBuild(job: JobRecord): BranchBuild {
  return { pushed_at: job.queuedAt, vcs_revision: job.revision, build_num: job.buildNum, outcome: job.outcome };
}
