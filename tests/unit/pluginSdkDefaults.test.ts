/**
 * The plugin's SDKs fill an input's default in when a program leaves it out (the schema's
 * `default`, docs/plugin.md), as the provider's check does: the Node.js SDK (sdks/nodejs, the
 * package's `pulumi-svc/plugin`) registers a record set without `ttl` with 300, and keeps what a
 * program gives. The other languages' SDKs are generated from the same schema (sdks/, compared
 * with a fresh generation by tests/e2e/sdks.e2e.test.ts). And the provider's check makes the same
 * inputs of a default the SDK filled as of the input left out, so a stack made before is the same.
 */
import * as pulumi from "@pulumi/pulumi";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { declarations } from "../../provider/registry";
import { resourceToken } from "../../provider/typeTokens";
import { offlineSettings } from "../support/providerEmulator";
import { REPO_ROOT } from "../support/toolchain";

// The SDK's sources, from which the package's `pulumi-svc/plugin` is compiled, required as they are: they are not
// written for this project's compiler settings, so only what the test uses is typed.
type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated sources under test
const svc = require(path.join(REPO_ROOT, "sdks", "nodejs")) as {
  readonly dns: { readonly RecordSet: ResourceClass; readonly ManagedZone: ResourceClass };
  readonly calendar: { readonly AclRule: ResourceClass };
};

const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        return { id: `${args.name}-id`, state: args.inputs as Record<string, unknown> };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
});

const inputsOf = (resource: pulumi.CustomResource, name: string): Promise<Record<string, unknown> | undefined> =>
  new Promise((resolve) => resource.urn.apply(() => resolve(registered.get(name))));

it("registers a record set without a TTL with the default TTL, and one with a TTL with its own", async () => {
  const left = new svc.dns.RecordSet("left-out", { managedZone: "zone", name: "www.example.com.", type: "A", rrdatas: ["192.0.2.1"] });
  const given = new svc.dns.RecordSet("given", { managedZone: "zone", name: "www.example.com.", type: "A", ttl: 60, rrdatas: ["192.0.2.1"] });
  expect(await inputsOf(left, "left-out")).toMatchObject({ ttl: 300 });
  expect(await inputsOf(given, "given")).toMatchObject({ ttl: 60 });
});

it("fills a zone's visibility, description and forceDestroy, and an ACL rule's sendNotifications, as the check would", async () => {
  const zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });
  expect(await inputsOf(zone, "zone")).toMatchObject({ visibility: "public", description: "", forceDestroy: false });
  const rule = new svc.calendar.AclRule("rule", { calendarId: "cal", role: "reader", scope: { type: "default" } });
  expect(await inputsOf(rule, "rule")).toMatchObject({ sendNotifications: true });
});

describe("the provider's check", () => {
  offlineSettings();
  beforeEach(() => {
    for (const api of ["QUOTAS", "REPORTS"]) process.env[`SVC_${api}_TOKEN`] = "t0ken";
  });
  const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "plugin", "schema.json"), "utf8")) as {
    resources: Record<string, { inputProperties: Record<string, { default?: unknown }> }>;
  };
  // A declaration's sample names its parents' values as templates: "primary" is a calendar id and a zone name.
  const plain = (inputs: Record<string, unknown>): Record<string, unknown> =>
    JSON.parse(JSON.stringify(inputs).replace(/\{\{[^}]*\}\}/g, "primary")) as Record<string, unknown>;

  it("makes the same inputs of an input the SDK filled with the schema's default as of one left out: a stack stays as it was", async () => {
    const compared: string[] = [];
    for (const declaration of declarations) {
      const properties = schema.resources[resourceToken(declaration)]?.inputProperties ?? {};
      for (const [name, spec] of Object.entries(properties)) {
        if (spec.default === undefined) continue;
        const { [name]: _given, ...leftOut } = plain(declaration.samples?.inputs ?? {});
        const provider = dynamicProvider(declaration);
        const checked = await provider.check({}, leftOut);
        expect({ [name]: checked.failures }).toEqual({ [name]: undefined });
        expect(await provider.check({}, { ...leftOut, [name]: spec.default })).toEqual(checked);
        compared.push(`${declaration.module}.${declaration.name}.${name}`);
      }
    }
    expect(compared.sort()).toEqual([
      "calendar.AclRule.sendNotifications",
      "dns.ManagedZone.description",
      "dns.ManagedZone.forceDestroy",
      "dns.ManagedZone.visibility",
      "dns.Policy.description",
      "dns.RecordSet.ttl",
      "dns.ZoneRecords.defaultTtl",
      "dns.ZoneRecords.exclusive",
      "quotas.QuotaPreference.apiVersion",
      "reports.ActivityWatchChannel.applicationName",
    ]);
  });
});
