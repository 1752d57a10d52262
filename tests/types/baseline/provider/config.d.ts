export declare const API_NAMES: readonly ["dns", "calendar", "quotas", "ci", "reports", "ads", "codehost"];
export type ApiName = (typeof API_NAMES)[number];
export interface ConfigSource {
    get(key: string): string | undefined;
    isSecret?(key: string): boolean;
}
export type AuthStyle = "bearer" | "ci-token-header" | "basic" | "query" | "client-basic" | "none" | "google-credentials";
export declare const GOOGLE_APIS: readonly ApiName[];
export interface ApiSettings {
    readonly api: ApiName;
    readonly baseUrl: string;
    readonly token: string;
    readonly authStyle?: AuthStyle;
    readonly clientId?: string;
}
export declare class MissingSettingError extends Error {
    readonly configKey: string;
    readonly envVar: string;
    constructor(configKey: string, envVar: string, what: string);
}
export declare function useStackConfig(config: ConfigSource): void;
export declare function readSetting(configKey: string, envVar: string, env?: NodeJS.ProcessEnv): string | undefined;
export declare function settingNames(api: ApiName): {
    baseUrl: [string, string];
    token: [string, string];
};
export declare function resolveApiSettings(api: ApiName, env?: NodeJS.ProcessEnv): ApiSettings;
export declare function isSecretSetting(configKey: string): boolean;
export declare function resolveCodeHostSettings(env?: NodeJS.ProcessEnv): ApiSettings;
export declare function defaultProject(env?: NodeJS.ProcessEnv): string | undefined;
export declare function resolveChannelSettings(api: ApiName, env?: NodeJS.ProcessEnv): ApiSettings;
