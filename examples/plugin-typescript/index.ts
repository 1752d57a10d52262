// The plugin-yaml example in TypeScript, through the plugin's typed SDK (`pulumi-svc/plugin`, generated from
// the plugin's schema) instead of the package's dynamic one (`pulumi-svc`): the same resources and property
// names, run by the provider plugin. Configuration, all optional: wwwTtl (300), apiType (A) and apiData
// (192.0.2.20) of the api record set, quotaProject (quota-project).
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc/plugin";

const config = new pulumi.Config();

const zone = new svc.dns.ManagedZone("zone", {
  name: "plugin-ts-zone",
  dnsName: "plugin-ts.example.",
  description: "The records of the plugin TypeScript example",
});
new svc.dns.RecordSet("www", {
  managedZone: zone.name,
  name: "www.plugin-ts.example.",
  type: svc.dns.RecordSetType.A,
  ttl: config.getNumber("wwwTtl") ?? 300,
  rrdatas: ["192.0.2.10", "192.0.2.11"],
});
// A CNAME cannot stand beside another type at its name: a change to or from one deletes first.
new svc.dns.RecordSet("api", {
  managedZone: zone.name,
  name: "api.plugin-ts.example.",
  // Read as one of the SDK's record types (the provider checks the value).
  type: config.get<svc.dns.RecordSetType>("apiType") ?? "A",
  rrdatas: [config.get("apiData") ?? "192.0.2.20"],
});
const team = new svc.calendar.Calendar("calendar", { summary: "Plugin TypeScript team" });
new svc.calendar.AclRule("reader", {
  calendarId: team.calendarId,
  scope: { type: svc.calendar.AclRuleScopeType.User, value: "ann@example.com" },
  role: svc.calendar.AclRuleRole.Reader,
});
new svc.quotas.QuotaPreference("cpus", {
  project: config.get("quotaProject") ?? "quota-project",
  quotaPreferenceId: "plugin-ts-cpus",
  service: "compute.googleapis.com",
  quotaId: "CPUS-per-project-region",
  dimensions: { region: "us-central1" },
  preferredValue: "24",
  justification: "steady state",
});
// A read function: the zone as the API describes it, once it exists.
const read = svc.dns.getManagedZoneOutput({ managedZone: zone.name });

export const nameServers = zone.nameServers;
export const calendarId = team.calendarId;
export const readDnsName = read.dnsName;
