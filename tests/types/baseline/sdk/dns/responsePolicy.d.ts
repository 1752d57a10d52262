import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ResponsePolicyArgs {
    project?: pulumi.Input<string>;
    responsePolicyName: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    networks?: pulumi.Input<pulumi.Input<ResponsePolicyNetworkArgs>[]>;
    gkeClusters?: pulumi.Input<pulumi.Input<ResponsePolicyGkeClusterArgs>[]>;
    labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}
export interface ResponsePolicyState {
    project?: pulumi.Input<string>;
    responsePolicyName?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    networks?: pulumi.Input<pulumi.Input<ResponsePolicyNetworkArgs>[]>;
    gkeClusters?: pulumi.Input<pulumi.Input<ResponsePolicyGkeClusterArgs>[]>;
    labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
    responsePolicyId?: pulumi.Input<string>;
}
export declare class ResponsePolicy extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ResponsePolicyState, opts?: pulumi.CustomResourceOptions): ResponsePolicy;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:ResponsePolicy";
    static isInstance(obj: unknown): obj is ResponsePolicy;
    readonly project: pulumi.Output<string>;
    readonly responsePolicyName: pulumi.Output<string>;
    readonly description: pulumi.Output<string | undefined>;
    readonly networks: pulumi.Output<ResponsePolicyNetwork[] | undefined>;
    readonly gkeClusters: pulumi.Output<ResponsePolicyGkeCluster[] | undefined>;
    readonly labels: pulumi.Output<Record<string, string> | undefined>;
    readonly responsePolicyId: pulumi.Output<string>;
    constructor(name: string, args: ResponsePolicyArgs, opts?: pulumi.CustomResourceOptions);
}
export interface ResponsePolicyNetworkArgs {
    networkUrl: pulumi.Input<string>;
}
export interface ResponsePolicyGkeClusterArgs {
    gkeClusterName: pulumi.Input<string>;
}
export interface ResponsePolicyNetwork {
    networkUrl: string;
}
export interface ResponsePolicyGkeCluster {
    gkeClusterName: string;
}
