import { type ApiName } from "../../config";
import { type CredentialFile } from "./files";
export declare const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
export declare const API_SCOPES: Readonly<Partial<Record<ApiName, readonly string[]>>>;
export type CredentialSource = {
    kind: "file";
    file: CredentialFile;
    where: string;
} | {
    kind: "gcloud";
    file: CredentialFile;
    where: string;
} | {
    kind: "ambient";
};
export interface CredentialPlan {
    readonly api: ApiName;
    readonly scopes: readonly string[];
    readonly source: CredentialSource;
    readonly impersonate?: {
        readonly target: string;
        readonly delegates: readonly string[];
    };
    readonly subject?: string;
    readonly authUrl?: string;
    readonly looked: readonly string[];
}
export declare const CREDENTIAL_SETTINGS: {
    readonly credentials: readonly ["svc:credentials", "SVC_CREDENTIALS"];
    readonly impersonate: readonly ["svc:impersonateServiceAccount", "SVC_IMPERSONATE_SERVICE_ACCOUNT"];
    readonly delegates: readonly ["svc:impersonateDelegates", "SVC_IMPERSONATE_DELEGATES"];
    readonly subject: readonly ["svc:subject", "SVC_SUBJECT"];
    readonly authUrl: readonly ["svc:googleAuthUrl", "SVC_GOOGLE_AUTH_URL"];
};
export declare function gcloudCredentialsFile(env?: NodeJS.ProcessEnv): string;
export declare function credentialPlan(api: ApiName, env?: NodeJS.ProcessEnv): CredentialPlan;
export declare function describeSource(plan: CredentialPlan): string;
