import type { ResourceRecordSet } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { createZone, googleError, rrset, startEmulator, ZONES } from "./helpers";

interface RecordSetList {
  kind: string;
  rrsets: ResourceRecordSet[];
  nextPageToken?: string;
}

const ZONE = `${ZONES}/records`;
const RRSETS = `${ZONE}/rrsets`;

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
  await createZone(emulator, "records", "example.com.");
});

async function userRecordSets(): Promise<ResourceRecordSet[]> {
  const { body } = await emulator.request<RecordSetList>("GET", RRSETS);
  return body.rrsets.filter((set) => !(set.name === "example.com." && (set.type === "SOA" || set.type === "NS")));
}

describe("resourceRecordSets.create and get", () => {
  it("creates a record set and returns it; get returns the same", async () => {
    const created = await emulator.request("POST", RRSETS, { body: rrset("www.example.com.", "A", 300, "192.0.2.1", "192.0.2.2") });
    expect(created.status).toBe(200);
    const expected = { kind: "dns#resourceRecordSet", name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.1", "192.0.2.2"] };
    expect(created.body).toEqual(expected);
    const fetched = await emulator.request("GET", `${RRSETS}/www.example.com./A`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(expected);
  });

  it("takes the ttl as a decimal string too, as Google reads int32 fields", async () => {
    const created = await emulator.request<ResourceRecordSet>("POST", RRSETS, {
      body: { name: "str.example.com.", type: "TXT", ttl: "60", rrdatas: ['"hello"'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.ttl).toBe(60);
  });

  it("answers 409 alreadyExists with the message Google sends", async () => {
    await emulator.request("POST", RRSETS, { body: rrset("coyote.example.com.", "A", 300, "192.0.2.1") });
    const again = await emulator.request("POST", RRSETS, { body: rrset("coyote.example.com.", "A", 60, "192.0.2.9") });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: {
        code: 409,
        message: "The resource 'entity.rrset' named 'coyote.example.com. (A)' already exists",
        errors: [
          {
            message: "The resource 'entity.rrset' named 'coyote.example.com. (A)' already exists",
            domain: "global",
            reason: "alreadyExists",
          },
        ],
      },
    });
  });

  it("answers 404 notFound for a record set that does not exist, and for an unknown zone", async () => {
    const missing = await emulator.request("GET", `${RRSETS}/nope.example.com./A`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(googleError(404, "notFound", "The 'parameters.name' resource named 'nope.example.com. (A)' does not exist."));
    const noZone = await emulator.request("GET", `${ZONES}/ghost/rrsets/www.example.com./A`);
    expect(noZone.body).toEqual(googleError(404, "notFound", "The 'parameters.managedZone' resource named 'ghost' does not exist."));
  });

  it.each([
    ["a name outside the zone", rrset("www.example.org.", "A", 300, "192.0.2.1"), "Invalid value for 'entity.rrset.name': 'www.example.org.'"],
    ["a name without the final dot", rrset("www.example.com", "A", 300, "192.0.2.1"), "Invalid value for 'entity.rrset.name': 'www.example.com'"],
    ["an empty label", rrset("a..example.com.", "A", 300, "192.0.2.1"), "Invalid value for 'entity.rrset.name': 'a..example.com.'"],
    ["an unknown type", rrset("www.example.com.", "AX", 300, "192.0.2.1"), "Invalid value for 'entity.rrset.type': 'AX'"],
    ["a negative ttl", rrset("www.example.com.", "A", -1, "192.0.2.1"), "Invalid value for 'entity.rrset.ttl': '-1'"],
    ["no records", rrset("www.example.com.", "A", 300), "Invalid value for 'entity.rrset.rrdatas': '[]'"],
    ["a bad IPv4 address", rrset("www.example.com.", "A", 300, "192.0.2"), "Invalid value for 'entity.rrset.rrdata[0]': '192.0.2'"],
    ["a bad IPv6 address", rrset("www.example.com.", "AAAA", 300, "2001:db8::1", "fe80:::1"), "Invalid value for 'entity.rrset.rrdata[1]': 'fe80:::1'"],
    [
      "a relative CNAME target",
      rrset("www.example.com.", "CNAME", 300, "ghs.googlehosted.com"),
      "Invalid value for 'entity.rrset.rrdata[0]': 'ghs.googlehosted.com'",
    ],
    ["an MX without preference", rrset("example.com.", "MX", 300, "mx.example.net."), "Invalid value for 'entity.rrset.rrdata[0]': 'mx.example.net.'"],
  ])("answers 400 invalid for %s", async (_what, body, message) => {
    const result = await emulator.request("POST", RRSETS, { body });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", message));
  });

  it("answers 400 required for a missing ttl", async () => {
    const result = await emulator.request("POST", RRSETS, { body: { name: "www.example.com.", type: "A", rrdatas: ["192.0.2.1"] } });
    expect(result.body).toEqual(googleError(400, "required", "The 'entity.rrset.ttl' parameter is required but was missing."));
  });

  it("accepts a routingPolicy instead of rrdatas, but not both", async () => {
    const routingPolicy = { wrr: { items: [{ weight: 1, rrdatas: ["192.0.2.1"] }] } };
    const dynamic = await emulator.request("POST", RRSETS, { body: { name: "lb.example.com.", type: "A", ttl: 30, routingPolicy } });
    expect(dynamic.status).toBe(200);
    expect(dynamic.body).toEqual({
      kind: "dns#resourceRecordSet",
      name: "lb.example.com.",
      type: "A",
      ttl: 30,
      routingPolicy: {
        kind: "dns#rRSetRoutingPolicy",
        wrr: { kind: "dns#rRSetRoutingPolicyWrrPolicy", items: [{ kind: "dns#rRSetRoutingPolicyWrrPolicyWrrPolicyItem", weight: 1, rrdatas: ["192.0.2.1"] }] },
      },
    });
    const both = await emulator.request("POST", RRSETS, {
      body: { name: "both.example.com.", type: "A", ttl: 30, routingPolicy, rrdatas: ["192.0.2.2"] },
    });
    expect(both.status).toBe(400);
  });

  it.each([
    ["CNAME beside an existing A", [rrset("dup.example.com.", "A", 300, "192.0.2.1")], rrset("dup.example.com.", "CNAME", 300, "x.example.net.")],
    ["TXT beside an existing CNAME", [rrset("dup.example.com.", "CNAME", 300, "x.example.net.")], rrset("dup.example.com.", "TXT", 300, '"v"')],
  ])("answers 400 cnameResourceRecordSetConflict for a %s", async (_what, existing, addition) => {
    for (const body of existing) expect((await emulator.request("POST", RRSETS, { body })).status).toBe(200);
    const result = await emulator.request("POST", RRSETS, { body: addition });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "cnameResourceRecordSetConflict", /DNS name 'dup\.example\.com\.' may have either one CNAME/));
  });

  it("refuses a CNAME at the apex, two records in a CNAME, an SOA below the apex and a wildcard NS", async () => {
    const apexCname = await emulator.request("POST", RRSETS, { body: rrset("example.com.", "CNAME", 300, "x.example.net.") });
    expect(apexCname.body).toEqual(googleError(400, "recordTypeDisallowedAtZoneApex", /CNAME/));
    const twoCnames = await emulator.request("POST", RRSETS, { body: rrset("c.example.com.", "CNAME", 300, "a.example.net.", "b.example.net.") });
    expect(twoCnames.body).toEqual(googleError(400, "invalidRecordCount", /only permitted to have one record because it is of type CNAME/));
    const lowSoa = await emulator.request("POST", RRSETS, {
      body: rrset("sub.example.com.", "SOA", 300, "ns.example.com. host.example.com. 1 2 3 4 5"),
    });
    expect(lowSoa.body).toEqual(googleError(400, "invalidZoneApex", /exactly one resource record set of type 'SOA' at the apex/));
    const wildNs = await emulator.request("POST", RRSETS, { body: rrset("*.example.com.", "NS", 300, "ns.example.net.") });
    expect(wildNs.body).toEqual(googleError(400, "wildcardNotAllowed", /wildcard/));
  });

  it("accepts a wildcard A record and finds it by its URL-encoded name", async () => {
    expect((await emulator.request("POST", RRSETS, { body: rrset("*.example.com.", "A", 300, "192.0.2.7") })).status).toBe(200);
    expect((await emulator.request("GET", `${RRSETS}/${encodeURIComponent("*.example.com.")}/A`)).status).toBe(200);
  });
});

describe("resourceRecordSets.list", () => {
  beforeEach(async () => {
    for (const body of [
      rrset("a.example.com.", "A", 300, "192.0.2.1"),
      rrset("a.example.com.", "TXT", 300, '"a"'),
      rrset("b.example.com.", "A", 300, "192.0.2.2"),
      rrset("c.example.com.", "AAAA", 300, "2001:db8::3"),
    ]) {
      expect((await emulator.request("POST", RRSETS, { body })).status).toBe(200);
    }
  });

  it("lists every record set, apex SOA/NS included, in the envelope Google uses", async () => {
    const { body } = await emulator.request<RecordSetList>("GET", RRSETS);
    expect(body.kind).toBe("dns#resourceRecordSetsListResponse");
    expect(body.rrsets.map((set) => `${set.name} ${set.type}`)).toEqual([
      "a.example.com. A",
      "a.example.com. TXT",
      "b.example.com. A",
      "c.example.com. AAAA",
      "example.com. NS",
      "example.com. SOA",
    ]);
    expect(body.nextPageToken).toBeUndefined();
  });

  it("filters by name, and by name and type", async () => {
    const byName = await emulator.request<RecordSetList>("GET", `${RRSETS}?name=a.example.com.`);
    expect(byName.body.rrsets.map((set) => set.type)).toEqual(["A", "TXT"]);
    const byNameAndType = await emulator.request<RecordSetList>("GET", `${RRSETS}?name=a.example.com.&type=TXT`);
    expect(byNameAndType.body.rrsets).toEqual([{ kind: "dns#resourceRecordSet", name: "a.example.com.", type: "TXT", ttl: 300, rrdatas: ['"a"'] }]);
  });

  it("answers 400 for a type filter without a name", async () => {
    const result = await emulator.request("GET", `${RRSETS}?type=A`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "required", /parameters\.name/));
  });

  it("pages through every record set exactly once", async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const query = new URLSearchParams({ maxResults: "4", ...(pageToken !== undefined ? { pageToken } : {}) });
      const { body } = await emulator.request<RecordSetList>("GET", `${RRSETS}?${query.toString()}`);
      seen.push(...body.rrsets.map((set) => `${set.name} ${set.type}`));
      pageToken = body.nextPageToken;
    } while (pageToken !== undefined);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });
});

