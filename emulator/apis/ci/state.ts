/**
 * CI state: the project catalogue with each project's jobs, checkout keys
 * and SSH keys, the follows of each user, and the request windows of the
 * throttle. A plain container; the rules live in the handlers. `reset()`
 * restores the seed.
 */
import type { ApiStore } from "../../store";
import type { CheckoutKeyRecord, JobRecord, Project, SshKeyRecord } from "./resources";
import { CATALOGUE, seedJobs, seedProject } from "./seed";
import type { CiSnapshot } from "./snapshot";
import { parseCiSnapshot } from "./snapshot";

export interface ProjectEntry {
  project: Project;
  /** Index i holds build_num i + 1. */
  jobs: JobRecord[];
  checkoutKeys: CheckoutKeyRecord[];
  sshKeys: SshKeyRecord[];
  /** A first follow has created the project's first-build job. */
  firstBuildCreated: boolean;
}

export interface CheckoutKeySummary {
  project: string;
  type: CheckoutKeyRecord["type"];
  fingerprint: string;
}

export interface SshKeySummary {
  project: string;
  hostname: string;
  fingerprint: string;
}

export interface FollowSummary {
  login: string;
  project: string;
}

export class CiStore implements ApiStore {
  private projects = new Map<string, ProjectEntry>();
  /** login -> slugs of followed projects (lower-cased keys of `projects`). */
  private follows = new Map<string, Set<string>>();
  private lastSequence = 0;
  /** Throttle: key -> epoch milliseconds of the requests counted in the current window. */
  readonly requestWindows = new Map<string, number[]>();

  constructor() {
    this.reset();
  }

  /** Catalogue order. */
  allProjects(): ProjectEntry[] {
    return [...this.projects.values()];
  }

  /** Organisation and repository names match case-insensitively, as on the code hosts. */
  findProject(vcsType: string, username: string, reponame: string): ProjectEntry | undefined {
    return this.projects.get(projectKey(`${vcsType}/${username}/${reponame}`));
  }

  findProjectBySlug(slug: string): ProjectEntry | undefined {
    return this.projects.get(projectKey(slug));
  }

  nextSequence(): number {
    this.lastSequence += 1;
    return this.lastSequence;
  }

  isFollowing(login: string, project: Project): boolean {
    return this.follows.get(login)?.has(projectKey(project.slug)) ?? false;
  }

  follow(login: string, project: Project): void {
    let followed = this.follows.get(login);
    if (followed === undefined) {
      followed = new Set();
      this.follows.set(login, followed);
    }
    followed.add(projectKey(project.slug));
  }

  unfollow(login: string, project: Project): void {
    this.follows.get(login)?.delete(projectKey(project.slug));
  }

  reset(): void {
    this.projects.clear();
    this.follows.clear();
    this.requestWindows.clear();
    this.lastSequence = 0;
    for (const seed of CATALOGUE) {
      const project = seedProject(seed);
      this.projects.set(projectKey(project.slug), {
        project,
        jobs: seedJobs(seed, project, () => this.nextSequence()),
        checkoutKeys: [],
        sshKeys: [],
        firstBuildCreated: false,
      });
    }
  }

  snapshot(): CiSnapshot {
    return {
      projects: [...this.projects.values()],
      follows: [...this.follows].map(([login, slugs]) => ({ login, projects: [...slugs] })),
      lastSequence: this.lastSequence,
    };
  }

  restore(snapshot: unknown): void {
    const data = parseCiSnapshot(snapshot);
    this.reset();
    this.projects = new Map(data.projects.map((entry) => [projectKey(entry.project.slug), entry]));
    this.follows = new Map(data.follows.map(({ login, projects }) => [login, new Set(projects)]));
    this.lastSequence = data.lastSequence;
  }

  userObjects(): { checkoutKeys: CheckoutKeySummary[]; sshKeys: SshKeySummary[]; follows: FollowSummary[] } {
    const checkoutKeys: CheckoutKeySummary[] = [];
    const sshKeys: SshKeySummary[] = [];
    for (const { project, checkoutKeys: keys, sshKeys: projectSshKeys } of this.projects.values()) {
      for (const key of keys) checkoutKeys.push({ project: project.slug, type: key.type, fingerprint: key.md5 });
      for (const key of projectSshKeys) sshKeys.push({ project: project.slug, hostname: key.hostname, fingerprint: key.fingerprint });
    }
    const follows: FollowSummary[] = [];
    for (const [login, slugs] of this.follows) {
      for (const key of slugs) {
        const entry = this.projects.get(key);
        if (entry !== undefined) follows.push({ login, project: entry.project.slug });
      }
    }
    return { checkoutKeys, sshKeys, follows };
  }
}

function projectKey(slug: string): string {
  return slug.toLowerCase();
}
