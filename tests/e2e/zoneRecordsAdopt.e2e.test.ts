/**
 * A zone's records between the two forms, with the real engine and no write at the service:
 * `svc-import dns` of a seeded zone of 120 record sets writes one svc.dns.ZoneRecords (its two sets
 * with a routing policy as RecordSets beside it), which the dynamic program's `{ import }` and the
 * plugin's `pulumi import --file` each adopt, the next preview empty; and the move docs/dns.md
 * describes (examples/dns-records-move): a zone's RecordSets into one ZoneRecords and back, each
 * with retainOnDelete first, then `{ import }`.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { pluginProgram, type PluginProgram } from "../support/pluginProgram";
import { requestCount, writesSince } from "../support/pluginImports";
import { SEED, seedDns } from "../support/seedAccount";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { REPO_ROOT, requireLanguageHost } from "../support/toolchain";

const suite = engineSuite();
const CLI = path.join(REPO_ROOT, "dist", "tools", "import", "bin.js");
const programs: PluginProgram[] = [];
// Under the repository, so that a program there finds pulumi-svc and @pulumi/pulumi in its node_modules.
mkdirSync(path.join(REPO_ROOT, "build"), { recursive: true });
const scratch = mkdtempSync(path.join(REPO_ROOT, "build", "zone-records-adopt-"));

beforeAll(async () => {
  requireLanguageHost("yaml");
  // 118 record sets of ten types, a weighted and a geo set, beside the zone's IAM and a response policy.
  await seedDns(suite.emulator, 120);
});
afterAll(() => {
  for (const program of programs) program.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** The built bin against the emulator; what it wrote to stdout. */
function svcImport(args: readonly string[]): Promise<string> {
  const env = { PATH: process.env["PATH"] ?? "", SVC_EMULATOR_URL: suite.emulator.url, SVC_DNS_TOKEN: suite.emulator.token };
  return new Promise((resolve, reject) =>
    execFile("node", [CLI, "dns", "--project", SEED.project, ...args], { env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`svc-import failed: ${stderr}`)),
    ),
  );
}

const writes = (since: number): Promise<string[]> => writesSince(suite.emulator, since);

it("svc-import writes a zone of 120 record sets as one ZoneRecords, which the dynamic program's { import } adopts with no write", async () => {
  const program = await svcImport([]);
  expect(program.match(/new svc\.dns\.ZoneRecords\(/g)).toHaveLength(1);
  expect(program.match(/new svc\.dns\.RecordSet\(/g)).toHaveLength(2);
  expect(program).toContain(`}, { import: "projects/${SEED.project}/managedZones/${SEED.zone}" });`);
  const dir = path.join(scratch, "dynamic");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "Pulumi.yaml"), "name: adopted-zone-records\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n");
  // Its own package.json: the engine would run the nearest one's main, the repository's.
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "adopted-zone-records", private: true, main: "index.ts" }));
  writeFileSync(path.join(dir, "index.ts"), program);
  const stack = suite.track(await openStack(dir, suite.emulator));
  const since = await requestCount(suite.emulator);
  const up = await stack.stack.up();
  expect(await writes(since)).toEqual([]);
  // Each object and the stack itself: the dynamic SDK adopts in its create (the engine's own import of dynamic resources is broken upstream, pulumi/pulumi#3550).
  expect(up.summary.resourceChanges).toEqual({ create: (program.match(/ = new svc\./g) ?? []).length + 1 });
  expect(Object.keys((await stack.stack.preview()).changeSummary)).toEqual(["same"]);
});

it("its import file adopts the zone's records as one ZoneRecords with pulumi import --file, no write, and the YAML previews clean", async () => {
  const project = pluginProgram("plugin-import");
  programs.push(project);
  const file = path.join(project.dir, "import.json");
  await svcImport(["--format", "import-file", "--out", file]);
  const listed = (JSON.parse(readFileSync(file, "utf8")) as { resources: Array<{ type: string; id: string }> }).resources;
  expect(listed.filter((resource) => resource.type === "svc:dns/zoneRecords:ZoneRecords")).toEqual([
    expect.objectContaining({ id: `projects/${SEED.project}/managedZones/${SEED.zone}` }),
  ]);
  const stack: TestStack = suite.track(await openStack(project.dir, suite.emulator));
  const since = await requestCount(suite.emulator);
  // Written beside the program first: the engine opens its output before it reads the program, which must not find an empty Main.yaml.
  const out = path.join(project.dir, "imported.yaml");
  await stack.pulumi(["import", "--file", file, "--yes", "--protect=false", "--out", out]);
  expect(await writes(since)).toEqual([]);
  const yaml = readFileSync(out, "utf8");
  expect(yaml.match(/type: svc:dns:ZoneRecords/g)).toHaveLength(1);
  expect(yaml).toMatch(/records:\s+host0:\s+A:\s+rrdatas:/);
  writeFileSync(path.join(project.dir, "Main.yaml"), yaml);
  const preview = JSON.parse(await stack.pulumi(["preview", "--json"])) as { changeSummary: Record<string, number> };
  expect(preview.changeSummary).toEqual({ same: listed.length + 1 });
});

it("moves a zone's RecordSets into one ZoneRecords and back as docs/dns.md says: no write, and the preview after each move is empty", async () => {
  const { emulator } = suite;
  const test = suite.track(await openStack("dns-records-move", emulator, { zoneName: { value: "moved" }, domain: { value: "moved.example." } }));
  await test.stack.up();
  const live = async (): Promise<unknown> => (await emulator.api("GET", `/dns/v1/projects/e2e-project/managedZones/moved/rrsets`)).body;
  const before = await live();
  const since = await requestCount(emulator);

  // 1. retainOnDelete on each RecordSet: no change.
  await test.stack.setConfig("retain", { value: "true" });
  expect((await test.stack.up()).summary.resourceChanges).toEqual({ same: 7 });
  // 2. One ZoneRecords with { import } in their place: adopted; the RecordSets leave the stack, retained.
  await test.stack.setAllConfig({ form: { value: "zoneRecords" }, adopt: { value: "true" } });
  expect((await test.stack.up()).summary.resourceChanges).toEqual({ same: 2, create: 1, delete: 5 });
  expect((await test.stateResources()).filter((resource) => resource.urn.includes("RecordSet"))).toEqual([]);
  // 3. The preview after the move: no change.
  expect((await test.stack.preview()).changeSummary).toEqual({ same: 3 });

  // Back: the ZoneRecords was retained from its adoption on (retain is still set); RecordSets with { import } in its place.
  await test.stack.setConfig("form", { value: "recordSets" });
  expect((await test.stack.up()).summary.resourceChanges).toEqual({ same: 2, create: 5, delete: 1 });
  expect((await test.stack.preview()).changeSummary).toEqual({ same: 7 });

  expect(await writes(since)).toEqual([]);
  expect(await live()).toEqual(before);
});
