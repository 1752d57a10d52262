import type * as Queries from "../../provider/ads/functions";
export type { Adapter, AdapterConfigMetadata, AdapterFormat, AdaptersArgs } from "../../provider/ads/functions";
export declare const getAdapters: typeof Queries.getAdapters;
export declare const getAdaptersOutput: (args: {
    publisherId: import("@pulumi/pulumi").Input<string>;
    adSourceId: import("@pulumi/pulumi").Input<string>;
    pageSize?: import("@pulumi/pulumi").Input<number | undefined>;
}) => import("@pulumi/pulumi").Output<{
    [x: string]: unknown;
    name: string;
    adapterId: string;
    title: string;
    platform: string;
    formats: ("BANNER" | "INTERSTITIAL" | "REWARDED" | "NATIVE" | "REWARDED_INTERSTITIAL" | "APP_OPEN")[];
    adapterConfigMetadata: {
        [x: string]: unknown;
        adapterConfigMetadataId: string;
        adapterConfigMetadataLabel: string;
        isRequired?: boolean | undefined;
    }[];
}[]>;
