/**
 * svc.dns.ZoneRecords with the real engine (examples/dns-zone-records): a set made outside Pulumi
 * is found the way Pulumi users find drift (a refresh: `diff` sends nothing) and deleted only when
 * the resource is exclusive; bad input fails the preview naming the record set and the rule, with
 * nothing sent; an existing zone of 1,000 record sets is adopted without a write and previews
 * clean, through the dynamic SDK and through the plugin's `pulumi import`; an `up` killed after its
 * first change converges with one more `up` (after svc-recover), no set made twice.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { runAndKill, svcRecover } from "../support/interruptions";
import { pluginProgram, type PluginProgram } from "../support/pluginProgram";
import { requireLanguageHost } from "../support/toolchain";
import type { RunningEmulator } from "../support/emulatorControl";

const suite = engineSuite();
const PROJECT = "e2e-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const programs: PluginProgram[] = [];
afterAll(() => {
  for (const program of programs) program.dispose();
});

interface WireSet {
  name: string;
  type: string;
  ttl: number;
  rrdatas: string[];
}

async function liveSets(emulator: RunningEmulator, zone: string): Promise<WireSet[]> {
  const sets: WireSet[] = [];
  let pageToken: string | undefined;
  do {
    const { body } = await emulator.api("GET", `${ZONES}/${zone}/rrsets?maxResults=1000${pageToken === undefined ? "" : `&pageToken=${pageToken}`}`);
    const page = body as { rrsets?: WireSet[]; nextPageToken?: string };
    sets.push(...(page.rrsets ?? []));
    pageToken = page.nextPageToken;
  } while (pageToken !== undefined);
  return sets;
}

/** Adds record sets outside Pulumi, as another tool or a person in the console would, 1,000 a change. */
async function addOutOfBand(emulator: RunningEmulator, zone: string, sets: readonly WireSet[]): Promise<void> {
  for (let start = 0; start < sets.length; start += 1000) {
    const { status } = await emulator.api("POST", `${ZONES}/${zone}/changes`, { additions: sets.slice(start, start + 1000) });
    expect(status).toBe(200);
  }
}

const writesSince = async (since: number): Promise<Array<{ method: string; path: string; body?: unknown }>> =>
  (await suite.emulator.requests()).slice(since).filter((request) => request.method !== "GET" && !request.path.startsWith("/token"));

/**
 * The record sets the engine shows a reviewer as changed: the dynamic host drops a provider's
 * detailed diff (docs/plugin.md), so the engine compares the inputs a refresh handed it (the records
 * it found) with the program's, value by value; the keys that differ are the sets it names.
 */
function announcedSets(events: readonly EngineEvent[]): string[] {
  const metadata = events.map((event) => event.resourcePreEvent?.metadata).find((each) => each?.urn.endsWith("::records") === true && each.op === "update");
  const before = (metadata?.old?.inputs["records"] ?? {}) as Record<string, string>;
  const after = (metadata?.new?.inputs["records"] ?? {}) as Record<string, string>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key]).sort();
  return keys;
}

async function zoneStack(zone: string, config: Record<string, string>): Promise<TestStack> {
  const values = Object.fromEntries(Object.entries({ zoneName: zone, domain: `${zone}.example.`, ...config }).map(([key, value]) => [key, { value }]));
  return suite.track(await openStack("dns-zone-records", suite.emulator, values));
}

