/**
 * `svc-import dns` of a zone with many record sets: more than 100 are written as one
 * svc.dns.ZoneRecords (its records in the program's nested form: names relative to the zone, types,
 * `{ ttl, rrdatas }`), a set with a routing policy stays a RecordSet beside it, `--record-sets` and
 * `--zone-records` choose either form; in the dynamic SDK's program, every plugin language and the
 * import file. Against the in-process emulator; what the engine makes of it is
 * tests/e2e/zoneRecordsAdopt.e2e.test.ts.
 */
import { ProviderRuntime } from "../../provider/runtime";
import { adoptableOf, discover, type Discovery, type Found } from "../../tools/import/discover";
import { programIn } from "../../tools/import/languages";
import { importFile, nameAll, programText, type Named } from "../../tools/import/program";
import { main } from "../../tools/import/cli";
import { providerEmulator } from "../support/providerEmulator";
import { SEED, seedDns } from "../support/seedAccount";

const emulator = providerEmulator("import-zone-records");
const SMALL = "small-zone";

beforeAll(async () => {
  // 120 record sets (118 of ten types, a weighted and a geo set) in the seeded zone, and a zone of 3 beside it.
  await seedDns(emulator.current, 120);
  const base = `/dns/v1/projects/${SEED.project}/managedZones`;
  expect((await emulator.current.api("POST", base, { name: SMALL, dnsName: "small.example.", description: "" })).status).toBe(200);
  const additions = ["a", "b", "c"].map((host) => ({ name: `${host}.small.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] }));
  expect((await emulator.current.api("POST", `${base}/${SMALL}/changes`, { additions })).status).toBe(200);
});

async function imported(zone: string, gather?: boolean): Promise<{ discovery: Discovery; named: Named[] }> {
  const discovery = await discover("dns", {
    scope: { project: SEED.project },
    select: { zone: [zone] },
    ...(gather !== undefined && { gather: { "zone-records": gather } }),
    runtime: new ProviderRuntime(),
    progress: () => undefined,
  });
  return { discovery, named: nameAll(discovery, adoptableOf("dns")) };
}

const ofType = (named: readonly Named[], type: string): Found[] => named.filter(({ found }) => found.declaration.name === type).map(({ found }) => found);

describe("a zone of more than 100 record sets", () => {
  let result: { discovery: Discovery; named: Named[] };
  beforeAll(async () => {
    result = await imported(SEED.zone);
  });

  it("is written as one ZoneRecords that adopts with no change, its sets with a routing policy as RecordSets beside it", () => {
    const { named } = result;
    const [records, ...more] = ofType(named, "ZoneRecords");
    expect(more).toEqual([]);
    expect(records?.id).toBe(`projects/${SEED.project}/managedZones/${SEED.zone}`);
    expect(records?.drift).toEqual([]);
    expect(ofType(named, "RecordSet").map((found) => found.id.split("/rrsets/")[1])).toEqual([`nearby.${SEED.dnsName}/A`, `weighted.${SEED.dnsName}/A`]);
    // The program's nested form, every set of the 118 by its name relative to the zone.
    const given = records?.inputs["records"] as Record<string, Record<string, { ttl?: number; rrdatas: string[] }>>;
    expect(Object.keys(given)).toHaveLength(118);
    expect(given["host0"]).toEqual({ A: { ttl: 300, rrdatas: ["192.0.2.0", "198.51.100.0"] } });
    expect(given["host7"]).toEqual({ NS: { ttl: 600, rrdatas: ["ns1.delegated7.example.net."] } });
    expect(records?.references).toEqual({ managedZone: "name" });
  });

  it("reads in the dynamic SDK's program as the nested map, with { import } and the zone by reference", () => {
    const text = programText(result.named, result.discovery, [], "svc-import dns");
    expect(text.match(/new svc\.dns\.ZoneRecords\(/g)).toHaveLength(1);
    expect(text.match(/new svc\.dns\.RecordSet\(/g)).toHaveLength(2);
    expect(text).toContain(
      'export const adopt_zone_records = new svc.dns.ZoneRecords("adopt_zone_records", {\n' +
        `  project: "${SEED.project}",\n  managedZone: adopt_zone.name,\n  records: {\n`,
    );
    expect(text).toContain('    host0: {\n      A: {\n        rrdatas: ["192.0.2.0", "198.51.100.0"],\n        ttl: 300,\n      },\n    },\n');
    expect(text).toContain(`}, { import: "projects/${SEED.project}/managedZones/${SEED.zone}" });`);
    // Why it is one resource, and how to get one per set.
    expect(text).toMatch(/\/\/ svc-import: holds the 118 svc\.dns\.RecordSet of adopt_zone \(more than 100\); --record-sets writes each as its own\.\n/);
  });

  it("reads in every plugin language as the nested map, and is one entry of the import file", () => {
    const objects = result.named.map((object) => ({ ...object, comments: [] }));
    expect(programIn("yaml", objects, [])).toContain(
      '      records:\n        host0:\n          A:\n            ttl: 300\n            rrdatas: ["192.0.2.0", "198.51.100.0"]\n',
    );
    expect(programIn("python", objects, [])).toContain('    records={\n        "host0": {\n            "A": {\n                "ttl": 300,\n');
    expect(programIn("typescript", objects, [])).toMatch(/new svc\.dns\.ZoneRecords\("adopt_zone_records", \{[\s\S]*records: \{\n {4}host0: \{\n {6}A: \{/);
    const file = importFile(result.named) as { resources: Array<{ type: string; name: string; id: string }> };
    expect(file.resources.filter((resource) => resource.type.startsWith("svc:dns/zoneRecords"))).toEqual([
      { type: "svc:dns/zoneRecords:ZoneRecords", name: "adopt_zone_records", id: `projects/${SEED.project}/managedZones/${SEED.zone}` },
    ]);
    expect(file.resources.filter((resource) => resource.type === "svc:dns/recordSet:RecordSet")).toHaveLength(2);
  });

  it("is written as one RecordSet per set with --record-sets", async () => {
    const { named } = await imported(SEED.zone, false);
    expect(ofType(named, "ZoneRecords")).toEqual([]);
    expect(ofType(named, "RecordSet")).toHaveLength(120);
  });
});

describe("a zone of 100 record sets or fewer", () => {
  it("is written one RecordSet per set, or as one ZoneRecords with --zone-records", async () => {
    const apart = await imported(SMALL);
    expect(ofType(apart.named, "ZoneRecords")).toEqual([]);
    expect(ofType(apart.named, "RecordSet")).toHaveLength(3);
    const gathered = await imported(SMALL, true);
    expect(ofType(gathered.named, "RecordSet")).toEqual([]);
    const [records] = ofType(gathered.named, "ZoneRecords");
    expect(records?.inputs["records"]).toEqual({ a: { A: { ttl: 300, rrdatas: ["192.0.2.1"] } }, b: expect.anything(), c: expect.anything() });
    expect(records?.drift).toEqual([]);
  });
});

it("refuses --zone-records with --record-sets, naming both, before any request", async () => {
  const written: string[] = [];
  const write = jest.spyOn(process.stderr, "write").mockImplementation((text) => written.push(String(text)) > 0);
  const since = (await emulator.current.requests()).length;
  try {
    expect(await main(["dns", "--project", SEED.project, "--zone-records", "--record-sets"])).toBe(2);
  } finally {
    write.mockRestore();
  }
  expect(written.join("")).toContain("svc-import dns: --zone-records and --record-sets choose opposite forms: give one of them, or neither");
  expect((await emulator.current.requests()).length).toBe(since);
});
