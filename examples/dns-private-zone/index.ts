// Internal names of a corporate network: a private zone visible to the
// corporate networks, an API name whose traffic is split between two
// deployments by weight (blue/green), and who may read the zone.
//
// Every property the tests change is configurable; `<resource>Import` config
// keys adopt existing objects with the `import` option.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const domain = config.get("domain") ?? "internal.corp.example.";
const network = (name: string): { networkUrl: string } => ({
  networkUrl: `https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/${name}`,
});
const adopt = (key: string): pulumi.CustomResourceOptions | undefined => {
  const id = config.get(key);
  return id === undefined ? undefined : { import: id };
};

const zone = new svc.dns.ManagedZone("private-zone", {
  name: config.get("zoneName") ?? "internal",
  dnsName: domain,
  description: config.get("description") ?? "Internal names",
  visibility: "private",
  labels: { env: config.get("env") ?? "prod" },
  privateVisibilityConfig: { networks: (config.getObject<string[]>("networks") ?? ["corp"]).map(network) },
  cloudLoggingConfig: { enableLogging: config.getBoolean("logging") ?? false },
});

const blueWeight = config.getNumber("blueWeight") ?? 0.9;
const api = new svc.dns.RecordSet(
  "api",
  {
    managedZone: zone.name,
    name: `api.${domain}`,
    type: "A",
    ttl: config.getNumber("apiTtl") ?? 300,
    routingPolicy: {
      wrr: {
        items: [
          { weight: blueWeight, rrdatas: ["10.0.0.10"] },
          { weight: Math.round((1 - blueWeight) * 100) / 100, rrdatas: ["10.0.0.20"] },
        ],
      },
    },
  },
  adopt("apiImport"),
);

const access = new svc.dns.ManagedZoneIamPolicy(
  "access",
  { managedZone: zone.name, bindings: [{ role: "roles/dns.reader", members: config.getObject<string[]>("readers") ?? ["group:eng@example.com"] }] },
  adopt("accessImport"),
);

export const zoneId = zone.id;
export const apiRecord = api.id;
export const readers = access.bindings;
