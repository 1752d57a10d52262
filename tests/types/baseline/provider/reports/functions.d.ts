import { z } from "zod";
import { type Activity } from "./activitySchema";
export declare const MAX_ACTIVITIES_PAGE_SIZE = 1000;
export declare const activitiesArgs: z.ZodObject<{
    userKey: z.ZodString;
    applicationName: z.ZodDefault<z.ZodEnum<{
        calendar: "calendar";
        token: "token";
        access_transparency: "access_transparency";
        admin: "admin";
        chat: "chat";
        drive: "drive";
        gcp: "gcp";
        gplus: "gplus";
        groups: "groups";
        groups_enterprise: "groups_enterprise";
        jamboard: "jamboard";
        login: "login";
        meet: "meet";
        mobile: "mobile";
        rules: "rules";
        saml: "saml";
        user_accounts: "user_accounts";
        context_aware_access: "context_aware_access";
        chrome: "chrome";
        data_studio: "data_studio";
        keep: "keep";
    }>>;
    eventName: z.ZodOptional<z.ZodString>;
    filters: z.ZodOptional<z.ZodArray<z.ZodString>>;
    startTime: z.ZodOptional<z.ZodString>;
    endTime: z.ZodOptional<z.ZodString>;
    actorIpAddress: z.ZodOptional<z.ZodString>;
    maxResults: z.ZodOptional<z.ZodNumber>;
    pages: z.ZodDefault<z.ZodEnum<{
        all: "all";
        one: "one";
    }>>;
    pageToken: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type ActivitiesArgs = z.input<typeof activitiesArgs>;
export interface ActivitiesResult {
    activities: Activity[];
    nextPageToken?: string;
}
export declare function getActivities(input: ActivitiesArgs): Promise<ActivitiesResult>;
