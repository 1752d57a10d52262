// The program of a pull request reviewed with `svc-plan`: revision 1 is what is deployed,
// revision 2 the change under review. The change holds what a reviewer must see (a TTL, a
// record type that forces a delete-first replacement, a member taken off the zone, a record
// set removed, a record adopted with { import }, a calendar role, a quota lowered) beside
// spellings the provider treats as no change (records reordered, TXT quoting).
//
// Configuration:
//   revision          1 (default) or 2
//   siteVerification  a secret TXT value (set it with --secret)
//   adoptRecord       revision 2: the id of an existing record set to adopt,
//                     e.g. "plan-zone/adopted.plan.example./A"
//   project           the quota preference's project (default: svc:project / SVC_PROJECT)
// Tokens: svc:dnsToken, svc:calendarToken, svc:quotasToken (secrets), or svc:emulatorUrl.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const revised = (config.getNumber("revision") ?? 1) >= 2;
const project = config.get("project") ?? new pulumi.Config("svc").get("project") ?? process.env["SVC_PROJECT"] ?? "my-project";

const zone = new svc.dns.ManagedZone("zone", { name: "plan-zone", dnsName: "plan.example.", description: "Reviewed with svc-plan" });

// Revision 2: a longer TTL; the addresses reordered are the same set.
new svc.dns.RecordSet("apex", {
  managedZone: zone.name,
  name: "plan.example.",
  type: "A",
  ttl: revised ? 600 : 300,
  rrdatas: revised ? ["192.0.2.2", "192.0.2.1"] : ["192.0.2.1", "192.0.2.2"],
});

// Revision 2: the mail servers listed the other way round are the same set.
new svc.dns.RecordSet("mail", {
  managedZone: zone.name,
  name: "plan.example.",
  type: "MX",
  ttl: 3600,
  rrdatas: revised ? ["20 mx2.mail.example.net.", "10 mx1.mail.example.net."] : ["10 mx1.mail.example.net.", "20 mx2.mail.example.net."],
});

// Revision 2: the same policy without its quotes is the same record.
new svc.dns.RecordSet("spf", {
  managedZone: zone.name,
  name: "plan.example.",
  type: "TXT",
  ttl: 3600,
  rrdatas: [revised ? "v=spf1 include:mail.example.net -all" : '"v=spf1 include:mail.example.net -all"'],
});

new svc.dns.RecordSet("verification", {
  managedZone: zone.name,
  name: "_verify.plan.example.",
  type: "TXT",
  ttl: 300,
  rrdatas: config.requireSecret("siteVerification").apply((value) => [value]),
});

// Revision 2: the website moves from an alias to an address; a CNAME cannot stand beside it.
new svc.dns.RecordSet("www", {
  managedZone: zone.name,
  name: "www.plan.example.",
  type: revised ? "A" : "CNAME",
  ttl: 300,
  rrdatas: revised ? ["192.0.2.10"] : ["plan.example."],
});

// Revision 2: the legacy record set is removed from the program.
if (!revised) {
  new svc.dns.RecordSet("legacy", { managedZone: zone.name, name: "old.plan.example.", type: "TXT", ttl: 300, rrdatas: ["retired"] });
}

// Revision 2: a record set made by hand is adopted.
const adoptRecord = config.get("adoptRecord");
if (revised && adoptRecord !== undefined) {
  new svc.dns.RecordSet(
    "adopted",
    { managedZone: zone.name, name: "adopted.plan.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.50"] },
    { import: adoptRecord },
  );
}

// Revision 2: a contractor no longer reads the zone.
new svc.dns.ManagedZoneIamBinding("readers", {
  managedZone: zone.name,
  role: "roles/dns.reader",
  members: revised ? ["group:ops@example.com"] : ["group:ops@example.com", "user:contractor@example.com"],
});

// Revision 2: the editor becomes a reader.
const team = new svc.calendar.Calendar("team", { summary: "Platform team" });
new svc.calendar.AclRule("editor", {
  calendarId: team.calendarId,
  scope: { type: "user", value: "ann@example.com" },
  role: revised ? "reader" : "writer",
  sendNotifications: false,
});

// Revision 2: the project asks for fewer CPUs.
new svc.quotas.QuotaPreference("cpus", {
  project,
  quotaPreferenceId: "plan-cpus",
  service: "compute.googleapis.com",
  quotaId: "CPUS-per-project-region",
  dimensions: { region: "us-central1" },
  preferredValue: revised ? "22" : "24",
  justification: "steady state",
  contactEmail: "ops@example.com",
});

export const zoneName = zone.name;
