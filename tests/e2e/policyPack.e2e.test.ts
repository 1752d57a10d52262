/**
 * The policy pack as a user runs it (docs/policy.md): the packed package and `@pulumi/policy`
 * installed into a new project from the registry, then `pulumi preview --policy-pack
 * node_modules/pulumi-svc/dist/policy` with the real engine, which starts the pack through the
 * Node.js language host's RunPlugin. A clean program passes (the advisory policy warns); each
 * mandatory policy fails a preview of its own, naming the policy and the resource; the policy
 * config file changes a policy's setting. One project, one stack, previews only.
 */
import { writeFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { installUserProject, lockedVersion, packPackage, type UserProject } from "../support/userProject";

const suite = engineSuite();

/** A clean program: every TTL at least the default minimum (60), the MX protected, the ZoneRecords of 10 sets protected. */
const CLEAN = `
const svc = require("pulumi-svc");
const zone = new svc.dns.ManagedZone("zone", { name: "policy-zone", dnsName: "policy.example." });
new svc.dns.RecordSet("www", { managedZone: zone.name, name: "www.policy.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] });
new svc.dns.RecordSet("mail", { managedZone: zone.name, name: "policy.example.", type: "MX", ttl: 3600, rrdatas: ["10 mx.policy.example."] }, { protect: true });
const hostsZone = new svc.dns.ManagedZone("hosts-zone", { name: "hosts-zone", dnsName: "hosts.example." });
const records = {};
for (let i = 1; i <= 10; i++) records["host" + i] = { A: { ttl: 300, rrdatas: ["192.0.2." + i] } };
new svc.dns.ZoneRecords("hosts", { managedZone: hostsZone.name, exclusive: true, records }, { protect: true });
`;

/** Each mandatory policy, the one change of the clean program that breaks it alone, and the resource it names. */
const VIOLATIONS = [
  {
    policy: "svc-dns-minimum-ttl",
    change: ['ttl: 300, rrdatas: ["192.0.2.10"]', 'ttl: 30, rrdatas: ["192.0.2.10"]'],
    resource: "RecordSet: www",
    says: "ttl 30 is below the minimum TTL of 60 seconds",
  },
  {
    policy: "svc-dns-critical-record-sets",
    change: ["}, { protect: true });\nconst hostsZone", "});\nconst hostsZone"],
    resource: "RecordSet: mail",
    says: "this MX record set is critical",
  },
  {
    policy: "svc-dns-zone-deletion",
    change: ["exclusive: true, records }, { protect: true });", "exclusive: true, records });"],
    resource: "ZoneRecords: hosts",
    says: "manages 10 record sets",
  },
] as const;
const MANDATORY = VIOLATIONS.map((violation) => violation.policy);

/** `[mandatory]  <policy>  (<type>: <name>)`, as the CLI lists a violation under Policies. */
const violationLine = (level: string, policy: string, resource: string): RegExp =>
  new RegExp(`\\[${level}\\]\\s+${policy}\\s+\\(pulumi-nodejs:dynamic/dns:${resource}\\)`);

let tarball: string | undefined;
let project: UserProject | undefined;
let test: TestStack;
let pack: string;

beforeAll(async () => {
  tarball = packPackage();
  // As a user adds the pack: the package, the Pulumi SDK and @pulumi/policy (an optional peer of the package).
  project = await installUserProject(
    tarball,
    lockedVersion("@pulumi/pulumi"),
    {
      "package.json": JSON.stringify({ name: "policy-user", private: true, main: "index.js" }),
      "Pulumi.yaml": "name: policy-user\nruntime: nodejs\n",
      "index.js": CLEAN,
    },
    [`@pulumi/policy@${lockedVersion("@pulumi/policy")}`],
  );
  pack = path.join(project.dir, "node_modules", "pulumi-svc", "dist", "policy");
  test = suite.track(await openStack(project.dir, suite.emulator));
});

afterAll(() => {
  if (project !== undefined) rmSync(project.dir, { recursive: true, force: true });
  if (tarball !== undefined) rmSync(path.dirname(tarball), { recursive: true, force: true });
});

/** The preview's output, or its failure's (the CLI's stdout and stderr). */
async function preview(program: string, policyPackConfigs: string[] = []): Promise<{ passed: boolean; output: string }> {
  writeFileSync(path.join(project!.dir, "index.js"), program);
  try {
    const result = await test.stack.preview({ policyPacks: [pack], policyPackConfigs });
    return { passed: true, output: result.stdout };
  } catch (error) {
    return { passed: false, output: String(error) };
  }
}

it("passes a clean program, the advisory policy warning of the exclusive ZoneRecords", async () => {
  const { passed, output } = await preview(CLEAN);
  expect(output).toMatch(violationLine("advisory", "svc-dns-exclusive-zone-records", "ZoneRecords: hosts"));
  for (const policy of MANDATORY) expect(output).not.toMatch(new RegExp(`\\[mandatory\\]\\s+${policy}`));
  expect(passed).toBe(true);
});

it.each(VIOLATIONS)("fails a preview naming $policy and the resource ($resource)", async ({ policy, change, resource, says }) => {
  const [from, to] = change;
  expect(CLEAN).toContain(from);
  const { passed, output } = await preview(CLEAN.replace(from, to));
  expect(output).toMatch(violationLine("mandatory", policy, resource));
  expect(output).toContain(says);
  // The one change breaks this policy alone.
  for (const other of MANDATORY.filter((name) => name !== policy)) expect(output).not.toMatch(new RegExp(`\\[mandatory\\]\\s+${other}`));
  expect(passed).toBe(false);
});

it("takes a policy's setting from the policy config file", async () => {
  const config = path.join(project!.dir, "policy-config.json");
  writeFileSync(config, JSON.stringify({ "svc-dns-minimum-ttl": { minimumTtl: 600 } }));
  const { passed, output } = await preview(CLEAN, [config]);
  expect(output).toMatch(violationLine("mandatory", "svc-dns-minimum-ttl", "RecordSet: www"));
  expect(output).toContain("ttl 300 is below the minimum TTL of 600 seconds");
  expect(output).toMatch(violationLine("mandatory", "svc-dns-minimum-ttl", "ZoneRecords: hosts"));
  expect(passed).toBe(false);
});
