/**
 * The policy pack's rules (policy/rules.ts) on resources as CrossGuard hands them over: the SDK's
 * dynamic types and the plugin's type tokens (read from the plugin's schema), a ZoneRecords'
 * records in each form the engine may hold them (the SDK's JSON text before `check`, the stored
 * form after it, made by the provider's own functions), protected or not. The pack run by the
 * engine from the packed package is tests/e2e/policyPack.e2e.test.ts.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { encodeForCheck, toStoredRecords, type ProgramRecords } from "../../provider/apis/dns/zoneRecords/storedForm";
import {
  CRITICAL_TYPES,
  criticalRecordSetViolations,
  dnsKind,
  exclusiveZoneRecordsWarnings,
  minimumTtlViolations,
  zoneDeletionViolations,
  type DnsResource,
} from "../../policy/rules";

const schema = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "plugin", "schema.json"), "utf8")) as { resources: Record<string, unknown> };
const pluginToken = (name: string): string => {
  const found = Object.keys(schema.resources).find((key) => key.startsWith("svc:dns/") && key.endsWith(`:${name}`));
  if (found === undefined) throw new Error(`the plugin's schema has no dns resource ${name}`);
  return found;
};
const SDK = (name: string): string => `pulumi-nodejs:dynamic/dns:${name}`;
/** Each resource's type as the SDK's programs and the plugin's programs (YAML, Python, ...) name it. */
const TYPES = [
  ["the SDK's type", SDK],
  ["the plugin's token", pluginToken],
] as const;

const recordSet = (type: (name: string) => string, props: Record<string, unknown>, protect = false): DnsResource => ({
  type: type("RecordSet"),
  props: { managedZone: "zone", name: "example.com.", rrdatas: ["x"], ...props },
  protect,
});

/** A ZoneRecords as the engine holds it after `check` (stored form) or before (the SDK's JSON text per set). */
function zoneRecords(
  form: "stored" | "sent",
  records: ProgramRecords,
  { protect = false, exclusive = false, type = SDK }: { protect?: boolean; exclusive?: boolean; type?: (name: string) => string } = {},
): DnsResource {
  const defaultTtl = 300;
  const held = form === "stored" ? toStoredRecords(records, defaultTtl) : encodeForCheck(records);
  return { type: type("ZoneRecords"), props: { managedZone: "zone", records: held, defaultTtl, exclusive }, protect };
}

const manySets = (count: number): ProgramRecords =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`host${i}`, { A: { ttl: 300, rrdatas: [`192.0.2.${i + 1}`] } }]));

describe("the resources the pack knows", () => {
  it.each(["RecordSet", "ZoneRecords", "ManagedZone"])("%s by the SDK's dynamic type and by the plugin's token, long and short", (name) => {
    expect(dnsKind(SDK(name))).toBe(name);
    expect(dnsKind(pluginToken(name))).toBe(name);
    // As the CLI shows a plugin resource and YAML names it.
    expect(dnsKind(`svc:dns:${name}`)).toBe(name);
  });

  it("no other type, of this package or another", () => {
    for (const type of ["pulumi-nodejs:dynamic/dns:Policy", pluginToken("Policy"), "gcp:dns/recordSet:RecordSet", "pulumi-nodejs:dynamic:Resource"]) {
      expect(dnsKind(type)).toBeUndefined();
    }
  });
});

describe("svc-dns-minimum-ttl", () => {
  it.each(TYPES)("a RecordSet below the minimum is named with its TTL and the setting (%s)", (_, type) => {
    expect(minimumTtlViolations(recordSet(type, { type: "A", ttl: 30 }), 60)).toEqual([
      'ttl 30 is below the minimum TTL of 60 seconds (policy config "minimumTtl"): give ttl: 60 or more',
    ]);
    expect(minimumTtlViolations(recordSet(type, { type: "A", ttl: 60 }), 60)).toEqual([]);
  });

  it.each(["stored", "sent"] as const)("each set of a ZoneRecords below it, the default TTL counted (%s form)", (form) => {
    const records: ProgramRecords = {
      www: { A: { ttl: 30, rrdatas: ["192.0.2.1"] } },
      "@": { TXT: { rrdatas: ['"v=spf1 -all"'] } },
      api: { AAAA: { ttl: 600, rrdatas: ["2001:db8::1"] } },
    };
    const [message, ...rest] = minimumTtlViolations(zoneRecords(form, records), 400);
    expect(rest).toEqual([]);
    // The TXT set gives no TTL: the resource's default (300) is what the zone gets.
    expect(message).toContain(
      '2 record set(s) below the minimum TTL of 400 seconds (policy config "minimumTtl"): records["www A"] ttl 30, records["@ TXT"] ttl 300;',
    );
    expect(minimumTtlViolations(zoneRecords(form, records), 30)).toEqual([]);
  });

  it("a TTL not known yet (a preview's unknown) is no violation", () => {
    expect(minimumTtlViolations(recordSet(SDK, { type: "A", ttl: undefined }), 60)).toEqual([]);
  });
});

