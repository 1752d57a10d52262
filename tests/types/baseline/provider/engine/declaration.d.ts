import type { z } from "zod";
import type { ApiName } from "../config";
import type { ApiClient } from "../http/client";
import type { ApiError } from "../http/errors";
import type { Binding } from "../google/iamPolicy";
import { type Steps, type UpdateKind } from "./steps";
export type { Steps, UpdateKind } from "./steps";
export type Args = Record<string, unknown>;
export type State = Record<string, unknown>;
export interface PatchChange<A extends Args> {
    readonly set: Partial<A>;
    readonly cleared: readonly (keyof A & string)[];
}
export interface HookContext {
    readonly client: ApiClient;
    readonly identity: Readonly<Record<string, string>>;
    readonly log: (message: string) => void;
    readonly channelClient?: () => ApiClient;
}
export interface ServerAssignedForm {
    readonly pattern: RegExp;
    readonly accepted: string;
}
export interface DerivedValue {
    readonly from: (known: Readonly<Record<string, unknown>>) => string | undefined;
    readonly pattern: RegExp;
    readonly accepted: string;
}
export type SampleChange<A extends Args> = {
    readonly [K in keyof A]?: A[K] | undefined;
};
export interface ConformanceSamples<A extends Args> {
    readonly inputs: SampleChange<A>;
    readonly parents?: readonly {
        readonly type: string;
        readonly inputs: Args;
    }[];
    readonly updates: readonly SampleChange<A>[];
    readonly replacements: readonly SampleChange<A>[];
}
export interface ResourceDeclaration<A extends Args = Args, W = unknown> {
    readonly module: string;
    readonly name: string;
    readonly api: ApiName;
    readonly args: z.ZodObject<z.ZodRawShape>;
    readonly immutable: readonly (keyof A & string)[];
    readonly deleteBeforeReplace?: boolean | ((olds: State, news: Args) => boolean);
    readonly autoName?: {
        readonly property: string;
        readonly maxLength: number;
    };
    readonly projectScoped?: boolean;
    readonly id: {
        readonly format: string;
        readonly importFormats: readonly string[];
        readonly serverAssigned?: readonly string[];
        readonly serverAssignedForms?: Readonly<Record<string, ServerAssignedForm>>;
    };
    readonly derived?: Readonly<Record<string, DerivedValue>>;
    readonly paths: {
        readonly collection: string;
        readonly item: string;
        readonly related?: readonly string[];
    };
    readonly wire: z.ZodType<W>;
    readonly toCreateBody?: (args: A) => unknown;
    readonly toPatchBody?: (change: PatchChange<A>, args: A) => unknown;
    readonly toState: (wire: W, previous: State) => State;
    readonly importable?: boolean;
    readonly steps?: Steps<A>;
    readonly update: UpdateKind;
    readonly localInputs?: readonly (keyof A & string)[];
    readonly crossCheck?: (args: A) => readonly {
        property: string;
        reason: string;
    }[];
    readonly equal?: Partial<Record<keyof A & string, (stored: unknown, wanted: unknown, news: Args) => boolean>>;
    readonly outputs: z.ZodRawShape;
    readonly docs: {
        readonly summary: string;
        readonly example: string;
    };
    readonly samples?: ConformanceSamples<A>;
    readonly secretOutputs?: readonly string[];
    readonly hooks?: Hooks<A, W>;
}
export type RefusedStep = "create" | "update" | "delete";
export interface Hooks<A extends Args, W> {
    readonly explainRefusal?: (error: ApiError, args: A, step: RefusedStep) => Error | undefined;
    readonly applyCreate?: (args: A, context: HookContext) => Promise<unknown>;
    readonly applyDelete?: (state: State, context: HookContext) => Promise<void>;
    readonly applyUpdate?: (change: PatchChange<A>, args: A, context: HookContext, previous: State) => Promise<unknown>;
    readonly beforeDelete?: (state: State, context: HookContext) => Promise<void>;
    readonly policy?: PolicyHook<A, W>;
}
export interface PolicyHook<A extends Args, W> {
    readonly resource: string;
    readonly label: string;
    readonly grant: (bindings: Binding[], args: A) => Binding[];
    readonly revoke: (bindings: Binding[], state: State) => Binding[];
    readonly find: (bindings: readonly Binding[], known: State) => W | undefined;
}
export declare function declare<A extends Args, W>(declaration: ResourceDeclaration<A, W>): ResourceDeclaration;
export declare function stepConflicts(declaration: ResourceDeclaration): string[];
export declare function typeKey(declaration: Pick<ResourceDeclaration, "module" | "name">): string;
