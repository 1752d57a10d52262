import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface CalendarArgs {
    summary: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    location?: pulumi.Input<string>;
    timeZone?: pulumi.Input<string>;
}
export interface CalendarState {
    summary?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    location?: pulumi.Input<string>;
    timeZone?: pulumi.Input<string>;
    calendarId?: pulumi.Input<string>;
}
export declare class Calendar extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CalendarState, opts?: pulumi.CustomResourceOptions): Calendar;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/calendar:Calendar";
    static isInstance(obj: unknown): obj is Calendar;
    readonly summary: pulumi.Output<string>;
    readonly description: pulumi.Output<string | undefined>;
    readonly location: pulumi.Output<string | undefined>;
    readonly timeZone: pulumi.Output<string | undefined>;
    readonly calendarId: pulumi.Output<string>;
    constructor(name: string, args: CalendarArgs, opts?: pulumi.CustomResourceOptions);
}