describe("resourceRecordSets.patch", () => {
  beforeEach(async () => {
    await emulator.request("POST", RRSETS, { body: rrset("www.example.com.", "A", 300, "192.0.2.1") });
  });

  it("changes only the fields present", async () => {
    const result = await emulator.request("PATCH", `${RRSETS}/www.example.com./A`, { body: { ttl: 900 } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ kind: "dns#resourceRecordSet", name: "www.example.com.", type: "A", ttl: 900, rrdatas: ["192.0.2.1"] });
    expect((await emulator.request("GET", `${RRSETS}/www.example.com./A`)).body).toEqual(result.body);
  });

  it("replaces the record list when rrdatas is present", async () => {
    const result = await emulator.request<ResourceRecordSet>("PATCH", `${RRSETS}/www.example.com./A`, {
      body: { name: "www.example.com.", type: "A", rrdatas: ["192.0.2.8", "192.0.2.9"] },
    });
    expect(result.body.rrdatas).toEqual(["192.0.2.8", "192.0.2.9"]);
    expect(result.body.ttl).toBe(300);
  });

  it("answers 400 invalid when the body names another record set than the path", async () => {
    const otherName = await emulator.request("PATCH", `${RRSETS}/www.example.com./A`, { body: { name: "web.example.com." } });
    expect(otherName.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.rrset.name': 'web.example.com.'"));
    const otherType = await emulator.request("PATCH", `${RRSETS}/www.example.com./A`, { body: { type: "AAAA" } });
    expect(otherType.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.rrset.type': 'AAAA'"));
  });

  it("validates the patched record set like a new one", async () => {
    const result = await emulator.request("PATCH", `${RRSETS}/www.example.com./A`, { body: { rrdatas: ["not-an-ip"] } });
    expect(result.status).toBe(400);
    expect((await emulator.request<ResourceRecordSet>("GET", `${RRSETS}/www.example.com./A`)).body.rrdatas).toEqual(["192.0.2.1"]);
  });

  it("answers 404 for a record set that does not exist", async () => {
    expect((await emulator.request("PATCH", `${RRSETS}/nope.example.com./A`, { body: { ttl: 1 } })).status).toBe(404);
  });

  it("may change the apex NS record set", async () => {
    const result = await emulator.request<ResourceRecordSet>("PATCH", `${RRSETS}/example.com./NS`, { body: { ttl: 3600 } });
    expect(result.status).toBe(200);
    expect(result.body.ttl).toBe(3600);
  });
});

describe("resourceRecordSets.delete", () => {
  it("deletes a record set and answers 200 with an empty object", async () => {
    await emulator.request("POST", RRSETS, { body: rrset("www.example.com.", "A", 300, "192.0.2.1") });
    const result = await emulator.request("DELETE", `${RRSETS}/www.example.com./A`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({});
    expect(await userRecordSets()).toEqual([]);
    expect((await emulator.request("DELETE", `${RRSETS}/www.example.com./A`)).status).toBe(404);
  });

  it.each(["SOA", "NS"])("refuses to delete the apex %s with 400 invalidZoneApex", async (type) => {
    const result = await emulator.request("DELETE", `${RRSETS}/example.com./${type}`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(
      googleError(
        400,
        "invalidZoneApex",
        `The resource record set 'entity.rrset' is invalid because a zone must contain exactly one resource record set of type '${type}' at the apex.`,
      ),
    );
    expect((await emulator.request("GET", `${RRSETS}/example.com./${type}`)).status).toBe(200);
  });
});

describe("internal objects view", () => {
  it("lists the zone and its record sets without the automatic apex SOA/NS", async () => {
    await emulator.request("POST", RRSETS, { body: rrset("www.example.com.", "A", 300, "192.0.2.1") });
    const { body } = await emulator.request<{ dns: unknown }>("GET", "/_emulator/objects");
    expect(body.dns).toEqual({
      managedZones: [{ project: "test-project", name: "records", id: expect.any(String), dnsName: "example.com." }],
      resourceRecordSets: [{ project: "test-project", managedZone: "records", name: "www.example.com.", type: "A" }],
      policies: [],
      responsePolicies: [],
      responsePolicyRules: [],
    });
  });
});
