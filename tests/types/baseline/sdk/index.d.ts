export * as ads from "./ads";
export * as calendar from "./calendar";
export * as ci from "./ci";
export * as codehost from "./codehost";
export * as dns from "./dns";
export * as quotas from "./quotas";
export * as reports from "./reports";
