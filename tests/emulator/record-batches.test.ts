/**
 * Record sets written and read together through the provider (no engine),
 * against the emulator: concurrent writes of one zone go out as one change,
 * a refused write fails only its own resource, faults (5xx, 429, lost
 * answers) still leave every record set exactly once, and concurrent reads
 * are answered by one listing that a write drops.
 */
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { Args } from "../../provider/engine/declaration/declaration";
import { providerEmulator } from "../support/providerEmulator";

const PROJECT = "batch-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const running = providerEmulator("batch-token", { project: PROJECT, instantRetries: true });
const provider = dynamicProvider(recordSet, running.runtime);

async function zone(name: string): Promise<string> {
  const { status } = await running.current.api("POST", ZONES, { name, dnsName: `${name}.example.`, description: "" });
  expect(status).toBe(200);
  return `${ZONES}/${name}`;
}

async function inputs(managedZone: string, host: string, extra: Args = {}): Promise<Args> {
  const checked = await provider.check({}, { managedZone, name: `${host}.${managedZone}.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"], ...extra });
  expect(checked.failures).toBeUndefined();
  return checked.inputs ?? {};
}

async function userSets(zonePath: string): Promise<Array<{ name: string; type: string; ttl: number; rrdatas: string[] }>> {
  const { body } = await running.current.api("GET", `${zonePath}/rrsets`);
  return (body as { rrsets: Array<{ name: string; type: string; ttl: number; rrdatas: string[] }> }).rrsets.filter(
    (set) => set.type !== "SOA" && set.type !== "NS",
  );
}

const hosts = (count: number): string[] => Array.from({ length: count }, (_, i) => `host-${i}`);

async function writesTo(zonePath: string, work: () => Promise<unknown>): Promise<string[]> {
  const before = (await running.current.requests({ pathPrefix: zonePath })).length;
  await work();
  return (await running.current.requests({ pathPrefix: zonePath }))
    .slice(before)
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path.slice(zonePath.length)}`);
}

it("creates, updates and deletes record sets that come together in one change each", async () => {
  const zonePath = await zone("together");
  const all = await Promise.all(hosts(12).map((host) => inputs("together", host)));
  let created: Array<{ id: string; outs: Args }> = [];
  expect(await writesTo(zonePath, async () => (created = await Promise.all(all.map((args) => provider.create(args)))))).toEqual(["POST /changes"]);
  expect(created.map(({ outs }) => outs["rrdatas"])).toEqual(all.map(() => ["192.0.2.1"]));
  expect(await userSets(zonePath)).toHaveLength(12);

  const ttl = await Promise.all(hosts(12).map((host) => inputs("together", host, { ttl: 600 })));
  let updated: Array<{ outs: Args }> = [];
  expect(
    await writesTo(zonePath, async () => (updated = await Promise.all(created.map(({ id, outs }, i) => provider.update(id, outs, ttl[i] ?? {}))))),
  ).toEqual(["POST /changes"]);
  expect(updated.map(({ outs }) => outs["ttl"])).toEqual(ttl.map(() => 600));

  const data = await Promise.all(hosts(12).map((host, i) => inputs("together", host, { ttl: 600, rrdatas: [`198.51.100.${i}`] })));
  expect(
    await writesTo(
      zonePath,
      async () => (updated = await Promise.all(updated.map(({ outs }, i) => provider.update(created[i]?.id ?? "", outs, data[i] ?? {})))),
    ),
  ).toEqual(["POST /changes"]);
  expect((await userSets(zonePath)).map((set) => set.rrdatas[0]).sort()).toEqual(
    hosts(12)
      .map((_, i) => `198.51.100.${i}`)
      .sort(),
  );

  expect(await writesTo(zonePath, () => Promise.all(updated.map(({ outs }, i) => provider.delete(created[i]?.id ?? "", outs))))).toEqual(["POST /changes"]);
  expect(await userSets(zonePath)).toEqual([]);
});

it("sends a write alone as its own request: a create, a PATCH of the TTL, a DELETE", async () => {
  const zonePath = await zone("alone");
  const args = await inputs("alone", "www");
  let created = { id: "", outs: {} as Args };
  expect(await writesTo(zonePath, async () => (created = await provider.create(args)))).toEqual(["POST /rrsets"]);
  let requests = (await running.current.requests({ pathPrefix: zonePath })).length;
  const { outs } = await provider.update(created.id, created.outs, await inputs("alone", "www", { ttl: 60 }));
  // One request: the PATCH's answer is the new state, nothing is read back.
  expect((await running.current.requests({ pathPrefix: zonePath })).slice(requests).map((r) => r.method)).toEqual(["PATCH"]);
  expect(outs["ttl"]).toBe(60);
  requests = (await running.current.requests({ pathPrefix: zonePath })).length;
  await provider.delete(created.id, outs);
  expect((await running.current.requests({ pathPrefix: zonePath })).slice(requests).map((r) => r.method)).toEqual(["DELETE"]);
});

it("fails only the refused record set of a batch: the others are created, each once", async () => {
  const zonePath = await zone("culprit");
  const good = await Promise.all(hosts(7).map((host) => inputs("culprit", host)));
  // Outside the zone: check cannot tell (the zone's DNS name is no input), the API refuses it.
  const outside =
    (await provider.check({}, { managedZone: "culprit", name: "www.elsewhere.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.9"] })).inputs ?? {};
  const results = await Promise.allSettled([...good.slice(0, 3), outside, ...good.slice(3)].map((args) => provider.create(args)));
  expect(results.map((result) => result.status)).toEqual([
    "fulfilled",
    "fulfilled",
    "fulfilled",
    "rejected",
    "fulfilled",
    "fulfilled",
    "fulfilled",
    "fulfilled",
  ]);
  const refusal = results[3];
  expect(refusal?.status === "rejected" && String(refusal.reason)).toMatch(/name "www\.elsewhere\.example\." was refused by the API for zone "culprit"/);
  expect((await userSets(zonePath)).map((set) => set.name).sort()).toEqual(good.map((args) => args["name"]).sort());
});

