import Bottleneck from "bottleneck";
export interface RequestLimits {
    readonly maxConcurrent: number;
    readonly pointsPerMinute: number;
    readonly readPoints: number;
    readonly writePoints: number;
    readonly creationsPerMinute: number;
    readonly creationsPerHour: number;
    readonly writeSpacingMs: number;
    readonly minuteMs: number;
}
export declare const CODEHOST_REQUEST_LIMITS: RequestLimits;
export declare function isWrite(method: string): boolean;
export declare function isContentCreating(method: string): boolean;
export declare function pointsOf(limits: RequestLimits, method: string): number;
export declare function bucketOptions(limit: number, windowMs: number): Bottleneck.ConstructorOptions;
export interface RequestLimiter {
    schedule<T>(method: string, endpoint: string, send: () => Promise<T>): Promise<T>;
}
export declare function createRequestLimiter(limits: RequestLimits): RequestLimiter;
