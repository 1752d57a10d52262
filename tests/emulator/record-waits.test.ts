/**
 * A batched change is waited for by one write of the batch only: the others
 * return as soon as the change is accepted, so the engine can send more work.
 * The waiting write hands the wait to the next batch's, and the last one
 * returns only when every change of the zone is done. Against the emulator,
 * with changes that stay pending for 6 s: the second batch must come while the
 * first change is pending, and on a loaded machine (two `npm test` side by side)
 * it once came after 1.5 s.
 */
import { recordSet } from "../../provider/apis/dns/recordSet";
import { RELAY_POLICY } from "../../provider/engine/batching/relay";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import type { Args } from "../../provider/engine/declaration/declaration";
import { providerEmulator } from "../support/providerEmulator";

const PROJECT = "wait-project";
const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;
const PENDING_MS = 6000;
const running = providerEmulator("wait-token", { project: PROJECT, instantRetries: true, emulator: { changeCompletionDelayMs: PENDING_MS } });
const provider = dynamicProvider(recordSet, running.runtime);

async function inputs(host: string, zone = "relay"): Promise<Args> {
  const checked = await provider.check({}, { managedZone: zone, name: `${host}.${zone}.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] });
  expect(checked.failures).toBeUndefined();
  return checked.inputs ?? {};
}

/** How many checks of the zone's changes one waiter of the relay makes in `ms`: one at once, then after pauses doubling up to the longest. */
function checksWithin(ms: number): number {
  let checks = 0;
  for (let at = 0, pause = RELAY_POLICY.firstPauseMs; at <= ms; at += pause, pause = Math.min(2 * pause, RELAY_POLICY.maxPauseMs)) checks++;
  return checks;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The statuses of the zone's changes after the first (the zone's own SOA and NS). */
async function changeStatuses(zonePath: string): Promise<string[]> {
  const { body } = await running.current.api("GET", `${zonePath}/changes`);
  return (body as { changes: Array<{ status: string }> }).changes.slice(1).map((change) => change.status);
}

it("frees every write of a batch but one while its change is pending; the wait is handed on, and the last write returns when all are done", async () => {
  const zonePath = `${ZONES}/relay`;
  expect((await running.current.api("POST", ZONES, { name: "relay", dnsName: "relay.example.", description: "" })).status).toBe(200);
  const returned: string[] = [];
  const create = (label: string, args: Args): Promise<unknown> => provider.create(args).then(() => returned.push(label));

  const started = Date.now();
  const first = await Promise.all(["a0", "a1", "a2", "a3", "a4", "a5"].map((host) => inputs(host)));
  const firstWrites = first.map((args, i) => create(`a${i}`, args));
  await until(() => returned.length === 5, "five writes of the first batch returned");
  // Five returned while the change is still pending; one holds the wait.
  expect(await changeStatuses(zonePath)).toEqual(["pending"]);

  const second = await Promise.all(["b0", "b1", "b2", "b3", "b4"].map((host) => inputs(host)));
  const secondWrites = second.map((args, i) => create(`b${i}`, args));
  await until(() => returned.length === 10, "the first holder and four of the second batch returned");
  // The first batch's holder left when the second batch's writes came, both changes still pending.
  expect(returned.filter((label) => label.startsWith("a"))).toHaveLength(6);
  expect(await changeStatuses(zonePath)).toEqual(["pending", "pending"]);

  await Promise.all([...firstWrites, ...secondWrites]);
  const elapsed = Date.now() - started;
  // The last write returned only when every change of the zone was done.
  expect(await changeStatuses(zonePath)).toEqual(["done", "done"]);
  const requests = await running.current.requests({ pathPrefix: zonePath });
  expect(requests.filter((r) => r.method === "POST").map((r) => r.path.slice(zonePath.length))).toEqual(["/changes", "/changes"]);
  // Both changes are checked by listings of the zone's changes, newest first: a few, not one per write.
  const reads = requests.filter((r) => r.method === "GET" && r.path.startsWith(zonePath) && r.query["sortOrder"] === undefined);
  const checks = requests.filter((r) => r.method === "GET" && r.path === `${zonePath}/changes` && r.query["sortOrder"] === "descending");
  // This test's own, and the zone's listing the creates read once (other tools' ownership markers).
  expect(reads.map((r) => r.path.slice(zonePath.length))).toEqual(["/rrsets", "/changes", "/changes", "/changes"]);
  expect(checks.length).toBeGreaterThan(0);
  // One waiter at a time: at most two waiters' schedules over the whole wait (it is handed on
  // once), where a waiter per write would make eleven times one's.
  expect(checks.length).toBeLessThanOrEqual(2 * checksWithin(elapsed));
});

it("counts the writes as made when whether their change is done cannot be read, and says so", async () => {
  const zonePath = `${ZONES}/unread`;
  expect((await running.current.api("POST", ZONES, { name: "unread", dnsName: "unread.example.", description: "" })).status).toBe(200);
  const all = await Promise.all(["c0", "c1", "c2"].map((host) => inputs(host, "unread")));
  const said: string[] = [];
  const write = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    said.push(String(chunk));
    return true;
  });
  await running.current.faults({ rate5xx: 1, status5xx: 503, pathPrefix: `${zonePath}/changes`, methods: ["GET"] });
  try {
    const created = await Promise.all(all.map((args) => provider.create(args)));
    expect(created.map(({ outs }) => outs["name"])).toEqual(all.map((args) => args["name"]));
  } finally {
    await running.current.clearFaults();
    write.mockRestore();
  }
  expect(said.join("")).toMatch(/warning: svc: record changes of .*unread were accepted, but whether they are done could not be read: .*503/);
});