it("exclusive: preview --refresh names a set made outside Pulumi and up --refresh deletes it; not exclusive, it stays", async () => {
  const { emulator } = suite;
  const test = await zoneStack("drift", { count: "3", exclusive: "true" });
  await test.stack.up();
  const outside: WireSet = { name: "outside.drift.example.", type: "TXT", ttl: 300, rrdatas: ['"made by hand"'] };
  await addOutOfBand(emulator, "drift", [outside]);

  // diff sends nothing: without a refresh the engine does not know of it.
  let since = (await emulator.requests()).length;
  expect((await test.stack.preview()).changeSummary).toEqual({ same: 3 });
  expect((await emulator.requests()).length).toBe(since);

  // A refresh reads the zone (one listing) and the diff names the set, before anything is deleted.
  const events: EngineEvent[] = [];
  since = (await emulator.requests()).length;
  const preview = await test.stack.preview({ refresh: true, diff: true, onEvent: (event) => events.push(event) });
  expect(preview.changeSummary).toEqual({ same: 2, update: 1 });
  expect(announcedSets(events)).toEqual(["outside TXT"]);
  // What the reviewer reads: the set by name and type, going.
  expect(preview.stdout).toMatch(/- outside TXT: "300 \\"made by hand\\""/);
  expect(await writesSince(since)).toEqual([]);
  expect((await liveSets(emulator, "drift")).some((set) => set.name === outside.name)).toBe(true);

  since = (await emulator.requests()).length;
  await test.stack.up({ refresh: true });
  expect((await liveSets(emulator, "drift")).some((set) => set.name === outside.name)).toBe(false);
  expect((await writesSince(since)).map(({ method, path: sent, body }) => ({ method, path: sent, body }))).toEqual([
    { method: "POST", path: `${ZONES}/drift/changes`, body: { kind: "dns#change", deletions: [outside], additions: [] } },
  ]);

  // Not exclusive: the resource manages only its own sets; one made outside stays through up --refresh.
  await test.stack.setConfig("exclusive", { value: "false" });
  await test.stack.up();
  await addOutOfBand(emulator, "drift", [outside]);
  since = (await emulator.requests()).length;
  const refreshed = await test.stack.up({ refresh: true });
  expect(refreshed.summary.resourceChanges).toEqual({ same: 3 });
  expect(await writesSince(since)).toEqual([]);
  expect((await liveSets(emulator, "drift")).some((set) => set.name === outside.name)).toBe(true);
});

it("names bad input at preview by the record set and the rule, sending nothing", async () => {
  const { emulator } = suite;
  const bad = {
    www: { AX: { rrdatas: ["192.0.2.1"] } },
    alias: { CNAME: { rrdatas: ["target.example.com."] }, TXT: { rrdatas: ["x"] } },
    api: { A: { rrdatas: ["2001:db8::1"] } },
    "mail.": { MX: { rrdatas: ["10 mail.example.com."] } },
  };
  const test = await zoneStack("badinput", { count: "1", manageZone: "false", extraRecords: JSON.stringify(bad) });
  const since = (await emulator.requests()).length;
  const failure = await test.stack.preview().then(
    () => "",
    (error: unknown) => String(error),
  );
  expect(failure).toContain('records.www.AX "AX" is not a record type');
  expect(failure).toContain("records.alias a CNAME cannot stand beside another type at one name (TXT)");
  expect(failure).toContain("records.api.A.rrdatas[0] must be A record data: a dotted-quad IPv4 address");
  expect(failure).toMatch(/records\.mail\. "mail\." is not a name relative to the zone .*it ends with a dot/);
  expect((await emulator.requests()).slice(since).filter((request) => request.path.startsWith("/dns/"))).toEqual([]);
});

/** A zone of `count` host records and the example's website records, made outside Pulumi. */
async function seedZone(zone: string, count: number): Promise<void> {
  const { emulator } = suite;
  const dnsName = `${zone}.example.`;
  expect((await emulator.api("POST", ZONES, { name: zone, dnsName, description: "" })).status).toBe(200);
  const hosts = Array.from({ length: count }, (_, i) => ({
    name: `host-${i}.${dnsName}`,
    type: "A",
    ttl: 300,
    rrdatas: [`198.51.${Math.floor(i / 250) % 250}.${i % 250}`],
  }));
  const website = [
    { name: dnsName, type: "MX", ttl: 3600, rrdatas: ["10 mail.example.net.", "20 mail2.example.net."] },
    { name: dnsName, type: "TXT", ttl: 300, rrdatas: ['"v=spf1 include:mail.example.net -all"'] },
    { name: dnsName, type: "CAA", ttl: 300, rrdatas: ['0 issue "letsencrypt.org"'] },
    { name: `www.${dnsName}`, type: "CNAME", ttl: 300, rrdatas: [dnsName] },
    { name: `_sip.${dnsName}`, type: "SRV", ttl: 300, rrdatas: ["10 60 5060 sip.example.net."] },
  ];
  await addOutOfBand(emulator, zone, [...hosts, ...website]);
}

