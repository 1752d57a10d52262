import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ManagedZoneIamMemberArgs {
    project?: pulumi.Input<string>;
    managedZone: pulumi.Input<string>;
    role: pulumi.Input<string>;
    member: pulumi.Input<string>;
}
export interface ManagedZoneIamMemberState {
    project?: pulumi.Input<string>;
    managedZone?: pulumi.Input<string>;
    role?: pulumi.Input<string>;
    member?: pulumi.Input<string>;
}
export declare class ManagedZoneIamMember extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ManagedZoneIamMemberState, opts?: pulumi.CustomResourceOptions): ManagedZoneIamMember;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:ManagedZoneIamMember";
    static isInstance(obj: unknown): obj is ManagedZoneIamMember;
    readonly project: pulumi.Output<string>;
    readonly managedZone: pulumi.Output<string>;
    readonly role: pulumi.Output<string>;
    readonly member: pulumi.Output<string>;
    constructor(name: string, args: ManagedZoneIamMemberArgs, opts?: pulumi.CustomResourceOptions);
}
