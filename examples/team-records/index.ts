// One team's record sets in a zone that several teams share. Each team is a stack of this
// project, all stacks on one self-managed backend (`pulumi login postgres://...`), so teams change
// their own records at the same time without sharing a state file. The zone itself is made once,
// outside these stacks (by a platform stack, or by hand), and named in each stack's config.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const zone = config.require("zone"); // the shared zone's name, e.g. "team-zone"
const domain = config.require("domain"); // its DNS name, e.g. "team.example."
const team = config.require("team"); // this stack's part of the zone: <host>.<team>.<domain>
const count = config.getNumber("count") ?? 10;
const ttl = config.getNumber("ttl") ?? 300;

const hosts = Array.from(
  { length: count },
  (_, i) =>
    new svc.dns.RecordSet(`host-${i}`, {
      managedZone: zone,
      name: `host-${i}.${team}.${domain}`,
      type: "A",
      ttl,
      rrdatas: [`198.51.100.${i % 250}`],
    }),
);

export const recordNames = hosts.map((host) => host.name);
