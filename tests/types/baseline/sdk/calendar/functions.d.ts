import * as pulumi from "@pulumi/pulumi";
import type * as Queries from "../../provider/calendar/functions";
import type { CalendarColors, CalendarSetting } from "../../provider/calendar/functions";
export type { AclRulesArgs, CalendarAclRule, CalendarColors, CalendarEvent, CalendarListArgs, CalendarListItem, CalendarSetting, EventInstancesArgs, EventsArgs, FreeBusy, FreeBusyArgs, FreeBusyFailure, SettingArgs, } from "../../provider/calendar/functions";
export declare const getColors: typeof Queries.getColors;
export declare const getColorsOutput: () => pulumi.Output<CalendarColors>;
export declare const getSettings: typeof Queries.getSettings;
export declare const getSettingsOutput: () => pulumi.Output<CalendarSetting[]>;
export declare const getSetting: typeof Queries.getSetting;
export declare const getSettingOutput: (args: {
    setting: pulumi.Input<string>;
}) => pulumi.Output<{
    [x: string]: unknown;
    id: string;
    value: string;
}>;
export declare const queryFreeBusy: typeof Queries.queryFreeBusy;
export declare const queryFreeBusyOutput: (args: {
    timeMin: pulumi.Input<string>;
    timeMax: pulumi.Input<string>;
    calendars?: pulumi.Input<string[] | undefined>;
    groups?: pulumi.Input<string[] | undefined>;
    timeZone?: pulumi.Input<string | undefined>;
    calendarExpansionMax?: pulumi.Input<number | undefined>;
    groupExpansionMax?: pulumi.Input<number | undefined>;
}) => pulumi.Output<Queries.FreeBusy>;
export declare const getAclRules: typeof Queries.getAclRules;
export declare const getAclRulesOutput: (args: {
    calendarId: pulumi.Input<string>;
    showDeleted?: pulumi.Input<boolean | undefined>;
    pageSize?: pulumi.Input<number | undefined>;
}) => pulumi.Output<{
    [x: string]: unknown;
    id: string;
    role: string;
    scope: {
        [x: string]: unknown;
        type: string;
        value?: string | undefined;
    };
}[]>;
export declare const getCalendarList: typeof Queries.getCalendarList;
export declare const getCalendarListOutput: (args: {
    minAccessRole?: pulumi.Input<"freeBusyReader" | "reader" | "writer" | "owner" | undefined>;
    showDeleted?: pulumi.Input<boolean | undefined>;
    showHidden?: pulumi.Input<boolean | undefined>;
    pageSize?: pulumi.Input<number | undefined>;
} | undefined) => pulumi.Output<{
    [x: string]: unknown;
    id: string;
    summary?: string | undefined;
    accessRole?: string | undefined;
    primary?: boolean | undefined;
    hidden?: boolean | undefined;
    colorId?: string | undefined;
    backgroundColor?: string | undefined;
    deleted?: boolean | undefined;
}[]>;
export declare const getEvents: typeof Queries.getEvents;
export declare const getEventsOutput: (args: {
    calendarId: pulumi.Input<string>;
    timeMin?: pulumi.Input<string | undefined>;
    timeMax?: pulumi.Input<string | undefined>;
    iCalUID?: pulumi.Input<string | undefined>;
    singleEvents?: pulumi.Input<boolean | undefined>;
    orderBy?: pulumi.Input<"updated" | "startTime" | undefined>;
    q?: pulumi.Input<string | undefined>;
    showDeleted?: pulumi.Input<boolean | undefined>;
    pageSize?: pulumi.Input<number | undefined>;
}) => pulumi.Output<{
    [x: string]: unknown;
    id: string;
    status?: string | undefined;
    summary?: string | undefined;
    start?: {
        [x: string]: unknown;
        date?: string | undefined;
        dateTime?: string | undefined;
        timeZone?: string | undefined;
    } | undefined;
    end?: {
        [x: string]: unknown;
        date?: string | undefined;
        dateTime?: string | undefined;
        timeZone?: string | undefined;
    } | undefined;
    recurringEventId?: string | undefined;
    iCalUID?: string | undefined;
    eventType?: string | undefined;
}[]>;
export declare const getEventInstances: typeof Queries.getEventInstances;
export declare const getEventInstancesOutput: (args: {
    calendarId: pulumi.Input<string>;
    eventId: pulumi.Input<string>;
    timeMin?: pulumi.Input<string | undefined>;
    timeMax?: pulumi.Input<string | undefined>;
    pageSize?: pulumi.Input<number | undefined>;
}) => pulumi.Output<{
    [x: string]: unknown;
    id: string;
    status?: string | undefined;
    summary?: string | undefined;
    start?: {
        [x: string]: unknown;
        date?: string | undefined;
        dateTime?: string | undefined;
        timeZone?: string | undefined;
    } | undefined;
    end?: {
        [x: string]: unknown;
        date?: string | undefined;
        dateTime?: string | undefined;
        timeZone?: string | undefined;
    } | undefined;
    recurringEventId?: string | undefined;
    iCalUID?: string | undefined;
    eventType?: string | undefined;
}[]>;
