// Access to a zone: each reader is its own ManagedZoneIamMember (so teams can
// add readers independently), and the admins are one authoritative
// ManagedZoneIamBinding. The engine applies them in parallel; every change
// is a read-modify-write of the zone's policy, so none is lost.
//
// Configuration: zoneName, domain, readers (JSON list of members), admins
// (JSON list), adminRole (default "roles/dns.admin"), readerImport (the import id
// of an existing grant, "projects/{p}/managedZones/{z} roles/dns.reader {member}",
// applied to the reader it names), adminsImport (the import id of the admins' binding,
// "projects/{p}/managedZones/{z} {role}").
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const readers = config.getObject<string[]>("readers") ?? [
  "user:ana@example.com",
  "user:bo@example.com",
  "user:chen@example.com",
  "group:sre@example.com",
  "serviceAccount:monitor@corp-net.iam.gserviceaccount.com",
];

const zone = new svc.dns.ManagedZone("zone", {
  name: config.get("zoneName") ?? "shared-zone",
  dnsName: config.get("domain") ?? "shared.example.",
  description: "Zone shared between teams",
});

const readerImport = config.get("readerImport");

for (const member of readers) {
  new svc.dns.ManagedZoneIamMember(
    `reader-${member.split(/[:@]/)[1]}`,
    { managedZone: zone.name, role: "roles/dns.reader", member },
    readerImport?.endsWith(` ${member}`) === true ? { import: readerImport } : undefined,
  );
}

const adminsImport = config.get("adminsImport");
const admins = new svc.dns.ManagedZoneIamBinding(
  "admins",
  {
    managedZone: zone.name,
    role: config.get("adminRole") ?? "roles/dns.admin",
    members: config.getObject<string[]>("admins") ?? ["group:dns-admins@example.com"],
  },
  adminsImport === undefined ? undefined : { import: adminsImport },
);

export const zoneId = zone.id;
export const adminMembers = admins.members;
