import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ManagedZoneIamPolicyArgs {
    project?: pulumi.Input<string>;
    managedZone: pulumi.Input<string>;
    bindings: pulumi.Input<pulumi.Input<ManagedZoneIamPolicyBindingArgs>[]>;
}
export interface ManagedZoneIamPolicyState {
    project?: pulumi.Input<string>;
    managedZone?: pulumi.Input<string>;
    bindings?: pulumi.Input<pulumi.Input<ManagedZoneIamPolicyBindingArgs>[]>;
}
export declare class ManagedZoneIamPolicy extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ManagedZoneIamPolicyState, opts?: pulumi.CustomResourceOptions): ManagedZoneIamPolicy;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:ManagedZoneIamPolicy";
    static isInstance(obj: unknown): obj is ManagedZoneIamPolicy;
    readonly project: pulumi.Output<string>;
    readonly managedZone: pulumi.Output<string>;
    readonly bindings: pulumi.Output<ManagedZoneIamPolicyBinding[]>;
    constructor(name: string, args: ManagedZoneIamPolicyArgs, opts?: pulumi.CustomResourceOptions);
}
export interface ManagedZoneIamPolicyBindingArgs {
    role: pulumi.Input<string>;
    members: pulumi.Input<pulumi.Input<string>[]>;
}
export interface ManagedZoneIamPolicyBinding {
    role: string;
    members: string[];
}
