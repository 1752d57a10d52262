export declare const CLIENT_TYPES: readonly ["CONNECTED_DEVICE", "NATIVE_MOBILE_1", "NATIVE_APPLICATION", "NATIVE_BROWSER_EXTENSION", "NATIVE_DESKTOP", "NATIVE_DEVICE", "NATIVE_MOBILE_2", "NATIVE_VENDOR", "NATIVE_UNIVERSAL_PLATFORM", "TYPE_UNSPECIFIED", "WEB"];
export type ClientType = (typeof CLIENT_TYPES)[number];
export declare const PRODUCT_BUCKETS: readonly ["SCRIPT_API", "SCRIPT_RUNTIME", "CALENDAR", "CLASSROOM", "CLOUD_SEARCH", "COMMUNICATIONS", "CONTACTS", "DRIVE", "MAIL", "PLUS", "GROUPS", "SUITE_ADMIN", "IDENTITY", "OTHER", "TASKS", "VAULT"];
export type ProductBucket = (typeof PRODUCT_BUCKETS)[number];
export declare const TOKEN_EVENT_NAMES: readonly ["activity", "authorize", "request", "revoke"];
export type TokenEventName = (typeof TOKEN_EVENT_NAMES)[number];
