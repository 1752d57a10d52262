import { z } from "zod";
export declare const adapterFormat: z.ZodEnum<{
    BANNER: "BANNER";
    INTERSTITIAL: "INTERSTITIAL";
    REWARDED: "REWARDED";
    NATIVE: "NATIVE";
    REWARDED_INTERSTITIAL: "REWARDED_INTERSTITIAL";
    APP_OPEN: "APP_OPEN";
}>;
export type AdapterFormat = z.infer<typeof adapterFormat>;
export declare const adapterConfigMetadataSchema: z.ZodObject<{
    adapterConfigMetadataId: z.ZodString;
    adapterConfigMetadataLabel: z.ZodString;
    isRequired: z.ZodOptional<z.ZodBoolean>;
}, z.core.$loose>;
export type AdapterConfigMetadata = z.infer<typeof adapterConfigMetadataSchema>;
export declare const adapterSchema: z.ZodObject<{
    name: z.ZodString;
    adapterId: z.ZodString;
    title: z.ZodString;
    platform: z.ZodString;
    formats: z.ZodDefault<z.ZodArray<z.ZodEnum<{
        BANNER: "BANNER";
        INTERSTITIAL: "INTERSTITIAL";
        REWARDED: "REWARDED";
        NATIVE: "NATIVE";
        REWARDED_INTERSTITIAL: "REWARDED_INTERSTITIAL";
        APP_OPEN: "APP_OPEN";
    }>>>;
    adapterConfigMetadata: z.ZodDefault<z.ZodArray<z.ZodObject<{
        adapterConfigMetadataId: z.ZodString;
        adapterConfigMetadataLabel: z.ZodString;
        isRequired: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type Adapter = z.infer<typeof adapterSchema>;
export declare const MAX_ADAPTERS_PAGE_SIZE = 20000;
export declare const adaptersArgs: z.ZodObject<{
    publisherId: z.ZodString;
    adSourceId: z.ZodString;
    pageSize: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export type AdaptersArgs = z.input<typeof adaptersArgs>;
export declare function getAdapters(input: AdaptersArgs): Promise<Adapter[]>;
