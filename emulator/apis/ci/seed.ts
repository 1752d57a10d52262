/**
 * The seeded catalogue: a few projects per vcs type with deterministic job
 * histories (same seed, same jobs, every reset). One project has 130 jobs so
 * clients must page (limit max 100); one is open source with open access, so
 * its read-only endpoints answer without a token. No follows, checkout keys
 * or SSH keys are seeded.
 */
import type { ActionWire, CommitRecord, JobRecord, JobStatus, Outcome, Person, Project, StepWire, VcsType } from "./resources";
import { revisionFor } from "./resources";
import { seededRandom } from "../../faults";

interface ProjectSeed {
  vcsType: VcsType;
  username: string;
  reponame: string;
  defaultBranch: string;
  otherBranches: string[];
  jobs: number;
  oss?: boolean;
  openAccess?: boolean;
  /** The newest job is still running. */
  newestRunning?: boolean;
  firstQueuedAt: string;
  hoursBetweenJobs: number;
}

export const CATALOGUE: readonly ProjectSeed[] = [
  {
    vcsType: "vcs-a",
    username: "acme",
    reponame: "monorepo",
    defaultBranch: "main",
    otherBranches: ["feature/search", "fix/login-timeout"],
    jobs: 130,
    newestRunning: true,
    firstQueuedAt: "2025-01-06T08:00:00.000Z",
    hoursBetweenJobs: 2.25,
  },
  {
    vcsType: "vcs-a",
    username: "acme",
    reponame: "api-service",
    defaultBranch: "main",
    otherBranches: ["feature/rate-limits"],
    jobs: 12,
    newestRunning: true,
    firstQueuedAt: "2025-01-20T09:30:00.000Z",
    hoursBetweenJobs: 20,
  },
  {
    vcsType: "vcs-a",
    username: "open-tools",
    reponame: "widget-kit",
    defaultBranch: "main",
    otherBranches: ["docs/examples"],
    jobs: 8,
    oss: true,
    openAccess: true,
    firstQueuedAt: "2025-02-01T12:00:00.000Z",
    hoursBetweenJobs: 30,
  },
  {
    vcsType: "vcs-b",
    username: "acme",
    reponame: "mobile-app",
    defaultBranch: "develop",
    otherBranches: ["release/2.0"],
    jobs: 6,
    firstQueuedAt: "2025-02-10T07:15:00.000Z",
    hoursBetweenJobs: 26,
  },
  {
    vcsType: "vcs-b",
    username: "community",
    reponame: "plugin-hub",
    defaultBranch: "main",
    otherBranches: [],
    jobs: 4,
    oss: true,
    firstQueuedAt: "2025-02-14T16:45:00.000Z",
    hoursBetweenJobs: 40,
  },
  {
    vcsType: "vcs-b",
    username: "acme",
    reponame: "docs-site",
    defaultBranch: "main",
    otherBranches: [],
    jobs: 0,
    firstQueuedAt: "2025-03-01T00:00:00.000Z",
    hoursBetweenJobs: 24,
  },
];

const PEOPLE: Record<string, Person[]> = {
  acme: [
    { login: "alice-acme", name: "Alice Martin", email: "alice@acme.example" },
    { login: "bob-acme", name: "Bob Okafor", email: "bob@acme.example" },
    { login: "carol-acme", name: "Carol Nguyen", email: "carol@acme.example" },
  ],
  "open-tools": [
    { login: "dana-oss", name: "Dana Weiss", email: "dana@open-tools.example" },
    { login: "eli-oss", name: "Eli Santos", email: "eli@open-tools.example" },
  ],
  community: [{ login: "fay-dev", name: "Fay Lindqvist", email: "fay@community.example" }],
};

const SUBJECTS = [
  "Add retry with backoff to the HTTP client",
  "Fix flaky timeout in the login flow",
  "Bump dependencies",
  "Refactor configuration loading",
  "Document the release process",
  "Speed up the search index build",
  "Handle empty responses from the API",
  "Tidy up logging",
];

export function seedProject(seed: ProjectSeed): Project {
  const slug = `${seed.vcsType}/${seed.username}/${seed.reponame}`;
  return {
    vcsType: seed.vcsType,
    username: seed.username,
    reponame: seed.reponame,
    slug,
    vcsUrl: `https://${seed.vcsType}.example.test/${seed.username}/${seed.reponame}`,
    defaultBranch: seed.defaultBranch,
    oss: seed.oss ?? false,
    openAccess: seed.openAccess ?? false,
  };
}

