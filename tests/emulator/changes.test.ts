import type { Change, ResourceRecordSet } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { createZone, googleError, rrset, startEmulator, ZONES } from "./helpers";

interface ChangeList {
  kind: string;
  changes: Change[];
  nextPageToken?: string;
}

const CHANGE_DELAY_MS = 150;
const ZONE = `${ZONES}/changes-zone`;
const CHANGES = `${ZONE}/changes`;
const RRSETS = `${ZONE}/rrsets`;

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ changeCompletionDelayMs: CHANGE_DELAY_MS });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
  await createZone(emulator, "changes-zone", "example.com.");
});

async function recordSets(): Promise<ResourceRecordSet[]> {
  const { body } = await emulator.request<{ rrsets: ResourceRecordSet[] }>("GET", RRSETS);
  return body.rrsets;
}

async function postChange(body: unknown) {
  return emulator.request<Change>("POST", CHANGES, { body });
}

describe("changes.create", () => {
  it("applies additions at once and returns the change as pending, then done after the delay", async () => {
    const addition = rrset("www.example.com.", "A", 300, "192.0.2.1");
    const created = await postChange({ additions: [addition] });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      kind: "dns#change",
      additions: [{ kind: "dns#resourceRecordSet", ...addition }],
      startTime: expect.stringMatching(/Z$/),
      id: "1",
      status: "pending",
      isServing: false,
    });
    // The record set is there already: a reader never sees it missing.
    expect((await emulator.request("GET", `${RRSETS}/www.example.com./A`)).status).toBe(200);

    let polled = (await emulator.request<Change>("GET", `${CHANGES}/1`)).body;
    expect(polled.status).toBe("pending");
    const deadline = Date.now() + 5_000;
    while (polled.status !== "done" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      polled = (await emulator.request<Change>("GET", `${CHANGES}/1`)).body;
    }
    expect(polled).toEqual({ ...created.body, status: "done", isServing: true });
  });

  it("replaces a record set atomically with a matching deletion and an addition", async () => {
    await postChange({ additions: [rrset("www.example.com.", "A", 300, "192.0.2.1", "192.0.2.2")] });
    const replaced = await postChange({
      // Records compare as a set: the order does not matter.
      deletions: [rrset("www.example.com.", "A", 300, "192.0.2.2", "192.0.2.1")],
      additions: [rrset("www.example.com.", "A", 60, "192.0.2.3")],
    });
    expect(replaced.status).toBe(200);
    const { body } = await emulator.request<ResourceRecordSet>("GET", `${RRSETS}/www.example.com./A`);
    expect(body).toMatchObject({ ttl: 60, rrdatas: ["192.0.2.3"] });
  });

  it("answers 412 conditionNotMet for a deletion that does not match exactly, and changes nothing", async () => {
    await postChange({ additions: [rrset("www.example.com.", "A", 300, "192.0.2.1")] });
    const before = await recordSets();
    const changesBefore = (await emulator.request<ChangeList>("GET", CHANGES)).body.changes.length;

    const stale = await postChange({
      additions: [rrset("new.example.com.", "TXT", 300, '"would be added"')],
      deletions: [rrset("www.example.com.", "A", 600, "192.0.2.1")],
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error: {
        code: 412,
        message: "Precondition not met for 'entity.change.deletions[0]'",
        errors: [{ message: "Precondition not met for 'entity.change.deletions[0]'", domain: "global", reason: "conditionNotMet" }],
      },
    });
    const otherRecords = await postChange({ deletions: [rrset("www.example.com.", "A", 300, "192.0.2.1", "192.0.2.99")] });
    expect(otherRecords.status).toBe(412);

    expect(await recordSets()).toEqual(before);
    expect((await emulator.request<ChangeList>("GET", CHANGES)).body.changes).toHaveLength(changesBefore);
  });

  it("answers 404 for a deletion of a record set that does not exist", async () => {
    const result = await postChange({ deletions: [rrset("ghost.example.com.", "A", 300, "192.0.2.1")] });
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", "The 'entity.change.deletions[0]' resource named 'ghost.example.com. (A)' does not exist."));
  });

  it("answers 409 alreadyExists for an addition that exists and is not deleted, naming its index", async () => {
    await postChange({ additions: [rrset("www.example.com.", "A", 300, "192.0.2.1")] });
    const before = await recordSets();
    const result = await postChange({
      additions: [rrset("fresh.example.com.", "A", 300, "192.0.2.5"), rrset("www.example.com.", "A", 300, "192.0.2.1")],
    });
    expect(result.status).toBe(409);
    expect(result.body).toEqual(googleError(409, "alreadyExists", "The resource 'entity.change.additions[1]' named 'www.example.com. (A)' already exists"));
    expect(await recordSets()).toEqual(before);
  });

  it("answers 409 when adding the apex NS the zone already has (as Google does)", async () => {
    const result = await postChange({ additions: [rrset("example.com.", "NS", 300, "ns1.example.net.")] });
    expect(result.status).toBe(409);
    expect(result.body).toEqual(googleError(409, "alreadyExists", "The resource 'entity.change.additions[0]' named 'example.com. (NS)' already exists"));
  });

  it("names the offending addition in validation errors", async () => {
    const result = await postChange({
      additions: [rrset("ok.example.com.", "A", 300, "192.0.2.1"), rrset("bad.example.org.", "A", 300, "192.0.2.1")],
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", "Invalid value for 'entity.change.additions[1].name': 'bad.example.org.'"));
  });

  it("refuses to leave the apex without its SOA, but lets a change replace it", async () => {
    const { body: soa } = await emulator.request<ResourceRecordSet>("GET", `${RRSETS}/example.com./SOA`);
    const dropped = await postChange({ deletions: [soa] });
    expect(dropped.status).toBe(400);
    expect(dropped.body).toEqual(googleError(400, "invalidZoneApex", /'entity\.change\.deletions\[0\]'.*type 'SOA' at the apex/));

    const bumped = { ...soa, rrdatas: [(soa.rrdatas?.[0] ?? "").replace(" 1 21600", " 2 21600")] };
    const replaced = await postChange({ deletions: [soa], additions: [bumped] });
    expect(replaced.status).toBe(200);
    expect((await emulator.request("GET", `${RRSETS}/example.com./SOA`)).body).toEqual(bumped);
  });

  it("answers 400 for an empty change or a missing body", async () => {
    expect((await postChange({})).body).toEqual(googleError(400, "required", "The 'entity.change' parameter is required but was missing."));
    expect((await emulator.request("POST", CHANGES)).status).toBe(400);
  });

  it("answers 404 for an unknown zone", async () => {
    const result = await emulator.request("POST", `${ZONES}/ghost/changes`, { body: { additions: [] } });
    expect(result.status).toBe(404);
  });
});

