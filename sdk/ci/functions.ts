import * as pulumi from "@pulumi/pulumi";
import type * as Queries from "../../provider/ci/functions";
import type { CiProject, CiUser } from "../../provider/ci/functions";
import { lazily, outputFunction, promiseFunction } from "../internal/functions";

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
} from "../../provider/ci/functions";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/ci/functions") as typeof Queries);

/** The signed-in user. Needs a personal API token. */
export const getMe = promiseFunction(queries, "getMe");
/** {@link getMe} as an Output. */
export const getMeOutput = (): pulumi.Output<CiUser> => pulumi.output({}).apply(() => getMe());

/** The projects the user can see, with `followed` and per-branch build information. */
export const getProjects = promiseFunction(queries, "getProjects");
/** {@link getProjects} as an Output. */
export const getProjectsOutput = (): pulumi.Output<CiProject[]> => pulumi.output({}).apply(() => getProjects());

/**
 * A project's jobs, newest first: `limit` (1-100, default 30) from `offset`,
 * optionally of one `branch` and `filter`ed; `allPages` reads on until the
 * listing ends (or `maxBuilds`).
 */
export const getProjectBuilds = promiseFunction(queries, "getProjectBuilds");
/** {@link getProjectBuilds} as an Output. */
export const getProjectBuildsOutput = outputFunction(queries, "getProjectBuilds");

/** The user's recent jobs across projects: `limit` (1-100) from `offset`. */
export const getRecentBuilds = promiseFunction(queries, "getRecentBuilds");
/** {@link getRecentBuilds} as an Output. */
export const getRecentBuildsOutput = outputFunction(queries, "getRecentBuilds");

/** One job in full, with its steps and actions. */
export const getBuild = promiseFunction(queries, "getBuild");
/** {@link getBuild} as an Output. */
export const getBuildOutput = outputFunction(queries, "getBuild");

/** The artifacts a job produced. */
export const getBuildArtifacts = promiseFunction(queries, "getBuildArtifacts");
/** {@link getBuildArtifacts} as an Output. */
export const getBuildArtifactsOutput = outputFunction(queries, "getBuildArtifacts");

/** The test metadata of a job. */
export const getBuildTests = promiseFunction(queries, "getBuildTests");
/** {@link getBuildTests} as an Output. */
export const getBuildTestsOutput = outputFunction(queries, "getBuildTests");

/** A project's checkout keys, fingerprints in `digest` form (md5 by default, or sha256). */
export const getCheckoutKeys = promiseFunction(queries, "getCheckoutKeys");
/** {@link getCheckoutKeys} as an Output. */
export const getCheckoutKeysOutput = outputFunction(queries, "getCheckoutKeys");
