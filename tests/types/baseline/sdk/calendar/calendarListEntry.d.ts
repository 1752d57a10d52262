import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
export interface CalendarListEntryArgs {
    calendarId: pulumi.Input<string>;
    colorId?: pulumi.Input<string>;
    backgroundColor?: pulumi.Input<string>;
    foregroundColor?: pulumi.Input<string>;
    hidden?: pulumi.Input<boolean>;
    selected?: pulumi.Input<boolean>;
    summaryOverride?: pulumi.Input<string>;
    defaultReminders?: pulumi.Input<pulumi.Input<CalendarListEntryDefaultReminderArgs>[]>;
    notificationSettings?: pulumi.Input<CalendarListEntryNotificationSettingsArgs>;
}
export interface CalendarListEntryState {
    calendarId?: pulumi.Input<string>;
    colorId?: pulumi.Input<string>;
    backgroundColor?: pulumi.Input<string>;
    foregroundColor?: pulumi.Input<string>;
    hidden?: pulumi.Input<boolean>;
    selected?: pulumi.Input<boolean>;
    summaryOverride?: pulumi.Input<string>;
    defaultReminders?: pulumi.Input<pulumi.Input<CalendarListEntryDefaultReminderArgs>[]>;
    notificationSettings?: pulumi.Input<CalendarListEntryNotificationSettingsArgs>;
    summary?: pulumi.Input<string>;
    accessRole?: pulumi.Input<string>;
}
export declare class CalendarListEntry extends SvcResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CalendarListEntryState, opts?: pulumi.CustomResourceOptions): CalendarListEntry;
    static readonly __pulumiType = "pulumi-nodejs:dynamic/calendar:CalendarListEntry";
    static isInstance(obj: unknown): obj is CalendarListEntry;
    readonly calendarId: pulumi.Output<string>;
    readonly colorId: pulumi.Output<string | undefined>;
    readonly backgroundColor: pulumi.Output<string | undefined>;
    readonly foregroundColor: pulumi.Output<string | undefined>;
    readonly hidden: pulumi.Output<boolean | undefined>;
    readonly selected: pulumi.Output<boolean | undefined>;
    readonly summaryOverride: pulumi.Output<string | undefined>;
    readonly defaultReminders: pulumi.Output<CalendarListEntryDefaultReminder[] | undefined>;
    readonly notificationSettings: pulumi.Output<CalendarListEntryNotificationSettings | undefined>;
    readonly summary: pulumi.Output<string | undefined>;
    readonly accessRole: pulumi.Output<string | undefined>;
    constructor(name: string, args: CalendarListEntryArgs, opts?: pulumi.CustomResourceOptions);
}
export interface CalendarListEntryDefaultReminderArgs {
    method: pulumi.Input<CalendarListEntryDefaultReminderMethod>;
    minutes: pulumi.Input<number>;
}
export type CalendarListEntryDefaultReminderMethod = "email" | "popup";
export interface CalendarListEntryNotificationSettingsArgs {
    notifications: pulumi.Input<pulumi.Input<CalendarListEntryNotificationSettingsNotificationArgs>[]>;
}
export interface CalendarListEntryNotificationSettingsNotificationArgs {
    type: pulumi.Input<CalendarListEntryNotificationSettingsNotificationType>;
    method: pulumi.Input<"email">;
}
export type CalendarListEntryNotificationSettingsNotificationType = "eventCreation" | "eventChange" | "eventCancellation" | "eventResponse" | "agenda";
export interface CalendarListEntryDefaultReminder {
    method: CalendarListEntryDefaultReminderMethod;
    minutes: number;
}
export interface CalendarListEntryNotificationSettings {
    notifications: CalendarListEntryNotificationSettingsNotification[];
}
export interface CalendarListEntryNotificationSettingsNotification {
    type: CalendarListEntryNotificationSettingsNotificationType;
    method: "email";
}
