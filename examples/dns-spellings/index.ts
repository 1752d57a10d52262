// Record data in whatever spelling it is written: an IPv6 address in full or compressed, a mail host
// in capitals, a DS digest in upper case, a TXT value quoted or not, whole or split into strings.
// Cloud DNS answers each in its own spelling; the provider takes the two as the same value, so a
// second `pulumi preview` and a `pulumi refresh` show no change. Configuration: `records`, a JSON list
// of `{ name, type, ttl, rrdatas }` under `zoneDnsName` (default below).
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

interface Record {
  readonly name: string;
  readonly type: svc.dns.RecordSetType;
  readonly ttl: number;
  readonly rrdatas: string[];
}

const config = new pulumi.Config();
const dnsName = config.get("zoneDnsName") ?? "spellings.example.";
const records = config.getObject<Record[]>("records") ?? [
  { name: `v6.${dnsName}`, type: "AAAA", ttl: 300, rrdatas: ["2001:0DB8:0000:0000:0000:0000:0000:0001"] },
  { name: `mail.${dnsName}`, type: "MX", ttl: 300, rrdatas: ["10 MAIL.Example.COM."] },
  { name: `spf.${dnsName}`, type: "TXT", ttl: 300, rrdatas: ["v=spf1 include:_spf.example.com ~all"] },
];

const zone = new svc.dns.ManagedZone("zone", { name: config.get("zoneName") ?? "spellings", dnsName });
for (const record of records) {
  new svc.dns.RecordSet(`${record.type}-${record.name}`, { managedZone: zone.name, ...record });
}