/** The seeded jobs of a project, build_num 1..n; `nextSequence` numbers them store-wide. */
export function seedJobs(seed: ProjectSeed, project: Project, nextSequence: () => number): JobRecord[] {
  const random = seededRandom(hashString(project.slug));
  const people = PEOPLE[seed.username] ?? [{ login: `${seed.username}-dev`, name: "Dev", email: `dev@${seed.username}.example` }];
  const branches = [seed.defaultBranch, ...seed.otherBranches];
  const firstQueuedMs = Date.parse(seed.firstQueuedAt);
  const jobs: JobRecord[] = [];
  const lastOutcomeOnBranch = new Map<string, Outcome | null>();

  for (let buildNum = 1; buildNum <= seed.jobs; buildNum++) {
    const newest = buildNum === seed.jobs;
    const branchDraw = random();
    const onDefaultBranch = branches.length === 1 || branchDraw < 0.6;
    const branch = onDefaultBranch ? seed.defaultBranch : (branches[1 + Math.floor(random() * (branches.length - 1))] ?? seed.defaultBranch);
    const author = people[Math.floor(random() * people.length)] ?? people[0]!;
    const queuedMs = firstQueuedMs + Math.round((buildNum - 1) * seed.hoursBetweenJobs * 3_600_000);
    const startMs = queuedMs + 4_000 + Math.floor(random() * 20_000);
    const durationMs = 35_000 + Math.floor(random() * 540_000);
    const outcome = drawOutcome(random());
    const commit: CommitRecord = {
      author,
      date: new Date(queuedMs - 60_000 - Math.floor(random() * 3_600_000)).toISOString(),
      subject: SUBJECTS[Math.floor(random() * SUBJECTS.length)] ?? "Update",
      body: "",
    };
    const running = newest && seed.newestRunning === true;
    const previousOutcome = lastOutcomeOnBranch.get(branch) ?? null;
    const status: JobStatus = running ? "running" : outcome === "success" && previousOutcome === "failed" ? "fixed" : outcome;
    if (!running) lastOutcomeOnBranch.set(branch, outcome);

    jobs.push({
      buildNum,
      sequence: nextSequence(),
      branch,
      revision: revisionFor(`${project.slug}:${buildNum}`),
      tag: null,
      commit,
      why: project.vcsType,
      queuedAt: new Date(queuedMs).toISOString(),
      startTime: new Date(startMs).toISOString(),
      stopTime: running ? null : new Date(startMs + durationMs).toISOString(),
      lifecycle: running ? "running" : "finished",
      outcome: running ? null : outcome,
      status,
      retryOf: null,
      retries: [],
      canceled: !running && outcome === "canceled",
      canceler: !running && outcome === "canceled" ? author.login : null,
      parallel: 1,
      jobName: "build",
      buildParameters: null,
      sshEnabled: false,
      sshUsers: [],
      trigger: { kind: "user", login: author.login, name: author.name },
      steps: seededSteps(startMs, durationMs, running ? "running" : outcome),
    });
  }
  return jobs;
}

/** 72% success, 16% failed, 6% canceled, 4% timed out, 2% infrastructure failure. */
function drawOutcome(draw: number): Outcome {
  if (draw < 0.72) return "success";
  if (draw < 0.88) return "failed";
  if (draw < 0.94) return "canceled";
  if (draw < 0.98) return "timedout";
  return "infrastructure_fail";
}

/** Spin-up, checkout, dependencies, tests; the outcome decides where it stops and how. */
function seededSteps(startMs: number, durationMs: number, outcome: Outcome | "running"): StepWire[] {
  const plan = [
    { name: "Spin up environment", type: "infrastructure", bash: null, share: 0.08, source: "inference" },
    { name: "Checkout code", type: "dependencies", bash: '#!/bin/sh\ngit clone --depth 1 "$REPO" .', share: 0.07, source: "config" },
    { name: "Install dependencies", type: "dependencies", bash: "npm ci", share: 0.35, source: "config" },
    { name: "Run tests", type: "test", bash: "npm test", share: 0.5, source: "config" },
  ];
  // The index of the step where the job stopped, and how that step ended.
  const stopAt = outcome === "infrastructure_fail" ? 0 : outcome === "running" || outcome === "canceled" ? 2 : 3;
  const steps: StepWire[] = [];
  let cursor = startMs;
  for (let index = 0; index <= stopAt; index++) {
    const step = plan[index]!;
    const runMs = Math.round(durationMs * step.share);
    const last = index === stopAt;
    const ending: string = last && outcome !== "success" ? outcome : "success";
    const stillRunning = ending === "running";
    const action: ActionWire = {
      name: step.name,
      bash_command: step.bash,
      run_time_millis: stillRunning ? null : runMs,
      start_time: new Date(cursor).toISOString(),
      end_time: stillRunning ? null : new Date(cursor + runMs).toISOString(),
      exit_code: ending === "success" ? 0 : ending === "failed" ? 1 : null,
      type: step.type,
      index: 0,
      status: ending,
      step: index,
      messages: [],
      source: step.source,
      failed: ending === "success" || stillRunning ? null : true,
      continue: null,
      parallel: false,
      timedout: ending === "timedout" ? true : null,
      infrastructure_fail: ending === "infrastructure_fail" ? true : null,
    };
    steps.push({ name: step.name, actions: [action] });
    cursor += runMs;
  }
  return steps;
}

/** FNV-1a, to seed each project's generator from its slug. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
