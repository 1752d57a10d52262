import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ResponsePolicyRuleArgs {
    project?: pulumi.Input<string>;
    responsePolicy: pulumi.Input<string>;
    ruleName: pulumi.Input<string>;
    dnsName: pulumi.Input<string>;
    behavior?: pulumi.Input<ResponsePolicyRuleBehavior>;
    localData?: pulumi.Input<ResponsePolicyRuleLocalDataArgs>;
}
export interface ResponsePolicyRuleState {
    project?: pulumi.Input<string>;
    responsePolicy?: pulumi.Input<string>;
    ruleName?: pulumi.Input<string>;
    dnsName?: pulumi.Input<string>;
    behavior?: pulumi.Input<ResponsePolicyRuleBehavior>;
    localData?: pulumi.Input<ResponsePolicyRuleLocalDataArgs>;
}
export declare class ResponsePolicyRule extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ResponsePolicyRuleState, opts?: pulumi.CustomResourceOptions): ResponsePolicyRule;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/dns:ResponsePolicyRule";
    static isInstance(obj: unknown): obj is ResponsePolicyRule;
    readonly project: pulumi.Output<string>;
    readonly responsePolicy: pulumi.Output<string>;
    readonly ruleName: pulumi.Output<string>;
    readonly dnsName: pulumi.Output<string>;
    readonly behavior: pulumi.Output<ResponsePolicyRuleBehavior | undefined>;
    readonly localData: pulumi.Output<ResponsePolicyRuleLocalData | undefined>;
    constructor(name: string, args: ResponsePolicyRuleArgs, opts?: pulumi.CustomResourceOptions);
}
export type ResponsePolicyRuleBehavior = "behaviorUnspecified" | "bypassResponsePolicy";
export interface ResponsePolicyRuleLocalDataArgs {
    localDatas: pulumi.Input<pulumi.Input<ResponsePolicyRuleLocalDataLocalDataArgs>[]>;
}
export interface ResponsePolicyRuleLocalDataLocalDataArgs {
    name: pulumi.Input<string>;
    type: pulumi.Input<ResponsePolicyRuleLocalDataLocalDataType>;
    ttl?: pulumi.Input<number>;
    rrdatas: pulumi.Input<pulumi.Input<string>[]>;
}
export type ResponsePolicyRuleLocalDataLocalDataType = "A" | "AAAA" | "CAA" | "CNAME" | "DNSKEY" | "DS" | "HTTPS" | "IPSECKEY" | "MX" | "NAPTR" | "PTR" | "SPF" | "SRV" | "SSHFP" | "SVCB" | "TLSA" | "TXT";
export interface ResponsePolicyRuleLocalData {
    localDatas: ResponsePolicyRuleLocalDataLocalData[];
}
export interface ResponsePolicyRuleLocalDataLocalData {
    name: string;
    type: ResponsePolicyRuleLocalDataLocalDataType;
    ttl?: number;
    rrdatas: string[];
}
