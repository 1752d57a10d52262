import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface CheckoutKeyArgs {
    vcsType: pulumi.Input<CheckoutKeyVcsType>;
    username: pulumi.Input<string>;
    project: pulumi.Input<string>;
    type: pulumi.Input<CheckoutKeyType>;
}
export interface CheckoutKeyState {
    vcsType?: pulumi.Input<CheckoutKeyVcsType>;
    username?: pulumi.Input<string>;
    project?: pulumi.Input<string>;
    type?: pulumi.Input<CheckoutKeyType>;
    fingerprint?: pulumi.Input<string>;
    sha256Fingerprint?: pulumi.Input<string>;
    publicKey?: pulumi.Input<string>;
    preferred?: pulumi.Input<boolean>;
    time?: pulumi.Input<string>;
}
export declare class CheckoutKey extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CheckoutKeyState, opts?: pulumi.CustomResourceOptions): CheckoutKey;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/ci:CheckoutKey";
    static isInstance(obj: unknown): obj is CheckoutKey;
    readonly vcsType: pulumi.Output<CheckoutKeyVcsType>;
    readonly username: pulumi.Output<string>;
    readonly project: pulumi.Output<string>;
    readonly type: pulumi.Output<CheckoutKeyType>;
    readonly fingerprint: pulumi.Output<string>;
    readonly sha256Fingerprint: pulumi.Output<string>;
    readonly publicKey: pulumi.Output<string>;
    readonly preferred: pulumi.Output<boolean>;
    readonly time: pulumi.Output<string>;
    constructor(name: string, args: CheckoutKeyArgs, opts?: pulumi.CustomResourceOptions);
}
export type CheckoutKeyVcsType = "vcs-a" | "vcs-b";
export type CheckoutKeyType = "deploy-key" | "vcs-user-key";
