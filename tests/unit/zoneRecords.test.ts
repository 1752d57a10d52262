/**
 * svc.dns.ZoneRecords as pure functions: the records map's stored form, the diff a reviewer reads
 * (each set by name and type), the writes that bring a zone to the program and their cut into
 * changes within Cloud DNS's per-change limits, and what `check` refuses before any request.
 */
import { zoneRecords } from "../../provider/apis/dns/zoneRecords";
import { recordsFailures } from "../../provider/apis/dns/zoneRecords/checks";
import { limitsOfProject, recordChanges, recordsOfSets, wantedSets } from "../../provider/apis/dns/zoneRecords/model";
import { writesOf } from "../../provider/engine/kinds";
import { decodeData, encodeData, encodeForCheck, toProgramRecords, toStoredRecords } from "../../provider/apis/dns/zoneRecords/storedForm";
import { changesOf, writesToward, UnmanagedSetDiffers, zoneSync } from "../../provider/apis/dns/zoneRecords/sync";
import { changeBody, type WireRecordSet } from "../../provider/apis/dns/recordSets/wire";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { offlineSettings } from "../support/providerEmulator";
import { parsePreview } from "../../tools/plan/preview";
import { buildReport } from "../../tools/plan/report";

const ZONE = "example.com.";
const set = (name: string, type: string, ttl: number, rrdatas: string[]): WireRecordSet => ({ name, type, ttl, rrdatas });
const soa = set(ZONE, "SOA", 21600, ["ns1.example.com. hostmaster.example.com. 1 21600 3600 259200 300"]);
const ns = set(ZONE, "NS", 21600, ["ns1.example.com."]);

describe("the stored form", () => {
  it("is one line per set, its TTL first, and reads back as given", () => {
    const stored = toStoredRecords(
      { "@": { MX: { rrdatas: ["10 mail.example.com.", "20 mx2.example.com."] } }, www: { A: { ttl: 60, rrdatas: ["192.0.2.10"] } } },
      300,
    );
    expect(stored).toEqual({ "@ MX": "300 10 mail.example.com. | 20 mx2.example.com.", "www A": "60 192.0.2.10" });
    expect(decodeData(stored["@ MX"] ?? "")).toEqual({ ttl: 300, rrdatas: ["10 mail.example.com.", "20 mx2.example.com."] });
  });

  it("writes record data that holds a | as a JSON list, and reads it back", () => {
    const text = encodeData(300, ['"a | b"', "[x]"]);
    expect(text).toBe('300 ["\\"a | b\\"","[x]"]');
    expect(decodeData(text)).toEqual({ ttl: 300, rrdatas: ['"a | b"', "[x]"] });
  });

  it("reads the program's map back from the nested form, the SDK's JSON text and the stored form alike", () => {
    const program = { www: { A: { ttl: 60, rrdatas: ["192.0.2.10"] } }, "@": { TXT: { rrdatas: ["v=spf1 -all"] } } };
    expect(toProgramRecords(program)).toBe(program);
    expect(toProgramRecords(encodeForCheck(program))).toEqual(program);
    expect(toProgramRecords({ "www A": "60 192.0.2.10" })).toEqual({ www: { A: { ttl: 60, rrdatas: ["192.0.2.10"] } } });
  });
});

