/**
 * `svc-import --from-zone-file`'s reading of an RFC 1035 master file (tools/import/zones/zoneFile.ts):
 * what each construct comes to as the zone's record sets, the TTL rules (RFC 2308's `$TTL`, RFC
 * 1035's previous record, the SOA's MINIMUM), and bad files failing through the command with the
 * file and the line named, exit code 1, before any request, and nothing written. The command
 * against a live zone is tests/emulator/import-zone-file.test.ts; the engine, tests/e2e/zoneFileImport.e2e.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../tools/import/cli";
import { ZONE_FILE_USAGE, zoneFileMain } from "../../tools/import/zones/command";
import { setsOf, SourceError, zoneOwnLeftOut, type SourceSet } from "../../tools/import/zones/source";
import { readZoneFile } from "../../tools/import/zones/zoneFile";
import { offlineSettings } from "../support/providerEmulator";

const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-zone-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ZONE = [
  "; example.com., as another provider exported it",
  "$ORIGIN example.com.",
  "$TTL 3600",
  "@   IN  SOA ns1.old-dns.net. hostmaster.example.com. (",
  "        2024010101 ; serial",
  "        7200 3600 1209600 300 )",
  "    IN  NS  ns1.old-dns.net.",
  "    IN  NS  ns2.old-dns.net.",
  "@       300 IN A     192.0.2.1",
  "        IN AAAA 2001:db8::1 ; the owner of the line before; $TTL, not its TTL",
  "www     IN CNAME @",
  "mail    300 A 192.0.2.25",
  "@       MX 10 mail",
  "@       MX 20 mx2.example.net.",
  "_sip._tcp  SRV 10 60 5060 sip",
  "@       CAA 0 issue letsencrypt.org",
  '@       CAA 0 iodef "mailto:security@example.com"',
  '@       TXT "v=spf1 include:_spf.example.net -all"',
  'selector1._domainkey 1h IN TXT ( "v=DKIM1\\; k=rsa; "',
  '        "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" ) ; two strings over two lines',
  'quoted  TXT "say \\"hi\\"" two\\032words',
  "dev.example.com. 60 IN A 192.0.2.50",
  "$ORIGIN sub",
  "api     A 192.0.2.60",
  "",
].join("\n");

const byKey = (sets: readonly SourceSet[]): Record<string, Omit<SourceSet, "name" | "relative" | "type">> =>
  Object.fromEntries(sets.map(({ relative, type, ttl, rrdatas, line }) => [`${relative} ${type}`, { ttl, rrdatas, line }]));

describe("a master file", () => {
  const sets = byKey(setsOf(readZoneFile(ZONE).records, "example.com."));

  it("reads each record set: $ORIGIN, @, relative and absolute names, an owner left out, records of a set together", () => {
    expect(Object.keys(sets)).toEqual([
      "@ SOA",
      "@ NS",
      "@ A",
      "@ AAAA",
      "www CNAME",
      "mail A",
      "@ MX",
      "_sip._tcp SRV",
      "@ CAA",
      "@ TXT",
      "selector1._domainkey TXT",
      "quoted TXT",
      "dev A",
      "api.sub A",
    ]);
    expect(sets["@ NS"]).toEqual({ ttl: 3600, rrdatas: ["ns1.old-dns.net.", "ns2.old-dns.net."], line: 7 });
    expect(sets["www CNAME"]).toEqual({ ttl: 3600, rrdatas: ["example.com."], line: 11 });
    // Names in record data are made absolute against the origin (Cloud DNS takes them so).
    expect(sets["@ MX"]).toEqual({ ttl: 3600, rrdatas: ["10 mail.example.com.", "20 mx2.example.net."], line: 13 });
    expect(sets["_sip._tcp SRV"]?.rrdatas).toEqual(["10 60 5060 sip.example.com."]);
    expect(sets["dev A"]).toEqual({ ttl: 60, rrdatas: ["192.0.2.50"], line: 22 });
    // A relative $ORIGIN is under the one before it.
    expect(sets["api.sub A"]).toEqual({ ttl: 3600, rrdatas: ["192.0.2.60"], line: 24 });
  });

  it("keeps quoted strings as written, escapes and all, several strings to a record over lines in parentheses", () => {
    expect(sets["selector1._domainkey TXT"]).toEqual({
      ttl: 3600,
      rrdatas: ['"v=DKIM1\\; k=rsa; " "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"'],
      line: 19,
    });
    // An unquoted word is a string of its own, as a zone file reads it (quoted, so that the API does not split it otherwise).
    expect(sets["quoted TXT"]?.rrdatas).toEqual(['"say \\"hi\\"" "two\\032words"']);
    expect(sets["@ CAA"]?.rrdatas).toEqual(['0 issue "letsencrypt.org"', '0 iodef "mailto:security@example.com"']);
    // The SOA's parentheses and comments span three lines.
    expect(sets["@ SOA"]).toEqual({ ttl: 3600, rrdatas: ["ns1.old-dns.net. hostmaster.example.com. 2024010101 7200 3600 1209600 300"], line: 4 });
  });

  it("gives a record without a TTL the $TTL (RFC 2308), not the previous record's", () => {
    expect(sets["@ A"]?.ttl).toBe(300);
    expect(sets["@ AAAA"]?.ttl).toBe(3600);
  });

  it("leaves the zone's own apex SOA and NS out, saying why", () => {
    const all = setsOf(readZoneFile(ZONE).records, "example.com.");
    expect(all.map(zoneOwnLeftOut).filter((left) => left !== undefined)).toEqual([
      { set: "@ SOA", line: 4, reason: expect.stringContaining("the zone's own SOA is Cloud DNS's") },
      { set: "@ NS", line: 7, reason: expect.stringContaining("the file's (ns1.old-dns.net., ns2.old-dns.net.) are not imported") },
    ]);
  });
});

describe("the TTL of a record that gives none, without $TTL", () => {
  it("is the previous record's (RFC 1035 5.1), and the SOA's own its MINIMUM", () => {
    const file = ["$ORIGIN example.org.", "@ SOA ns. host. 1 2 3 4 1800", "a 600 A 192.0.2.1", "b A 192.0.2.2", "c 2h A 192.0.2.3", "d A 192.0.2.4"].join("\n");
    const sets = byKey(setsOf(readZoneFile(file).records, "example.org."));
    expect(Object.fromEntries(Object.entries(sets).map(([key, { ttl }]) => [key, ttl]))).toEqual({
      "@ SOA": 1800,
      "a A": 600,
      "b A": 600,
      "c A": 7200,
      "d A": 7200,
    });
  });

  it("names the line when none comes before it", () => {
    expect(() => readZoneFile("www A 192.0.2.1\n")).toThrow(
      new SourceError(1, "the record has no TTL and none comes before it: give it one, or $TTL before it (RFC 2308)"),
    );
  });

  it("without $ORIGIN, names stay relative to the zone the command names", () => {
    const sets = byKey(setsOf(readZoneFile("$TTL 300\n@ A 192.0.2.1\nwww CNAME @\nmx MX 10 @\n").records, "example.net."));
    expect(sets).toEqual({
      "@ A": { ttl: 300, rrdatas: ["192.0.2.1"], line: 2 },
      "www CNAME": { ttl: 300, rrdatas: ["example.net."], line: 3 },
      "mx MX": { ttl: 300, rrdatas: ["10 example.net."], line: 4 },
    });
  });
});

describe("a bad file, through the command", () => {
  offlineSettings("zone-project");

  /** The command on `text`: its status, what it said, and whether it wrote anything (the emulator address is closed: a request would fail otherwise). */
  async function run(name: string, text: string): Promise<{ status: number; stderr: string; wrote: string[] }> {
    const file = path.join(scratch, name);
    writeFileSync(file, text);
    const outDir = path.join(scratch, `${name}-out`);
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    const stdout = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const status = await zoneFileMain(["--from-zone-file", file, "--zone", "example-zone", "--language", "yaml", "--out-dir", outDir]);
      return { status, stderr: stderr.mock.calls.map(([chunk]) => String(chunk)).join(""), wrote: existsSync(outDir) ? readdirSync(outDir) : [] };
    } finally {
      stderr.mockRestore();
      stdout.mockRestore();
    }
  }

  it("with a ( never closed fails naming the line it opened on", async () => {
    const result = await run("open-paren.zone", '$TTL 300\n@ A 192.0.2.1\nbig TXT ( "one"\n  "two"\nwww A 192.0.2.2\n');
    expect(result).toEqual({
      status: 1,
      stderr: expect.stringContaining("open-paren.zone:3: the ( opened here is never closed: parentheses must balance"),
      wrote: [],
    });
    expect(result.stderr).toContain("wrote no file");
  });

  it("with a ) that closes nothing fails naming its line", async () => {
    expect(await run("close-paren.zone", "$TTL 300\n@ A 192.0.2.1 )\n")).toEqual({
      status: 1,
      stderr: expect.stringContaining("close-paren.zone:2: a ) closes no (: parentheses must balance"),
      wrote: [],
    });
  });

  it("with an unknown type fails naming its line and the types Cloud DNS holds", async () => {
    expect(await run("unknown-type.zone", "$ORIGIN example.com.\n$TTL 300\n@ A 192.0.2.1\nold 300 IN WKS 192.0.2.9 TCP smtp\n")).toEqual({
      status: 1,
      stderr: expect.stringContaining('unknown-type.zone:4: "WKS" is not a record type Cloud DNS holds: give one of A, AAAA, CAA, CNAME,'),
      wrote: [],
    });
  });

  it("with a TXT whose quote is not closed fails naming its line", async () => {
    expect(await run("open-quote.zone", '$TTL 300\n@ A 192.0.2.1\n@ TXT "v=spf1 -all\nwww A 192.0.2.2\n')).toEqual({
      status: 1,
      stderr: expect.stringContaining('open-quote.zone:3: a quoted string is not closed on its line ("v=spf1 -all...): close it with "'),
      wrote: [],
    });
  });

  it("with $INCLUDE fails naming its line: the command reads one file", async () => {
    expect(await run("include.zone", "$TTL 300\n$INCLUDE other.zone\n")).toEqual({
      status: 1,
      stderr: expect.stringContaining("include.zone:2: $INCLUDE is not read: svc-import reads the one file it is given"),
      wrote: [],
    });
  });
});

describe("svc-import --help", () => {
  async function help(argv: readonly string[]): Promise<{ status: number; stdout: string }> {
    const stdout = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const status = await main(argv);
      return { status, stdout: stdout.mock.calls.map(([chunk]) => String(chunk)).join("") };
    } finally {
      stdout.mockRestore();
    }
  }

  it("names the zone file and octoDNS sources, and each prints its own flags", async () => {
    const { status, stdout } = await help(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain("  svc-import --from-zone-file example.com.zone --zone example-zone [--project ID]");
    expect(stdout).toContain("  svc-import --from-octodns example.com.yaml --zone example-zone [the same flags]");
    for (const flag of ["--from-zone-file", "--from-octodns"]) {
      const own = await help([flag, "x", "--help"]);
      expect(own).toEqual({ status: 0, stdout: `${ZONE_FILE_USAGE}\n` });
    }
    expect(ZONE_FILE_USAGE).toContain("  --record-sets        a svc.dns.RecordSet per record set instead");
    expect(ZONE_FILE_USAGE).toContain("$INCLUDE is refused");
  });
});
