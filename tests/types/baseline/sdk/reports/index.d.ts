export * from "./activityWatchChannel";
export * from "./functions";
