/**
 * A create that finds its object already made by this stack's own interrupted run adopts it; an
 * identical object another stack, a same-named stack of another backend or a person made is never
 * taken over. Through `dynamicProvider` against the in-process emulator, with the ownership records
 * in a folder of the test's own. A resource's own record is the one holding the nonce its inputs
 * carry (the state's); a killed run's records are adopted once svc-recover released them by its
 * lock (`releaseRun` with this process, under which the tests' records are written).
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { calendar } from "../../provider/apis/calendar/calendar";
import { event } from "../../provider/apis/calendar/event";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { managedZone } from "../../provider/apis/dns/managedZone";
import type { Args } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { quotaPreference } from "../../provider/apis/quotas/quotaPreference";
import { OwnershipRecords, ownershipDir } from "../../provider/engine/ownership/records";
import { settingsOf } from "../../provider/config";

/** The records the provider keeps, in the folder the settings name (as the provider finds it when it runs). */
const onDisk = (): OwnershipRecords => new OwnershipRecords(ownershipDir(settingsOf()));
const recordOf = (owner: string): ReturnType<OwnershipRecords["recordOf"]> => onDisk().recordOf(owner);
const recordFor = (...args: Parameters<OwnershipRecords["recordFor"]>): ReturnType<OwnershipRecords["recordFor"]> => onDisk().recordFor(...args);
const keepRecord = (record: Parameters<OwnershipRecords["keep"]>[0]): void => onDisk().keep(record);
const releaseRun = (...args: Parameters<OwnershipRecords["releaseRun"]>): number => onDisk().releaseRun(...args);
const handOver = (owner: string, id: string): void => onDisk().handOver(owner, id);
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("ownership-token");
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-ownership-"));
const records = dynamicProvider(recordSet);
const zones = dynamicProvider(managedZone);
const calendars = dynamicProvider(calendar);
const events = dynamicProvider(event);
const aclRules = dynamicProvider(aclRule);
const quotaPreferences = dynamicProvider(quotaPreference);
const logged: string[] = [];

let stderr: jest.SpyInstance;
beforeAll(() => {
  process.env["SVC_OWNERSHIP_DIR"] = folder;
  // What the provider tells the person running `up` goes to its stderr (provider/log.ts).
  stderr = jest.spyOn(process.stderr, "write").mockImplementation((line) => {
    logged.push(String(line));
    return true;
  });
});
afterAll(() => {
  delete process.env["SVC_OWNERSHIP_DIR"];
  stderr.mockRestore();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  // Every test starts from a service and a machine that hold nothing: no object, no record.
  await emulator.current.reset();
  rmSync(folder, { recursive: true, force: true });
  logged.length = 0;
});

const owner = (stack: string, name: string): string => `project::${stack}::dns:RecordSet::${name}`;

