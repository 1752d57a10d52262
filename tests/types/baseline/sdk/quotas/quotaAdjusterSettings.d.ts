import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface QuotaAdjusterSettingsArgs {
    project?: pulumi.Input<string>;
    enablement: pulumi.Input<QuotaAdjusterSettingsEnablement>;
}
export interface QuotaAdjusterSettingsState {
    project?: pulumi.Input<string>;
    enablement?: pulumi.Input<QuotaAdjusterSettingsEnablement>;
    inherited?: pulumi.Input<boolean>;
    inheritedFrom?: pulumi.Input<string>;
    etag?: pulumi.Input<string>;
    updateTime?: pulumi.Input<string>;
}
export declare class QuotaAdjusterSettings extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: QuotaAdjusterSettingsState, opts?: pulumi.CustomResourceOptions): QuotaAdjusterSettings;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/quotas:QuotaAdjusterSettings";
    static isInstance(obj: unknown): obj is QuotaAdjusterSettings;
    readonly project: pulumi.Output<string>;
    readonly enablement: pulumi.Output<QuotaAdjusterSettingsEnablement>;
    readonly inherited: pulumi.Output<boolean>;
    readonly inheritedFrom: pulumi.Output<string>;
    readonly etag: pulumi.Output<string>;
    readonly updateTime: pulumi.Output<string>;
    constructor(name: string, args: QuotaAdjusterSettingsArgs, opts?: pulumi.CustomResourceOptions);
}
export type QuotaAdjusterSettingsEnablement = "ENABLED" | "DISABLED";