it("adopts a zone of 1,000 record sets through { import } with no write, and previews clean", async () => {
  await seedZone("adopted", 1000);
  const test = await zoneStack("adopted", { count: "1000", manageZone: "false", importZone: "true" });
  const since = (await suite.emulator.requests()).length;
  const up = await test.stack.up();
  // The dynamic SDK adopts in its create (the engine's own import of dynamic resources is broken upstream, pulumi/pulumi#3550).
  expect(up.summary.resourceChanges).toEqual({ create: 2 });
  expect(await writesSince(since)).toEqual([]);
  expect((await test.stack.preview()).changeSummary).toEqual({ same: 2 });
});

it("imports a zone of 1,000 record sets with the plugin's pulumi import: YAML that previews clean, no write", async () => {
  requireLanguageHost("yaml");
  await seedZone("plugged", 1000);
  const program = pluginProgram("plugin-import");
  programs.push(program);
  const test = suite.track(await openStack(program.dir, suite.emulator));
  const since = (await suite.emulator.requests()).length;
  // Written beside the program first: the engine opens its output before it reads the program, which must not find an empty Main.yaml.
  const out = path.join(program.dir, "records.yaml");
  await test.pulumi([
    "import",
    "svc:dns/zoneRecords:ZoneRecords",
    "records",
    `projects/${PROJECT}/managedZones/plugged`,
    "--yes",
    "--protect=false",
    "--out",
    out,
  ]);
  const yaml = readFileSync(out, "utf8");
  expect(yaml).toContain("type: svc:dns:ZoneRecords");
  expect(yaml).toMatch(/host-999:\s+A:\s+rrdatas:/);
  writeFileSync(path.join(program.dir, "Main.yaml"), yaml);
  expect(await writesSince(since)).toEqual([]);
  const json = JSON.parse(await test.pulumi(["preview", "--json"])) as { changeSummary: Record<string, number> };
  expect(json.changeSummary).toEqual({ same: 2 });

  // The plugin hands the engine its detailed diff: a changed set is named by its path, and nothing else is.
  writeFileSync(
    path.join(program.dir, "Main.yaml"),
    yaml.replace(/host-5:\n(\s+)A:\n(\s+)rrdatas:\n(\s+)- 198\.51\.0\.5/, "host-5:\n$1A:\n$2rrdatas:\n$3- 203.0.113.5"),
  );
  const changed = JSON.parse(await test.pulumi(["preview", "--json"])) as { steps: Array<{ op: string; detailedDiff?: Record<string, unknown> }> };
  const update = changed.steps.find((step) => step.op === "update");
  expect(Object.keys(update?.detailedDiff ?? {})).toEqual(['records["host-5 A"]']);
  expect(await writesSince(since)).toEqual([]);
});

it("an up of 2,000 record sets killed after its first change converges with one more up, no set made twice", async () => {
  const { emulator } = suite;
  const test = await zoneStack("killed", { count: "2000" });
  const since = (await emulator.requests()).length;
  const changes = async (): Promise<number> => (await writesSince(since)).filter((request) => request.path.endsWith("/killed/changes")).length;
  const run = await runAndKill(test, ["up", "--yes", "--skip-preview", "--non-interactive"], async () => (await changes()) >= 1);
  expect(run.killed).toBe(true);
  const recovered = await svcRecover(test);
  expect({ status: recovered.status, stderr: recovered.stderr }).toEqual({ status: 0, stderr: expect.stringContaining("the stack is ready: run `pulumi up`") });
  await test.stack.up();

  // Every set of the program is live once, and no change added a set another change had added.
  const live = await liveSets(emulator, "killed");
  expect(live.filter((set) => set.name.startsWith("host-")).length).toBe(2000);
  const added = new Map<string, number>();
  for (const request of await writesSince(since)) {
    for (const set of (request.body as { additions?: WireSet[] } | undefined)?.additions ?? []) {
      added.set(`${set.name} ${set.type}`, (added.get(`${set.name} ${set.type}`) ?? 0) + 1);
    }
  }
  expect([...added.values()].filter((times) => times > 1)).toEqual([]);
  expect(added.size).toBe(2005);
  expect((await test.stack.preview()).changeSummary).toEqual({ same: 3 });
});
