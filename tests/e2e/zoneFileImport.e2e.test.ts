/**
 * Moving a zone in from a zone file and from octoDNS, with the real engine: a live zone holding
 * exactly the file's record sets of every common type (A, AAAA, CNAME, MX, TXT with a 2,048-bit DKIM
 * key in several strings, SRV, CAA, a delegation's NS; the file's SOA and apex NS are the zone's own),
 * `svc-import --from-zone-file` / `--from-octodns` writes the dynamic SDK's program, whose `pulumi up`
 * adopts the zone's records with no write, and the next preview is empty. The reading and the
 * comparison are tests/unit/importZoneFile.test.ts, importOctodns.test.ts and
 * tests/emulator/import-zone-file.test.ts.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { requestCount, writesSince } from "../support/pluginImports";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { REPO_ROOT } from "../support/toolchain";

const suite = engineSuite();
const CLI = path.join(REPO_ROOT, "dist", "tools", "import", "bin.js");
const PROJECT = "e2e-project";
mkdirSync(path.join(REPO_ROOT, "build"), { recursive: true });
const scratch = mkdtempSync(path.join(REPO_ROOT, "build", "zone-file-import-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A 2,048-bit RSA public key as a DKIM record carries it: 392 characters of base64, more than one TXT string holds. */
const DKIM_KEY = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "der" }).toString("base64");
const chunks = (text: string, size: number): string[] => text.match(new RegExp(`.{1,${size}}`, "g")) ?? [];

/** The live zone's sets, as another tool made them (the DKIM key split otherwise than the file splits it: the same record). */
function liveSets(dnsName: string): Array<{ name: string; type: string; ttl: number; rrdatas: string[] }> {
  const at = (relative: string): string => (relative === "@" ? dnsName : `${relative}.${dnsName}`);
  return [
    { name: at("@"), type: "A", ttl: 300, rrdatas: ["192.0.2.1", "192.0.2.2"] },
    { name: at("@"), type: "AAAA", ttl: 300, rrdatas: ["2001:db8::1"] },
    { name: at("www"), type: "CNAME", ttl: 3600, rrdatas: [dnsName] },
    { name: at("@"), type: "MX", ttl: 3600, rrdatas: [`10 mx1.${dnsName}`, `20 mx2.${dnsName}`] },
    { name: at("@"), type: "TXT", ttl: 3600, rrdatas: ['"v=spf1 include:_spf.example.net -all"'] },
    { name: at("selector1._domainkey"), type: "TXT", ttl: 3600, rrdatas: [`"v=DKIM1; k=rsa; p=${DKIM_KEY.slice(0, 200)}" "${DKIM_KEY.slice(200)}"`] },
    { name: at("_sip._tcp"), type: "SRV", ttl: 600, rrdatas: [`10 60 5060 sip.${dnsName}`] },
    { name: at("@"), type: "CAA", ttl: 3600, rrdatas: ['0 issue "letsencrypt.org"', `0 iodef "mailto:security@${dnsName.slice(0, -1)}"`] },
    { name: at("sub"), type: "NS", ttl: 3600, rrdatas: ["ns1.delegated.example.net.", "ns2.delegated.example.net."] },
  ];
}

const ZONE_FILE = [
  "; moved.example., as the provider before exported it",
  "$ORIGIN moved.example.",
  "$TTL 3600",
  "@ IN SOA ns1.old-dns.net. hostmaster.moved.example. ( 2024010101 ; serial",
  "      7200 3600 1209600 300 )",
  "  IN NS ns1.old-dns.net.",
  "  IN NS ns2.old-dns.net.",
  "@ 300 IN A 192.0.2.1",
  "  300 IN A 192.0.2.2",
  "  300 IN AAAA 2001:db8::1",
  "www CNAME @",
  "@ MX 10 mx1",
  "@ MX 20 mx2",
  '@ TXT "v=spf1 include:_spf.example.net -all"',
  `selector1._domainkey IN TXT ( "v=DKIM1\\; k=rsa\\; p="`,
  ...chunks(DKIM_KEY, 255).map((part) => `      "${part}"`),
  "      )",
  "_sip._tcp 600 SRV 10 60 5060 sip",
  "@ CAA 0 issue letsencrypt.org",
  '@ CAA 0 iodef "mailto:security@moved.example"',
  "sub NS ns1.delegated.example.net.",
  "    NS ns2.delegated.example.net.",
  "",
].join("\n");

