import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ProjectFollowArgs {
    vcsType: pulumi.Input<ProjectFollowVcsType>;
    username: pulumi.Input<string>;
    project: pulumi.Input<string>;
}
export interface ProjectFollowState {
    vcsType?: pulumi.Input<ProjectFollowVcsType>;
    username?: pulumi.Input<string>;
    project?: pulumi.Input<string>;
    followed?: pulumi.Input<boolean>;
    firstBuildNumber?: pulumi.Input<number>;
}
export declare class ProjectFollow extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ProjectFollowState, opts?: pulumi.CustomResourceOptions): ProjectFollow;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/ci:ProjectFollow";
    static isInstance(obj: unknown): obj is ProjectFollow;
    readonly vcsType: pulumi.Output<ProjectFollowVcsType>;
    readonly username: pulumi.Output<string>;
    readonly project: pulumi.Output<string>;
    readonly followed: pulumi.Output<boolean>;
    readonly firstBuildNumber: pulumi.Output<number | undefined>;
    constructor(name: string, args: ProjectFollowArgs, opts?: pulumi.CustomResourceOptions);
}
export type ProjectFollowVcsType = "vcs-a" | "vcs-b";
