import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ManagedZoneArgs {
    project?: pulumi.Input<string>;
    name: pulumi.Input<string>;
    dnsName: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    visibility?: pulumi.Input<ManagedZoneVisibility>;
    labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
    cloudLoggingConfig?: pulumi.Input<ManagedZoneCloudLoggingConfigArgs>;
    privateVisibilityConfig?: pulumi.Input<ManagedZonePrivateVisibilityConfigArgs>;
    forwardingConfig?: pulumi.Input<ManagedZoneForwardingConfigArgs>;
    peeringConfig?: pulumi.Input<ManagedZonePeeringConfigArgs>;
    dnssecConfig?: pulumi.Input<ManagedZoneDnssecConfigArgs>;
    forceDestroy?: pulumi.Input<boolean>;
}
export interface ManagedZoneState {
    project?: pulumi.Input<string>;
    name?: pulumi.Input<string>;
    dnsName?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    visibility?: pulumi.Input<ManagedZoneVisibility>;
    labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
    cloudLoggingConfig?: pulumi.Input<ManagedZoneCloudLoggingConfigArgs>;
    privateVisibilityConfig?: pulumi.Input<ManagedZonePrivateVisibilityConfigArgs>;
    forwardingConfig?: pulumi.Input<ManagedZoneForwardingConfigArgs>;
    peeringConfig?: pulumi.Input<ManagedZonePeeringConfigArgs>;
    dnssecConfig?: pulumi.Input<ManagedZoneDnssecConfigArgs>;
    forceDestroy?: pulumi.Input<boolean>;
    managedZoneId?: pulumi.Input<string>;
    nameServers?: pulumi.Input<pulumi.Input<string>[]>;
    creationTime?: pulumi.Input<string>;
}
export declare class ManagedZone extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ManagedZoneState, opts?: pulumi.CustomResourceOptions): ManagedZone;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:ManagedZone";
    static isInstance(obj: unknown): obj is ManagedZone;
    readonly project: pulumi.Output<string>;
    readonly name: pulumi.Output<string>;
    readonly dnsName: pulumi.Output<string>;
    readonly description: pulumi.Output<string>;
    readonly visibility: pulumi.Output<ManagedZoneVisibility>;
    readonly labels: pulumi.Output<Record<string, string> | undefined>;
    readonly cloudLoggingConfig: pulumi.Output<ManagedZoneCloudLoggingConfig | undefined>;
    readonly privateVisibilityConfig: pulumi.Output<ManagedZonePrivateVisibilityConfig | undefined>;
    readonly forwardingConfig: pulumi.Output<ManagedZoneForwardingConfig | undefined>;
    readonly peeringConfig: pulumi.Output<ManagedZonePeeringConfig | undefined>;
    readonly dnssecConfig: pulumi.Output<ManagedZoneDnssecConfig | undefined>;
    readonly forceDestroy: pulumi.Output<boolean>;
    readonly managedZoneId: pulumi.Output<string>;
    readonly nameServers: pulumi.Output<string[]>;
    readonly creationTime: pulumi.Output<string>;
    constructor(name: string, args: ManagedZoneArgs, opts?: pulumi.CustomResourceOptions);
}
export type ManagedZoneVisibility = "public" | "private";
export interface ManagedZoneCloudLoggingConfigArgs {
    enableLogging: pulumi.Input<boolean>;
}
export interface ManagedZonePrivateVisibilityConfigArgs {
    networks?: pulumi.Input<pulumi.Input<ManagedZonePrivateVisibilityConfigNetworkArgs>[]>;
    gkeClusters?: pulumi.Input<pulumi.Input<ManagedZonePrivateVisibilityConfigGkeClusterArgs>[]>;
}
export interface ManagedZonePrivateVisibilityConfigNetworkArgs {
    networkUrl: pulumi.Input<string>;
}
export interface ManagedZonePrivateVisibilityConfigGkeClusterArgs {
    gkeClusterName: pulumi.Input<string>;
}
export interface ManagedZoneForwardingConfigArgs {
    targetNameServers: pulumi.Input<pulumi.Input<ManagedZoneForwardingConfigTargetNameServerArgs>[]>;
}
export interface ManagedZoneForwardingConfigTargetNameServerArgs {
    ipv4Address?: pulumi.Input<string>;
    ipv6Address?: pulumi.Input<string>;
    forwardingPath?: pulumi.Input<ManagedZoneForwardingConfigTargetNameServerForwardingPath>;
}
export type ManagedZoneForwardingConfigTargetNameServerForwardingPath = "default" | "private";
export interface ManagedZonePeeringConfigArgs {
    targetNetwork: pulumi.Input<ManagedZonePeeringConfigTargetNetworkArgs>;
}
export interface ManagedZonePeeringConfigTargetNetworkArgs {
    networkUrl: pulumi.Input<string>;
}
export interface ManagedZoneDnssecConfigArgs {
    state: pulumi.Input<ManagedZoneDnssecConfigState>;
    nonExistence?: pulumi.Input<ManagedZoneDnssecConfigNonExistence>;
}
export type ManagedZoneDnssecConfigState = "off" | "on" | "transfer";
export type ManagedZoneDnssecConfigNonExistence = "nsec" | "nsec3";
export interface ManagedZoneCloudLoggingConfig {
    enableLogging: boolean;
}
export interface ManagedZonePrivateVisibilityConfig {
    networks?: ManagedZonePrivateVisibilityConfigNetwork[];
    gkeClusters?: ManagedZonePrivateVisibilityConfigGkeCluster[];
}
export interface ManagedZonePrivateVisibilityConfigNetwork {
    networkUrl: string;
}
export interface ManagedZonePrivateVisibilityConfigGkeCluster {
    gkeClusterName: string;
}
export interface ManagedZoneForwardingConfig {
    targetNameServers: ManagedZoneForwardingConfigTargetNameServer[];
}
export interface ManagedZoneForwardingConfigTargetNameServer {
    ipv4Address?: string;
    ipv6Address?: string;
    forwardingPath?: ManagedZoneForwardingConfigTargetNameServerForwardingPath;
}
export interface ManagedZonePeeringConfig {
    targetNetwork: ManagedZonePeeringConfigTargetNetwork;
}
export interface ManagedZonePeeringConfigTargetNetwork {
    networkUrl: string;
}
export interface ManagedZoneDnssecConfig {
    state: ManagedZoneDnssecConfigState;
    nonExistence?: ManagedZoneDnssecConfigNonExistence;
}
