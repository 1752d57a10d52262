import { z } from "zod";
declare const serviceAccountKey: z.ZodObject<{
    type: z.ZodLiteral<"service_account">;
    client_email: z.ZodString;
    private_key: z.ZodString;
    private_key_id: z.ZodOptional<z.ZodString>;
    project_id: z.ZodOptional<z.ZodString>;
    token_uri: z.ZodOptional<z.ZodURL>;
    universe_domain: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
declare const authorizedUser: z.ZodObject<{
    type: z.ZodLiteral<"authorized_user">;
    client_id: z.ZodString;
    client_secret: z.ZodString;
    refresh_token: z.ZodString;
    quota_project_id: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
declare const externalAccount: z.ZodObject<{
    type: z.ZodLiteral<"external_account">;
    audience: z.ZodString;
    subject_token_type: z.ZodString;
    token_url: z.ZodOptional<z.ZodURL>;
    service_account_impersonation_url: z.ZodOptional<z.ZodURL>;
    credential_source: z.ZodObject<{}, z.core.$loose>;
}, z.core.$loose>;
export declare const credentialFileSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    type: z.ZodLiteral<"service_account">;
    client_email: z.ZodString;
    private_key: z.ZodString;
    private_key_id: z.ZodOptional<z.ZodString>;
    project_id: z.ZodOptional<z.ZodString>;
    token_uri: z.ZodOptional<z.ZodURL>;
    universe_domain: z.ZodOptional<z.ZodString>;
}, z.core.$strip>, z.ZodObject<{
    type: z.ZodLiteral<"authorized_user">;
    client_id: z.ZodString;
    client_secret: z.ZodString;
    refresh_token: z.ZodString;
    quota_project_id: z.ZodOptional<z.ZodString>;
}, z.core.$strip>, z.ZodObject<{
    type: z.ZodLiteral<"external_account">;
    audience: z.ZodString;
    subject_token_type: z.ZodString;
    token_url: z.ZodOptional<z.ZodURL>;
    service_account_impersonation_url: z.ZodOptional<z.ZodURL>;
    credential_source: z.ZodObject<{}, z.core.$loose>;
}, z.core.$loose>], "type">;
export type CredentialFile = z.infer<typeof credentialFileSchema>;
export type ServiceAccountKey = z.infer<typeof serviceAccountKey>;
export type AuthorizedUserFile = z.infer<typeof authorizedUser>;
export type ExternalAccountFile = z.infer<typeof externalAccount>;
export declare class CredentialSettingError extends Error {
    constructor(message: string);
}
export declare function parseCredentialValue(value: string, where: string, allowJson: boolean): CredentialFile;
export {};
