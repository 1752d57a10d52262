import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface ActivityWatchChannelArgs {
    userKey: pulumi.Input<string>;
    applicationName?: pulumi.Input<ActivityWatchChannelApplicationName>;
    eventName?: pulumi.Input<string>;
    filters?: pulumi.Input<pulumi.Input<string>[]>;
    address: pulumi.Input<string>;
    token?: pulumi.Input<string>;
    payload?: pulumi.Input<boolean>;
    expiration?: pulumi.Input<string>;
    ttlSeconds?: pulumi.Input<number>;
    channelId?: pulumi.Input<string>;
}
export interface ActivityWatchChannelState {
    userKey?: pulumi.Input<string>;
    applicationName?: pulumi.Input<ActivityWatchChannelApplicationName>;
    eventName?: pulumi.Input<string>;
    filters?: pulumi.Input<pulumi.Input<string>[]>;
    address?: pulumi.Input<string>;
    token?: pulumi.Input<string>;
    payload?: pulumi.Input<boolean>;
    expiration?: pulumi.Input<string>;
    ttlSeconds?: pulumi.Input<number>;
    channelId?: pulumi.Input<string>;
    resourceId?: pulumi.Input<string>;
    resourceUri?: pulumi.Input<string>;
    effectiveExpiration?: pulumi.Input<string>;
}
export declare class ActivityWatchChannel extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ActivityWatchChannelState, opts?: pulumi.CustomResourceOptions): ActivityWatchChannel;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/reports:ActivityWatchChannel";
    static isInstance(obj: unknown): obj is ActivityWatchChannel;
    readonly userKey: pulumi.Output<string>;
    readonly applicationName: pulumi.Output<ActivityWatchChannelApplicationName>;
    readonly eventName: pulumi.Output<string | undefined>;
    readonly filters: pulumi.Output<string[] | undefined>;
    readonly address: pulumi.Output<string>;
    readonly token: pulumi.Output<string | undefined>;
    readonly payload: pulumi.Output<boolean | undefined>;
    readonly expiration: pulumi.Output<string | undefined>;
    readonly ttlSeconds: pulumi.Output<number | undefined>;
    readonly channelId: pulumi.Output<string | undefined>;
    readonly resourceId: pulumi.Output<string>;
    readonly resourceUri: pulumi.Output<string | undefined>;
    readonly effectiveExpiration: pulumi.Output<string | undefined>;
    constructor(name: string, args: ActivityWatchChannelArgs, opts?: pulumi.CustomResourceOptions);
}
export type ActivityWatchChannelApplicationName = "access_transparency" | "admin" | "calendar" | "chat" | "drive" | "gcp" | "gplus" | "groups" | "groups_enterprise" | "jamboard" | "login" | "meet" | "mobile" | "rules" | "saml" | "token" | "user_accounts" | "context_aware_access" | "chrome" | "data_studio" | "keep";
