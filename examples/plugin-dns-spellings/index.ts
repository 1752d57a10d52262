// The dns-spellings example through the provider plugin (`pulumi-svc/plugin`): record data in any
// spelling, and no change in a second preview or a refresh. Configuration: `records`, a JSON list of
// `{ name, type, ttl, rrdatas }` under `zoneDnsName`.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc/plugin";

interface Record {
  readonly name: string;
  readonly type: svc.dns.RecordSetType;
  readonly ttl: number;
  readonly rrdatas: string[];
}

const config = new pulumi.Config();
const dnsName = config.get("zoneDnsName") ?? "plugin-spellings.example.";
const records = config.getObject<Record[]>("records") ?? [
  { name: `v6.${dnsName}`, type: svc.dns.RecordSetType.AAAA, ttl: 300, rrdatas: ["2001:0DB8:0000:0000:0000:0000:0000:0001"] },
  { name: `mail.${dnsName}`, type: svc.dns.RecordSetType.MX, ttl: 300, rrdatas: ["10 MAIL.Example.COM."] },
];

const zone = new svc.dns.ManagedZone("zone", { name: config.get("zoneName") ?? "plugin-spellings", dnsName, description: "Record data in any spelling" });
for (const record of records) {
  new svc.dns.RecordSet(`${record.type}-${record.name}`, { managedZone: zone.name, ...record });
}
