import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface EventArgs {
    calendarId: pulumi.Input<string>;
    summary?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    location?: pulumi.Input<string>;
    start: pulumi.Input<EventStartArgs>;
    end: pulumi.Input<EventEndArgs>;
    recurrence?: pulumi.Input<pulumi.Input<string>[]>;
    attendees?: pulumi.Input<pulumi.Input<EventAttendeeArgs>[]>;
    reminders?: pulumi.Input<EventRemindersArgs>;
    visibility?: pulumi.Input<EventVisibility>;
    transparency?: pulumi.Input<EventTransparency>;
    colorId?: pulumi.Input<string>;
}
export interface EventState {
    calendarId?: pulumi.Input<string>;
    summary?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    location?: pulumi.Input<string>;
    start?: pulumi.Input<EventStartArgs>;
    end?: pulumi.Input<EventEndArgs>;
    recurrence?: pulumi.Input<pulumi.Input<string>[]>;
    attendees?: pulumi.Input<pulumi.Input<EventAttendeeArgs>[]>;
    reminders?: pulumi.Input<EventRemindersArgs>;
    visibility?: pulumi.Input<EventVisibility>;
    transparency?: pulumi.Input<EventTransparency>;
    colorId?: pulumi.Input<string>;
    eventId?: pulumi.Input<string>;
    iCalUID?: pulumi.Input<string>;
    htmlLink?: pulumi.Input<string>;
}
export declare class Event extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: EventState, opts?: pulumi.CustomResourceOptions): Event;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/calendar:Event";
    static isInstance(obj: unknown): obj is Event;
    readonly calendarId: pulumi.Output<string>;
    readonly summary: pulumi.Output<string | undefined>;
    readonly description: pulumi.Output<string | undefined>;
    readonly location: pulumi.Output<string | undefined>;
    readonly start: pulumi.Output<EventStart>;
    readonly end: pulumi.Output<EventEnd>;
    readonly recurrence: pulumi.Output<string[] | undefined>;
    readonly attendees: pulumi.Output<EventAttendee[] | undefined>;
    readonly reminders: pulumi.Output<EventReminders | undefined>;
    readonly visibility: pulumi.Output<EventVisibility | undefined>;
    readonly transparency: pulumi.Output<EventTransparency | undefined>;
    readonly colorId: pulumi.Output<string | undefined>;
    readonly eventId: pulumi.Output<string>;
    readonly iCalUID: pulumi.Output<string | undefined>;
    readonly htmlLink: pulumi.Output<string | undefined>;
    constructor(name: string, args: EventArgs, opts?: pulumi.CustomResourceOptions);
}
export interface EventStartArgs {
    date?: pulumi.Input<string>;
    dateTime?: pulumi.Input<string>;
    timeZone?: pulumi.Input<string>;
}
export interface EventEndArgs {
    date?: pulumi.Input<string>;
    dateTime?: pulumi.Input<string>;
    timeZone?: pulumi.Input<string>;
}
export interface EventAttendeeArgs {
    email: pulumi.Input<string>;
    displayName?: pulumi.Input<string>;
    optional?: pulumi.Input<boolean>;
}
export interface EventRemindersArgs {
    useDefault: pulumi.Input<boolean>;
    overrides?: pulumi.Input<pulumi.Input<EventRemindersOverrideArgs>[]>;
}
export interface EventRemindersOverrideArgs {
    method: pulumi.Input<EventRemindersOverrideMethod>;
    minutes: pulumi.Input<number>;
}
export type EventRemindersOverrideMethod = "email" | "popup";
export type EventVisibility = "default" | "public" | "private" | "confidential";
export type EventTransparency = "opaque" | "transparent";
export interface EventStart {
    date?: string;
    dateTime?: string;
    timeZone?: string;
}
export interface EventEnd {
    date?: string;
    dateTime?: string;
    timeZone?: string;
}
export interface EventAttendee {
    email: string;
    displayName?: string;
    optional?: boolean;
}
export interface EventReminders {
    useDefault: boolean;
    overrides?: EventRemindersOverride[];
}
export interface EventRemindersOverride {
    method: EventRemindersOverrideMethod;
    minutes: number;
}
