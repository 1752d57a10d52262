// A zone's record sets as one resource (svc.dns.ZoneRecords): the records of a small website, and
// as many host records as `count` says, up to Cloud DNS's 10,000 a zone. One resource costs the
// engine one state write a step, whatever the zone's size.
//
// Configuration (all optional):
//   zoneName    the zone's name in the project              (default "zone-records")
//   domain      the zone's DNS name, with a trailing dot     (default "records.example.com.")
//   count       host records host-0 ... host-<count-1>       (default 20)
//   ttl         the TTL of the host records, seconds         (default 300)
//   changed     how many host records point elsewhere        (default 0)
//   exclusive   the zone holds exactly these records         (default false)
//   importZone  adopt the zone's records that exist (true) instead of creating them
//   manageZone  make the zone here (true, the default) or use an existing one (false)
//   extraRecords  more record sets, a JSON map as `records` takes it
// The project comes from `svc:project` (or SVC_PROJECT); the endpoint and token from
// `svc:dnsBaseUrl`/`svc:dnsToken`, or `svc:emulatorUrl` for the emulator.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const zoneName = config.get("zoneName") ?? "zone-records";
const domain = config.get("domain") ?? "records.example.com.";
const count = config.getNumber("count") ?? 20;
const ttl = config.getNumber("ttl") ?? 300;
const changed = config.getNumber("changed") ?? 0;
const exclusive = config.getBoolean("exclusive") ?? false;
const importZone = config.getBoolean("importZone") ?? false;
const manageZone = config.getBoolean("manageZone") ?? true;

const zone = manageZone ? new svc.dns.ManagedZone("zone", { name: zoneName, dnsName: domain }) : undefined;

const records: Record<string, Record<string, svc.dns.ZoneRecordsRecordDataArgs>> = {
  "@": {
    MX: { ttl: 3600, rrdatas: ["10 mail.example.net.", "20 mail2.example.net."] },
    TXT: { rrdatas: ["v=spf1 include:mail.example.net -all"] },
    CAA: { rrdatas: ['0 issue "letsencrypt.org"'] },
  },
  www: { CNAME: { rrdatas: [domain] } },
  _sip: { SRV: { rrdatas: ["10 60 5060 sip.example.net."] } },
};
// Host records: addresses 198.51.x.y, those below `changed` moved to 203.0.113.y.
for (let i = 0; i < count; i++) {
  const address = i < changed ? `203.0.113.${i % 250}` : `198.51.${Math.floor(i / 250) % 250}.${i % 250}`;
  records[`host-${i}`] = { A: { ttl, rrdatas: [address] } };
}

Object.assign(records, config.getObject<typeof records>("extraRecords") ?? {});

const zoneRecords = new svc.dns.ZoneRecords(
  "records",
  { managedZone: zone?.name ?? zoneName, records, exclusive },
  // The short import id: the project is the settings' (`svc:project`).
  importZone ? { import: zoneName } : {},
);

export const dnsName = zoneRecords.dnsName;
export const recordSets = Object.keys(records).length;
