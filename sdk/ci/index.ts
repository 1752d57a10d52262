/** The continuous-integration service: checkout keys, SSH keys and project follows. */
export { CheckoutKey, type CheckoutKeyArgs } from "./checkoutKey";
export { ProjectFollow, type ProjectFollowArgs } from "./projectFollow";
export { SshKey, type SshKeyArgs } from "./sshKey";
export * from "./functions";
