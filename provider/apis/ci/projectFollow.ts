/**
 * `svc.ci.ProjectFollow`: the caller follows a project. Read through the
 * project listing (`followed`); deleted by unfollowing.
 */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { fromListing } from "../../engine/declaration/steps";
import { PROJECT_PATH, projectShape } from "./names";

export const projectFollowArgs = z.object(projectShape);
export type ProjectFollowArgs = z.infer<typeof projectFollowArgs>;

const followResponse = z.looseObject({
  followed: z.boolean(),
  first_build: z.looseObject({ build_num: z.number() }).nullish(),
});

const unfollowResponse = z.looseObject({ followed: z.boolean() });

const projectEntry = z.looseObject({ username: z.string(), reponame: z.string(), vcs_url: z.string().optional(), followed: z.boolean() });

const followWire = z.looseObject({ followed: z.boolean(), firstBuildNumber: z.number().optional() });

/** Matches a listing entry to a project by owner and name (the listing names no vcs type). */
/** Owner and project names as the service compares them: without regard to case. */
function sameName(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}

function isProject(entry: z.infer<typeof projectEntry>, identity: Readonly<Record<string, string>>): boolean {
  return sameName(entry.username, identity["username"]) && sameName(entry.reponame, identity["project"]);
}

export const projectFollow = declare<ProjectFollowArgs, z.infer<typeof followWire>>({
  module: "ci",
  name: "ProjectFollow",
  api: "ci",
  args: projectFollowArgs,
  immutable: ["vcsType", "username", "project"],
  id: { format: "{vcsType}/{username}/{project}", importFormats: [] },
  // Reads go through the caller's project listing, the one path outside the project's own.
  paths: { collection: `${PROJECT_PATH}/follow`, item: PROJECT_PATH, related: ["api/v1.1/projects"] },
  wire: followWire,
  toState: (follow, previous) => ({
    followed: follow.followed,
    // Only the follow itself reports the first build; reads keep what it said.
    firstBuildNumber: follow.firstBuildNumber ?? previous["firstBuildNumber"],
  }),
  update: "none",
  // `ACME/MonoRepo` is `acme/monorepo` to the service: a change of case alone is no change (as a
  // replacement it would follow the project again, a no-op, then unfollow it).
  equal: { username: "caseInsensitive", project: "caseInsensitive" },
  steps: {
    create: {
      // The first follow starts the project's first build, which a copy would not report:
      // settled by the engine reading the project listing (read below), then adopted.
      repeat: "settle",
      answer: followResponse,
      // The answer is parsed once, by `answer`, in the call path.
      toWire: (answer) => {
        const { followed, first_build } = answer as z.infer<typeof followResponse>;
        return { followed, firstBuildNumber: first_build?.build_num };
      },
    },
    read: fromListing({
      path: "api/v1.1/projects",
      entry: projectEntry,
      match: (entry, identity) => isProject(entry, identity) && entry.followed,
      toWire: () => ({ followed: true }),
    }),
    // Unfollowing twice leaves the project unfollowed: safe to repeat.
    delete: { method: "POST", path: `${PROJECT_PATH}/unfollow`, repeat: "idempotent", answer: unfollowResponse },
  },
  outputs: {
    followed: z.boolean().meta({ description: "Always true while the resource exists." }),
    firstBuildNumber: z.number().optional().meta({ description: "The number of the first build the follow started, when it started one." }),
  },
  adoption: {
    scope: { flag: "project", pattern: "{vcsType}/{username}/{project}", example: "gh/my-org/my-repo" },
    identity: {},
    naming: "{project}_follow",
  },
  docs: {
    summary:
      "The caller (the token's user) follows a CI project. Read through the project listing (`followed`); destroying it unfollows the project. " +
      "Following a project for the first time starts its first build, whose number is an output.",
    example: 'new svc.ci.ProjectFollow("api", { vcsType: "vcs-a", username: "acme", project: "api" });',
  },
  // The project is one the emulator seeds (the API has no way to create one).
  samples: {
    inputs: { vcsType: "vcs-a", username: "acme", project: "api-service" },
    updates: [],
    replacements: [{ vcsType: "vcs-b" }, { username: "other-org" }, { project: "monorepo" }],
  },
});
