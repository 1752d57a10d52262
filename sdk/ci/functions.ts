import * as pulumi from "@pulumi/pulumi";
import * as queries from "../../provider/ci/functions";
import type {
  BuildArgs,
  CheckoutKeysArgs,
  CiArtifact,
  CiCheckoutKeyInfo,
  CiJob,
  CiJobSummary,
  CiProject,
  CiTestMetadata,
  CiUser,
  ProjectBuildsArgs,
  RecentBuildsArgs,
} from "../../provider/ci/functions";
import { outputOf, useProgramConfig } from "../internal/functions";

export type {
  BuildArgs,
  CheckoutKeysArgs,
  CiArtifact,
  CiCheckoutKeyInfo,
  CiJob,
  CiJobSummary,
  CiProject,
  CiTestMetadata,
  CiUser,
  ProjectBuildsArgs,
  RecentBuildsArgs,
};

type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** The signed-in user. Needs a personal API token. */
export function getMe(): Promise<CiUser> {
  useProgramConfig();
  return queries.getMe();
}
/** {@link getMe} as an Output. */
export function getMeOutput(): pulumi.Output<CiUser> {
  return pulumi.output({}).apply(() => getMe());
}

/** The projects the user can see, with `followed` and per-branch build information. */
export function getProjects(): Promise<CiProject[]> {
  useProgramConfig();
  return queries.getProjects();
}
/** {@link getProjects} as an Output. */
export function getProjectsOutput(): pulumi.Output<CiProject[]> {
  return pulumi.output({}).apply(() => getProjects());
}

/**
 * A project's jobs, newest first: `limit` (1-100, default 30) from `offset`,
 * optionally of one `branch` and `filter`ed; `allPages` reads on until the
 * listing ends (or `maxBuilds`).
 */
export function getProjectBuilds(args: ProjectBuildsArgs): Promise<CiJobSummary[]> {
  useProgramConfig();
  return queries.getProjectBuilds(args);
}
/** {@link getProjectBuilds} as an Output. */
export function getProjectBuildsOutput(args: Inputs<ProjectBuildsArgs>): pulumi.Output<CiJobSummary[]> {
  return outputOf(getProjectBuilds, args as pulumi.Input<ProjectBuildsArgs>);
}

/** The user's recent jobs across projects: `limit` (1-100) from `offset`. */
export function getRecentBuilds(args: RecentBuildsArgs = {}): Promise<CiJobSummary[]> {
  useProgramConfig();
  return queries.getRecentBuilds(args);
}
/** {@link getRecentBuilds} as an Output. */
export function getRecentBuildsOutput(args: Inputs<RecentBuildsArgs> = {}): pulumi.Output<CiJobSummary[]> {
  return outputOf(getRecentBuilds, args as pulumi.Input<RecentBuildsArgs>);
}

/** One job in full, with its steps and actions. */
export function getBuild(args: BuildArgs): Promise<CiJob> {
  useProgramConfig();
  return queries.getBuild(args);
}
/** {@link getBuild} as an Output. */
export function getBuildOutput(args: Inputs<BuildArgs>): pulumi.Output<CiJob> {
  return outputOf(getBuild, args as pulumi.Input<BuildArgs>);
}

/** The artifacts a job produced. */
export function getBuildArtifacts(args: BuildArgs): Promise<CiArtifact[]> {
  useProgramConfig();
  return queries.getBuildArtifacts(args);
}
/** {@link getBuildArtifacts} as an Output. */
export function getBuildArtifactsOutput(args: Inputs<BuildArgs>): pulumi.Output<CiArtifact[]> {
  return outputOf(getBuildArtifacts, args as pulumi.Input<BuildArgs>);
}

/** The test metadata of a job. */
export function getBuildTests(args: BuildArgs): Promise<CiTestMetadata> {
  useProgramConfig();
  return queries.getBuildTests(args);
}
/** {@link getBuildTests} as an Output. */
export function getBuildTestsOutput(args: Inputs<BuildArgs>): pulumi.Output<CiTestMetadata> {
  return outputOf(getBuildTests, args as pulumi.Input<BuildArgs>);
}

/** A project's checkout keys, fingerprints in `digest` form (md5 by default, or sha256). */
export function getCheckoutKeys(args: CheckoutKeysArgs): Promise<CiCheckoutKeyInfo[]> {
  useProgramConfig();
  return queries.getCheckoutKeys(args);
}
/** {@link getCheckoutKeys} as an Output. */
export function getCheckoutKeysOutput(args: Inputs<CheckoutKeysArgs>): pulumi.Output<CiCheckoutKeyInfo[]> {
  return outputOf(getCheckoutKeys, args as pulumi.Input<CheckoutKeysArgs>);
}
