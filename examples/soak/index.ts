// A bit of every resource kind at once — two zones with `records` record sets
// between them, a DNS server policy, a response policy with `rules` rules,
// `members` IAM members on the first zone, a followed CI project with
// `keys` checkout keys and an SSH key — for soak runs under injected faults
// (tests/e2e/soak.e2e.test.ts, scripts/soak.ts).
//
// Configuration: records (default 64), rules (10), members (10), keys (10),
// recordVersion (1; raising it changes the data of every fifth record set),
// org and project of the CI project (acme/api-service), sshPrivateKey (secret,
// optional: no SSH key without it).
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const records = config.getNumber("records") ?? 64;
const rules = config.getNumber("rules") ?? 10;
const members = config.getNumber("members") ?? 10;
const keys = config.getNumber("keys") ?? 10;
const recordVersion = config.getNumber("recordVersion") ?? 1;

const zones = ["soak-a", "soak-b"].map(
  (name) => new svc.dns.ManagedZone(name, { name, dnsName: `${name}.example.`, description: "soak zone", forceDestroy: false }),
);

for (let i = 0; i < records; i++) {
  const zone = zones[i % zones.length]!;
  // Every fifth record set gets new data when recordVersion goes up: an atomic change each.
  const changed = i % 5 === 0 && recordVersion > 1;
  new svc.dns.RecordSet(`host-${i}`, {
    managedZone: zone.name,
    name: pulumi.interpolate`host-${i}.${zone.dnsName}`,
    type: "A",
    ttl: 300,
    rrdatas: [changed ? `203.0.113.${(i + recordVersion) % 250}` : `198.51.100.${i % 250}`],
  });
}

const network = (name: string): { networkUrl: string } => ({
  networkUrl: `https://www.googleapis.com/compute/v1/projects/soak-net/global/networks/${name}`,
});

new svc.dns.Policy("resolver-policy", {
  name: "soak-resolver",
  description: "soak resolver policy",
  enableInboundForwarding: true,
  networks: [network("soak-policy")],
});

const responsePolicy = new svc.dns.ResponsePolicy("overrides", {
  responsePolicyName: "soak-overrides",
  description: "soak response policy",
  networks: [network("soak-rp")],
});

for (let i = 0; i < rules; i++) {
  new svc.dns.ResponsePolicyRule(`rule-${i}`, {
    responsePolicy: responsePolicy.responsePolicyName,
    ruleName: `rule-${i}`,
    dnsName: `svc-${i}.soak.internal.`,
    localData: { localDatas: [{ name: `svc-${i}.soak.internal.`, type: "A", ttl: 300, rrdatas: [`10.9.0.${i % 250}`] }] },
  });
}

for (let i = 0; i < members; i++) {
  new svc.dns.ManagedZoneIamMember(`reader-${i}`, { managedZone: zones[0]!.name, role: "roles/dns.reader", member: `user:reader-${i}@example.com` });
}

const vcsType = "vcs-a";
const username = config.get("org") ?? "acme";
const project = config.get("project") ?? "api-service";
const follow = new svc.ci.ProjectFollow("follow", { vcsType, username, project });
for (let i = 0; i < keys; i++) {
  new svc.ci.CheckoutKey(`checkout-key-${i}`, { vcsType, username, project, type: "deploy-key" }, { dependsOn: follow });
}
const sshPrivateKey = config.getSecret("sshPrivateKey");
if (sshPrivateKey !== undefined) {
  new svc.ci.SshKey("deploy-host", { vcsType, username, project, hostname: "deploy.soak.example", privateKey: sshPrivateKey });
}

export const zoneNames = zones.map((zone) => zone.name);
