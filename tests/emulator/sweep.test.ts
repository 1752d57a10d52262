/**
 * The sweeper (tests/acceptance/sweep.ts) against the emulator: of objects named as acceptance runs
 * name them, only those older than the limit go; younger ones of a run, and every object of no run,
 * old or young, stay. Ages are real: the old objects are made, the limit passes, the young ones are made.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Args } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { declarationFor } from "../../provider/registry";
import { acceptanceName, newSeed } from "../acceptance/names";
import { sweep } from "../acceptance/sweep";
import { checked } from "../support/conformanceChecks";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("sweep-token", { project: "sweep-project" });
const LIMIT_MS = 6_000;

async function make(type: string, inputs: Args): Promise<string> {
  const provider = dynamicProvider(declarationFor(type));
  return (await provider.create(await checked(provider, inputs))).id;
}

/** A run's zone with a record set, a server policy and a calendar with an event. */
async function runObjects(purpose: string): Promise<Record<string, string>> {
  const seed = newSeed();
  const zone = acceptanceName(`${purpose}-zone`, seed);
  const domain = `${acceptanceName(purpose, seed)}.example.`;
  await make("dns:ManagedZone", { name: zone, dnsName: domain });
  await make("dns:RecordSet", { managedZone: zone, name: `www.${domain}`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] });
  const policy = acceptanceName(`${purpose}-policy`, seed);
  await make("dns:Policy", { name: policy });
  const summary = acceptanceName(`${purpose}-calendar`, seed);
  const calendarId = (await make("calendar:Calendar", { summary })).split("/")[0]!;
  await make("calendar:Event", {
    calendarId,
    summary: acceptanceName(`${purpose}-event`, seed),
    start: { dateTime: "2030-01-07T09:00:00Z" },
    end: { dateTime: "2030-01-07T09:15:00Z" },
  });
  return { zone, policy, summary };
}

/** What the emulator holds, by name: zones, policies, record sets (by their names) and calendar summaries. */
async function names(): Promise<string[]> {
  const objects = JSON.stringify(await emulator.current.objects());
  return [...objects.matchAll(/"(?:name|summary)":"([^"]+)"/g)].map((match) => match[1]!);
}

it("deletes the runs' objects older than the limit, children first, and leaves younger ones and every other object", async () => {
  const foreignOld = { zone: "team-zone", summary: "Team calendar" };
  await make("dns:ManagedZone", { name: foreignOld.zone, dnsName: "team.example." });
  await make("calendar:Calendar", { summary: foreignOld.summary });
  const old = await runObjects("old");
  await sleep(LIMIT_MS + 500);
  const young = await runObjects("young");
  await make("dns:ManagedZone", { name: "svc-acceptance-look-alike", dnsName: "look.example." });

  const swept = await sweep({ olderThanMs: LIMIT_MS, scope: { project: "sweep-project" }, log: () => undefined });

  const held = await names();
  for (const name of Object.values(old)) expect({ name, held: held.includes(name) }).toEqual({ name, held: false });
  for (const name of [...Object.values(young), ...Object.values(foreignOld), "svc-acceptance-look-alike"])
    expect({ name, held: held.includes(name) }).toEqual({ name, held: true });
  expect(held.some((name) => name.startsWith("www.svc-acc-young-"))).toBe(true);
  expect(held.some((name) => name.startsWith("www.svc-acc-old-"))).toBe(false);
  // The old run's objects deleted, each once (its calendar's entry in the calendar list with it), the record set before its zone.
  const kinds = ["calendar:Calendar", "calendar:CalendarListEntry", "calendar:Event", "dns:ManagedZone", "dns:Policy", "dns:RecordSet"];
  const deleted = swept.filter((entry) => entry.outcome === "deleted");
  expect(deleted.map((entry) => entry.type).sort()).toEqual(kinds);
  const order = deleted.map((entry) => entry.type);
  expect(order.indexOf("dns:RecordSet")).toBeLessThan(order.indexOf("dns:ManagedZone"));
  expect(
    swept
      .filter((entry) => entry.outcome === "younger")
      .map((entry) => entry.type)
      .sort(),
  ).toEqual(kinds);
}, 120_000);
