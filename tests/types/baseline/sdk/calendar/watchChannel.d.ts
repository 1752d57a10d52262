import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface WatchChannelArgs {
    resource: pulumi.Input<WatchChannelResource>;
    calendarId?: pulumi.Input<string>;
    address: pulumi.Input<string>;
    token?: pulumi.Input<string>;
    expiration?: pulumi.Input<string>;
    ttlSeconds?: pulumi.Input<number>;
    channelId?: pulumi.Input<string>;
}
export interface WatchChannelState {
    resource?: pulumi.Input<WatchChannelResource>;
    calendarId?: pulumi.Input<string>;
    address?: pulumi.Input<string>;
    token?: pulumi.Input<string>;
    expiration?: pulumi.Input<string>;
    ttlSeconds?: pulumi.Input<number>;
    channelId?: pulumi.Input<string>;
    resourceId?: pulumi.Input<string>;
    resourceUri?: pulumi.Input<string>;
    effectiveExpiration?: pulumi.Input<string>;
}
export declare class WatchChannel extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: WatchChannelState, opts?: pulumi.CustomResourceOptions): WatchChannel;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/calendar:WatchChannel";
    static isInstance(obj: unknown): obj is WatchChannel;
    readonly resource: pulumi.Output<WatchChannelResource>;
    readonly calendarId: pulumi.Output<string | undefined>;
    readonly address: pulumi.Output<string>;
    readonly token: pulumi.Output<string | undefined>;
    readonly expiration: pulumi.Output<string | undefined>;
    readonly ttlSeconds: pulumi.Output<number | undefined>;
    readonly channelId: pulumi.Output<string | undefined>;
    readonly resourceId: pulumi.Output<string>;
    readonly resourceUri: pulumi.Output<string | undefined>;
    readonly effectiveExpiration: pulumi.Output<string | undefined>;
    constructor(name: string, args: WatchChannelArgs, opts?: pulumi.CustomResourceOptions);
}
export type WatchChannelResource = "acl" | "events" | "calendarList" | "settings";
