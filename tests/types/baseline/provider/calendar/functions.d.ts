import { z } from "zod";
export declare const colorsSchema: z.ZodObject<{
    updated: z.ZodOptional<z.ZodString>;
    calendar: z.ZodRecord<z.ZodString, z.ZodObject<{
        background: z.ZodString;
        foreground: z.ZodString;
    }, z.core.$loose>>;
    event: z.ZodRecord<z.ZodString, z.ZodObject<{
        background: z.ZodString;
        foreground: z.ZodString;
    }, z.core.$loose>>;
}, z.core.$loose>;
export type CalendarColors = z.infer<typeof colorsSchema>;
export declare const settingSchema: z.ZodObject<{
    id: z.ZodString;
    value: z.ZodString;
}, z.core.$loose>;
export type CalendarSetting = z.infer<typeof settingSchema>;
export declare const aclRuleSchema: z.ZodObject<{
    id: z.ZodString;
    role: z.ZodString;
    scope: z.ZodObject<{
        type: z.ZodString;
        value: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>;
}, z.core.$loose>;
export type CalendarAclRule = z.infer<typeof aclRuleSchema>;
export declare const calendarListEntrySchema: z.ZodObject<{
    id: z.ZodString;
    summary: z.ZodOptional<z.ZodString>;
    accessRole: z.ZodOptional<z.ZodString>;
    primary: z.ZodOptional<z.ZodBoolean>;
    hidden: z.ZodOptional<z.ZodBoolean>;
    colorId: z.ZodOptional<z.ZodString>;
    backgroundColor: z.ZodOptional<z.ZodString>;
    deleted: z.ZodOptional<z.ZodBoolean>;
}, z.core.$loose>;
export type CalendarListItem = z.infer<typeof calendarListEntrySchema>;
export declare const eventSchema: z.ZodObject<{
    id: z.ZodString;
    status: z.ZodOptional<z.ZodString>;
    summary: z.ZodOptional<z.ZodString>;
    start: z.ZodOptional<z.ZodObject<{
        date: z.ZodOptional<z.ZodString>;
        dateTime: z.ZodOptional<z.ZodString>;
        timeZone: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    end: z.ZodOptional<z.ZodObject<{
        date: z.ZodOptional<z.ZodString>;
        dateTime: z.ZodOptional<z.ZodString>;
        timeZone: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    recurringEventId: z.ZodOptional<z.ZodString>;
    iCalUID: z.ZodOptional<z.ZodString>;
    eventType: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type CalendarEvent = z.infer<typeof eventSchema>;
export declare const freeBusySchema: z.ZodObject<{
    timeMin: z.ZodString;
    timeMax: z.ZodString;
    calendars: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodObject<{
        busy: z.ZodDefault<z.ZodArray<z.ZodObject<{
            start: z.ZodString;
            end: z.ZodString;
        }, z.core.$loose>>>;
        errors: z.ZodOptional<z.ZodArray<z.ZodObject<{
            domain: z.ZodString;
            reason: z.ZodString;
        }, z.core.$loose>>>;
    }, z.core.$loose>>>;
    groups: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodObject<{
        calendars: z.ZodOptional<z.ZodArray<z.ZodString>>;
        errors: z.ZodOptional<z.ZodArray<z.ZodObject<{
            domain: z.ZodString;
            reason: z.ZodString;
        }, z.core.$loose>>>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export interface FreeBusyFailure {
    readonly id: string;
    readonly kind: "calendar" | "group";
    readonly domain: string;
    readonly reason: string;
}
export type FreeBusy = z.infer<typeof freeBusySchema> & {
    readonly failures: FreeBusyFailure[];
};
export declare const settingArgs: z.ZodObject<{
    setting: z.ZodString;
}, z.core.$strip>;
export declare const freeBusyArgs: z.ZodObject<{
    timeMin: z.ZodString;
    timeMax: z.ZodString;
    calendars: z.ZodOptional<z.ZodArray<z.ZodString>>;
    groups: z.ZodOptional<z.ZodArray<z.ZodString>>;
    timeZone: z.ZodOptional<z.ZodString>;
    calendarExpansionMax: z.ZodOptional<z.ZodNumber>;
    groupExpansionMax: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export declare const aclRulesArgs: z.ZodObject<{
    calendarId: z.ZodString;
    showDeleted: z.ZodOptional<z.ZodBoolean>;
    pageSize: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export declare const calendarListArgs: z.ZodObject<{
    minAccessRole: z.ZodOptional<z.ZodEnum<{
        freeBusyReader: "freeBusyReader";
        reader: "reader";
        writer: "writer";
        owner: "owner";
    }>>;
    showDeleted: z.ZodOptional<z.ZodBoolean>;
    showHidden: z.ZodOptional<z.ZodBoolean>;
    pageSize: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export declare const eventsArgs: z.ZodObject<{
    calendarId: z.ZodString;
    timeMin: z.ZodOptional<z.ZodString>;
    timeMax: z.ZodOptional<z.ZodString>;
    iCalUID: z.ZodOptional<z.ZodString>;
    singleEvents: z.ZodOptional<z.ZodBoolean>;
    orderBy: z.ZodOptional<z.ZodEnum<{
        updated: "updated";
        startTime: "startTime";
    }>>;
    q: z.ZodOptional<z.ZodString>;
    showDeleted: z.ZodOptional<z.ZodBoolean>;
    pageSize: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export declare const eventInstancesArgs: z.ZodObject<{
    calendarId: z.ZodString;
    eventId: z.ZodString;
    timeMin: z.ZodOptional<z.ZodString>;
    timeMax: z.ZodOptional<z.ZodString>;
    pageSize: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export type SettingArgs = z.input<typeof settingArgs>;
export type FreeBusyArgs = z.input<typeof freeBusyArgs>;
export type AclRulesArgs = z.input<typeof aclRulesArgs>;
export type CalendarListArgs = z.input<typeof calendarListArgs>;
export type EventsArgs = z.input<typeof eventsArgs>;
export type EventInstancesArgs = z.input<typeof eventInstancesArgs>;
export declare function getColors(): Promise<CalendarColors>;
export declare function getSettings(): Promise<CalendarSetting[]>;
export declare function getSetting(input: SettingArgs): Promise<CalendarSetting>;
export declare function queryFreeBusy(input: FreeBusyArgs): Promise<FreeBusy>;
export declare function getAclRules(input: AclRulesArgs): Promise<CalendarAclRule[]>;
export declare function getCalendarList(input?: CalendarListArgs): Promise<CalendarListItem[]>;
export declare function getEvents(input: EventsArgs): Promise<CalendarEvent[]>;
export declare function getEventInstances(input: EventInstancesArgs): Promise<CalendarEvent[]>;
