import type * as Queries from "../../provider/quotas/functions";
export type { QuotaInfo, QuotaInfoArgs, QuotaInfosArgs, QuotaPreferenceInfo, QuotaPreferencesArgs, QuotaPreferencesResult, } from "../../provider/quotas/functions";
export declare const getQuotaInfo: typeof Queries.getQuotaInfo;
export declare const getQuotaInfoOutput: (args: {
    service: import("@pulumi/pulumi").Input<string>;
    quotaId: import("@pulumi/pulumi").Input<string>;
    apiVersion?: import("@pulumi/pulumi").Input<"v1" | "v1beta" | undefined>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
    folder?: import("@pulumi/pulumi").Input<string | undefined>;
    organization?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    name: string;
    quotaId: string;
    service: string;
    isPrecise: boolean;
    dimensions: string[];
    isFixed: boolean;
    dimensionsInfos: {
        [x: string]: unknown;
        dimensions: Record<string, string>;
        applicableLocations: string[];
        details?: {
            [x: string]: unknown;
            value?: string | undefined;
        } | undefined;
    }[];
    isConcurrent: boolean;
    metric?: string | undefined;
    refreshInterval?: string | undefined;
    containerType?: string | undefined;
    metricDisplayName?: string | undefined;
    quotaDisplayName?: string | undefined;
    metricUnit?: string | undefined;
    quotaIncreaseEligibility?: {
        [x: string]: unknown;
        isEligible: boolean;
        ineligibilityReason?: string | undefined;
    } | undefined;
    serviceRequestQuotaUri?: string | undefined;
}>;
export declare const getQuotaInfos: typeof Queries.getQuotaInfos;
export declare const getQuotaInfosOutput: (args: {
    service: import("@pulumi/pulumi").Input<string>;
    pageSize?: import("@pulumi/pulumi").Input<number | undefined>;
    apiVersion?: import("@pulumi/pulumi").Input<"v1" | "v1beta" | undefined>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
    folder?: import("@pulumi/pulumi").Input<string | undefined>;
    organization?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    name: string;
    quotaId: string;
    service: string;
    isPrecise: boolean;
    dimensions: string[];
    isFixed: boolean;
    dimensionsInfos: {
        [x: string]: unknown;
        dimensions: Record<string, string>;
        applicableLocations: string[];
        details?: {
            [x: string]: unknown;
            value?: string | undefined;
        } | undefined;
    }[];
    isConcurrent: boolean;
    metric?: string | undefined;
    refreshInterval?: string | undefined;
    containerType?: string | undefined;
    metricDisplayName?: string | undefined;
    quotaDisplayName?: string | undefined;
    metricUnit?: string | undefined;
    quotaIncreaseEligibility?: {
        [x: string]: unknown;
        isEligible: boolean;
        ineligibilityReason?: string | undefined;
    } | undefined;
    serviceRequestQuotaUri?: string | undefined;
}[]>;
export declare const getQuotaPreferences: typeof Queries.getQuotaPreferences;
export declare const getQuotaPreferencesOutput: (args: {
    filter?: import("@pulumi/pulumi").Input<string | undefined>;
    orderBy?: import("@pulumi/pulumi").Input<string | undefined>;
    pageSize?: import("@pulumi/pulumi").Input<number | undefined>;
    apiVersion?: import("@pulumi/pulumi").Input<"v1" | "v1beta" | undefined>;
    project?: import("@pulumi/pulumi").Input<string | undefined>;
    folder?: import("@pulumi/pulumi").Input<string | undefined>;
    organization?: import("@pulumi/pulumi").Input<string | undefined>;
}) => import("@pulumi/pulumi").Output<Queries.QuotaPreferencesResult>;
