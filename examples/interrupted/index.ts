// A stack of every kind of object a run can leave half made when it is killed: a zone of many
// record sets (written as the zone's atomic changes), a response policy with rules, a calendar
// (its id assigned by the service) with ACL rules, and a quota preference (no delete: it stays).
// tests/e2e/interrupted{Up,Skipped}.e2e.test.ts kill `pulumi up` and `destroy` at random moments, recover
// with `svc-recover` and check that the next run converges with nothing lost or made twice.
//
// Configuration (all optional):
//   records       record sets in the zone (default 300)
//   ttl           their TTL (default 300): the update the tests interrupt changes it
//   quotaId       the quota preference's id (default "interrupted-cpus")
//   project       the quota preference's project (default: svc:project / SVC_PROJECT)
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const records = config.getNumber("records") ?? 300;
const ttl = config.getNumber("ttl") ?? 300;
const domain = "interrupted.example.";
const project = config.get("project") ?? new pulumi.Config("svc").get("project") ?? process.env["SVC_PROJECT"] ?? "my-project";

const zone = new svc.dns.ManagedZone("zone", { name: "interrupted", dnsName: domain });
for (let i = 0; i < records; i++) {
  new svc.dns.RecordSet(`host-${i}`, { managedZone: zone.name, name: `host-${i}.${domain}`, type: "A", ttl, rrdatas: [`198.51.100.${i % 250}`] });
}

const overrides = new svc.dns.ResponsePolicy("overrides", { responsePolicyName: "interrupted-overrides", description: "Answers for internal names" });
for (const name of ["api", "db"]) {
  new svc.dns.ResponsePolicyRule(`rule-${name}`, {
    responsePolicy: overrides.responsePolicyName,
    ruleName: name,
    dnsName: `${name}.corp.example.`,
    localData: { localDatas: [{ name: `${name}.corp.example.`, type: "A", ttl: 300, rrdatas: ["10.1.2.3"] }] },
  });
}

const team = new svc.calendar.Calendar("team", { summary: "Interrupted team", timeZone: "Europe/Zurich" });
for (const [name, value] of [
  ["readers", "example.com"],
  ["partners", "partner.example"],
] as const) {
  new svc.calendar.AclRule(name, { calendarId: team.calendarId, scope: { type: "domain", value }, role: "reader", sendNotifications: false });
}

new svc.quotas.QuotaPreference("cpus", {
  project,
  quotaPreferenceId: config.get("quotaId") ?? "interrupted-cpus",
  service: "compute.googleapis.com",
  quotaId: "CPUS-per-project-region",
  dimensions: { region: "us-central1" },
  preferredValue: "24",
  contactEmail: "ops@example.com",
});

export const calendarId = team.calendarId;
