import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ManagedZoneIamBindingArgs {
    project?: pulumi.Input<string>;
    managedZone: pulumi.Input<string>;
    role: pulumi.Input<string>;
    members: pulumi.Input<pulumi.Input<string>[]>;
}
export interface ManagedZoneIamBindingState {
    project?: pulumi.Input<string>;
    managedZone?: pulumi.Input<string>;
    role?: pulumi.Input<string>;
    members?: pulumi.Input<pulumi.Input<string>[]>;
}
export declare class ManagedZoneIamBinding extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ManagedZoneIamBindingState, opts?: pulumi.CustomResourceOptions): ManagedZoneIamBinding;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:ManagedZoneIamBinding";
    static isInstance(obj: unknown): obj is ManagedZoneIamBinding;
    readonly project: pulumi.Output<string>;
    readonly managedZone: pulumi.Output<string>;
    readonly role: pulumi.Output<string>;
    readonly members: pulumi.Output<string[]>;
    constructor(name: string, args: ManagedZoneIamBindingArgs, opts?: pulumi.CustomResourceOptions);
}