describe("the diff", () => {
  it("names each set that changes by name and type, record data compared in canonical form", () => {
    const stored = { "www A": "300 192.0.2.10", "old TXT": '300 "x"', "@ TXT": '300 "v=spf1 -all"', "mail MX": "300 10 MAIL.example.com." };
    const wanted = { "www A": "600 192.0.2.10", "new AAAA": "300 2001:db8::1", "@ TXT": "300 v=spf1 -all", "MAIL MX": "300 10 mail.example.com." };
    expect(recordChanges(stored, wanted)).toEqual([
      { path: 'records["www A"]', kind: "update", old: "300 192.0.2.10", new: "600 192.0.2.10" },
      { path: 'records["new AAAA"]', kind: "add", new: "300 2001:db8::1" },
      { path: 'records["old TXT"]', kind: "delete", old: '300 "x"' },
    ]);
  });

  it("is the provider's detailed diff, and nothing when only the spelling differs", async () => {
    const olds = { project: "p1", managedZone: "z", records: { "www A": "300 192.0.2.10" }, defaultTtl: 300, exclusive: false, dnsName: ZONE };
    const provider = dynamicProvider(zoneRecords);
    expect(await provider.diff("id", olds, { ...olds, records: { "WWW A": "300 192.0.2.10" } })).toEqual({ changes: false });
    expect(await provider.diff("id", olds, { ...olds, records: { "www A": "300 192.0.2.11", "api A": "300 192.0.2.12" } })).toEqual({
      changes: true,
      detailedDiff: { 'records["www A"]': "update", 'records["api A"]': "add" },
    });
  });
});

describe("the writes", () => {
  const goal = (records: Record<string, string>, options: { exclusive?: boolean; managedBefore?: Record<string, string> } = {}) => ({
    zone: "z",
    records,
    exclusive: options.exclusive ?? false,
    managedBefore: options.managedBefore,
  });

  it("add what is missing, replace what differs, delete what the program no longer names, and leave the rest alone", () => {
    const zone = {
      dnsName: ZONE,
      rrsets: [
        soa,
        ns,
        set("www.example.com.", "A", 300, ["192.0.2.1"]),
        set("gone.example.com.", "A", 300, ["192.0.2.2"]),
        set("other.example.com.", "A", 300, ["192.0.2.3"]),
      ],
    };
    const writes = writesToward(
      zone,
      goal({ "www A": "600 192.0.2.1", "new A": "300 192.0.2.9" }, { managedBefore: { "www A": "300 192.0.2.1", "gone A": "300 192.0.2.2" } }),
      true,
    );
    expect(changeBody(writes)).toEqual({
      kind: "dns#change",
      deletions: [set("gone.example.com.", "A", 300, ["192.0.2.2"]), set("www.example.com.", "A", 300, ["192.0.2.1"])],
      additions: [set("new.example.com.", "A", 300, ["192.0.2.9"]), set("www.example.com.", "A", 600, ["192.0.2.1"])],
    });
  });

  it("delete every other set but the zone's apex SOA and NS when exclusive", () => {
    const zone = { dnsName: ZONE, rrsets: [soa, ns, set("other.example.com.", "TXT", 300, ['"x"']), set("sub.example.com.", "NS", 300, ["ns.elsewhere."])] };
    const writes = writesToward(zone, goal({}, { exclusive: true }), true);
    expect(changeBody(writes).deletions.map(({ name, type }) => `${name} ${type}`)).toEqual(["other.example.com. TXT", "sub.example.com. NS"]);
  });

  it("refuse to take over a set made outside this stack with other data, naming it and the fix", () => {
    const zone = { dnsName: ZONE, rrsets: [soa, ns, set("www.example.com.", "A", 300, ["198.51.100.1"])] };
    expect(() => writesToward(zone, goal({ "www A": "300 192.0.2.1" }), true)).toThrow(UnmanagedSetDiffers);
    expect(() => writesToward(zone, goal({ "www A": "300 192.0.2.1" }), true)).toThrow(
      /www\.example\.com\. A already exists in zone z with other data.*import/,
    );
    // The same set made by an interrupted run of this stack is simply in place: nothing to write.
    expect(writesToward({ ...zone, rrsets: [soa, ns, set("www.example.com.", "A", 300, ["192.0.2.1"])] }, goal({ "www A": "300 192.0.2.1" }), true)).toEqual(
      [],
    );
  });

  it("are cut into changes of at most 1,000 additions, 1,000 deletions and 100,000 bytes of record data", () => {
    const creates = Array.from({ length: 2500 }, (_, i) => ({ kind: "create" as const, addition: set(`h${i}.example.com.`, "A", 300, ["192.0.2.1"]) }));
    expect(changesOf(creates).map((change) => change.length)).toEqual([1000, 1000, 500]);
    // An update is one deletion and one addition: 1,000 updates fit in one change, 1,001 do not.
    const updates = Array.from({ length: 1001 }, (_, i) => ({
      kind: "update" as const,
      deletion: set(`h${i}.example.com.`, "A", 300, ["192.0.2.1"]),
      addition: set(`h${i}.example.com.`, "A", 600, ["192.0.2.1"]),
    }));
    expect(changesOf(updates).map((change) => change.length)).toEqual([1000, 1]);
    // DKIM-sized TXT sets (about 2 kB each): the bytes bound the change first.
    const dkim = `"${"k".repeat(250)}" `.repeat(8).trim();
    const keys = Array.from({ length: 120 }, (_, i) => ({ kind: "create" as const, addition: set(`s${i}._domainkey.example.com.`, "TXT", 300, [dkim]) }));
    const changes = changesOf(keys);
    expect(changes.length).toBeGreaterThan(1);
    for (const change of changes) {
      const bytes = change.reduce((sum, write) => sum + Buffer.byteLength((write.kind === "delete" ? write.deletion : write.addition).rrdatas?.[0] ?? ""), 0);
      expect(bytes).toBeLessThanOrEqual(100_000);
    }
  });

  it("read the state back from a listing: managed sets only, or every set but the apex SOA and NS", () => {
    const rrsets = [soa, ns, set("www.example.com.", "A", 300, ["192.0.2.1"]), set("x.example.com.", "TXT", 300, ['"x"'])];
    expect(recordsOfSets(rrsets, ZONE, { "WWW A": "1 0.0.0.0" }, false)).toEqual({ "WWW A": "300 192.0.2.1" });
    expect(recordsOfSets(rrsets, ZONE, undefined, true)).toEqual({ "www A": "300 192.0.2.1", "x TXT": '300 "x"' });
    expect(wantedSets({ "@ TXT": "300 v=spf1 -all" }, ZONE)).toEqual([set(ZONE, "TXT", 300, ['"v=spf1 -all"'])]);
  });

  it("adopt by id what records can say: a set with a routing policy (no record data) stays out, for svc.dns.RecordSet", () => {
    const weighted = { name: "weighted.example.com.", type: "A", ttl: 60, routingPolicy: { wrr: { items: [{ weight: 1, rrdatas: ["192.0.2.7"] }] } } };
    const zone = { dnsName: ZONE, rrsets: [soa, ns, set("www.example.com.", "A", 300, ["192.0.2.1"]), weighted] };
    expect(zoneRecords.toState(zone, {})["records"]).toEqual({ "www A": "300 192.0.2.1" });
    // Exclusive, every other set is the state's: the next up deletes it, and the preview names it first.
    expect(Object.keys(zoneRecords.toState(zone, { exclusive: true })["records"] as object)).toEqual(["www A", "weighted A"]);
  });
});