const OCTODNS = `---
'':
  - type: A
    ttl: 300
    values: [192.0.2.1, 192.0.2.2]
  - type: AAAA
    ttl: 300
    value: 2001:db8::1
  - type: CAA
    values:
      - { flags: 0, tag: issue, value: letsencrypt.org }
      - { tag: iodef, value: "mailto:security@octo.example" }
  - type: MX
    values:
      - { exchange: mx1.octo.example., preference: 10 }
      - { exchange: mx2.octo.example., preference: 20 }
  - type: NS
    values: [ns1.old-dns.net., ns2.old-dns.net.]
  - type: TXT
    value: v=spf1 include:_spf.example.net -all
_sip._tcp:
  type: SRV
  ttl: 600
  value: { port: 5060, priority: 10, target: sip.octo.example., weight: 60 }
selector1._domainkey:
  type: TXT
  value: v=DKIM1\\; k=rsa\\; p=${DKIM_KEY}
sub:
  type: NS
  values: [ns1.delegated.example.net., ns2.delegated.example.net.]
www:
  type: CNAME
  value: octo.example.
`;

/** A managed zone made out of band holding exactly these sets (and the apex SOA and NS the API makes). */
async function seedZone(name: string, dnsName: string): Promise<void> {
  const zones = `/dns/v1/projects/${PROJECT}/managedZones`;
  expect((await suite.emulator.api("POST", zones, { name, dnsName, description: "moved in" })).status).toBe(200);
  expect((await suite.emulator.api("POST", `${zones}/${name}/changes`, { additions: liveSets(dnsName) })).status).toBe(200);
}

/** The built bin against the emulator; what it printed. */
function svcImport(args: readonly string[]): Promise<string> {
  const env = { PATH: process.env["PATH"] ?? "", SVC_EMULATOR_URL: suite.emulator.url, SVC_DNS_TOKEN: suite.emulator.token };
  return new Promise((resolve, reject) =>
    execFile("node", [CLI, ...args], { env, encoding: "utf8" }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`svc-import failed: ${stderr}`)),
    ),
  );
}

it.each([
  ["a zone file", "--from-zone-file", "moved.example.zone", ZONE_FILE, "from-zone-file", "moved.example."],
  ["an octoDNS zone file", "--from-octodns", "octo.example.yaml", OCTODNS, "from-octodns", "octo.example."],
])(
  "%s of every common type: the written program adopts the live zone's records with no write, and the preview is empty",
  async (_what, flag, file, text, zone, dnsName) => {
    await seedZone(zone, dnsName);
    const dir = path.join(scratch, zone);
    mkdirSync(dir);
    writeFileSync(path.join(scratch, file), text);
    const summary = await svcImport([
      flag,
      path.join(scratch, file),
      "--zone",
      zone,
      "--project",
      PROJECT,
      "--language",
      "typescript-dynamic",
      "--out-dir",
      dir,
    ]);
    expect(summary).toContain(`svc-import: 9 record sets of ${path.join(scratch, file)} for the zone ${zone} (${dnsName}), as one svc.dns.ZoneRecords;`);
    expect(summary).toContain("svc-import: compared with the live zone: 9 the same, 0 in the file only, 0 live only, 0 different.\n");
    // The zone's own apex SOA (the octoDNS file has none) and NS are left out, saying so.
    expect(summary).toMatch(/\n {2}@ NS \(line \d+\): the zone's own name servers are Cloud DNS's/);

    writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${zone}\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`);
    // Its own package.json: the engine would run the nearest one's main, the repository's.
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: zone, private: true, main: "index.ts" }));
    writeFileSync(path.join(dir, "index.ts"), readFileSync(path.join(dir, "adopted.ts"), "utf8"));
    const stack = suite.track(await openStack(dir, suite.emulator));
    const since = await requestCount(suite.emulator);
    const up = await stack.stack.up();
    expect(await writesSince(suite.emulator, since)).toEqual([]);
    // The ZoneRecords and the stack itself: the dynamic SDK adopts in its create.
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    expect((await stack.stack.preview()).changeSummary).toEqual({ same: 2 });
  },
);
