// A public zone with the records of a small website.
//
// Configuration (all optional):
//   zoneName   the zone's name in the project          (default "example-zone")
//   domain     the zone's DNS name, with a trailing dot (default "example.com.")
//   wwwLabel   the label of the website's host          (default "www")
//   wwwTtl     the TTL of the website's record, seconds (default 300)
//   wwwType    the type of the website's record         (default "CNAME")
//   wwwRecords the website's record data, a JSON list   (default [domain]: an alias of the apex)
//   apexAddresses  the apex A records, a JSON list      (default ["192.0.2.10", "192.0.2.11"])
//   spf        the SPF policy text                      (default quoted "v=spf1 include:mail.example.net -all")
//   forceDestroy   delete unmanaged records with the zone (default false)
// The project comes from `svc:project` (or SVC_PROJECT); the endpoint and token
// from `svc:dnsBaseUrl`/`svc:dnsToken`, or `svc:emulatorUrl` for the emulator.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const zoneName = config.get("zoneName") ?? "example-zone";
const domain = config.get("domain") ?? "example.com.";
const wwwLabel = config.get("wwwLabel") ?? "www";
const wwwTtl = config.getNumber("wwwTtl") ?? 300;
// A type from configuration is checked at preview; the type argument tells TypeScript it is a record type.
const wwwType = config.get<svc.dns.RecordSetType>("wwwType") ?? "CNAME";
const wwwRecords = config.getObject<string[]>("wwwRecords") ?? [domain];
const apexRecords = config.getObject<string[]>("apexAddresses") ?? ["192.0.2.10", "192.0.2.11"];
const spf = config.get("spf") ?? '"v=spf1 include:mail.example.net -all"';

const zone = new svc.dns.ManagedZone("zone", {
  name: zoneName,
  dnsName: domain,
  description: "Public zone of the website",
  labels: {
    team: "web",
    env: pulumi
      .getStack()
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, "-"),
  },
  forceDestroy: config.getBoolean("forceDestroy") ?? false,
});

const apex = new svc.dns.RecordSet("apex", {
  managedZone: zone.name,
  name: domain,
  type: "A",
  ttl: 300,
  rrdatas: apexRecords,
});

const www = new svc.dns.RecordSet("www", {
  managedZone: zone.name,
  name: `${wwwLabel}.${domain}`,
  type: wwwType,
  ttl: wwwTtl,
  rrdatas: wwwRecords,
});

new svc.dns.RecordSet("mail", {
  managedZone: zone.name,
  name: domain,
  type: "MX",
  ttl: 3600,
  rrdatas: ["10 mx1.mail.example.net.", "20 mx2.mail.example.net."],
});

new svc.dns.RecordSet("spf", {
  managedZone: zone.name,
  name: domain,
  type: "TXT",
  ttl: 3600,
  rrdatas: [spf],
});

export const zoneId = zone.id;
export const nameServers = zone.nameServers;
export const website = www.name;
export const apexAddresses = apex.rrdatas;
