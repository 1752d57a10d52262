/** Cloud DNS managedZones: create, get and list. */
import type { ManagedZone, ResourceRecordSet } from "../../emulator/apis/dns/resources";
import type { GoogleErrorBody } from "./helpers";
import { createZone, googleError, ZONES } from "./helpers";
import { ZoneList, RecordSetList, emulator } from "./managed-zones-harness";

describe("managedZones.create", () => {
  it("returns the zone with server-assigned fields", async () => {
    const { body: zone } = await createZone(emulator, "example-zone", "example.com.", { labels: { team: "web" } });
    expect(zone).toEqual({
      kind: "dns#managedZone",
      name: "example-zone",
      dnsName: "example.com.",
      description: "zone example-zone",
      id: expect.stringMatching(/^[1-9]\d*$/),
      nameServers: [1, 2, 3, 4].map((n): unknown => expect.stringMatching(new RegExp(`^ns-cloud-[a-e]${n}\\.googledomains\\.com\\.$`))),
      creationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      visibility: "public",
      labels: { team: "web" },
    });
    expect(BigInt(zone.id) < 2n ** 64n).toBe(true);
  });

  it("creates the apex NS and SOA record sets (ttl 21600) with the zone", async () => {
    const { body: zone } = await createZone(emulator, "apex-zone", "apex.example.");
    const { body } = await emulator.request<RecordSetList>("GET", `${ZONES}/apex-zone/rrsets`);
    expect(body.rrsets).toEqual([
      { kind: "dns#resourceRecordSet", name: "apex.example.", type: "NS", ttl: 21600, rrdatas: zone.nameServers },
      {
        kind: "dns#resourceRecordSet",
        name: "apex.example.",
        type: "SOA",
        ttl: 21600,
        rrdatas: [`${zone.nameServers[0]} cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300`],
      },
    ]);
  });

  it("gives private zones the private name server", async () => {
    const { body: zone } = await createZone(emulator, "private-zone", "internal.example.", {
      visibility: "private",
      privateVisibilityConfig: { networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/p/global/networks/default" }] },
    });
    expect(zone.nameServers).toEqual(["ns-gcp-private.googledomains.com."]);
    expect(zone.privateVisibilityConfig).toEqual({
      kind: "dns#managedZonePrivateVisibilityConfig",
      networks: [
        {
          kind: "dns#managedZonePrivateVisibilityConfigNetwork",
          networkUrl: "https://www.googleapis.com/compute/v1/projects/p/global/networks/default",
        },
      ],
    });
    const { body: soa } = await emulator.request<ResourceRecordSet>("GET", `${ZONES}/private-zone/rrsets/internal.example./SOA`);
    expect(soa.rrdatas).toEqual(["ns-gcp-private.googledomains.com. cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300"]);
  });

  it("answers 409 alreadyExists for a name already used in the project", async () => {
    await createZone(emulator, "twice", "twice.example.");
    const result = await emulator.request("POST", ZONES, { body: { name: "twice", dnsName: "other.example.", description: "" } });
    expect(result.status).toBe(409);
    expect(result.body).toEqual(googleError(409, "alreadyExists", "The resource 'entity.managedZone' named 'twice' already exists"));
  });

  it.each([
    ["a dnsName without the final dot", { dnsName: "example.com" }, "Invalid value for 'entity.managedZone.dnsName': 'example.com'"],
    ["a name starting with a digit", { name: "1zone" }, "Invalid value for 'entity.managedZone.name': '1zone'"],
    ["a name with capitals", { name: "Zone" }, "Invalid value for 'entity.managedZone.name': 'Zone'"],
    ["a name ending with a dash", { name: "zone-" }, "Invalid value for 'entity.managedZone.name': 'zone-'"],
    ["a name of 64 characters", { name: `z${"a".repeat(63)}` }, `Invalid value for 'entity.managedZone.name': 'z${"a".repeat(63)}'`],
    ["an unknown visibility", { visibility: "internal" }, "Invalid value for 'entity.managedZone.visibility': 'internal'"],
    ["a description over 1024 characters", { description: "d".repeat(1025) }, /^Invalid value for 'entity\.managedZone\.description'/],
    ["an invalid label key", { labels: { Team: "web" } }, /^Invalid value for 'entity\.managedZone\.labels/],
  ])("answers 400 invalid for %s", async (_what, override, message) => {
    const result = await emulator.request("POST", ZONES, {
      body: { name: "valid-name", dnsName: "valid.example.", description: "ok", ...override },
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", message));
  });

  it.each(["name", "dnsName", "description"])("answers 400 required when %s is missing", async (field) => {
    const body: Record<string, string> = { name: "valid-name", dnsName: "valid.example.", description: "ok" };
    delete body[field];
    const result = await emulator.request("POST", ZONES, { body });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "required", `The 'entity.managedZone.${field}' parameter is required but was missing.`));
  });

  it("answers 400 required for a missing body", async () => {
    const result = await emulator.request("POST", ZONES);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "required", "The 'entity.managedZone' parameter is required but was missing."));
  });

  it("refuses unknown fields, and ignores output-only ones", async () => {
    const unknown = await emulator.request("POST", ZONES, {
      body: { name: "valid-name", dnsName: "valid.example.", description: "", dnsname: "typo.example." },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(googleError(400, "invalid", /Unknown name "dnsname"/));

    const echoed = await emulator.request<ManagedZone>("POST", ZONES, {
      body: { kind: "dns#managedZone", name: "valid-name", dnsName: "valid.example.", description: "", id: "42", nameServers: ["x."] },
    });
    expect(echoed.status).toBe(200);
    expect(echoed.body.id).not.toBe("42");
    expect(echoed.body.nameServers).toHaveLength(4);
  });
});

describe("managedZones.get", () => {
  it("finds a zone by name and by numeric id", async () => {
    const { body: zone } = await createZone(emulator, "findable", "findable.example.");
    expect((await emulator.request("GET", `${ZONES}/findable`)).body).toEqual(zone);
    expect((await emulator.request("GET", `${ZONES}/${zone.id}`)).body).toEqual(zone);
  });

  it("answers 404 with the parameter named as Google names it", async () => {
    const result = await emulator.request("GET", `${ZONES}/xxx-com`);
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", "The 'parameters.managedZone' resource named 'xxx-com' does not exist."));
  });
});

describe("managedZones.list", () => {
  it("pages with maxResults and an opaque pageToken, in creation order", async () => {
    const names = ["zone-a", "zone-b", "zone-c", "zone-d", "zone-e"];
    for (const name of names) await createZone(emulator, name, `${name}.example.`);

    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const query = new URLSearchParams({ maxResults: "2", ...(pageToken !== undefined ? { pageToken } : {}) });
      const { status, body } = await emulator.request<ZoneList>("GET", `${ZONES}?${query.toString()}`);
      expect(status).toBe(200);
      expect(body.kind).toBe("dns#managedZonesListResponse");
      expect(body.managedZones.length).toBeLessThanOrEqual(2);
      seen.push(...body.managedZones.map((zone) => zone.name));
      pageToken = body.nextPageToken;
      pages += 1;
    } while (pageToken !== undefined);
    expect(seen).toEqual(names);
    expect(pages).toBe(3);
  });

  it("neither skips nor repeats zones when one is deleted between pages", async () => {
    for (const name of ["keep-a", "drop-b", "keep-c", "keep-d"]) await createZone(emulator, name, `${name}.example.`);
    const first = await emulator.request<ZoneList>("GET", `${ZONES}?maxResults=2`);
    expect(first.body.managedZones.map((zone) => zone.name)).toEqual(["keep-a", "drop-b"]);
    await emulator.request("DELETE", `${ZONES}/drop-b`);
    const second = await emulator.request<ZoneList>("GET", `${ZONES}?maxResults=2&pageToken=${first.body.nextPageToken ?? ""}`);
    expect(second.body.managedZones.map((zone) => zone.name)).toEqual(["keep-c", "keep-d"]);
    expect(second.body.nextPageToken).toBeUndefined();
  });

  it("filters by dnsName", async () => {
    await createZone(emulator, "one", "one.example.");
    await createZone(emulator, "two", "two.example.");
    const { body } = await emulator.request<ZoneList>("GET", `${ZONES}?dnsName=two.example.`);
    expect(body.managedZones.map((zone) => zone.name)).toEqual(["two"]);
  });

  it("returns an empty list for a project without zones", async () => {
    const { body } = await emulator.request("GET", "/dns/v1/projects/empty-project/managedZones");
    expect(body).toEqual({ kind: "dns#managedZonesListResponse", managedZones: [] });
  });

  it.each([
    ["not base64 JSON", "garbage!"],
    ["from another list", Buffer.from(JSON.stringify({ list: "dns.managedZones:other", after: "1" })).toString("base64url")],
  ])("answers 400 invalid for a pageToken %s", async (_what, token) => {
    const result = await emulator.request<GoogleErrorBody>("GET", `${ZONES}?pageToken=${encodeURIComponent(token)}`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", /pageToken/));
  });

  it("answers 400 invalidParameter for a non-numeric maxResults", async () => {
    const result = await emulator.request<GoogleErrorBody>("GET", `${ZONES}?maxResults=ten`);
    expect(result.status).toBe(400);
    expect(result.body.error.errors[0]).toMatchObject({ reason: "invalidParameter", location: "maxResults", locationType: "parameter" });
  });
});