describe("check", () => {
  offlineSettings();

  it("names each bad record set by its path and the rule, before any request", async () => {
    const { failures } = await dynamicProvider(zoneRecords).check(
      {},
      {
        managedZone: "z",
        records: {
          www: { AX: { rrdatas: ["192.0.2.1"] } },
          alias: { CNAME: { rrdatas: ["target.example.com."] }, TXT: { rrdatas: ["x"] } },
          api: { A: { rrdatas: ["2001:db8::1"] } },
          "mail.": { MX: { rrdatas: ["10 mail.example.com."] } },
        },
      },
    );
    const reasons = (failures ?? []).map(({ property, reason }) => `${property}: ${reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^records: records\.www\.AX "AX" is not a record type; give one of A, AAAA/),
        expect.stringMatching(/^records: records\.alias a CNAME cannot stand beside another type at one name \(TXT\)/),
        expect.stringMatching(/^records: records\.api\.A\.rrdatas\[0\] must be A record data: a dotted-quad IPv4 address.*it is not an IPv4 address/),
        expect.stringMatching(/^records: records\.mail\. "mail\." is not a name relative to the zone .*it ends with a dot.*"mail"/),
      ]),
    );
    expect(reasons).toHaveLength(4);
  });

  it("refuses the zone's apex SOA and NS, which the API owns", () => {
    expect(recordsFailures({ "@": { NS: { rrdatas: ["ns1.example.com."] } } }).map(({ reason }) => reason)).toEqual([
      expect.stringMatching(/apex NS record set is the API's/),
    ]);
  });

  it("returns the stored form, every TTL given", async () => {
    const { inputs } = await dynamicProvider(zoneRecords).check({}, { managedZone: "z", defaultTtl: 120, records: { www: { A: { rrdatas: ["192.0.2.1"] } } } });
    expect(inputs).toMatchObject({ records: { "www A": "120 192.0.2.1" }, defaultTtl: 120, exclusive: false });
  });
});

describe("svc-plan", () => {
  it("lists a change of 10 of 1,000 sets by name and type, with the one change `up` sends", () => {
    const urn = "urn:pulumi:s::p::pulumi-nodejs:dynamic/dns:ZoneRecords::records";
    const provider = "urn:pulumi:s::p::pulumi:providers:pulumi-nodejs::default::0";
    const stored = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`host-${i} A`, `300 198.51.100.${i % 250}`]));
    const changedTo = { ...stored, ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`host-${i} A`, `300 203.0.113.${i}`])) };
    const inputs = { project: "p1", managedZone: "z", records: stored, defaultTtl: 300, exclusive: false };
    const preview = parsePreview(
      JSON.stringify({
        steps: [
          {
            op: "update",
            urn,
            provider,
            oldState: {
              urn,
              custom: true,
              id: "projects/p1/managedZones/z",
              type: "pulumi-nodejs:dynamic/dns:ZoneRecords",
              inputs,
              outputs: { ...inputs, dnsName: "z.example." },
            },
            newState: { urn, custom: true, type: "pulumi-nodejs:dynamic/dns:ZoneRecords", inputs: { ...inputs, records: changedTo } },
          },
        ],
        changeSummary: { update: 1 },
      }),
      "test",
    );
    const [change] = buildReport(preview).resources;
    expect(change?.properties.map(({ property, old, new: now }) => [property, old, now])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`records["host-${i} A"]`, `300 198.51.100.${i}`, `300 203.0.113.${i}`]),
    );
    const writes = change?.requests.filter((request) => request.method !== "GET") ?? [];
    expect(writes).toHaveLength(1);
    const body = writes[0]?.body as { deletions: Array<{ name: string; rrdatas: string[] }>; additions: Array<{ name: string; rrdatas: string[] }> };
    expect(body.deletions.map(({ name, rrdatas }) => `${name} ${rrdatas.join()}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `host-${i}.z.example. 198.51.100.${i}`).sort(),
    );
    expect(body.additions.map(({ name, rrdatas }) => `${name} ${rrdatas.join()}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `host-${i}.z.example. 203.0.113.${i}`).sort(),
    );
  });
});

describe("the per-change limits", () => {
  it("are the project's quota when the create read it, else Cloud DNS's documented defaults", () => {
    const sync = zoneSync(
      { project: "p1", managedZone: "z" },
      { zone: "z", records: Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`h${i} A`, "300 192.0.2.1"])), exclusive: false },
      undefined,
    );
    const live = [set(ZONE, "SOA", 300, ["ns. host. 1 2 3 4 5"])];
    const raised = { kind: "dns#project", quota: { rrsetAdditionsPerChange: 2000, rrsetDeletionsPerChange: 2000, totalRrdataSizePerChange: 500_000 } };
    const sizes = (before: unknown): number[] =>
      writesOf(sync.write(live, before)).map((request) => (request.body as { additions: unknown[] }).additions.length);
    expect(sizes(raised)).toEqual([2000, 500]);
    expect(sizes(undefined)).toEqual([1000, 1000, 500]);
    expect(limitsOfProject({ kind: "dns#project", quota: {} })).toEqual({ additions: 1000, deletions: 1000, rrdataBytes: 100_000 });
  });
});
