/**
 * TXT record data over HTTP as Cloud DNS reads and answers it (emulator/README.md, "Record data as
 * Cloud DNS answers it"): RFC 1035 escapes read as the octets they stand for and answered in one
 * spelling, which the provider's comparison takes as the value it sent; a character-string over
 * 255 octets refused rather than split.
 */
import type { ResourceRecordSet } from "../../emulator/apis/dns/resources";
import { sameRrdatas } from "../../provider/apis/dns/rrdata";
import type { TestEmulator } from "./helpers";
import { createZone, googleError, rrset, startEmulator, ZONES } from "./helpers";

const ZONE = `${ZONES}/txt`;
const RRSETS = `${ZONE}/rrsets`;

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
  await createZone(emulator, "txt", "example.com.");
});

describe("escapes in TXT data", () => {
  it.each([
    ["a decimal escape", '"a\\032b"', '"a b"'],
    ["an escaped quote and backslash, kept", '"say \\"hi\\" \\\\o/"', '"say \\"hi\\" \\\\o/"'],
    ["any other escaped character", '"semi\\;colon"', '"semi;colon"'],
    ["a quote and a backslash by number", '"\\034\\092"', '"\\"\\\\"'],
    ["octets outside printable ASCII, by number", '"tab\\009" "\\195\\169"', '"tab\\009" "\\195\\169"'],
  ])("%s: %s is answered %s, read back unchanged and the same value to the provider", async (_what, sent, answer) => {
    const created = await emulator.request<ResourceRecordSet>("POST", RRSETS, { body: rrset("txt.example.com.", "TXT", 300, sent) });
    expect(created.status).toBe(200);
    expect(created.body.rrdatas).toEqual([answer]);
    const read = await emulator.request<ResourceRecordSet>("GET", `${RRSETS}/txt.example.com./TXT`);
    expect(read.body.rrdatas).toEqual([answer]);
    expect(sameRrdatas("TXT", read.body.rrdatas, [sent])).toBe(true);
  });

  it("reads escapes in an unquoted value too, each word a string of its own", async () => {
    const created = await emulator.request<ResourceRecordSet>("POST", RRSETS, { body: rrset("txt.example.com.", "TXT", 300, "a\\ b c\\033") });
    expect(created.body.rrdatas).toEqual(['"a b" "c!"']);
  });

  it("takes a change's deletion in another spelling of the same data", async () => {
    await emulator.request("POST", RRSETS, { body: rrset("txt.example.com.", "TXT", 300, '"a\\032b"') });
    const change = await emulator.request("POST", `${ZONE}/changes`, {
      body: { deletions: [rrset("txt.example.com.", "TXT", 300, '"a b"')], additions: [rrset("txt.example.com.", "TXT", 300, '"c"')] },
    });
    expect(change.status).toBe(200);
  });
});

describe("character-strings of more than 255 octets", () => {
  const long = `"${"a".repeat(256)}"`;

  it("refuses one sent directly, as the service does, instead of splitting it", async () => {
    const created = await emulator.request("POST", RRSETS, { body: rrset("long.example.com.", "TXT", 300, '"short"', long) });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(googleError(400, "invalid", `Invalid value for 'entity.rrset.rrdata[1]': '${long}'`));
    const change = await emulator.request("POST", `${ZONE}/changes`, { body: { additions: [rrset("long.example.com.", "SPF", 300, "a".repeat(300))] } });
    expect(change.status).toBe(400);
    expect(change.body).toEqual(googleError(400, "invalid", `Invalid value for 'entity.change.additions[0].rrdata[0]': '${"a".repeat(300)}'`));
  });

  it("counts octets: 255 of them pass, however they are written, and the value split into strings passes", async () => {
    const byNumber = `"${"\\065".repeat(255)}"`;
    const split = `"${"a".repeat(255)}" "a"`;
    const created = await emulator.request<ResourceRecordSet>("POST", RRSETS, {
      body: rrset("long.example.com.", "TXT", 300, `"${"b".repeat(255)}"`, byNumber, split),
    });
    expect(created.status).toBe(200);
    expect(created.body.rrdatas).toEqual([`"${"b".repeat(255)}"`, `"${"A".repeat(255)}"`, split]);
  });
});
