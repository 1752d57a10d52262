/**
 * CI resources: what the store keeps (`*Record`) and their wire forms, in
 * the field order of the spec (job summary, full job, project entry, user,
 * checkout key, test metadata, artifacts).
 */
import { createHash } from 'node:crypto';

export const VCS_TYPES = ['vcs-a', 'vcs-b'] as const;
export type VcsType = (typeof VCS_TYPES)[number];

export function isVcsType(value: string): value is VcsType {
  return (VCS_TYPES as readonly string[]).includes(value);
}

/** The dashboard origin of job URLs and artifact URLs (reserved `.test` domain: never resolvable). */
export const CI_WEB_ORIGIN = 'https://ci.example.test';

export type Lifecycle = 'queued' | 'not_run' | 'not_running' | 'running' | 'finished';
export type Outcome = 'canceled' | 'infrastructure_fail' | 'timedout' | 'failed' | 'no_tests' | 'success';
export type JobStatus =
  | 'retried'
  | 'canceled'
  | 'infrastructure_fail'
  | 'timedout'
  | 'not_run'
  | 'running'
  | 'failed'
  | 'queued'
  | 'not_running'
  | 'no_tests'
  | 'fixed'
  | 'success';

export interface Project {
  vcsType: VcsType;
  username: string;
  reponame: string;
  /** `vcs-a/acme/monorepo`: how tokens, `/_emulator/objects` and logs name a project. */
  slug: string;
  vcsUrl: string;
  defaultBranch: string;
  /** A free/open-source project. */
  oss: boolean;
  /** Open access: read-only `/project` endpoints answer without a token. */
  openAccess: boolean;
}

export interface Person {
  login: string;
  name: string;
  email: string;
}

export interface CommitRecord {
  author: Person;
  /** ISO timestamp of the commit. */
  date: string;
  subject: string;
  body: string;
}

/** Who made a job run: a user, or a project token (`is_user: false`). */
export type Trigger = { kind: 'user'; login: string; name: string | null } | { kind: 'token' };

export interface ActionWire {
  name: string;
  bash_command: string | null;
  run_time_millis: number | null;
  start_time: string;
  end_time: string | null;
  exit_code: number | null;
  type: string;
  index: number;
  status: string;
  step: number;
  messages: unknown[];
  source: string;
  failed: boolean | null;
  continue: null;
  parallel: boolean;
  timedout: boolean | null;
  infrastructure_fail: boolean | null;
}

export interface StepWire {
  name: string;
  actions: ActionWire[];
}

export interface JobRecord {
  buildNum: number;
  /** Store-wide creation order: the order of /recent-builds. */
  sequence: number;
  branch: string;
  revision: string;
  tag: string | null;
  /** `null` for a revision the emulator knows nothing about. */
  commit: CommitRecord | null;
  why: string;
  queuedAt: string;
  startTime: string | null;
  stopTime: string | null;
  lifecycle: Lifecycle;
  outcome: Outcome | null;
  status: JobStatus;
  retryOf: number | null;
  /** build_nums of the retries of this job. */
  retries: number[];
  canceled: boolean;
  canceler: string | null;
  parallel: number;
  jobName: string;
  buildParameters: Record<string, string> | null;
  sshEnabled: boolean;
  sshUsers: string[];
  trigger: Trigger;
  steps: StepWire[];
}

export interface CheckoutKeyRecord {
  /** `user-key` keys belong to `owner`. */
  type: 'deploy-key' | 'user-key';
  owner: string;
  publicKey: string;
  md5: string;
  sha256: string;
  time: string;
  sequence: number;
}

export interface SshKeyRecord {
  hostname: string;
  /** md5 fingerprint of the public half (`aa:bb:...`), the form the service reports. */
  fingerprint: string;
  sha256: string;
}

// ---------------------------------------------------------------- jobs

export interface JobSummary {
  vcs_url: string;
  build_url: string;
  build_num: number;
  branch: string;
  vcs_revision: string;
  vcs_tag: string | null;
  committer_name: string | null;
  committer_email: string | null;
  author_name: string | null;
  author_email: string | null;
  author_date: string | null;
  committer_date: string | null;
  subject: string | null;
  body: string | null;
  why: string;
  dont_build: string | null;
  queued_at: string;
  usage_queued_at: string;
  start_time: string | null;
  stop_time: string | null;
  build_time_millis: number | null;
  username: string;
  reponame: string;
  lifecycle: Lifecycle;
  outcome: Outcome | null;
  status: JobStatus;
  retry_of: number | null;
  previous: { status: JobStatus; build_num: number; build_time_millis?: number | null } | null;
}

