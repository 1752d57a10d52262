/**
 * `svc-import --from-octodns`'s reading of an octoDNS zone file (tools/import/zones/octodns.ts), in
 * the forms octoDNS's record types read (octodns/record/*.py); and what both sources come to
 * against a live zone (tools/import/zones/fromFile.ts, pure here): one ZoneRecords or a RecordSet
 * each, another tool's sets and markers left out, and the file compared with the live zone.
 */
import { readOctodns } from "../../tools/import/zones/octodns";
import { fromFile } from "../../tools/import/zones/fromFile";
import type { LiveZone } from "../../tools/import/zones/live";
import { programIn } from "../../tools/import/languages";
import { importFile } from "../../tools/import/program";
import { setsOf, SourceError, type SourceSet } from "../../tools/import/zones/source";
import { readZoneFile } from "../../tools/import/zones/zoneFile";

const OCTODNS = `---
'':
  - type: A
    values:
      - 192.0.2.1
      - 192.0.2.2
  - type: MX
    values:
      - exchange: mx1.example.com.
        preference: 10
      - priority: 20
        value: mx2.example.com.
  - type: TXT
    ttl: 300
    values:
      - v=spf1 include:_spf.example.net -all
      - v=DKIM1\\; k=rsa\\; p=MIIB
  - type: CAA
    values:
      - flags: 0
        tag: issue
        value: letsencrypt.org
      - tag: iodef
        value: mailto:security@example.com
  - type: NS
    values: [ns1.old-dns.net., ns2.old-dns.net.]
_sip._tcp:
  type: SRV
  ttl: 600
  value:
    port: 5060
    priority: 10
    target: sip.example.com.
    weight: 60
www:
  type: CNAME
  value: example.com.
legacy:
  type: A
  value: 192.0.2.9
  octodns:
    ignored: true
v6:
  type: AAAA
  value: 2001:db8::1
`;

/** The line and message of the SourceError `run` throws. */
function thrownBy(run: () => unknown): { line: number; message: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SourceError) return { line: error.line, message: error.message };
    throw error;
  }
  return undefined;
}

const byKey = (sets: readonly SourceSet[]): Record<string, { ttl: number; rrdatas: readonly string[]; line: number }> =>
  Object.fromEntries(sets.map(({ relative, type, ttl, rrdatas, line }) => [`${relative} ${type}`, { ttl, rrdatas, line }]));

describe("an octoDNS zone file", () => {
  const file = readOctodns(OCTODNS);
  const sets = byKey(setsOf(file.records, "example.com."));

  it("reads '' as the apex, value and values, a record as one map or a list, octoDNS's default TTL 3600", () => {
    expect(Object.keys(sets)).toEqual(["@ A", "@ MX", "@ TXT", "@ CAA", "@ NS", "_sip._tcp SRV", "www CNAME", "v6 AAAA"]);
    expect(sets["@ A"]).toEqual({ ttl: 3600, rrdatas: ["192.0.2.1", "192.0.2.2"], line: 3 });
    expect(sets["www CNAME"]).toEqual({ ttl: 3600, rrdatas: ["example.com."], line: 36 });
  });

  it("writes each type's fields as its record data: MX exchange/preference and the older value/priority, SRV, CAA's flags (0 when left out)", () => {
    expect(sets["@ MX"]?.rrdatas).toEqual(["10 mx1.example.com.", "20 mx2.example.com."]);
    expect(sets["_sip._tcp SRV"]).toEqual({ ttl: 600, rrdatas: ["10 60 5060 sip.example.com."], line: 28 });
    expect(sets["@ CAA"]?.rrdatas).toEqual(['0 issue "letsencrypt.org"', '0 iodef "mailto:security@example.com"']);
  });

  it("reads TXT with octoDNS's \\; as a semicolon, each value one quoted string", () => {
    expect(sets["@ TXT"]).toEqual({ ttl: 300, rrdatas: ['"v=spf1 include:_spf.example.net -all"', '"v=DKIM1; k=rsa; p=MIIB"'], line: 13 });
  });

  it("leaves out a record octoDNS ignores, saying why", () => {
    expect(file.leftOut).toEqual([{ set: "legacy A", line: 39, reason: "octoDNS ignores it (`octodns: { ignored: true }`)" }]);
  });

  it("splits a long TXT value (a 2,048-bit DKIM key) into strings of at most 255 octets", () => {
    const key = "A".repeat(392);
    const [set] = setsOf(readOctodns(`dkim._domainkey:\n  type: TXT\n  value: v=DKIM1\\; k=rsa\\; p=${key}\n`).records, "example.com.");
    const strings = set?.rrdatas[0]?.match(/"[^"]*"/g) ?? [];
    expect(strings.map((text) => text.length - 2)).toEqual([255, 155]);
    expect(strings.join("").replaceAll('"', "")).toBe(`v=DKIM1; k=rsa; p=${key}`);
  });

  it.each([
    [
      "a type Cloud DNS does not hold",
      "www:\n  type: A\n  value: 192.0.2.1\n'':\n  type: ALIAS\n  value: lb.example.net.\n",
      5,
      '"ALIAS" is not a record type Cloud DNS holds',
    ],
    ["an MX without its exchange", "'':\n  type: MX\n  value:\n    preference: 10\n", 2, "@ MX: missing exchange (or value)"],
    ["a type given twice at a name", "www:\n- type: A\n  value: 192.0.2.1\n- type: A\n  value: 192.0.2.2\n", 4, "www A is given again (first at line 2)"],
    ["a name given twice", "www:\n  type: A\n  value: 192.0.2.1\nwww:\n  type: AAAA\n  value: 2001:db8::1\n", 4, "not YAML: Map keys must be unique"],
  ])("fails on %s naming its line", (_what, text, line, words) => {
    expect(thrownBy(() => readOctodns(text))).toEqual({ line, message: expect.stringContaining(words) });
  });
});