describe("svc-dns-critical-record-sets", () => {
  it.each(CRITICAL_TYPES.flatMap((critical) => TYPES.map(([by, type]) => [critical, by, type] as const)))(
    "an unprotected %s RecordSet fails (%s)",
    (critical, _, type) => {
      const [message] = criticalRecordSetViolations(recordSet(type, { type: critical }), CRITICAL_TYPES);
      expect(message).toContain(`this ${critical} record set is critical (policy config "types": NS, SOA, DS, MX, CAA) and not protected`);
      expect(message).toContain("`protect: true`");
      expect(message).toContain("svc-plan --fail-on critical");
      expect(criticalRecordSetViolations(recordSet(type, { type: critical }, true), CRITICAL_TYPES)).toEqual([]);
    },
  );

  it("a set of another type passes, and the types are the configuration's", () => {
    expect(criticalRecordSetViolations(recordSet(SDK, { type: "A" }), CRITICAL_TYPES)).toEqual([]);
    expect(criticalRecordSetViolations(recordSet(SDK, { type: "MX" }), ["TXT"])).toEqual([]);
    expect(criticalRecordSetViolations(recordSet(SDK, { type: "TXT" }), ["txt"])).toHaveLength(1);
  });

  it.each(["stored", "sent"] as const)("an unprotected ZoneRecords holding critical sets names each (%s form)", (form) => {
    const records: ProgramRecords = {
      "@": { MX: { rrdatas: ["10 mx.example.com."] }, CAA: { rrdatas: ['0 issue "ca.example"'] } },
      dev: { NS: { rrdatas: ["ns1.example.net."] } },
      www: { A: { rrdatas: ["192.0.2.1"] } },
    };
    const [message] = criticalRecordSetViolations(zoneRecords(form, records), CRITICAL_TYPES);
    expect(message).toContain('deletes records["@ MX"], records["@ CAA"], records["dev NS"];');
    expect(criticalRecordSetViolations(zoneRecords(form, records, { protect: true }), CRITICAL_TYPES)).toEqual([]);
    expect(criticalRecordSetViolations(zoneRecords(form, { www: records["www"]! }), CRITICAL_TYPES)).toEqual([]);
  });
});

describe("svc-dns-zone-deletion", () => {
  it.each(TYPES)("an unprotected ZoneRecords of at least minimumRecordSets sets fails, a smaller one passes (%s)", (_, type) => {
    const [message] = zoneDeletionViolations(zoneRecords("stored", manySets(10), { type }), 10);
    expect(message).toContain('manages 10 record sets (policy config "minimumRecordSets": 10) and is not protected');
    expect(message).toContain("all 10 (100% of what it manages)");
    expect(zoneDeletionViolations(zoneRecords("stored", manySets(9), { type }), 10)).toEqual([]);
    expect(zoneDeletionViolations(zoneRecords("stored", manySets(10), { type, protect: true }), 10)).toEqual([]);
  });

  it.each(TYPES)("an unprotected ManagedZone with forceDestroy fails; without it, or protected, passes (%s)", (_, type) => {
    const zone = (forceDestroy: boolean, protect: boolean): DnsResource => ({
      type: type("ManagedZone"),
      props: { name: "zone", dnsName: "example.com.", forceDestroy },
      protect,
    });
    expect(zoneDeletionViolations(zone(true, false), 10)).toEqual([expect.stringContaining("forceDestroy is true and the zone is not protected")]);
    expect(zoneDeletionViolations(zone(false, false), 10)).toEqual([]);
    expect(zoneDeletionViolations(zone(true, true), 10)).toEqual([]);
  });
});

describe("svc-dns-exclusive-zone-records (advisory)", () => {
  it("warns of an exclusive ZoneRecords only, naming svc-plan's limit", () => {
    expect(exclusiveZoneRecordsWarnings(zoneRecords("stored", manySets(1), { exclusive: true }))).toEqual([
      expect.stringContaining("svc-plan --max-delete-percent"),
    ]);
    expect(exclusiveZoneRecordsWarnings(zoneRecords("stored", manySets(1)))).toEqual([]);
  });
});
