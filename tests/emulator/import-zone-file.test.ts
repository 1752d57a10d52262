/**
 * `svc-import --from-zone-file` and `--from-octodns` as commands against a live zone in the
 * in-process emulator: one listing of the zone (its DNS name, the comparison), the files written,
 * and each record set in the file only, live only or different listed in the summary and in
 * `--json`; a zone that does not exist is refused, nothing written. What the engine makes of the
 * written program is tests/e2e/zoneFileImport.e2e.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../tools/import/cli";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("import-zone-file", { project: "zone-project" });
const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-import-zone-file-"));
const ZONES = "/dns/v1/projects/zone-project/managedZones";

beforeAll(async () => {
  expect((await emulator.current.api("POST", ZONES, { name: "moved", dnsName: "moved.example.", description: "" })).status).toBe(200);
  const additions = [
    { name: "moved.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] },
    { name: "www.moved.example.", type: "CNAME", ttl: 3600, rrdatas: ["moved.example."] },
    { name: "old.moved.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.99"] },
    { name: "moved.example.", type: "MX", ttl: 3600, rrdatas: ["10 mx1.moved.example."] },
  ];
  expect((await emulator.current.api("POST", `${ZONES}/moved/changes`, { additions })).status).toBe(200);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The command (through svc-import's entry) on a file of `text`: status, output, and the requests it sent. */
async function run(
  name: string,
  text: string,
  flags: readonly string[],
): Promise<{ status: number; stdout: string; stderr: string; sent: string[]; outDir: string }> {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  const outDir = path.join(scratch, `${name}-out`);
  const since = (await emulator.current.requests()).length;
  const stdout = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const status = await main([flags[0] ?? "", file, ...flags.slice(1), "--out-dir", outDir]);
    const text = (spy: typeof stdout): string => spy.mock.calls.map(([chunk]) => String(chunk)).join("");
    const sent = (await emulator.current.requests()).slice(since).map((request) => `${request.method} ${request.path}`);
    return { status, stdout: text(stdout), stderr: text(stderr), sent, outDir };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

const ZONE_FILE = ["$ORIGIN moved.example.", "$TTL 3600", "@ 300 A 192.0.2.1", "www CNAME @", "@ MX 10 mx1", "@ MX 20 mx2", "new 300 AAAA 2001:db8::1"].join(
  "\n",
);

it("lists the zone once, writes the import file and the program, and lists what differs, in the summary", async () => {
  const { status, stdout, sent, outDir } = await run("moved.zone", ZONE_FILE, ["--from-zone-file", "--zone", "moved", "--language", "python"]);
  expect(status).toBe(0);
  expect(sent).toEqual([`GET ${ZONES}/moved/rrsets`]);
  expect(stdout).toContain(`svc-import: 4 record sets of ${path.join(scratch, "moved.zone")} for the zone moved (moved.example.), as one svc.dns.ZoneRecords;`);
  expect(stdout).toContain("svc-import: compared with the live zone: 2 the same, 1 in the file only, 1 live only, 1 different.\n");
  expect(stdout).toContain("  in the file, not live (the first preview after the import adds them):\n    new AAAA (line 7): 300 2001:db8::1\n");
  expect(stdout).toMatch(
    / {2}live, not in the file \(the import takes them into the ZoneRecords' state: the first preview deletes them unless the program names them\):\n {4}old A: 300 192\.0\.2\.99\n/,
  );
  expect(stdout).toContain(
    "  different (the import takes the live ones; the first preview changes them to the file's):\n    @ MX (line 5): file 3600 10 mx1.moved.example. | 20 mx2.moved.example.; live 3600 10 mx1.moved.example.\n",
  );
  expect(stdout).toContain("pulumi preview             # the differences listed above");
  expect(JSON.parse(readFileSync(path.join(outDir, "import.json"), "utf8"))).toEqual({
    resources: [{ type: "svc:dns/zoneRecords:ZoneRecords", name: "moved_records", id: "projects/zone-project/managedZones/moved" }],
  });
  const program = readFileSync(path.join(outDir, "adopted.py"), "utf8");
  expect(program).toContain(
    'moved_records = svc.dns.ZoneRecords(\n    "moved_records",\n    project="zone-project",\n    managed_zone="moved",\n    records={\n',
  );
  expect(program).toContain("# Compared with the live zone when written: 2 the same, 1 in the file only, 1 live only, 1 different");
});

it("reads an octoDNS zone file's names against the live zone's DNS name, and says the same in --json", async () => {
  const octodns =
    "'':\n  - type: A\n    ttl: 300\n    value: 192.0.2.1\n  - type: MX\n    values:\n      - exchange: mx1.moved.example.\n        preference: 10\nwww:\n  type: CNAME\n  value: moved.example.\nold:\n  type: A\n  ttl: 300\n  value: 192.0.2.99\n";
  const { status, stdout, outDir } = await run("moved.example.yaml", octodns, [
    "--from-octodns",
    "--zone",
    "moved",
    "--language",
    "typescript-dynamic",
    "--json",
  ]);
  expect(status).toBe(0);
  const report = JSON.parse(stdout) as Record<string, unknown>;
  expect(report).toEqual({
    source: { file: path.join(scratch, "moved.example.yaml"), format: "octodns" },
    zone: { project: "zone-project", name: "moved", dnsName: "moved.example." },
    resources: [{ type: "svc.dns.ZoneRecords", name: "moved_records", id: "projects/zone-project/managedZones/moved", imported: true }],
    recordSets: 4,
    leftOut: [],
    comparison: { same: 4, fileOnly: [], liveOnly: [], different: [] },
    files: [path.join(outDir, "adopted.ts")],
  });
  expect(existsSync(path.join(outDir, "import.json"))).toBe(false);
  expect(readFileSync(path.join(outDir, "adopted.ts"), "utf8")).toContain('}, { import: "projects/zone-project/managedZones/moved" });');
});

it("refuses a zone the project does not have, writing nothing", async () => {
  const { status, stderr, outDir } = await run("absent.zone", ZONE_FILE, ["--from-zone-file", "--zone", "absent", "--language", "yaml"]);
  expect(status).toBe(1);
  expect(stderr).toContain("svc-import: the project zone-project has no managed zone absent: svc-import moves a file's records into a zone that exists");
  expect(existsSync(outDir)).toBe(false);
});
