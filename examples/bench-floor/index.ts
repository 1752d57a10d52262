// The benchmark's floor: the graph of examples/dns-many-records (one parent, `count` children
// that depend on it) made of no-op dynamic resources whose provider is one line, like the SDK's.
// `npm run bench` runs both side by side; what this costs is the engine's own share.
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 50;
const ttl = config.getNumber("ttl") ?? 300;
const dataVersion = config.getNumber("dataVersion") ?? 1;
const domain = "many.example.com.";

const PROVIDER = 'exports.handler = () => require("pulumi-svc/dist/provider/benchFloor").provider;\n';

class Noop extends pulumi.CustomResource {
  declare public readonly name: pulumi.Output<string>;

  constructor(name: string, props: Record<string, pulumi.Input<unknown>>, opts?: pulumi.CustomResourceOptions) {
    super("pulumi-nodejs:dynamic/bench:Noop", name, { __provider: PROVIDER, ...props }, opts);
  }
}

const zone = new Noop("zone", { name: "many-records", dnsName: domain });
const hosts = Array.from({ length: count }, (_, i) =>
  new Noop(`host-${i}`, {
    managedZone: zone.name,
    name: `host-${i}.${domain}`,
    type: "A",
    ttl,
    rrdatas: [`${dataVersion === 1 ? "198.51.100" : "203.0.113"}.${i % 250}`],
  }),
);

export const recordCount = hosts.length;
