/**
 * A create that finds its object already made by this stack's own interrupted run adopts it; an
 * identical object another stack or a person made is never taken over. Through `dynamicProvider`
 * against the in-process emulator, with the ownership records in a folder of the test's own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { calendar } from "../../provider/apis/calendar/calendar";
import { event } from "../../provider/apis/calendar/event";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { managedZone } from "../../provider/apis/dns/managedZone";
import type { Args } from "../../provider/engine/declaration";
import { dynamicProvider } from "../../provider/engine/dynamicProvider";
import { keepRecord, recordOf } from "../../provider/engine/ownership";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("ownership-token");
const folder = mkdtempSync(path.join(os.tmpdir(), "svc-ownership-"));
const records = dynamicProvider(recordSet);
const zones = dynamicProvider(managedZone);
const calendars = dynamicProvider(calendar);
const events = dynamicProvider(event);
const aclRules = dynamicProvider(aclRule);
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

async function checked(provider: typeof records, inputs: Args): Promise<Args> {
  const result = await provider.check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

async function zone(): Promise<void> {
  await zones.create(await checked(zones, { name: "owned", dnsName: "owned.example." }));
}

const www = { managedZone: "owned", name: "www.owned.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.1"] };
const creates = async (): Promise<number> => (await emulator.current.requests({ method: "POST" })).filter((request) => request.status === 200).length;

it("adopts the record set its own interrupted run made, with no second object", async () => {
  await zone();
  const inputs = await checked(records, { ...www, __owner: owner("prod", "www") });
  // The interrupted run: the create landed, and the engine never recorded it.
  const first = await records.create(inputs);
  const before = await creates();
  const requestsBefore = (await emulator.current.requests()).length;
  const again = await records.create(inputs);
  expect(again.id).toBe(first.id);
  // Settled by reading: the create its earlier run sent is not sent again.
  expect((await emulator.current.requests()).slice(requestsBefore).map((request) => request.method)).toEqual(["GET"]);
  expect(again.outs).toMatchObject({ name: "www.owned.example.", ttl: 300, rrdatas: ["192.0.2.1"] });
  expect(await creates()).toBe(before);
  expect((await emulator.current.objects()) as { dns: { resourceRecordSets: unknown[] } }).toMatchObject({ dns: { resourceRecordSets: [expect.anything()] } });
});

it("updates what differs in place when the program changed meanwhile, as an import would", async () => {
  await zone();
  const inputs = await checked(records, { ...www, __owner: owner("prod", "www") });
  await records.create(inputs);
  const changed = await records.create({ ...inputs, ttl: 600 });
  expect(changed.outs).toMatchObject({ ttl: 600 });
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
  keepRecord({ owner: who, before: [before.id], since: "2026-11-25T00:00:00.000Z" });
  const made = (await emulator.current.api("POST", "/calendar/v3/calendars", { summary: "Team", timeZone: "UTC" })).body as { id: string };
  const count = await creates();
  const adopted = await calendars.create(inputs);
  expect(adopted.id).toBe(made.id);
  expect(await creates()).toBe(count);
  expect(logged.join("\n")).toContain(`svc.calendar.Calendar ${made.id} was made by this stack's interrupted run`);
  expect(recordOf(who)?.id).toBe(made.id);
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
  // The interrupted run: the insert landed and its record names the event; the engine never recorded it.
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
  keepRecord({ owner: who, before: listed.items.map((item) => `${team.id}/${item.id}`), since: "2026-11-25T00:00:00.000Z" });
  await emulator.current.api("POST", `/calendar/v3/calendars/${encodeURIComponent(team.id)}/acl`, { scope: rule.scope, role: rule.role });
  const count = await creates();
  const adopted = await aclRules.create(await checked(aclRules, { ...rule, __owner: who }));
  expect(adopted.id).toBe(`${team.id}/domain:example.com`);
  expect(await creates()).toBe(count);
});
