import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The arguments of a {@link ProjectFollow}. */
export interface ProjectFollowArgs {
  /** `vcs-a` or `vcs-b`: the kind of source hosting of the project. */
  vcsType: pulumi.Input<"vcs-a" | "vcs-b">;
  /** The organization or user that owns the project. */
  username: pulumi.Input<string>;
  /** The project (repository) name. */
  project: pulumi.Input<string>;
}

/**
 * The caller (the token's user) follows a CI project. Destroying it
 * unfollows the project. Following a project for the first time starts its
 * first build, whose number is an output. Import with
 * `{ import: "{vcsType}/{username}/{project}" }`.
 *
 * @example
 * ```ts
 * new svc.ci.ProjectFollow("api", { vcsType: "vcs-a", username: "acme", project: "api" });
 * ```
 */
export class ProjectFollow extends SvcResource {
  /** The kind of source hosting. */
  declare public readonly vcsType: pulumi.Output<"vcs-a" | "vcs-b">;
  /** The project's owner. */
  declare public readonly username: pulumi.Output<string>;
  /** The project's name. */
  declare public readonly project: pulumi.Output<string>;
  /** Always true while the resource exists. */
  declare public readonly followed: pulumi.Output<boolean>;
  /** The number of the first build the follow started, when it started one. */
  declare public readonly firstBuildNumber: pulumi.Output<number | undefined>;

  /**
   * @param name The Pulumi resource name.
   * @param args The project to follow.
   * @param opts Resource options; `import` adopts an existing follow.
   */
  constructor(name: string, args: ProjectFollowArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      { module: "ci", name: "ProjectFollow", inputs: ["vcsType", "username", "project"], outputs: ["followed", "firstBuildNumber"] },
      name,
      args,
      opts,
    );
  }
}
