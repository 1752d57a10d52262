/**
 * The read-only side of the CI API: the signed-in user, projects, jobs
 * (builds), artifacts, test metadata and checkout keys. Results are validated
 * against the spec's tables; fields the spec does not list are kept.
 */
import { z } from "zod";
import { ApiError } from "../../http/answer";
import { excerpt } from "../../engine/declaration/excerpt";
import { fillTemplate, isDotSegment } from "../../engine/declaration/template";
import { VCS_TYPES, projectShape, PROJECT_PATH } from "./names";
import { readFunctionsOf } from "../../engine/functions/readFunction";

const nullableString = z.string().nullish();
const timestamp = z.string().nullish();

export const userSchema = z.looseObject({
  login: z.string(),
  basic_email_prefs: z.enum(["smart", "none", "all"]).optional(),
  admin: z.boolean().optional(),
  user_key_fingerprint: nullableString,
  days_left_in_trial: z.number().optional(),
  trial_end: timestamp,
});
export type CiUser = z.infer<typeof userSchema>;

const buildRef = z.looseObject({ pushed_at: timestamp, vcs_revision: nullableString, build_num: z.number().nullish(), outcome: nullableString });

export const projectSchema = z.looseObject({
  vcs_url: z.string(),
  followed: z.boolean(),
  username: z.string(),
  reponame: z.string(),
  branches: z
    .record(
      z.string(),
      z.looseObject({
        pusher_logins: z.array(z.string()).optional(),
        last_non_success: buildRef.nullish(),
        last_success: buildRef.nullish(),
        recent_builds: z.array(buildRef).optional(),
        running_builds: z.array(z.unknown()).optional(),
      }),
    )
    .optional(),
});
export type CiProject = z.infer<typeof projectSchema>;

export const JOB_LIFECYCLES = ["queued", "not_run", "not_running", "running", "finished"] as const;

export const jobSummarySchema = z.looseObject({
  vcs_url: z.string().optional(),
  build_url: z.string().optional(),
  build_num: z.number(),
  branch: nullableString,
  vcs_revision: nullableString,
  vcs_tag: nullableString,
  committer_name: nullableString,
  committer_email: nullableString,
  author_name: nullableString,
  author_email: nullableString,
  subject: nullableString,
  body: nullableString,
  why: nullableString,
  dont_build: nullableString,
  queued_at: timestamp,
  start_time: timestamp,
  stop_time: timestamp,
  build_time_millis: z.number().nullish(),
  username: z.string().optional(),
  reponame: z.string().optional(),
  lifecycle: z.enum(JOB_LIFECYCLES),
  outcome: nullableString,
  status: z.string(),
  retry_of: z.number().nullish(),
  previous: z.looseObject({ status: z.string().nullish(), build_num: z.number().nullish() }).nullish(),
});
export type CiJobSummary = z.infer<typeof jobSummarySchema>;

const actionSchema = z.looseObject({
  name: z.string().optional(),
  bash_command: nullableString,
  run_time_millis: z.number().nullish(),
  start_time: timestamp,
  end_time: timestamp,
  exit_code: z.number().nullish(),
  type: nullableString,
  index: z.number().optional(),
  status: nullableString,
  step: z.number().optional(),
  failed: z.boolean().nullish(),
});

export const jobSchema = jobSummarySchema.extend({
  steps: z.array(z.looseObject({ name: z.string(), actions: z.array(actionSchema) })).optional(),
  canceled: z.boolean().nullish(),
  failed: z.boolean().nullish(),
  infrastructure_fail: z.boolean().nullish(),
  timedout: z.boolean().nullish(),
  parallel: z.number().nullish(),
  oss: z.boolean().nullish(),
  job_name: nullableString,
  build_parameters: z.record(z.string(), z.unknown()).nullish(),
  messages: z.array(z.unknown()).optional(),
  vcs_type: z.string().optional(),
});
export type CiJob = z.infer<typeof jobSchema>;

export const artifactSchema = z.looseObject({
  path: z.string().optional(),
  pretty_path: z.string().optional(),
  node_index: z.number().optional(),
  url: z.string().optional(),
});
export type CiArtifact = z.infer<typeof artifactSchema>;

export const testsSchema = z.looseObject({
  tests: z.array(
    z.looseObject({
      message: nullableString,
      file: nullableString,
      source: nullableString,
      run_time: z.number().nullish(),
      result: nullableString,
      name: nullableString,
      classname: nullableString,
    }),
  ),
});
export type CiTestMetadata = z.infer<typeof testsSchema>;

export const checkoutKeyListSchema = z.array(
  z.looseObject({ public_key: z.string(), type: z.string(), fingerprint: z.string(), preferred: z.boolean().optional(), time: timestamp }),
);
export type CiCheckoutKeyInfo = z.infer<typeof checkoutKeyListSchema>[number];