it("under 5xx, 429 and lost answers, every record set of a batched create, update and delete ends exactly once", async () => {
  const zonePath = await zone("faults");
  const count = 24;
  const all = await Promise.all(hosts(count).map((host) => inputs("faults", host)));
  await running.current.faults({ rate5xx: 0.2, status5xx: 503, rate429: 0.1, retryAfterSeconds: 0, lostResponseRate: 0.2, pathPrefix: zonePath, seed: 7 });
  try {
    const created = await Promise.all(all.map((args) => provider.create(args)));
    await running.current.clearFaults();
    expect((await userSets(zonePath)).map((set) => set.name).sort()).toEqual(all.map((args) => args["name"]).sort());

    await running.current.faults({ rate5xx: 0.2, status5xx: 503, rate429: 0.1, retryAfterSeconds: 0, lostResponseRate: 0.2, pathPrefix: zonePath, seed: 8 });
    const data = await Promise.all(hosts(count).map((host, i) => inputs("faults", host, { rrdatas: [`198.51.100.${i}`] })));
    const updated = await Promise.all(created.map(({ id, outs }, i) => provider.update(id, outs, data[i] ?? {})));
    await running.current.clearFaults();
    expect(updated.map(({ outs }) => outs["rrdatas"])).toEqual(data.map((args) => args["rrdatas"]));
    expect((await userSets(zonePath)).map((set) => `${set.name} ${set.rrdatas.join()}`).sort()).toEqual(
      data.map((args) => `${String(args["name"])} ${(args["rrdatas"] as string[]).join()}`).sort(),
    );

    await running.current.faults({ rate5xx: 0.2, status5xx: 503, rate429: 0.1, retryAfterSeconds: 0, lostResponseRate: 0.2, pathPrefix: zonePath, seed: 9 });
    await Promise.all(updated.map(({ outs }, i) => provider.delete(created[i]?.id ?? "", outs)));
    await running.current.clearFaults();
    expect(await userSets(zonePath)).toEqual([]);
    const faulted = (await running.current.requests({ pathPrefix: zonePath })).filter((r) => (r as { fault?: string }).fault !== undefined);
    expect(faulted.length).toBeGreaterThan(0);
  } finally {
    await running.current.clearFaults();
  }
}, 60_000);

it("answers reads that come together from one listing, and a write drops it", async () => {
  const zonePath = await zone("reads");
  const all = await Promise.all(hosts(10).map((host) => inputs("reads", host)));
  const created = await Promise.all(all.map((args) => provider.create(args)));
  const readsDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
    const before = (await running.current.requests({ pathPrefix: zonePath })).length;
    await work();
    return (await running.current.requests({ pathPrefix: zonePath })).slice(before).map((r) => `${r.method} ${r.path.slice(zonePath.length)}`);
  };
  let read: Array<{ id?: string; props?: Args }> = [];
  expect(await readsDuring(async () => (read = await Promise.all(created.map(({ id, outs }) => provider.read(id, outs)))))).toEqual(["GET /rrsets"]);
  expect(read.map(({ props }) => props?.["name"])).toEqual(all.map((args) => args["name"]));
  // Deleted behind the provider's back: a write of the zone drops the listing, and the next listing says gone.
  expect((await running.current.api("DELETE", `${zonePath}/rrsets/host-0.reads.example./A`)).status).toBe(200);
  const second = created[1];
  await provider.delete(second?.id ?? "", second?.outs ?? {});
  expect(await readsDuring(async () => (read = await Promise.all(created.slice(0, 5).map(({ id, outs }) => provider.read(id, outs)))))).toEqual([
    "GET /rrsets",
  ]);
  expect(read.map(({ props }) => props?.["name"])).toEqual([undefined, undefined, ...all.slice(2, 5).map((args) => args["name"])]);
});
