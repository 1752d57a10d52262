import type { z } from "zod";
import type { Paging } from "../google/listAll";
import type { PollKindName } from "../google/poll";
import type { RepeatRule } from "../http/retry";
export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;
type Values = Readonly<Record<string, unknown>>;
export interface CreateStep<A> {
    readonly method?: "POST" | "PUT" | "PATCH";
    readonly path?: string | ((args: A) => string);
    readonly query?: (args: A) => QueryValues;
    readonly repeat?: RepeatRule;
    readonly answer?: z.ZodType | "ignored";
    readonly toWire?: (answer: unknown, args: A) => unknown;
}
export interface ListRead<E = unknown> {
    readonly path: string;
    readonly field?: string;
    readonly entry: z.ZodType<E>;
    readonly match: (entry: E, identity: Readonly<Record<string, string>>) => boolean;
    readonly key?: {
        readonly ofEntry: (entry: E) => string;
        readonly ofIdentity: (identity: Readonly<Record<string, string>>) => string;
    };
    readonly paging?: Paging;
    readonly toWire?: (entry: E) => unknown;
}
export declare function fromListing<E>(read: ListRead<E>): {
    readonly list: ListRead;
};
export declare function sharedListing<E>(read: ListRead<E>): {
    readonly sharedListing: ListRead;
};
export type ReadStep = "stored" | {
    readonly list: ListRead;
} | {
    readonly sharedListing: ListRead;
} | {
    readonly storedUntil: string;
};
interface DeleteRequestBase {
    readonly path?: string;
    readonly at?: "channelBase";
    readonly query?: (state: Values) => QueryValues;
    readonly body?: (state: Values) => unknown;
    readonly answer?: z.ZodType;
}
export type DeleteRequest = DeleteRequestBase & ({
    readonly method: "POST";
    readonly repeat: RepeatRule;
} | {
    readonly method?: "DELETE";
    readonly repeat?: RepeatRule;
});
export interface Detach {
    readonly fields: readonly string[];
    readonly inUseReason: string;
}
export interface WaitStep {
    readonly after: readonly ("create" | "update")[];
    readonly poll: PollKindName;
    readonly path: string;
    readonly seconds?: (args: Values) => number | undefined;
    readonly outcome?: (answer: unknown) => string | undefined;
}
export interface FindCreated {
    readonly path?: string;
    readonly field?: string;
    readonly omitsEmptyList?: boolean;
    readonly entry?: z.ZodType;
}
export interface MoveStep<A> {
    readonly field: string;
    readonly path: string;
    readonly query: (args: A) => QueryValues;
}
export type UpdateAnswer = {
    readonly member: string;
} | "partial";
export interface Steps<A> {
    readonly create?: CreateStep<A>;
    readonly updateAnswer?: UpdateAnswer;
    readonly read?: ReadStep;
    readonly delete?: DeleteRequest | "abandon" | {
        readonly abandon: (state: Values) => string;
    };
    readonly detachBeforeDelete?: Detach;
    readonly wait?: WaitStep;
    readonly findCreated?: FindCreated;
    readonly move?: MoveStep<A>;
}
export type UpdateKind = "PATCH" | "PUT" | "none" | {
    readonly patch: "updateMask";
    readonly maskParam?: string;
    readonly query?: (args: Values) => QueryValues;
    readonly paths?: Readonly<Record<string, string>>;
    readonly etagField?: string;
} | {
    readonly putMerged: {
        readonly etagField?: string;
        readonly attempts?: number;
        readonly query?: (args: Values) => QueryValues;
    };
};
export declare function abandons(step: Steps<unknown>["delete"]): step is "abandon" | {
    readonly abandon: (state: Values) => string;
};
export {};
