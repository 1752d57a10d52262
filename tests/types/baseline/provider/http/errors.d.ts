export type Outcome = "rejected" | "unknown";
export interface ApiErrorDetails {
    readonly status: number | undefined;
    readonly reason: string | undefined;
    readonly apiMessage: string | undefined;
    readonly method: string;
    readonly path: string;
    readonly outcome: Outcome;
}
export declare class ApiError extends Error implements ApiErrorDetails {
    readonly status: number | undefined;
    readonly reason: string | undefined;
    readonly apiMessage: string | undefined;
    readonly method: string;
    readonly path: string;
    readonly outcome: Outcome;
    constructor(details: ApiErrorDetails);
    get isNotFound(): boolean;
    get isConflict(): boolean;
}
export declare function redactedPath(url: string | URL): string;
export declare function redactSecret(text: string, secret: string | undefined): string;
export declare function parseErrorBody(body: unknown): {
    reason?: string;
    message?: string;
};
