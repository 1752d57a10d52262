import type { z } from "zod";
import type { ApiName, ApiSettings } from "../config";
import type { TokenSource } from "../google/credentials/tokenSource";
import { type CodeHostLimitPolicy } from "./codehostLimits";
import { type RequestLimits } from "./requestLimiter";
import { type RepeatRule, type RetryPolicy } from "./retry";
interface RequestBase<T> {
    readonly path: string;
    readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
    readonly body?: unknown;
    readonly headers?: Readonly<Record<string, string>>;
    readonly schema?: z.ZodType<T>;
    readonly endpoint?: string;
}
export type RequestSpec<T> = RequestBase<T> & ({
    readonly method: "POST";
    readonly repeat: RepeatRule;
} | {
    readonly method: "GET" | "PUT" | "PATCH" | "DELETE";
    readonly repeat?: RepeatRule;
});
export interface ApiClient {
    readonly api: ApiName;
    send<T = unknown>(spec: RequestSpec<T>): Promise<T>;
}
export interface ClientOptions {
    readonly policy?: RetryPolicy;
    readonly concurrency?: number;
    readonly timeoutMs?: number;
    readonly log?: (message: string) => void;
    readonly logWaitsOverMs?: number;
    readonly fetch?: typeof fetch;
    readonly tokens?: TokenSource;
    readonly sleep?: (ms: number) => Promise<void>;
    readonly rateLimits?: {
        readonly policy?: CodeHostLimitPolicy;
        readonly limits: RequestLimits;
    };
}
export declare function createApiClient(settings: ApiSettings, options?: ClientOptions): ApiClient;
export {};
