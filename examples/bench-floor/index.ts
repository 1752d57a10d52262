// The benchmark's baselines: the graph of examples/dns-many-records (one parent, `count` children
// that depend on it) made of plain dynamic resources whose provider is one line, like the SDK's,
// with the same properties (the SDK registers every input, given or not: the engine's work grows
// with them). Config `provider` picks what serves them:
// - `floor` (default): no-op resources (floorProvider.js); what a step costs with them is the
//   engine's own share;
// - `perRecord`: one request per record set, each change waited for until done
//   (perRecordProvider.js), as a hand-written provider does it.
// `npm run bench` runs them beside the real provider, step by step.
import * as pulumi from "@pulumi/pulumi";
import * as path from "node:path";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 50;
const ttl = config.getNumber("ttl") ?? 300;
const dataVersion = config.getNumber("dataVersion") ?? 1;
const ten = config.getNumber("ten") ?? 0;
const domain = "many.example.com.";

// By absolute path: the provider process evaluates this text with its own `require`, and the
// baselines' providers live beside this program, not in the package.
const PROVIDER_FILES: Record<string, string> = { floor: "floorProvider.js", perRecord: "perRecordProvider.js" };
const providerFile = PROVIDER_FILES[config.get("provider") ?? "floor"];
if (providerFile === undefined) throw new Error(`config provider must be floor or perRecord, got ${config.get("provider")}`);
const PROVIDER = `exports.handler = () => require(${JSON.stringify(path.join(__dirname, providerFile))}).provider;\n`;

const unset = (...names: string[]): Record<string, undefined> => Object.fromEntries(names.map((name) => [name, undefined]));

class Noop extends pulumi.CustomResource {
  declare public readonly name: pulumi.Output<string>;

  constructor(name: string, props: Record<string, pulumi.Input<unknown>>, opts?: pulumi.CustomResourceOptions) {
    super("pulumi-nodejs:dynamic/bench:Noop", name, { __provider: PROVIDER, ...props }, opts);
  }
}

const zone = new Noop("zone", {
  ...unset("project", "description", "visibility", "labels", "cloudLoggingConfig", "privateVisibilityConfig", "forwardingConfig"),
  ...unset("peeringConfig", "dnssecConfig", "forceDestroy", "managedZoneId", "nameServers", "creationTime"),
  name: "many-records",
  dnsName: domain,
});
const hosts = Array.from(
  { length: count },
  (_, i) =>
    new Noop(`host-${i}`, {
      project: undefined,
      managedZone: zone.name,
      name: `host-${i}.${domain}`,
      type: "A",
      ttl: i < 10 && ten === 1 ? 900 : ttl,
      rrdatas: [`${dataVersion === 1 ? "198.51.100" : "203.0.113"}.${i % 250}`],
      routingPolicy: undefined,
    }),
);

export const recordCount = hosts.length;
