import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface RecordSetArgs {
    project?: pulumi.Input<string>;
    managedZone: pulumi.Input<string>;
    name: pulumi.Input<string>;
    type: pulumi.Input<RecordSetType>;
    ttl?: pulumi.Input<number>;
    rrdatas?: pulumi.Input<pulumi.Input<string>[]>;
    routingPolicy?: pulumi.Input<RecordSetRoutingPolicyArgs>;
    takeOver?: pulumi.Input<boolean>;
}
export interface RecordSetState {
    project?: pulumi.Input<string>;
    managedZone?: pulumi.Input<string>;
    name?: pulumi.Input<string>;
    type?: pulumi.Input<RecordSetType>;
    ttl?: pulumi.Input<number>;
    rrdatas?: pulumi.Input<pulumi.Input<string>[]>;
    routingPolicy?: pulumi.Input<RecordSetRoutingPolicyArgs>;
    takeOver?: pulumi.Input<boolean>;
}
export declare class RecordSet extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: RecordSetState, opts?: pulumi.CustomResourceOptions): RecordSet;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:RecordSet";
    static isInstance(obj: unknown): obj is RecordSet;
    readonly project: pulumi.Output<string>;
    readonly managedZone: pulumi.Output<string>;
    readonly name: pulumi.Output<string>;
    readonly type: pulumi.Output<RecordSetType>;
    readonly ttl: pulumi.Output<number>;
    readonly rrdatas: pulumi.Output<string[] | undefined>;
    readonly routingPolicy: pulumi.Output<RecordSetRoutingPolicy | undefined>;
    readonly takeOver: pulumi.Output<boolean | undefined>;
    constructor(name: string, args: RecordSetArgs, opts?: pulumi.CustomResourceOptions);
}
export type RecordSetType = "A" | "AAAA" | "CAA" | "CNAME" | "DNSKEY" | "DS" | "HTTPS" | "IPSECKEY" | "MX" | "NAPTR" | "NS" | "PTR" | "SOA" | "SPF" | "SRV" | "SSHFP" | "SVCB" | "TLSA" | "TXT";
export interface RecordSetRoutingPolicyArgs {
    geo?: pulumi.Input<RecordSetRoutingPolicyGeoArgs>;
    wrr?: pulumi.Input<RecordSetRoutingPolicyWrrArgs>;
    primaryBackup?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
    healthCheck?: pulumi.Input<string>;
}
export interface RecordSetRoutingPolicyGeoArgs {
    items: pulumi.Input<pulumi.Input<RecordSetRoutingPolicyGeoItemArgs>[]>;
    enableFencing?: pulumi.Input<boolean>;
}
export interface RecordSetRoutingPolicyGeoItemArgs {
    location: pulumi.Input<string>;
    rrdatas?: pulumi.Input<pulumi.Input<string>[]>;
    healthCheckedTargets?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
}
export interface RecordSetRoutingPolicyWrrArgs {
    items: pulumi.Input<pulumi.Input<RecordSetRoutingPolicyWrrItemArgs>[]>;
}
export interface RecordSetRoutingPolicyWrrItemArgs {
    weight: pulumi.Input<number>;
    rrdatas?: pulumi.Input<pulumi.Input<string>[]>;
    healthCheckedTargets?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
}
export interface RecordSetRoutingPolicy {
    geo?: RecordSetRoutingPolicyGeo;
    wrr?: RecordSetRoutingPolicyWrr;
    primaryBackup?: Record<string, unknown>;
    healthCheck?: string;
}
export interface RecordSetRoutingPolicyGeo {
    items: RecordSetRoutingPolicyGeoItem[];
    enableFencing?: boolean;
}
export interface RecordSetRoutingPolicyGeoItem {
    location: string;
    rrdatas?: string[];
    healthCheckedTargets?: Record<string, unknown>;
}
export interface RecordSetRoutingPolicyWrr {
    items: RecordSetRoutingPolicyWrrItem[];
}
export interface RecordSetRoutingPolicyWrrItem {
    weight: number;
    rrdatas?: string[];
    healthCheckedTargets?: Record<string, unknown>;
}
