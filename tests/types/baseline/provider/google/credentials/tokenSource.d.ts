import type { AuthClient } from "google-auth-library";
import type { ApiName } from "../../config";
import { type CredentialPlan } from "./settings";
export interface TokenSource {
    token(): Promise<string>;
    refused(token: string): void;
    readonly scopeHint: string;
}
export declare function tokenSourceFor(api: ApiName, env?: NodeJS.ProcessEnv): TokenSource;
export declare function resetTokenSources(): void;
export declare function createTokenSource(plan: CredentialPlan, build?: (plan: CredentialPlan) => Promise<AuthClient>): TokenSource;
export declare class CredentialError extends Error {
    constructor(message: string);
}
