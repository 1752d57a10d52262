/**
 * The engine's own adoption through the provider plugin, into YAML programs: `pulumi import` of a
 * managed zone, a record set and a calendar ACL rule made out of band writes YAML that previews
 * with no change; `pulumi import --file` with the file `svc-import dns --format import-file` writes
 * adopts a whole seeded zone, reading only (no write reaches the emulator), and previews clean.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { pluginProgram, type PluginProgram } from "../support/pluginProgram";
import { requestCount, writeImportFile, writesSince } from "../support/pluginImports";
import { SEED, seedCalendar, seedDns } from "../support/seedAccount";
import { requireLanguageHost } from "../support/toolchain";

const suite = engineSuite();
const programs: PluginProgram[] = [];
let calendarId: string;

afterAll(() => {
  for (const program of programs) program.dispose();
});

beforeAll(async () => {
  requireLanguageHost("yaml");
  await seedDns(suite.emulator, 12);
  calendarId = await seedCalendar(suite.emulator);
});

async function importProject(): Promise<{ program: PluginProgram; stack: TestStack }> {
  const program = pluginProgram("plugin-import");
  programs.push(program);
  const { emulator } = suite;
  const stack = suite.track(await openStack(program.dir, emulator, { "svc:calendarToken": { value: emulator.token, secret: true } }));
  return { program, stack };
}

const writes = (since: number): Promise<string[]> => writesSince(suite.emulator, since);

/** The `resources:` entries of generated YAML, without the section's own line, to put several imports into one program. */
const entries = (yaml: string): string => yaml.replace(/^resources:\n/m, "");

/** The engine's own preview: the steps `preview --json` lists (changes only), and its count of each operation. */
async function preview(stack: TestStack): Promise<{ changes: Array<{ op: string; urn: string }>; summary: Record<string, number> }> {
  const json = JSON.parse(await stack.pulumi(["preview", "--json"])) as { steps: Array<{ op: string; urn: string }>; changeSummary: Record<string, number> };
  return { changes: json.steps.filter((step) => step.op !== "same"), summary: json.changeSummary };
}

it("imports a managed zone, a record set and an ACL rule with pulumi import, writing YAML that previews with no change", async () => {
  const { program, stack } = await importProject();
  const zone = `projects/${SEED.project}/managedZones/${SEED.zone}`;
  const imports = [
    ["svc:dns/managedZone:ManagedZone", "legacy_zone", zone],
    ["svc:dns/recordSet:RecordSet", "host0", `${zone}/rrsets/host0.${SEED.dnsName}/A`],
    ["svc:calendar/aclRule:AclRule", "ann_reader", `${calendarId}/user:ann@example.com`],
  ] as const;
  const since = await requestCount(suite.emulator);
  const written: string[] = [];
  for (const [type, name, id] of imports) {
    const out = path.join(program.dir, `${name}.yaml`);
    await stack.pulumi(["import", type, name, id, "--yes", "--protect=false", "--out", out]);
    written.push(readFileSync(out, "utf8"));
  }
  expect(await writes(since)).toEqual([]);
  // The engine wrote each one in the program's language, with what the API answered.
  // (YAML names a type by its short token, `svc:dns:ManagedZone`.)
  expect(written[0]).toMatch(/type: svc:dns:ManagedZone[\s\S]*description: made by hand[\s\S]*dnsName: adopt\.example\./);
  expect(written[1]).toMatch(/type: svc:dns:RecordSet[\s\S]*ttl: 300[\s\S]*type: A/);
  expect(written[2]).toMatch(/type: svc:calendar:AclRule[\s\S]*role: reader/);
  writeFileSync(path.join(program.dir, "Main.yaml"), `resources:\n${written.map(entries).join("")}`);
  expect(await preview(stack)).toEqual({ changes: [], summary: { same: 4 } });
  // Nothing of the objects goes away with the stack: they were only adopted (destroy would delete them).
  for (const [, name] of imports)
    await stack.pulumi(["state", "delete", `urn:pulumi:${stack.name}::plugin-import::${imports.find(([, n]) => n === name)?.[0] ?? ""}::${name}`, "--yes"]);
});

it("adopts a whole seeded zone with pulumi import --file from svc-import --format import-file, without a write", async () => {
  const { program, stack } = await importProject();
  const file = path.join(program.dir, "import.json");
  const { emulator } = suite;
  const listed = await writeImportFile(emulator, SEED.project, file);
  // The zone and its twelve record sets (the apex SOA and NS, which the API manages, are left out).
  expect(listed.filter((resource) => resource.type === "svc:dns/managedZone:ManagedZone")).toHaveLength(1);
  expect(listed.filter((resource) => resource.type === "svc:dns/recordSet:RecordSet")).toHaveLength(12);
  const since = await requestCount(emulator);
  // Written beside the program first: the engine opens its output before it reads the program, which must not find an empty Main.yaml.
  const out = path.join(program.dir, "imported.yaml");
  await stack.pulumi(["import", "--file", file, "--yes", "--protect=false", "--out", out]);
  expect(await writes(since)).toEqual([]);
  const main = readFileSync(out, "utf8");
  expect(main.match(/type: svc:dns:RecordSet/g)).toHaveLength(12);
  writeFileSync(path.join(program.dir, "Main.yaml"), main);
  // Every object listed (the zone's access policy and its response policies too), and the stack.
  expect(await preview(stack)).toEqual({ changes: [], summary: { same: listed.length + 1 } });
  expect((await stack.stateResources()).filter((resource) => resource.type.startsWith("svc:"))).toHaveLength(listed.length);
  expect(await stack.stateText()).not.toContain(emulator.token);
});
