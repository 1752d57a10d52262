// One zone's record sets in either of pulumi-svc's forms, and the move between them that sends
// nothing to Cloud DNS (docs/dns.md, "Many record sets: ZoneRecords or RecordSet"):
//   1. `retain: true`, `pulumi up`: the record resources are kept on delete (no change, no request);
//   2. the other `form` with `adopt: true`, `pulumi up`: the old resources leave the stack without
//      being deleted, the new ones adopt the same record sets by `{ import }`;
//   3. `pulumi preview` shows no change.
//
// Configuration (all optional):
//   form      recordSets: one svc.dns.RecordSet per set (the default); zoneRecords: one svc.dns.ZoneRecords
//   retain    keep the record sets when their resources leave the program (retainOnDelete)
//   adopt     the record sets exist: adopt them with `{ import }` instead of creating them
//   zoneName  the zone's name in the project        (default "records-move")
//   domain    the zone's DNS name, with a trailing dot (default "move.example.com.")
// The project comes from `svc:project` (or SVC_PROJECT); the endpoint and token from
// `svc:dnsBaseUrl`/`svc:dnsToken`, or `svc:emulatorUrl` for the emulator.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const form = config.get("form") ?? "recordSets";
const retain = config.getBoolean("retain") ?? false;
const adopt = config.getBoolean("adopt") ?? false;
const zoneName = config.get("zoneName") ?? "records-move";
const domain = config.get("domain") ?? "move.example.com.";
if (form !== "recordSets" && form !== "zoneRecords") throw new Error(`form must be recordSets or zoneRecords; got ${JSON.stringify(form)}`);

const zone = new svc.dns.ManagedZone("zone", { name: zoneName, dnsName: domain });

// The zone's record sets, as ZoneRecords takes them: names relative to the zone ("@" the apex), then types.
const records: Record<string, Record<string, svc.dns.ZoneRecordsRecordDataArgs>> = {
  "@": {
    MX: { ttl: 3600, rrdatas: ["10 mail.example.net.", "20 mail2.example.net."] },
    TXT: { rrdatas: ["v=spf1 include:mail.example.net -all"] },
  },
  www: { A: { rrdatas: ["192.0.2.10", "192.0.2.11"] } },
  api: { AAAA: { ttl: 60, rrdatas: ["2001:db8::10"] } },
  docs: { CNAME: { rrdatas: [`www.${domain}`] } },
};

const options = (id: string): pulumi.CustomResourceOptions => ({ retainOnDelete: retain, ...(adopt && { import: id }) });

if (form === "zoneRecords") {
  new svc.dns.ZoneRecords("records", { managedZone: zone.name, records }, options(zoneName));
} else {
  for (const [relative, types] of Object.entries(records)) {
    const name = relative === "@" ? domain : `${relative}.${domain}`;
    for (const [type, { ttl, rrdatas }] of Object.entries(types)) {
      // The same sets, one resource each: the import id names the zone, the absolute name and the type.
      const args = { managedZone: zone.name, name, type: type as svc.dns.RecordSetType, ttl, rrdatas };
      new svc.dns.RecordSet(`${relative === "@" ? "apex" : relative}-${type}`, args, options(`${zoneName}/${name}/${type}`));
    }
  }
}

export const recordSets = Object.values(records).reduce((sum, types) => sum + Object.keys(types).length, 0);
