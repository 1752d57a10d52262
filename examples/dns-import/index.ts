// Adopting objects that already exist: the standard `import` resource option.
// The properties must describe the existing objects; properties that can be
// updated in place and differ are converged on `up`, others fail the import.
//
// Configuration: zoneName, domain (with a trailing dot), zoneImportId and
// recordImportId (any accepted form, e.g. "my-zone" and "my-zone/www.example.com./A").
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const zoneName = config.require("zoneName");
const domain = config.require("domain");

const zone = new svc.dns.ManagedZone(
  "existing-zone",
  { name: zoneName, dnsName: domain, description: config.get("description") ?? "" },
  { import: config.require("zoneImportId") },
);

const www = new svc.dns.RecordSet(
  "existing-www",
  { managedZone: zone.name, name: `www.${domain}`, type: "A", ttl: config.getNumber("ttl") ?? 300, rrdatas: ["192.0.2.80"] },
  { import: config.require("recordImportId") },
);

export const zoneId = zone.id;
export const recordId = www.id;
