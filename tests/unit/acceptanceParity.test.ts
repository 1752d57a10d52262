/**
 * Parity's pairing and comparison (tests/acceptance/parity.ts) on small recorded runs written here:
 * requests paired by what they are (the operation, the ids each run's service made up mapped as
 * learned from the answers, not the arrival order), polls sent more often by one run, record data
 * compared in canonical form, each difference named by resource and field. And what the acceptance
 * run says of a change summary unlike the expected one (tests/acceptance/changes.ts): the resource
 * and the field, from the engine's events.
 * The whole flow, the engine included, is tests/e2e/acceptanceParity.e2e.test.ts.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { Interaction } from "../../provider/cassette";
import { changesOf, unexpectedChanges } from "../acceptance/changes";
import { compareRuns } from "../acceptance/parity";

const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-parity-unit-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const exchange = (method: string, pathname: string, body: unknown, answer: unknown, status = 200): Interaction => ({
  request: { method, url: `http://127.0.0.1:4000${pathname}`, body },
  response: { status, headers: {}, body: answer },
});

/** A recorded run of one operation (`01-up.json`). */
function run(name: string, interactions: Interaction[]): string {
  const folder = path.join(scratch, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "01-up.json"), JSON.stringify({ recordedAt: 0, interactions }));
  return folder;
}

const CALENDARS = "/calendar/v3/calendars";
const calendar = (id: string, summary: string, extra: object = {}): object => ({ kind: "calendar#calendar", etag: `"${id}"`, id, summary, ...extra });

describe("pairing", () => {
  it("pairs calendars by what was asked, not by arrival order, and their reads by the ids each service made up", () => {
    const service = run("calendars-service", [
      exchange("POST", CALENDARS, { summary: "a" }, calendar("c_1@group", "a")),
      exchange("POST", CALENDARS, { summary: "b" }, calendar("c_2@group", "b", { description: "b's" })),
      exchange("GET", `${CALENDARS}/c_2%40group`, null, calendar("c_2@group", "b", { description: "b's" })),
      exchange("PUT", `${CALENDARS}/c_1%40group`, calendar("c_1@group", "a"), calendar("c_1@group", "a")),
    ]);
    const emulator = run("calendars-emulator", [
      exchange("POST", CALENDARS, { summary: "b" }, calendar("c_9@group", "b", { description: "b's" })),
      exchange("POST", CALENDARS, { summary: "a" }, calendar("c_8@group", "a")),
      exchange("PUT", `${CALENDARS}/c_8%40group`, calendar("c_8@group", "a"), calendar("c_8@group", "a")),
      exchange("GET", `${CALENDARS}/c_9%40group`, null, calendar("c_9@group", "b", { description: "b's" })),
    ]);
    expect(compareRuns(service, emulator)).toEqual([]);
  });

  it("compares the last answer of a poll that one run sent more often", () => {
    const change = "/dns/v1/projects/p/managedZones/z/changes/1";
    const answer = (status: string): object => ({ kind: "dns#change", id: "1", status });
    const service = run("poll-service", [
      exchange("GET", change, null, answer("pending")),
      exchange("GET", change, null, answer("pending")),
      exchange("GET", change, null, answer("done")),
    ]);
    expect(
      compareRuns(service, run("poll-emulator", [exchange("GET", change, null, answer("pending")), exchange("GET", change, null, answer("done"))])),
    ).toEqual([]);
    expect(compareRuns(service, run("poll-never-done", [exchange("GET", change, null, answer("pending"))]))).toEqual([
      "dns Change 1: status done -> pending (01-up.json dns.changes.get)",
    ]);
  });

  it("names a request only one run sent", () => {
    const service = run("one-service", [exchange("GET", "/dns/v1/projects/p/policies/a", null, { kind: "dns#policy", name: "a" })]);
    const emulator = run("one-emulator", [exchange("GET", "/dns/v1/projects/p/policies/b", null, { kind: "dns#policy", name: "b" })]);
    expect(compareRuns(service, run("none-emulator", []))).toEqual([
      "01-up.json #1 dns.policies.get /dns/v1/projects/p/policies/a: the emulator's run sent no such request",
    ]);
    // The same operation of another object is paired (its own name differs, which is no vocabulary).
    expect(compareRuns(service, emulator)).toEqual([]);
    expect(compareRuns(run("none-service", []), emulator)).toEqual([
      "01-up.json #1 dns.policies.get /dns/v1/projects/p/policies/b: the service's run sent no such request",
    ]);
  });
});

