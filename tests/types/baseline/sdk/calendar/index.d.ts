export * from "./aclRule";
export * from "./calendar";
export * from "./calendarListEntry";
export * from "./event";
export * from "./watchChannel";
export * from "./functions";