describe("changes.get and changes.list", () => {
  it('has the zone creation as change "0", adding the apex NS and SOA', async () => {
    const { body } = await emulator.request<Change>("GET", `${CHANGES}/0`);
    expect(body).toMatchObject({ kind: "dns#change", id: "0", status: "done", isServing: true });
    expect(body.additions?.map((set) => set.type)).toEqual(["NS", "SOA"]);
  });

  it("logs record-set writes as changes too", async () => {
    await emulator.request("POST", RRSETS, { body: rrset("www.example.com.", "A", 300, "192.0.2.1") });
    await emulator.request("PATCH", `${RRSETS}/www.example.com./A`, { body: { ttl: 60 } });
    await emulator.request("DELETE", `${RRSETS}/www.example.com./A`);
    const { body } = await emulator.request<ChangeList>("GET", CHANGES);
    expect(body.kind).toBe("dns#changesListResponse");
    expect(body.changes.map((change) => [change.id, change.additions?.length ?? 0, change.deletions?.length ?? 0])).toEqual([
      ["0", 2, 0],
      ["1", 1, 0],
      ["2", 1, 1],
      ["3", 0, 1],
    ]);
  });

  it("sorts descending on request and pages with maxResults", async () => {
    for (let index = 1; index <= 4; index++) {
      await postChange({ additions: [rrset(`host-${index}.example.com.`, "A", 300, `192.0.2.${index}`)] });
    }
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const query = new URLSearchParams({ sortOrder: "descending", maxResults: "2", ...(pageToken !== undefined ? { pageToken } : {}) });
      const { body } = await emulator.request<ChangeList>("GET", `${CHANGES}?${query.toString()}`);
      ids.push(...body.changes.map((change) => change.id));
      pageToken = body.nextPageToken;
    } while (pageToken !== undefined);
    expect(ids).toEqual(["4", "3", "2", "1", "0"]);
  });

  it("answers 400 for an unknown sortOrder", async () => {
    const result = await emulator.request("GET", `${CHANGES}?sortOrder=sideways`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalidParameter", /sideways/));
  });

  it("answers 404 for an unknown change id", async () => {
    const result = await emulator.request("GET", `${CHANGES}/99`);
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", "The 'parameters.changeId' resource named '99' does not exist."));
  });
});
