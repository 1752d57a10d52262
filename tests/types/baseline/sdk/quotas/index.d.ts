export * from "./quotaAdjusterSettings";
export * from "./quotaPreference";
export * from "./functions";