/** Function arguments, validated before any request, with the same messages as resource inputs. */
export const projectArgs = z.object(projectShape);
const pageShape = {
  limit: z
    .number()
    .int()
    .min(1, { error: "must be from 1 to 100 (the API's page size limit)" })
    .max(100, { error: "must be from 1 to 100 (the API's page size limit); use allPages to read more" })
    .optional(),
  offset: z.number().int().min(0, { error: "must be 0 or more" }).optional(),
  shallow: z.boolean().optional(),
};
export const projectBuildsArgs = z.object({
  ...projectShape,
  ...pageShape,
  // A branch is one path segment (encoded); "." or ".." would leave the project's tree.
  branch: z
    .string()
    .min(1)
    .max(255, { error: "must be a branch name of at most 255 characters" })
    .refine((branch) => !isDotSegment(branch), { error: (issue) => `must be a branch name, not "." or ".."; got ${excerpt(issue.input)}` })
    .optional(),
  filter: z
    .enum(["completed", "successful", "failed", "running"], {
      error: (issue) => `must be one of completed, successful, failed, running; got ${excerpt(issue.input)}`,
    })
    .optional(),
  /** Read page after page until the listing ends (or `maxBuilds` is reached). */
  allPages: z.boolean().optional(),
  maxBuilds: z.number().int().min(1).optional(),
});
export const recentBuildsArgs = z.object(pageShape);
export const buildArgs = z.object({ ...projectShape, buildNum: z.number().int().min(1, { error: "must be a build number (1 or more)" }) });
export const checkoutKeysArgs = z.object({ ...projectShape, digest: z.enum(["md5", "sha256"]).optional() });

export type ProjectArgs = z.infer<typeof projectArgs>;
export type ProjectBuildsArgs = z.infer<typeof projectBuildsArgs>;
export type RecentBuildsArgs = z.infer<typeof recentBuildsArgs>;
export type BuildArgs = z.infer<typeof buildArgs>;
export type CheckoutKeysArgs = z.infer<typeof checkoutKeysArgs>;

const { get, custom } = readFunctionsOf("ci");
const BUILD_PATH = `${PROJECT_PATH}/{buildNum}`;

export const getMe = custom({
  name: "getMe",
  doc: "The signed-in user. Needs a personal API token.",
  request: "GET api/v1.1/me",
  run: async (_args, send): Promise<CiUser> => {
    try {
      return await send({ method: "GET", path: "api/v1.1/me", schema: userSchema });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        throw new Error(`svc.ci.getMe needs a personal API token (svc:ciToken or SVC_CI_TOKEN); project tokens cannot read the user. (${error.message})`);
      }
      throw error;
    }
  },
});

export const getProjects = get({
  name: "getProjects",
  doc: "The projects the user can see, with `followed` and per-branch build information.",
  path: "api/v1.1/projects",
  result: z.array(projectSchema),
});

export const getProjectBuilds = custom({
  name: "getProjectBuilds",
  doc:
    "A project's jobs, newest first: `limit` (1-100, default 30) from `offset`, optionally of one `branch` and `filter`ed; " +
    "`allPages` reads on until the listing ends (or `maxBuilds`).",
  args: projectBuildsArgs,
  request: `GET ${PROJECT_PATH}[/tree/{branch}], pages of limit from offset`,
  run: async (args, send): Promise<CiJobSummary[]> => {
    const limit = args.limit ?? (args.allPages === true ? 100 : 30);
    const path = args.branch === undefined ? projectPath(args) : `${projectPath(args)}/tree/${encodeURIComponent(args.branch)}`;
    // Pages by offset, read by the executor: the one at `offset`, or on until the listing ends or `maxBuilds` were read.
    const builds = await send({
      method: "GET",
      path,
      query: { limit, offset: args.offset ?? 0, filter: args.filter, shallow: args.shallow },
      schema: jobSummarySchema,
      paging: {
        byOffset: { limitParam: "limit", offsetParam: "offset", limit },
        ...(args.allPages !== true && { maxPages: 1 }),
        ...(args.maxBuilds !== undefined && { enough: args.maxBuilds }),
      },
    });
    return args.maxBuilds === undefined ? builds : builds.slice(0, args.maxBuilds);
  },
});

export const getRecentBuilds = get({
  name: "getRecentBuilds",
  doc: "The user's recent jobs across projects: `limit` (1-100) from `offset`.",
  args: recentBuildsArgs,
  path: "api/v1.1/recent-builds",
  query: ["limit", "offset", "shallow"],
  result: z.array(jobSummarySchema),
});

export const getBuild = get({
  name: "getBuild",
  doc: "One job in full, with its steps and actions.",
  args: buildArgs,
  path: BUILD_PATH,
  result: jobSchema,
});

export const getBuildArtifacts = get({
  name: "getBuildArtifacts",
  doc: "The artifacts a job produced.",
  args: buildArgs,
  path: `${BUILD_PATH}/artifacts`,
  result: z.array(artifactSchema),
});

export const getBuildTests = get({
  name: "getBuildTests",
  doc: "The test metadata of a job.",
  args: buildArgs,
  path: `${BUILD_PATH}/tests`,
  result: testsSchema,
});

export const getCheckoutKeys = get({
  name: "getCheckoutKeys",
  doc: "A project's checkout keys, fingerprints in `digest` form (md5 by default, or sha256).",
  args: checkoutKeysArgs,
  path: `${PROJECT_PATH}/checkout-key`,
  query: ["digest"],
  result: checkoutKeyListSchema,
});

function projectPath(args: ProjectArgs): string {
  return fillTemplate(PROJECT_PATH, { vcsType: args.vcsType, username: args.username, project: args.project });
}

export { VCS_TYPES };
