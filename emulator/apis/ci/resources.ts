/**
 * CI resources: what the store keeps (`*Record`), the checkout key's wire
 * form and the deterministic ids of seeded data. The wire forms of jobs
 * (summary, full job, artifacts, tests, branch info) are in job-wire.ts.
 */
import { createHash } from "node:crypto";

export const VCS_TYPES = ["vcs-a", "vcs-b"] as const;
export type VcsType = (typeof VCS_TYPES)[number];

export function isVcsType(value: string): value is VcsType {
  return (VCS_TYPES as readonly string[]).includes(value);
}

/** The dashboard origin of job URLs and artifact URLs (reserved `.test` domain: never resolvable). */
export const CI_WEB_ORIGIN = "https://ci.example.test";

export type Lifecycle = "queued" | "not_run" | "not_running" | "running" | "finished";
export type Outcome = "canceled" | "infrastructure_fail" | "timedout" | "failed" | "no_tests" | "success";
export type JobStatus =
  "retried" | "canceled" | "infrastructure_fail" | "timedout" | "not_run" | "running" | "failed" | "queued" | "not_running" | "no_tests" | "fixed" | "success";

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
export type Trigger = { kind: "user"; login: string; name: string | null } | { kind: "token" };

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
  type: "deploy-key" | "user-key";
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

// ---------------------------------------------------------------- checkout keys

/** The list says `vcs-user-key` where create and get say `user-key` (as the service does). */
export function checkoutKeyWire(key: CheckoutKeyRecord, digest: "md5" | "sha256", preferred: boolean, form: "list" | "single") {
  return {
    public_key: key.publicKey,
    type: key.type === "user-key" && form === "list" ? "vcs-user-key" : key.type,
    fingerprint: digest === "md5" ? key.md5 : key.sha256,
    preferred,
    time: key.time,
  };
}

// ---------------------------------------------------------------- helpers

export function digestHex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A deterministic git-like revision (40 hex digits). */
export function revisionFor(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

export function uuidFrom(text: string): string {
  const hex = digestHex(text);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function numericId(login: string): number {
  return Number.parseInt(digestHex(`user:${login}`).slice(0, 7), 16);
}
