// Whichever Google credential the stack is given (a key in svc:credentials, GOOGLE_APPLICATION_CREDENTIALS,
// the metadata server, impersonation, workload identity, domain-wide delegation: see
// docs/credentials.md), the program is the same: no token appears in it.
//
// Configuration (all optional):
//   records      record sets in a zone of their own (default 1; 0 makes no zone)
//   zoneName     the zone's name (default "creds"), under creds.example.com.
//   calendarRule "true": share the caller's primary calendar with aclUser (under svc:subject, the delegated user's)
//   aclUser      who gets read access (default "auditor@example.test")
//   quotaWait    seconds to wait for a quota increase to be decided (waitForGrant); left out, no preference
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const records = config.getNumber("records") ?? 1;
const zoneName = config.get("zoneName") ?? "creds";
const domain = `${zoneName}.example.com.`;

if (records > 0) {
  const zone = new svc.dns.ManagedZone("zone", { name: zoneName, dnsName: domain });
  for (let i = 0; i < records; i++) {
    new svc.dns.RecordSet(`host-${i}`, { managedZone: zone.name, name: `host-${i}.${domain}`, type: "A", ttl: 300, rrdatas: [`198.51.100.${i % 250}`] });
  }
}

export const aclRuleId =
  config.getBoolean("calendarRule") === true
    ? new svc.calendar.AclRule("auditor", {
        calendarId: "primary",
        scope: { type: "user", value: config.get("aclUser") ?? "auditor@example.test" },
        role: "reader",
        sendNotifications: false,
      }).ruleId
    : undefined;

const quotaWait = config.getNumber("quotaWait");
export const quotaGranted =
  quotaWait === undefined
    ? undefined
    : new svc.quotas.QuotaPreference("instances", {
        organization: "123456789012",
        quotaPreferenceId: "creds-instances-us-east1",
        service: "compute.googleapis.com",
        quotaId: "INSTANCES-per-project-region",
        dimensions: { region: "us-east1" },
        preferredValue: "5000",
        justification: "a long run under short-lived tokens",
        contactEmail: "ops@example.com",
        waitForGrant: quotaWait,
      }).grantedValue;