describe("a file against the live zone", () => {
  const soa = {
    name: "example.com.",
    type: "SOA",
    ttl: 21600,
    rrdatas: ["ns-cloud-a1.googledomains.com. cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300"],
  };
  const ns = { name: "example.com.", type: "NS", ttl: 21600, rrdatas: ["ns-cloud-a1.googledomains.com."] };
  const live: LiveZone = {
    dnsName: "example.com.",
    rrsets: [
      soa,
      ns,
      { name: "example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] },
      { name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.80"] },
      { name: "old.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.99"] },
      { name: "mail.example.com.", type: "MX", ttl: 3600, rrdatas: ["10 mx.example.com."] },
    ],
  };
  const file = readZoneFile(
    [
      "$ORIGIN example.com.",
      "$TTL 300",
      "@ NS ns1.old-dns.net.",
      "@ A 192.0.2.1",
      "www A 192.0.2.80",
      "mail 3600 MX 20 mx.example.com.",
      "new AAAA 2001:db8::1",
      "api A 192.0.2.5",
      '_owner.a.api TXT "*octodns*"',
    ].join("\n"),
  );
  const target = { project: "p1", zone: "example-zone", source: "example.com.zone" };

  it("lists the sets in the file only, live only and different; leaves out the apex NS, another tool's set and its marker", () => {
    const result = fromFile(file, live, target, false);
    expect(result.comparison).toEqual({
      same: 2,
      fileOnly: [{ set: "new AAAA", line: 7, file: "300 2001:db8::1" }],
      liveOnly: [{ set: "old A", live: "300 192.0.2.99" }],
      different: [{ set: "mail MX", line: 6, file: "3600 20 mx.example.com.", live: "3600 10 mx.example.com." }],
    });
    expect(result.leftOut).toEqual([
      { set: "@ NS", line: 3, reason: expect.stringContaining("the zone's own name servers are Cloud DNS's") },
      {
        set: "api A",
        line: 8,
        reason: expect.stringMatching(/^claimed by octoDNS \(\*octodns\*\) \(its marker _owner\.a\.api\.example\.com\. TXT\): left to that tool/),
      },
      { set: "_owner.a.api TXT", line: 9, reason: "an ownership marker of octoDNS (*octodns*): that tool's own" },
    ]);
  });

  it("writes one ZoneRecords of the file's sets, names relative to the zone with their TTLs, imported by the zone's id", () => {
    const result = fromFile(file, live, target, false);
    expect(result.objects).toHaveLength(1);
    const [records] = result.objects;
    expect(records?.found.id).toBe("projects/p1/managedZones/example-zone");
    expect(records?.found.drift).toEqual([]);
    expect(records?.found.inputs).toEqual({
      project: "p1",
      managedZone: "example-zone",
      records: {
        "@": { A: { ttl: 300, rrdatas: ["192.0.2.1"] } },
        www: { A: { ttl: 300, rrdatas: ["192.0.2.80"] } },
        mail: { MX: { ttl: 3600, rrdatas: ["20 mx.example.com."] } },
        new: { AAAA: { ttl: 300, rrdatas: ["2001:db8::1"] } },
      },
    });
    expect(programIn("yaml", result.objects, [])).toContain(
      '  example_zone_records:\n    type: svc:dns/zoneRecords:ZoneRecords\n    properties:\n      project: "p1"\n      managedZone: "example-zone"\n      records:\n',
    );
    expect(importFile(result.objects)).toEqual({
      resources: [{ type: "svc:dns/zoneRecords:ZoneRecords", name: "example_zone_records", id: "projects/p1/managedZones/example-zone" }],
    });
  });

  it("with --record-sets writes a RecordSet each; one the live zone lacks has no { import } and is not in the import file", () => {
    const result = fromFile(file, live, target, true);
    expect(result.objects.map(({ found, create }) => [found.id.split("/rrsets/")[1], create ?? false])).toEqual([
      ["example.com./A", false],
      ["mail.example.com./MX", false],
      ["new.example.com./AAAA", true],
      ["www.example.com./A", false],
    ]);
    const dynamic = programIn("typescript-dynamic", result.objects, []);
    expect(dynamic).toContain('  type: "AAAA",\n  rrdatas: ["2001:db8::1"],\n});');
    expect(dynamic).toContain('}, { import: "projects/p1/managedZones/example-zone/rrsets/www.example.com./A" });');
    expect(dynamic).toContain("// example.com.zone, line 7\n// Not in the live zone: the next `up` creates it (it is not in import.json).\n");
    const ids = (importFile(result.objects.filter((object) => object.create !== true)) as { resources: Array<{ id: string }> }).resources.map(({ id }) => id);
    expect(ids).toHaveLength(3);
    expect(ids.some((id) => id.includes("new.example.com."))).toBe(false);
  });

  it("refuses an $ORIGIN outside the zone, naming its line", () => {
    expect(thrownBy(() => fromFile(readZoneFile("$TTL 60\n$ORIGIN example.org.\n@ A 192.0.2.1\n"), live, target, false))).toEqual({
      line: 2,
      message: "the file's $ORIGIN example.org. is not in the zone example-zone (example.com.): give --zone the zone of this file, or an $ORIGIN inside it",
    });
  });

  it("refuses record data the type does not take, naming the set's line", () => {
    expect(thrownBy(() => fromFile(readZoneFile("$TTL 60\n@ A 192.0.2.1\nmail MX mx.example.com.\n"), live, target, false))).toEqual({
      line: 3,
      message: expect.stringMatching(/^mail MX: records\.mail\.MX\.rrdatas\[0\] must be MX record data/),
    });
  });
});
