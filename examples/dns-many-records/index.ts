// One zone with `count` A records (default 50), which the engine creates in
// parallel: a workload for retries under rate limiting and server errors.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 50;
const domain = config.get("domain") ?? "many.example.com.";

const zone = new svc.dns.ManagedZone("zone", { name: config.get("zoneName") ?? "many-records", dnsName: domain });

const hosts = Array.from({ length: count }, (_, i) =>
  new svc.dns.RecordSet(`host-${i}`, {
    managedZone: zone.name,
    name: `host-${i}.${domain}`,
    type: "A",
    ttl: 300,
    rrdatas: [`198.51.100.${i % 250}`],
  }),
);

export const recordCount = hosts.length;