/** A new resource's inputs, as a run's check makes them (with a new nonce); `olds` carries a stack's state's. */
async function checked(provider: typeof records, inputs: Args, olds: Args = {}): Promise<Args> {
  const result = await provider.check(olds, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

/** svc-recover found the lock of the run that wrote the records since `since` (this process ran it). */
const recovered = (since: string): number => releaseRun({ host: os.hostname(), pid: process.pid, since });

async function zone(): Promise<void> {
  await zones.create(await checked(zones, { name: "owned", dnsName: "owned.example." }));
}

const www = { managedZone: "owned", name: "www.owned.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] };
const creates = async (): Promise<number> => (await emulator.current.requests({ method: "POST" })).filter((request) => request.status === 200).length;

it("adopts the record set its own interrupted run made once svc-recover released the run, with no second object", async () => {
  await zone();
  const since = new Date().toISOString();
  // The interrupted run: the create landed, and the engine never recorded it (checkpoints skipped).
  const first = await records.create(await checked(records, { ...www, __owner: owner("prod", "www") }));
  expect(recovered(since)).toBe(1);
  const before = await creates();
  const requestsBefore = (await emulator.current.requests()).length;
  // The next run's check knows nothing of it: a new nonce.
  const inputs = await checked(records, { ...www, __owner: owner("prod", "www") });
  const again = await records.create(inputs);
  expect(again.id).toBe(first.id);
  // Settled by reading: the create its earlier run sent is not sent again.
  expect((await emulator.current.requests()).slice(requestsBefore).map((request) => request.method)).toEqual(["GET"]);
  expect(again.outs).toMatchObject({ name: "www.owned.example.", ttl: 300, rrdatas: ["192.0.2.1"] });
  expect(await creates()).toBe(before);
  expect((await emulator.current.objects()) as { dns: { resourceRecordSets: unknown[] } }).toMatchObject({ dns: { resourceRecordSets: [expect.anything()] } });
  // Adopted, the record is this resource's own: released no more.
  expect(recordOf(owner("prod", "www"))).toEqual(expect.objectContaining({ id: first.id, nonce: inputs["__ownerNonce"] }));
  expect(recordOf(owner("prod", "www"))?.released).toBeUndefined();
});

it("adopts what the same resource made when its state carries the record's nonce (a pending create completed, a replacement)", async () => {
  await zone();
  const inputs = await checked(records, { ...www, __owner: owner("prod", "www") });
  const first = await records.create(inputs);
  const carried = await checked(records, { ...www, __owner: owner("prod", "www") }, inputs);
  expect(carried["__ownerNonce"]).toBe(inputs["__ownerNonce"]);
  const count = await creates();
  expect((await records.create(carried)).id).toBe(first.id);
  expect(await creates()).toBe(count);
});

it("updates what differs in place when the program changed meanwhile, as an import would", async () => {
  await zone();
  const inputs = await checked(records, { ...www, __owner: owner("prod", "www") });
  await records.create(inputs);
  const changed = await records.create({ ...inputs, ttl: 600 });
  expect(changed.outs).toMatchObject({ ttl: 600 });
});

it("never takes over what a same-named stack of another backend made: the create fails naming it, the import, and why", async () => {
  await zone();
  await records.create(await checked(records, { ...www, __owner: owner("prod", "www") }));
  const written = recordOf(owner("prod", "www"));
  const count = await creates();
  // Another backend's stack prod: the same names, a state that holds nothing of it.
  const ours = await checked(records, { ...www, __owner: owner("prod", "www") });
  const id = "projects/default-project/managedZones/owned/rrsets/www.owned.example./A";
  const refusal = records.create(ours);
  await expect(refusal).rejects.toThrow(`svc.dns.RecordSet ${id} could not be created: the API reports a conflict`);
  await expect(refusal).rejects.toThrow(`manage it with the resource option { import: "${id}" }`);
  await expect(refusal).rejects.toThrow("a run of a stack named project/prod made it");
  await expect(refusal).rejects.toThrow("a same-named stack of another backend, or one removed and made again");
  // Refused, the create claims nothing: the other stack's record stands as it was.
  expect(recordOf(owner("prod", "www"))).toEqual(written);
  expect(await creates()).toBe(count);
});

it("never takes over the same record set made by another stack or by hand: the create fails naming it and the import", async () => {
  await zone();
  await records.create(await checked(records, { ...www, __owner: owner("staging", "www") }));
  const ours = await checked(records, { ...www, __owner: owner("prod", "www") });
  const id = "projects/default-project/managedZones/owned/rrsets/www.owned.example./A";
  await expect(records.create(ours)).rejects.toThrow(`svc.dns.RecordSet ${id} could not be created: the API reports a conflict`);
  await expect(records.create(ours)).rejects.toThrow(`manage it with the resource option { import: "${id}" }`);
  // Made by hand through the API: no record names it either.
  const api = { name: "api.owned.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.9"] };
  expect(await emulator.current.api("POST", "/dns/v1/projects/default-project/managedZones/owned/rrsets", api)).toMatchObject({ status: 200 });
  const byHand = await checked(records, { ...api, managedZone: "owned", __owner: owner("prod", "api") });
  await expect(records.create(byHand)).rejects.toThrow(/could not be created: the API reports a conflict/);
  // A refused create claims nothing: a second try is refused the same way.
  await expect(records.create(byHand)).rejects.toThrow(/could not be created: the API reports a conflict/);
});

it("adopts the calendar its interrupted run made, whose id the server assigned and the run never learnt", async () => {
  const who = "project::prod::calendar:Calendar::team";
  const inputs = await checked(calendars, { summary: "Team", timeZone: "UTC", __owner: who });
  // The record the interrupted run kept before its insert: the calendars that existed then. Its answer was lost with the process.
  const before = await calendars.create(await checked(calendars, { summary: "Other", timeZone: "UTC" }));
  const since = new Date().toISOString();
  keepRecord(recordFor({ owner: who, nonce: "the-killed-run" }, { before: [before.id], since: "2026-11-25T00:00:00.000Z" }));
  const made = (await emulator.current.api("POST", "/calendar/v3/calendars", { summary: "Team", timeZone: "UTC" })).body as { id: string };
  const count = await creates();
  expect(recovered(since)).toBe(1);
  const adopted = await calendars.create(inputs);
  expect(adopted.id).toBe(made.id);
  expect(await creates()).toBe(count);
  expect(logged.join("\n")).toContain(`svc.calendar.Calendar ${made.id} was made by this stack's interrupted run`);
  expect(recordOf(who)).toEqual(expect.objectContaining({ id: made.id, nonce: inputs["__ownerNonce"] }));
});

it("neither adopts nor makes again a calendar a same-named stack's record names: it says what to do", async () => {
  const who = "project::prod::calendar:Calendar::team";
  const theirs = await calendars.create(await checked(calendars, { summary: "Team", timeZone: "UTC", __owner: who }));
  const count = await creates();
  const refusal = calendars.create(await checked(calendars, { summary: "Team", timeZone: "UTC", __owner: who }));
  await expect(refusal).rejects.toThrow(`svc.calendar.Calendar ${theirs.id} exists and is what this resource asks for, but it is not this stack's to adopt`);
  await expect(refusal).rejects.toThrow(`{ import: "${theirs.id}" }`);
  await expect(refusal).rejects.toThrow("If this stack's own run was killed, run svc-recover first");
  expect(await creates()).toBe(count);
});

it("adopts the event its interrupted run made in a calendar (an id the server assigns, a parent the listing leaves out), with no second insert", async () => {
  const team = await calendars.create(await checked(calendars, { summary: "Team", timeZone: "UTC" }));
  const inputs = await checked(events, {
    calendarId: team.id,
    summary: "Planning",
    start: { dateTime: "2026-12-01T09:00:00Z" },
    end: { dateTime: "2026-12-01T10:00:00Z" },
    __owner: "project::prod::calendar:Event::planning",
  });
  // The interrupted run: the insert landed and its record names the event; a replacement of the same resource carries its nonce.
  const first = await events.create(inputs);
  const count = await creates();
  const adopted = await events.create(inputs);
  expect(adopted.id).toBe(first.id);
  expect(await creates()).toBe(count);
});

it("adopts the ACL rule its interrupted run inserted, found in the calendar's rules, with no second insert", async () => {
  const team = await calendars.create(await checked(calendars, { summary: "Team", timeZone: "UTC" }));
  const who = "project::prod::calendar:AclRule::readers";
  const rule = { calendarId: team.id, scope: { type: "domain", value: "example.com" }, role: "reader", sendNotifications: false };
  // The record the interrupted run kept before its insert: the rules the calendar had then. Its answer was lost with the process.
  const listed = (await emulator.current.api("GET", `/calendar/v3/calendars/${encodeURIComponent(team.id)}/acl`)).body as { items: Array<{ id: string }> };
  const since = new Date().toISOString();
  keepRecord(recordFor({ owner: who }, { before: listed.items.map((item) => `${team.id}/${item.id}`), since: "2026-11-25T00:00:00.000Z" }));
  await emulator.current.api("POST", `/calendar/v3/calendars/${encodeURIComponent(team.id)}/acl`, { scope: rule.scope, role: rule.role });
  expect(recovered(since)).toBe(1);
  const count = await creates();
  const adopted = await aclRules.create(await checked(aclRules, { ...rule, __owner: who }));
  expect(adopted.id).toBe(`${team.id}/domain:example.com`);
  expect(await creates()).toBe(count);
});

it("hands a quota preference a destroy left behind (the API has no delete) to the next create, whatever its nonce", async () => {
  const who = "project::prod::quotas:QuotaPreference::cpus";
  const preference = {
    project: "quota-project",
    quotaPreferenceId: "ownership-cpus",
    service: "compute.googleapis.com",
    quotaId: "CPUS-per-project-region",
    dimensions: { region: "us-central1" },
    preferredValue: "24",
    __owner: who,
  };
  const made = await quotaPreferences.create(await checked(quotaPreferences, preference));
  await quotaPreferences.delete(made.id, made.outs);
  expect(recordOf(who)).toEqual(expect.objectContaining({ id: made.id, released: true }));
  const count = await creates();
  expect((await quotaPreferences.create(await checked(quotaPreferences, preference))).id).toBe(made.id);
  expect(await creates()).toBe(count);
});

it("releases only what the killed run wrote: its process, its machine, after its lock", async () => {
  const since = new Date().toISOString();
  const record = (name: string): ReturnType<typeof recordFor> => recordFor({ owner: `project::prod::dns:RecordSet::${name}`, nonce: "n" }, { id: name, since });
  keepRecord(record("a"));
  keepRecord({ ...record("b"), written: "2026-01-01T00:00:00.000Z" });
  keepRecord({ ...record("c"), run: { host: os.hostname(), pids: [4_000_000] } });
  keepRecord({ ...record("d"), run: { host: "other-runner", pids: [process.pid] } });
  expect(releaseRun({ host: os.hostname(), pid: process.pid, since })).toBe(1);
  expect(["a", "b", "c", "d"].map((name) => recordOf(`project::prod::dns:RecordSet::${name}`)?.released === true)).toEqual([true, false, false, false]);
  // Written under this process and its parents (the CLI's, when a provider writes it).
  expect(recordOf("project::prod::dns:RecordSet::a")?.run?.pids).toEqual(expect.arrayContaining([process.pid, process.ppid]));
});

it("adopts what svc-recover handed on for a pending create, even with no record left (the folder lost)", async () => {
  await zone();
  const first = await records.create(await checked(records, { ...www, __owner: owner("prod", "www") }));
  rmSync(folder, { recursive: true, force: true });
  handOver(owner("prod", "www"), first.id);
  const count = await creates();
  expect((await records.create(await checked(records, { ...www, __owner: owner("prod", "www") }))).id).toBe(first.id);
  expect(await creates()).toBe(count);
});

it("leaves the records of what the killed run's state holds unreleased: those objects are its stack's alone", () => {
  const since = new Date().toISOString();
  keepRecord(recordFor({ owner: "project::prod::dns:RecordSet::held", nonce: "n" }, { id: "held", since }));
  keepRecord(recordFor({ owner: "project::prod::dns:RecordSet::orphan", nonce: "n" }, { id: "orphan", since }));
  expect(releaseRun({ host: os.hostname(), pid: process.pid, since }, (who) => who.endsWith("::held"))).toBe(1);
  expect(recordOf("project::prod::dns:RecordSet::held")?.released).toBeUndefined();
  expect(recordOf("project::prod::dns:RecordSet::orphan")?.released).toBe(true);
});
