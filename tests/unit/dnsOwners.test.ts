/**
 * Zones shared with other tools: the record sets external-dns's TXT registry and octoDNS's
 * OwnershipProcessor claim, read from their markers as those tools write and read them, and what
 * svc.dns.ZoneRecords does with them (never written, deleted or adopted unless taken over by name).
 */
import { claimOn, claimsOf } from "../../provider/apis/dns/owners";
import { changeBody, type WireRecordSet } from "../../provider/apis/dns/recordSets/wire";
import { recordsOfSets } from "../../provider/apis/dns/zoneRecords/model";
import { ClaimedSet, writesToward } from "../../provider/apis/dns/zoneRecords/sync";
import { zoneRecords } from "../../provider/apis/dns/zoneRecords";

const ZONE = "example.com.";
const set = (name: string, type: string, rrdatas: string[]): WireRecordSet => ({ name, type, ttl: 300, rrdatas });
const soa = set(ZONE, "SOA", ["ns1.example.com. hostmaster.example.com. 1 21600 3600 259200 300"]);
const heritage = '"heritage=external-dns,external-dns/owner=cluster-a,external-dns/resource=ingress/web/app"';
const listing = [
  soa,
  set(ZONE, "NS", ["ns1.example.com."]),
  // external-dns 0.12+: the typed marker beside the record, and the older same-name one.
  set("app.example.com.", "A", ["192.0.2.1"]),
  set("a-app.example.com.", "TXT", [heritage]),
  set("legacy.example.com.", "TXT", [heritage]),
  // octoDNS: _owner.<TYPE>.<name>, the apex as _owner.<TYPE>, a wildcard as _wildcard.
  set("_owner.MX.example.com.", "TXT", ['"*octodns*"']),
  set("_owner.A._wildcard.dev.example.com.", "TXT", ['"*octodns*"']),
  set("_owner.CNAME.docs.example.com.", "TXT", ['"*octodns*"']),
  set("mine.example.com.", "A", ["192.0.2.9"]),
];

describe("the markers", () => {
  const found = claimsOf(listing, ZONE);
  it("claim a name and type for external-dns's typed marker, every type but AAAA for its older one", () => {
    expect(claimOn(found, "app.example.com.", "A")?.owner).toBe("external-dns (owner cluster-a)");
    expect(claimOn(found, "app.example.com.", "AAAA")).toBeUndefined();
    expect(claimOn(found, "legacy.example.com.", "CNAME")?.owner).toBe("external-dns (owner cluster-a)");
    expect(claimOn(found, "legacy.example.com.", "AAAA")).toBeUndefined();
  });

  it("claim the apex, a wildcard and a name for octoDNS, by type", () => {
    expect(claimOn(found, ZONE, "MX")?.owner).toBe("octoDNS (*octodns*)");
    expect(claimOn(found, "*.dev.example.com.", "A")?.marker).toBe("_owner.A._wildcard.dev.example.com. TXT");
    expect(claimOn(found, "docs.example.com.", "CNAME")).toBeDefined();
    expect(claimOn(found, "docs.example.com.", "A")).toBeUndefined();
  });

  it("are their tool's own, and a set nobody claims is nobody's", () => {
    expect(claimOn(found, "a-app.example.com.", "TXT")?.owner).toBe("external-dns (owner cluster-a)");
    expect(claimOn(found, "_owner.MX.example.com.", "TXT")?.owner).toBe("octoDNS (*octodns*)");
    expect(claimOn(found, "mine.example.com.", "A")).toBeUndefined();
  });
});

describe("ZoneRecords in a shared zone", () => {
  const zone = { dnsName: ZONE, rrsets: listing };
  const goal = (records: Record<string, string>, options: { exclusive?: boolean; takeOver?: string[] } = {}) => ({
    zone: "example",
    records,
    exclusive: options.exclusive ?? false,
    takeOver: options.takeOver,
  });

  it("refuses a set another tool claims, naming the tool, before any write", () => {
    expect(() => writesToward(zone, goal({ "app A": "300 192.0.2.5" }), true)).toThrow(ClaimedSet);
    expect(() => writesToward(zone, goal({ "@ MX": "300 10 mail.example.com." }), true)).toThrow(
      /claimed by octoDNS \(\*octodns\*\).*_owner\.MX\.example\.com\. TXT/,
    );
  });

  it("takes a claimed set over when the program names it", () => {
    expect(changeBody(writesToward(zone, goal({ "app A": "300 192.0.2.5" }, { takeOver: ["app A"] }), true)).additions).toEqual([
      set("app.example.com.", "A", ["192.0.2.5"]),
    ]);
  });

  it("exclusive: deletes the other sets but leaves the claimed ones and every marker", () => {
    const deleted = changeBody(writesToward(zone, goal({}, { exclusive: true }), true)).deletions.map(({ name, type }) => `${name} ${type}`);
    expect(deleted).toEqual(["mine.example.com. A"]);
  });

  it("adopts every set but the claimed ones and the markers", () => {
    expect(recordsOfSets(listing, ZONE, undefined, true, (each) => claimOn(claimsOf(listing, ZONE), each.name, each.type) !== undefined)).toEqual({
      "mine A": "300 192.0.2.9",
    });
    const state = zoneRecords.toState({ dnsName: ZONE, rrsets: listing }, {});
    expect(state["records"]).toEqual({ "mine A": "300 192.0.2.9" });
    // DNS names compare without regard to case: the state keeps them in lower case.
    expect(Object.keys(state["claimed"] as object).sort()).toEqual(
      [
        "*.dev A",
        "@ MX",
        "_owner.a._wildcard.dev TXT",
        "_owner.cname.docs TXT",
        "_owner.mx TXT",
        "a-app TXT",
        "app A",
        "docs CNAME",
        "legacy *",
        "legacy TXT",
      ].sort(),
    );
  });
});
