// One zone with `count` A records (default 50), which the engine creates in
// parallel: a workload for retries under rate limiting and server errors.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 50;
const domain = config.get("domain") ?? "many.example.com.";
// The benchmark's ttl and record-data updates change these; `ten` (1) gives the first ten records TTL 900.
const ttl = config.getNumber("ttl") ?? 300;
const dataVersion = config.getNumber("dataVersion") ?? 1;
const ten = config.getNumber("ten") ?? 0;

const zone = new svc.dns.ManagedZone("zone", { name: config.get("zoneName") ?? "many-records", dnsName: domain });

const hosts = Array.from(
  { length: count },
  (_, i) =>
    new svc.dns.RecordSet(`host-${i}`, {
      managedZone: zone.name,
      name: `host-${i}.${domain}`,
      type: "A",
      ttl: i < 10 && ten === 1 ? 900 : ttl,
      rrdatas: [`${dataVersion === 1 ? "198.51.100" : "203.0.113"}.${i % 250}`],
    }),
);

export const recordCount = hosts.length;
