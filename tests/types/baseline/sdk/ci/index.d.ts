export * from "./checkoutKey";
export * from "./projectFollow";
export * from "./sshKey";
export * from "./functions";
