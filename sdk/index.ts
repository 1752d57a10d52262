/**
 * pulumi-svc: Pulumi resources for several REST APIs, one namespace per API.
 *
 * @example
 * ```ts
 * import * as svc from "pulumi-svc";
 * const zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });
 * ```
 */
export * as ci from "./ci";
export * as dns from "./dns";
