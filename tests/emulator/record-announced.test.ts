/**
 * A change of a few records in a large stack: the engine diffs every resource, then sends the
 * updates it found one by one, each after a checkpoint of the whole state (at 2,000 record sets,
 * hundreds of milliseconds apart). The diffs say those updates are coming, so the zone's window
 * waits for them and they go as one change, not each alone because nothing arrived for its quiet
 * time. A change of one record goes as before: alone, at once.
 */
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { Args, State } from "../../provider/engine/declaration/declaration";
import { providerEmulator } from "../support/providerEmulator";

const PROJECT = "announced-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const running = providerEmulator("announced-token", { project: PROJECT, instantRetries: true });
const provider = dynamicProvider(recordSet, running.runtime);
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function inputs(zone: string, host: string, ttl: number): Promise<Args> {
  const checked = await provider.check({}, { managedZone: zone, name: `${host}.${zone}.example.`, type: "A", ttl, rrdatas: ["192.0.2.1"] });
  expect(checked.failures).toBeUndefined();
  return checked.inputs ?? {};
}

/** A zone with `count` record sets made one by one, their ids and states. */
async function zoneWith(zone: string, count: number): Promise<Array<{ id: string; state: State; host: string }>> {
  expect((await running.current.api("POST", ZONES, { name: zone, dnsName: `${zone}.example.`, description: "" })).status).toBe(200);
  const made = [];
  for (let i = 0; i < count; i++) {
    const host = `h${i}`;
    const { id, outs } = await provider.create(await inputs(zone, host, 300));
    made.push({ id, state: outs, host });
  }
  return made;
}

/** The engine's way: every diff first, then each update it found, `apartMs` after the one before. */
async function changeTtls(zone: string, sets: ReadonlyArray<{ id: string; state: State; host: string }>, apartMs: number): Promise<string[]> {
  const before = (await running.current.requests()).length;
  const news = await Promise.all(sets.map((set) => inputs(zone, set.host, 600)));
  for (const [i, set] of sets.entries()) expect((await provider.diff(set.id, set.state, news[i] ?? {})).changes).toBe(true);
  const updates: Promise<unknown>[] = [];
  for (const [i, set] of sets.entries()) {
    if (i > 0) await pause(apartMs);
    updates.push(provider.update(set.id, set.state, news[i] ?? {}));
  }
  await Promise.all(updates);
  return (await running.current.requests())
    .slice(before)
    .filter((request) => request.method !== "GET")
    .map((request) => `${request.method} ${request.path.split("/").slice(-1)[0]}`);
}

it("sends ten announced updates that come 150 ms apart as one change", async () => {
  const sets = await zoneWith("ten", 10);
  expect(await changeTtls("ten", sets, 150)).toEqual(["POST changes"]);
});

it("sends one announced update alone, within its quiet time", async () => {
  const [set] = await zoneWith("one", 1);
  const started = Date.now();
  expect(await changeTtls("one", set === undefined ? [] : [set], 0)).toEqual(["PATCH A"]);
  expect(Date.now() - started).toBeLessThan(1000);
});

it("stops holding a window for announced updates once one of them ended: the engine's pace is known", async () => {
  const sets = await zoneWith("paced", 4);
  const news = await Promise.all(sets.map((set) => inputs("paced", set.host, 600)));
  const diff = async (i: number): Promise<void> => {
    expect((await provider.diff(sets[i]?.id ?? "", sets[i]?.state ?? {}, news[i] ?? {})).changes).toBe(true);
  };
  const update = (i: number): Promise<unknown> => provider.update(sets[i]?.id ?? "", sets[i]?.state ?? {}, news[i] ?? {});
  // The engine diffs each resource just before its update, all through a step. Two at once: they go together.
  await Promise.all([diff(0), diff(1)]);
  await Promise.all([update(0), update(1)]);
  // Two more diffed; the engine sends the third, and the fourth only after it (as an engine out of
  // slots would): the third goes at its quiet time, not at the window's deadline (3 s) waiting for the fourth.
  await pause(50);
  await Promise.all([diff(2), diff(3)]);
  const started = Date.now();
  await update(2);
  expect(Date.now() - started).toBeLessThan(1500);
  await update(3);
});
