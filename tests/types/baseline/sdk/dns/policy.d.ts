import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface PolicyArgs {
    project?: pulumi.Input<string>;
    name: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    enableInboundForwarding?: pulumi.Input<boolean>;
    enableLogging?: pulumi.Input<boolean>;
    networks?: pulumi.Input<pulumi.Input<PolicyNetworkArgs>[]>;
    alternativeNameServerConfig?: pulumi.Input<PolicyAlternativeNameServerConfigArgs>;
}
export interface PolicyState {
    project?: pulumi.Input<string>;
    name?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    enableInboundForwarding?: pulumi.Input<boolean>;
    enableLogging?: pulumi.Input<boolean>;
    networks?: pulumi.Input<pulumi.Input<PolicyNetworkArgs>[]>;
    alternativeNameServerConfig?: pulumi.Input<PolicyAlternativeNameServerConfigArgs>;
    policyId?: pulumi.Input<string>;
}
export declare class Policy extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PolicyState, opts?: pulumi.CustomResourceOptions): Policy;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:Policy";
    static isInstance(obj: unknown): obj is Policy;
    readonly project: pulumi.Output<string>;
    readonly name: pulumi.Output<string>;
    readonly description: pulumi.Output<string>;
    readonly enableInboundForwarding: pulumi.Output<boolean | undefined>;
    readonly enableLogging: pulumi.Output<boolean | undefined>;
    readonly networks: pulumi.Output<PolicyNetwork[] | undefined>;
    readonly alternativeNameServerConfig: pulumi.Output<PolicyAlternativeNameServerConfig | undefined>;
    readonly policyId: pulumi.Output<string>;
    constructor(name: string, args: PolicyArgs, opts?: pulumi.CustomResourceOptions);
}
export interface PolicyNetworkArgs {
    networkUrl: pulumi.Input<string>;
}
export interface PolicyAlternativeNameServerConfigArgs {
    targetNameServers: pulumi.Input<pulumi.Input<PolicyAlternativeNameServerConfigTargetNameServerArgs>[]>;
}
export interface PolicyAlternativeNameServerConfigTargetNameServerArgs {
    ipv4Address?: pulumi.Input<string>;
    ipv6Address?: pulumi.Input<string>;
    forwardingPath?: pulumi.Input<PolicyAlternativeNameServerConfigTargetNameServerForwardingPath>;
}
export type PolicyAlternativeNameServerConfigTargetNameServerForwardingPath = "default" | "private";
export interface PolicyNetwork {
    networkUrl: string;
}
export interface PolicyAlternativeNameServerConfig {
    targetNameServers: PolicyAlternativeNameServerConfigTargetNameServer[];
}
export interface PolicyAlternativeNameServerConfigTargetNameServer {
    ipv4Address?: string;
    ipv6Address?: string;
    forwardingPath?: PolicyAlternativeNameServerConfigTargetNameServerForwardingPath;
}
