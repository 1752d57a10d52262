export * from "./functions";
