import { z } from "zod";
export interface NestedParameter {
    name?: string;
    value?: string;
    intValue?: string;
    boolValue?: boolean;
    multiValue?: string[];
    multiIntValue?: string[];
    multiBoolValue?: boolean[];
}
export declare const parameterSchema: z.ZodObject<{
    name: z.ZodString;
    value: z.ZodOptional<z.ZodString>;
    intValue: z.ZodOptional<z.ZodString>;
    boolValue: z.ZodOptional<z.ZodBoolean>;
    multiValue: z.ZodOptional<z.ZodArray<z.ZodString>>;
    multiIntValue: z.ZodOptional<z.ZodArray<z.ZodString>>;
    messageValue: z.ZodOptional<z.ZodObject<{
        parameter: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
    }, z.core.$loose>>;
    multiMessageValue: z.ZodOptional<z.ZodArray<z.ZodObject<{
        parameter: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type ActivityParameter = z.infer<typeof parameterSchema>;
export declare const tokenCallParameters: z.ZodObject<{
    api_name: z.ZodString;
    method_name: z.ZodString;
    num_response_bytes: z.ZodString;
    product_bucket: z.ZodEnum<{
        SCRIPT_API: "SCRIPT_API";
        SCRIPT_RUNTIME: "SCRIPT_RUNTIME";
        CALENDAR: "CALENDAR";
        CLASSROOM: "CLASSROOM";
        CLOUD_SEARCH: "CLOUD_SEARCH";
        COMMUNICATIONS: "COMMUNICATIONS";
        CONTACTS: "CONTACTS";
        DRIVE: "DRIVE";
        MAIL: "MAIL";
        PLUS: "PLUS";
        GROUPS: "GROUPS";
        SUITE_ADMIN: "SUITE_ADMIN";
        IDENTITY: "IDENTITY";
        OTHER: "OTHER";
        TASKS: "TASKS";
        VAULT: "VAULT";
    }>;
    app_name: z.ZodString;
    client_id: z.ZodString;
    client_type: z.ZodEnum<{
        CONNECTED_DEVICE: "CONNECTED_DEVICE";
        NATIVE_MOBILE_1: "NATIVE_MOBILE_1";
        NATIVE_APPLICATION: "NATIVE_APPLICATION";
        NATIVE_BROWSER_EXTENSION: "NATIVE_BROWSER_EXTENSION";
        NATIVE_DESKTOP: "NATIVE_DESKTOP";
        NATIVE_DEVICE: "NATIVE_DEVICE";
        NATIVE_MOBILE_2: "NATIVE_MOBILE_2";
        NATIVE_VENDOR: "NATIVE_VENDOR";
        NATIVE_UNIVERSAL_PLATFORM: "NATIVE_UNIVERSAL_PLATFORM";
        TYPE_UNSPECIFIED: "TYPE_UNSPECIFIED";
        WEB: "WEB";
    }>;
    event: z.ZodLiteral<"activity">;
}, z.core.$strip>;
export declare const tokenScopeParameters: z.ZodObject<{
    scope: z.ZodString;
    scope_data: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
    app_name: z.ZodString;
    client_id: z.ZodString;
    client_type: z.ZodEnum<{
        CONNECTED_DEVICE: "CONNECTED_DEVICE";
        NATIVE_MOBILE_1: "NATIVE_MOBILE_1";
        NATIVE_APPLICATION: "NATIVE_APPLICATION";
        NATIVE_BROWSER_EXTENSION: "NATIVE_BROWSER_EXTENSION";
        NATIVE_DESKTOP: "NATIVE_DESKTOP";
        NATIVE_DEVICE: "NATIVE_DEVICE";
        NATIVE_MOBILE_2: "NATIVE_MOBILE_2";
        NATIVE_VENDOR: "NATIVE_VENDOR";
        NATIVE_UNIVERSAL_PLATFORM: "NATIVE_UNIVERSAL_PLATFORM";
        TYPE_UNSPECIFIED: "TYPE_UNSPECIFIED";
        WEB: "WEB";
    }>;
    event: z.ZodEnum<{
        request: "request";
        authorize: "authorize";
        revoke: "revoke";
    }>;
}, z.core.$strip>;
export declare const tokenEventParameters: z.ZodDiscriminatedUnion<[z.ZodObject<{
    api_name: z.ZodString;
    method_name: z.ZodString;
    num_response_bytes: z.ZodString;
    product_bucket: z.ZodEnum<{
        SCRIPT_API: "SCRIPT_API";
        SCRIPT_RUNTIME: "SCRIPT_RUNTIME";
        CALENDAR: "CALENDAR";
        CLASSROOM: "CLASSROOM";
        CLOUD_SEARCH: "CLOUD_SEARCH";
        COMMUNICATIONS: "COMMUNICATIONS";
        CONTACTS: "CONTACTS";
        DRIVE: "DRIVE";
        MAIL: "MAIL";
        PLUS: "PLUS";
        GROUPS: "GROUPS";
        SUITE_ADMIN: "SUITE_ADMIN";
        IDENTITY: "IDENTITY";
        OTHER: "OTHER";
        TASKS: "TASKS";
        VAULT: "VAULT";
    }>;
    app_name: z.ZodString;
    client_id: z.ZodString;
    client_type: z.ZodEnum<{
        CONNECTED_DEVICE: "CONNECTED_DEVICE";
        NATIVE_MOBILE_1: "NATIVE_MOBILE_1";
        NATIVE_APPLICATION: "NATIVE_APPLICATION";
        NATIVE_BROWSER_EXTENSION: "NATIVE_BROWSER_EXTENSION";
        NATIVE_DESKTOP: "NATIVE_DESKTOP";
        NATIVE_DEVICE: "NATIVE_DEVICE";
        NATIVE_MOBILE_2: "NATIVE_MOBILE_2";
        NATIVE_VENDOR: "NATIVE_VENDOR";
        NATIVE_UNIVERSAL_PLATFORM: "NATIVE_UNIVERSAL_PLATFORM";
        TYPE_UNSPECIFIED: "TYPE_UNSPECIFIED";
        WEB: "WEB";
    }>;
    event: z.ZodLiteral<"activity">;
}, z.core.$strip>, z.ZodObject<{
    scope: z.ZodString;
    scope_data: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
    app_name: z.ZodString;
    client_id: z.ZodString;
    client_type: z.ZodEnum<{
        CONNECTED_DEVICE: "CONNECTED_DEVICE";
        NATIVE_MOBILE_1: "NATIVE_MOBILE_1";
        NATIVE_APPLICATION: "NATIVE_APPLICATION";
        NATIVE_BROWSER_EXTENSION: "NATIVE_BROWSER_EXTENSION";
        NATIVE_DESKTOP: "NATIVE_DESKTOP";
        NATIVE_DEVICE: "NATIVE_DEVICE";
        NATIVE_MOBILE_2: "NATIVE_MOBILE_2";
        NATIVE_VENDOR: "NATIVE_VENDOR";
        NATIVE_UNIVERSAL_PLATFORM: "NATIVE_UNIVERSAL_PLATFORM";
        TYPE_UNSPECIFIED: "TYPE_UNSPECIFIED";
        WEB: "WEB";
    }>;
    event: z.ZodEnum<{
        request: "request";
        authorize: "authorize";
        revoke: "revoke";
    }>;
}, z.core.$strip>], "event">;
export type TokenEventParameters = z.infer<typeof tokenEventParameters>;
export interface ActivityEvent {
    type?: string;
    name: string;
    parameters: ActivityParameter[];
    token?: TokenEventParameters;
}
export declare function activitySchemaFor(applicationName: string | undefined): z.ZodObject<{
    kind: z.ZodOptional<z.ZodString>;
    etag: z.ZodOptional<z.ZodString>;
    id: z.ZodObject<{
        time: z.ZodString;
        uniqueQualifier: z.ZodString;
        applicationName: z.ZodString;
        customerId: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>;
    actor: z.ZodDefault<z.ZodObject<{
        callerType: z.ZodOptional<z.ZodString>;
        email: z.ZodOptional<z.ZodString>;
        profileId: z.ZodOptional<z.ZodString>;
        key: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    ownerDomain: z.ZodOptional<z.ZodString>;
    ipAddress: z.ZodOptional<z.ZodString>;
    events: z.ZodDefault<z.ZodArray<z.ZodObject<{
        type: z.ZodOptional<z.ZodString>;
        name: z.ZodString;
        parameters: z.ZodDefault<z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            value: z.ZodOptional<z.ZodString>;
            intValue: z.ZodOptional<z.ZodString>;
            boolValue: z.ZodOptional<z.ZodBoolean>;
            multiValue: z.ZodOptional<z.ZodArray<z.ZodString>>;
            multiIntValue: z.ZodOptional<z.ZodArray<z.ZodString>>;
            messageValue: z.ZodOptional<z.ZodObject<{
                parameter: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
            }, z.core.$loose>>;
            multiMessageValue: z.ZodOptional<z.ZodArray<z.ZodObject<{
                parameter: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
            }, z.core.$loose>>>;
        }, z.core.$loose>>>;
    }, z.core.$loose> | z.ZodPipe<z.ZodObject<{
        type: z.ZodOptional<z.ZodString>;
        name: z.ZodString;
        parameters: z.ZodDefault<z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            value: z.ZodOptional<z.ZodString>;
            intValue: z.ZodOptional<z.ZodString>;
            boolValue: z.ZodOptional<z.ZodBoolean>;
            multiValue: z.ZodOptional<z.ZodArray<z.ZodString>>;
            multiIntValue: z.ZodOptional<z.ZodArray<z.ZodString>>;
            messageValue: z.ZodOptional<z.ZodObject<{
                parameter: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
            }, z.core.$loose>>;
            multiMessageValue: z.ZodOptional<z.ZodArray<z.ZodObject<{
                parameter: z.ZodDefault<z.ZodArray<z.ZodType<NestedParameter, unknown, z.core.$ZodTypeInternals<NestedParameter, unknown>>>>;
            }, z.core.$loose>>>;
        }, z.core.$loose>>>;
    }, z.core.$loose>, z.ZodTransform<ActivityEvent, {
        [x: string]: unknown;
        name: string;
        parameters: {
            [x: string]: unknown;
            name: string;
            value?: string | undefined;
            intValue?: string | undefined;
            boolValue?: boolean | undefined;
            multiValue?: string[] | undefined;
            multiIntValue?: string[] | undefined;
            messageValue?: {
                [x: string]: unknown;
                parameter: NestedParameter[];
            } | undefined;
            multiMessageValue?: {
                [x: string]: unknown;
                parameter: NestedParameter[];
            }[] | undefined;
        }[];
        type?: string | undefined;
    }>>>>;
}, z.core.$loose>;
export interface Activity {
    kind?: string;
    etag?: string;
    id: {
        time: string;
        uniqueQualifier: string;
        applicationName: string;
        customerId?: string;
    };
    actor: {
        callerType?: string;
        email?: string;
        profileId?: string;
        key?: string;
    };
    ownerDomain?: string;
    ipAddress?: string;
    events: ActivityEvent[];
}
export declare function parseActivity(value: unknown): Activity;
export declare function consoleMessage(activity: Activity, event: ActivityEvent): string | undefined;
