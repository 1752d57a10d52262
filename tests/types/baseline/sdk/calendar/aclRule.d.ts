import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface AclRuleArgs {
    calendarId: pulumi.Input<string>;
    scope: pulumi.Input<AclRuleScopeArgs>;
    role: pulumi.Input<AclRuleRole>;
    sendNotifications?: pulumi.Input<boolean>;
}
export interface AclRuleState {
    calendarId?: pulumi.Input<string>;
    scope?: pulumi.Input<AclRuleScopeArgs>;
    role?: pulumi.Input<AclRuleRole>;
    sendNotifications?: pulumi.Input<boolean>;
    ruleId?: pulumi.Input<string>;
}
export declare class AclRule extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AclRuleState, opts?: pulumi.CustomResourceOptions): AclRule;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/calendar:AclRule";
    static isInstance(obj: unknown): obj is AclRule;
    readonly calendarId: pulumi.Output<string>;
    readonly scope: pulumi.Output<AclRuleScope>;
    readonly role: pulumi.Output<AclRuleRole>;
    readonly sendNotifications: pulumi.Output<boolean>;
    readonly ruleId: pulumi.Output<string>;
    constructor(name: string, args: AclRuleArgs, opts?: pulumi.CustomResourceOptions);
}
export interface AclRuleScopeArgs {
    type: pulumi.Input<AclRuleScopeType>;
    value?: pulumi.Input<string>;
}
export type AclRuleScopeType = "default" | "user" | "group" | "domain";
export type AclRuleRole = "freeBusyReader" | "reader" | "writer" | "writerWithoutPrivateAccess" | "owner";
export interface AclRuleScope {
    type: AclRuleScopeType;
    value?: string;
}
