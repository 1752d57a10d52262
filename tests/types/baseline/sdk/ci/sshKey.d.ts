import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface SshKeyArgs {
    vcsType: pulumi.Input<SshKeyVcsType>;
    username: pulumi.Input<string>;
    project: pulumi.Input<string>;
    hostname: pulumi.Input<string>;
    privateKey: pulumi.Input<string>;
}
export interface SshKeyState {
    vcsType?: pulumi.Input<SshKeyVcsType>;
    username?: pulumi.Input<string>;
    project?: pulumi.Input<string>;
    hostname?: pulumi.Input<string>;
    privateKey?: pulumi.Input<string>;
    fingerprint?: pulumi.Input<string>;
}
export declare class SshKey extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: SshKeyState, opts?: pulumi.CustomResourceOptions): SshKey;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/ci:SshKey";
    static isInstance(obj: unknown): obj is SshKey;
    readonly vcsType: pulumi.Output<SshKeyVcsType>;
    readonly username: pulumi.Output<string>;
    readonly project: pulumi.Output<string>;
    readonly hostname: pulumi.Output<string>;
    readonly privateKey: pulumi.Output<string>;
    readonly fingerprint: pulumi.Output<string>;
    constructor(name: string, args: SshKeyArgs, opts?: pulumi.CustomResourceOptions);
}
export type SshKeyVcsType = "vcs-a" | "vcs-b";
