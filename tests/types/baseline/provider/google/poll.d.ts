import { z } from "zod";
import type { ApiClient } from "../http/client";
export interface Pending {
    readonly id: string;
    readonly done: boolean;
    readonly what: string;
    readonly failure?: string;
}
export interface PollKind {
    readonly schema: z.ZodType;
    readonly pending: (answer: unknown) => Pending | undefined;
    readonly firstPauseMs: number;
    readonly maxPauseMs: number;
    readonly until: string;
    readonly pollsTheObject?: boolean;
}
export declare const operationWire: z.ZodObject<{
    id: z.ZodString;
    status: z.ZodEnum<{
        pending: "pending";
        done: "done";
    }>;
    type: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export declare const changeWire: z.ZodObject<{
    id: z.ZodString;
    status: z.ZodEnum<{
        pending: "pending";
        done: "done";
    }>;
}, z.core.$loose>;
export declare const POLL_KINDS: {
    zoneOperation: {
        schema: z.ZodObject<{
            id: z.ZodString;
            status: z.ZodEnum<{
                pending: "pending";
                done: "done";
            }>;
            type: z.ZodOptional<z.ZodString>;
        }, z.core.$loose>;
        pending: (answer: unknown) => {
            id: string;
            done: boolean;
            what: string;
        } | undefined;
        firstPauseMs: number;
        maxPauseMs: number;
        until: string;
    };
    change: {
        schema: z.ZodObject<{
            id: z.ZodString;
            status: z.ZodEnum<{
                pending: "pending";
                done: "done";
            }>;
        }, z.core.$loose>;
        pending: (answer: unknown) => {
            id: string;
            done: boolean;
            what: string;
        };
        firstPauseMs: number;
        maxPauseMs: number;
        until: string;
    };
    operation: {
        schema: z.ZodObject<{
            name: z.ZodString;
            done: z.ZodOptional<z.ZodBoolean>;
            error: z.ZodOptional<z.ZodObject<{
                code: z.ZodOptional<z.ZodNumber>;
                message: z.ZodOptional<z.ZodString>;
            }, z.core.$loose>>;
        }, z.core.$loose>;
        pending: (answer: unknown) => {
            failure?: string | undefined;
            id: string;
            done: boolean;
            what: string;
        } | undefined;
        firstPauseMs: number;
        maxPauseMs: number;
        until: string;
    };
    reconciling: {
        schema: z.ZodObject<{
            name: z.ZodString;
            reconciling: z.ZodOptional<z.ZodBoolean>;
        }, z.core.$loose>;
        pending: (answer: unknown) => {
            id: string;
            done: boolean;
            what: string;
        } | undefined;
        firstPauseMs: number;
        maxPauseMs: number;
        until: string;
        pollsTheObject: true;
    };
};
export type PollKindName = keyof typeof POLL_KINDS;
export interface WaitOptions {
    readonly client: ApiClient;
    readonly log: (message: string) => void;
    readonly pathOf: (id: string) => string;
    readonly timeoutMs?: number;
    readonly onTimeout?: "fail" | "carryOn";
    readonly sleep?: (ms: number) => Promise<void>;
    readonly clock?: () => number;
}
export declare function waitFor(kind: PollKind, answer: unknown, options: WaitOptions): Promise<unknown>;
