import { z } from "zod";
export declare const rateLimitWindowSchema: z.ZodPipe<z.ZodObject<{
    limit: z.ZodNumber;
    used: z.ZodNumber;
    remaining: z.ZodNumber;
    reset: z.ZodNumber;
}, z.core.$strip>, z.ZodTransform<{
    reset: Date;
    limit: number;
    used: number;
    remaining: number;
}, {
    limit: number;
    used: number;
    remaining: number;
    reset: number;
}>>;
export type RateLimitWindow = z.output<typeof rateLimitWindowSchema>;
export declare const rateLimitStatusSchema: z.ZodObject<{
    resources: z.ZodObject<{
        core: z.ZodPipe<z.ZodObject<{
            limit: z.ZodNumber;
            used: z.ZodNumber;
            remaining: z.ZodNumber;
            reset: z.ZodNumber;
        }, z.core.$strip>, z.ZodTransform<{
            reset: Date;
            limit: number;
            used: number;
            remaining: number;
        }, {
            limit: number;
            used: number;
            remaining: number;
            reset: number;
        }>>;
        search: z.ZodPipe<z.ZodObject<{
            limit: z.ZodNumber;
            used: z.ZodNumber;
            remaining: z.ZodNumber;
            reset: z.ZodNumber;
        }, z.core.$strip>, z.ZodTransform<{
            reset: Date;
            limit: number;
            used: number;
            remaining: number;
        }, {
            limit: number;
            used: number;
            remaining: number;
            reset: number;
        }>>;
        graphql: z.ZodPipe<z.ZodObject<{
            limit: z.ZodNumber;
            used: z.ZodNumber;
            remaining: z.ZodNumber;
            reset: z.ZodNumber;
        }, z.core.$strip>, z.ZodTransform<{
            reset: Date;
            limit: number;
            used: number;
            remaining: number;
        }, {
            limit: number;
            used: number;
            remaining: number;
            reset: number;
        }>>;
    }, z.core.$catchall<z.ZodPipe<z.ZodObject<{
        limit: z.ZodNumber;
        used: z.ZodNumber;
        remaining: z.ZodNumber;
        reset: z.ZodNumber;
    }, z.core.$strip>, z.ZodTransform<{
        reset: Date;
        limit: number;
        used: number;
        remaining: number;
    }, {
        limit: number;
        used: number;
        remaining: number;
        reset: number;
    }>>>>;
}, z.core.$strip>;
export type RateLimitStatus = z.output<typeof rateLimitStatusSchema>;
export declare function getRateLimit(): Promise<RateLimitStatus>;
