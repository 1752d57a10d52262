import { z } from "zod";
export declare const quotaInfoSchema: z.ZodObject<{
    name: z.ZodString;
    quotaId: z.ZodString;
    metric: z.ZodOptional<z.ZodString>;
    service: z.ZodString;
    isPrecise: z.ZodDefault<z.ZodBoolean>;
    refreshInterval: z.ZodOptional<z.ZodString>;
    containerType: z.ZodOptional<z.ZodString>;
    dimensions: z.ZodDefault<z.ZodArray<z.ZodString>>;
    metricDisplayName: z.ZodOptional<z.ZodString>;
    quotaDisplayName: z.ZodOptional<z.ZodString>;
    metricUnit: z.ZodOptional<z.ZodString>;
    quotaIncreaseEligibility: z.ZodOptional<z.ZodObject<{
        isEligible: z.ZodDefault<z.ZodBoolean>;
        ineligibilityReason: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    isFixed: z.ZodDefault<z.ZodBoolean>;
    dimensionsInfos: z.ZodDefault<z.ZodArray<z.ZodObject<{
        dimensions: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        details: z.ZodOptional<z.ZodObject<{
            value: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>>;
        }, z.core.$loose>>;
        applicableLocations: z.ZodDefault<z.ZodArray<z.ZodString>>;
    }, z.core.$loose>>>;
    isConcurrent: z.ZodDefault<z.ZodBoolean>;
    serviceRequestQuotaUri: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type QuotaInfo = z.infer<typeof quotaInfoSchema>;
export declare const quotaPreferenceSchema: z.ZodObject<{
    name: z.ZodString;
    service: z.ZodString;
    quotaId: z.ZodString;
    dimensions: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    quotaConfig: z.ZodObject<{
        preferredValue: z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>;
        grantedValue: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>>;
        stateDetail: z.ZodOptional<z.ZodString>;
        traceId: z.ZodOptional<z.ZodString>;
        annotations: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        requestOrigin: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>;
    etag: z.ZodOptional<z.ZodString>;
    createTime: z.ZodOptional<z.ZodString>;
    updateTime: z.ZodOptional<z.ZodString>;
    reconciling: z.ZodDefault<z.ZodBoolean>;
    justification: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type QuotaPreferenceInfo = z.infer<typeof quotaPreferenceSchema>;
export declare const quotaInfoArgs: z.ZodObject<{
    service: z.ZodString;
    quotaId: z.ZodString;
    apiVersion: z.ZodDefault<z.ZodEnum<{
        v1: "v1";
        v1beta: "v1beta";
    }>>;
    project: z.ZodOptional<z.ZodString>;
    folder: z.ZodOptional<z.ZodString>;
    organization: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const quotaInfosArgs: z.ZodObject<{
    service: z.ZodString;
    pageSize: z.ZodOptional<z.ZodNumber>;
    apiVersion: z.ZodDefault<z.ZodEnum<{
        v1: "v1";
        v1beta: "v1beta";
    }>>;
    project: z.ZodOptional<z.ZodString>;
    folder: z.ZodOptional<z.ZodString>;
    organization: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const quotaPreferencesArgs: z.ZodObject<{
    filter: z.ZodOptional<z.ZodString>;
    orderBy: z.ZodOptional<z.ZodString>;
    pageSize: z.ZodOptional<z.ZodNumber>;
    apiVersion: z.ZodDefault<z.ZodEnum<{
        v1: "v1";
        v1beta: "v1beta";
    }>>;
    project: z.ZodOptional<z.ZodString>;
    folder: z.ZodOptional<z.ZodString>;
    organization: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type QuotaInfoArgs = z.input<typeof quotaInfoArgs>;
export type QuotaInfosArgs = z.input<typeof quotaInfosArgs>;
export type QuotaPreferencesArgs = z.input<typeof quotaPreferencesArgs>;
export declare function getQuotaInfo(input: QuotaInfoArgs): Promise<QuotaInfo>;
export declare function getQuotaInfos(input: QuotaInfosArgs): Promise<QuotaInfo[]>;
export interface QuotaPreferencesResult {
    readonly quotaPreferences: QuotaPreferenceInfo[];
    readonly unreachable: string[];
}
export declare function getQuotaPreferences(input: QuotaPreferencesArgs): Promise<QuotaPreferencesResult>;