/** Fields `?shallow=true` leaves out of list entries: the commit's people and message. */
const SHALLOW_OMITTED = [
  'committer_name',
  'committer_email',
  'author_name',
  'author_email',
  'author_date',
  'committer_date',
  'subject',
  'body',
] as const;

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
  const finished = job.lifecycle === 'finished';
  const lastSuccess = previousOnBranch(jobs, job, (candidate) => candidate.outcome === 'success');
  const commit = job.commit;
  const hash = digestHex(`${project.slug}#${job.buildNum}`);
  return {
    ...jobSummary(project, jobs, job, { withPreviousTime: true }),
    steps: job.steps,
    canceled: job.canceled,
    failed: finished ? job.outcome === 'failed' : null,
    infrastructure_fail: job.outcome === 'infrastructure_fail',
    timedout: job.outcome === 'timedout',
    parallel: job.parallel,
    retries: job.retries.length === 0 ? null : [...job.retries],
    ssh_users: job.sshUsers.map((login) => ({ login })),
    ssh_enabled: job.sshEnabled,
    ssh_disabled: false,
    no_dependency_cache: false,
    is_first_green_build: job.outcome === 'success' && lastSuccess === undefined,
    oss: project.oss,
    job_name: job.jobName,
    build_parameters: job.buildParameters,
    circle_yml: null,
    compare: null,
    node: null,
    canceler: job.canceler === null ? null : { login: job.canceler },
    messages: [],
    previous_successful_build:
      lastSuccess === undefined
        ? null
        : { build_num: lastSuccess.buildNum, status: lastSuccess.status, build_time_millis: buildTimeMillis(lastSuccess) },
    user:
      job.trigger.kind === 'user'
        ? {
            is_user: true,
            login: job.trigger.login,
            name: job.trigger.name,
            vcs_type: project.vcsType,
            id: numericId(job.trigger.login),
            avatar_url: `https://avatars.example.test/${job.trigger.login}`,
          }
        : { is_user: false, login: 'none' },
    workflows: {
      job_name: job.jobName,
      job_id: uuidFrom(`${hash}:job`),
      workflow_id: uuidFrom(`${hash}:workflow`),
      workspace_id: uuidFrom(`${hash}:workspace`),
      upstream_job_ids: [],
      upstream_concurrency_map: {},
      workflow_name: 'build-and-test',
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
    fleet: 'picard',
    platform: '2.0',
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
  if (job.lifecycle !== 'finished' || job.outcome === 'canceled' || job.outcome === 'infrastructure_fail') return [];
  const paths = ['coverage/index.html', 'test-results/junit.xml'];
  if (job.outcome === 'success') paths.push('dist/bundle.tar.gz');
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
  { name: 'parses the configuration', classname: 'config', file: 'test/config.test.js' },
  { name: 'rejects an empty name', classname: 'config', file: 'test/config.test.js' },
  { name: 'retries on 429', classname: 'client', file: 'test/client.test.js' },
  { name: 'renders the summary', classname: 'report', file: 'test/report.test.js' },
] as const;

/** Test metadata for jobs whose test step ran. */
export function jobTests(job: JobRecord): TestMetadata[] {
  if (job.lifecycle !== 'finished' || (job.outcome !== 'success' && job.outcome !== 'failed')) return [];
  return TEST_CASES.map((testCase, index) => {
    const failing = job.outcome === 'failed' && index === 2;
    return {
      message: failing ? 'expected 3 attempts, got 1' : null,
      file: testCase.file,
      source: 'jest',
      run_time: Number((0.012 * (index + 1) + (job.buildNum % 7) / 100).toFixed(3)),
      result: failing ? 'failure' : 'success',
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
    const lastSuccess = newestFirst.find((job) => job.outcome === 'success');
    const lastNonSuccess = newestFirst.find((job) => job.lifecycle === 'finished' && job.outcome !== 'success');
    const info: BranchInfo = {
      pusher_logins: [...pushers].sort(),
      recent_builds: newestFirst.slice(0, 5).map(branchBuild),
      running_builds: newestFirst.filter((job) => job.lifecycle === 'running').map(branchBuild),
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

// ---------------------------------------------------------------- checkout keys

/** The list says `vcs-user-key` where create and get say `user-key` (as the service does). */
export function checkoutKeyWire(key: CheckoutKeyRecord, digest: 'md5' | 'sha256', preferred: boolean, form: 'list' | 'single') {
  return {
    public_key: key.publicKey,
    type: key.type === 'user-key' && form === 'list' ? 'vcs-user-key' : key.type,
    fingerprint: digest === 'md5' ? key.md5 : key.sha256,
    preferred,
    time: key.time,
  };
}

// ---------------------------------------------------------------- helpers

export function digestHex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A deterministic git-like revision (40 hex digits). */
export function revisionFor(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function uuidFrom(text: string): string {
  const hex = digestHex(text);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function numericId(login: string): number {
  return Number.parseInt(digestHex(`user:${login}`).slice(0, 7), 16);
}
