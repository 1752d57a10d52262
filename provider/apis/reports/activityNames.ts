/**
 * The token application's enums of the spec, apart from the schemas that use
 * them (activitySchema.ts): the SDK exports them without loading zod.
 */
export const CLIENT_TYPES = [
  "CONNECTED_DEVICE",
  "NATIVE_MOBILE_1",
  "NATIVE_APPLICATION",
  "NATIVE_BROWSER_EXTENSION",
  "NATIVE_DESKTOP",
  "NATIVE_DEVICE",
  "NATIVE_MOBILE_2",
  "NATIVE_VENDOR",
  "NATIVE_UNIVERSAL_PLATFORM",
  "TYPE_UNSPECIFIED",
  "WEB",
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const PRODUCT_BUCKETS = [
  "SCRIPT_API",
  "SCRIPT_RUNTIME",
  "CALENDAR",
  "CLASSROOM",
  "CLOUD_SEARCH",
  "COMMUNICATIONS",
  "CONTACTS",
  "DRIVE",
  "MAIL",
  "PLUS",
  "GROUPS",
  "SUITE_ADMIN",
  "IDENTITY",
  "OTHER",
  "TASKS",
  "VAULT",
] as const;
export type ProductBucket = (typeof PRODUCT_BUCKETS)[number];

export const TOKEN_EVENT_NAMES = ["activity", "authorize", "request", "revoke"] as const;
export type TokenEventName = (typeof TOKEN_EVENT_NAMES)[number];