describe("what is compared", () => {
  const rrset = "/dns/v1/projects/p/managedZones/z/rrsets/t.example./TXT";
  const records = (rrdatas: string[], extra: object = {}): object => ({
    kind: "dns#resourceRecordSet",
    name: "t.example.",
    type: "TXT",
    ttl: 300,
    rrdatas,
    ...extra,
  });
  const differences = (service: object, emulator: object): string[] =>
    compareRuns(
      run(`rr-${JSON.stringify(service)}`, [exchange("GET", rrset, null, service)]),
      run(`rr-${JSON.stringify(emulator)}-e`, [exchange("GET", rrset, null, emulator)]),
    );

  it("compares record data in canonical form: TXT quoting and splitting are no difference, other data is", () => {
    expect(differences(records(['"a" "b"']), records(['"ab"']))).toEqual([]);
    expect(differences(records(['"ab"']), records(['"ac"']))).toEqual([
      'dns ResourceRecordSet t.example. TXT: rrdatas ["\\"ab\\""] -> ["\\"ac\\""] (01-up.json dns.resourceRecordSets.get)',
    ]);
  });

  it("leaves out a zone's apex SOA and NS data in a listing (the name servers the service assigned), but not a delegation's", () => {
    const list = "/dns/v1/projects/p/managedZones/z/rrsets";
    const zone = (shard: string, delegated: string): object => ({
      kind: "dns#resourceRecordSetsListResponse",
      rrsets: [
        { kind: "dns#resourceRecordSet", name: "z.example.", type: "NS", ttl: 21600, rrdatas: [`ns-cloud-${shard}1.googledomains.com.`] },
        { kind: "dns#resourceRecordSet", name: "z.example.", type: "SOA", ttl: 21600, rrdatas: [`ns-cloud-${shard}1.googledomains.com. h. 1 2 3 4 5`] },
        { kind: "dns#resourceRecordSet", name: "sub.z.example.", type: "NS", ttl: 300, rrdatas: [delegated] },
      ],
    });
    let runs = 0;
    const listed = (service: object, emulator: object): string[] =>
      compareRuns(run(`ls-${++runs}`, [exchange("GET", list, null, service)]), run(`ls-${++runs}-e`, [exchange("GET", list, null, emulator)]));
    expect(listed(zone("a", "ns1.other.example."), zone("e", "ns1.other.example."))).toEqual([]);
    expect(listed(zone("a", "ns1.other.example."), zone("a", "ns2.other.example."))).toEqual([
      'dns ResourceRecordSet sub.z.example. NS: rrdatas ["ns1.other.example."] -> ["ns2.other.example."] (01-up.json dns.resourceRecordSets.list)',
    ]);
  });

  it("compares numbers, enums and fields answered by one side; not what the service makes up", () => {
    expect(differences(records(['"a"'], { ttl: 60 }), records(['"a"'], { ttl: 3600 }))).toEqual([
      "dns ResourceRecordSet t.example. TXT: ttl 60 -> 3600 (01-up.json dns.resourceRecordSets.get)",
    ]);
    expect(differences(records(['"a"'], { routingPolicy: { healthCheck: "x" } }), records(['"a"']))).toEqual([
      "dns ResourceRecordSet t.example. TXT: routingPolicy only the service answers it (01-up.json dns.resourceRecordSets.get)",
    ]);
  });
});

describe("a change summary unlike the expected one", () => {
  it("names the resource and the field a refresh found changed", () => {
    const state = (visibility: string): object => ({ inputs: {}, outputs: { __provider: "code", name: "zone", visibility } });
    const events = [
      { resourcePreEvent: { metadata: { op: "refresh", urn: "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s", type: "pulumi:pulumi:Stack", provider: "" } } },
      {
        resOutputsEvent: {
          metadata: { op: "update", urn: "urn:pulumi:s::p::dns:ManagedZone::zone-a", type: "x", provider: "", old: state("public"), new: state("private") },
        },
      },
      {
        resOutputsEvent: {
          metadata: { op: "same", urn: "urn:pulumi:s::p::dns:ManagedZone::zone-b", type: "x", provider: "", old: state("public"), new: state("public") },
        },
      },
    ] as unknown as EngineEvent[];
    expect(unexpectedChanges(changesOf(events), new Map(), () => "dns:ManagedZone")).toEqual([
      'dns:ManagedZone zone-a (update): visibility "public" -> "private"',
    ]);
    expect(unexpectedChanges(changesOf(events), new Map([["zone-b", "update"]]), () => "dns:ManagedZone")).toEqual([
      'dns:ManagedZone zone-a (update): visibility "public" -> "private"',
      "dns:ManagedZone zone-b (no change, expected update)",
    ]);
  });
});
