/** The relay of waits (provider/apis/dns/relay.ts): who holds, when the wait is handed on, what is checked. */
import { Occupancy } from "../../provider/engine/batching/occupancy";
import { createRelay, RELAY_POLICY, type RelayPolicy } from "../../provider/engine/batching/relay";

const POLICY: RelayPolicy = { ...RELAY_POLICY, firstPatienceMs: 20, minPatienceMs: 10, maxPatienceMs: 40, firstPauseMs: 5, maxPauseMs: 20, reportAfterMs: 60 };

function relayWith(doneAfterChecks: Record<string, number>, failWith?: Error) {
  const checks: string[][] = [];
  const logs: string[] = [];
  const occupancy = new Occupancy();
  const relay = createRelay<string>({
    check: async (_key, ids) => {
      checks.push([...ids]);
      if (failWith !== undefined) throw failWith;
      return new Set(ids.filter((id) => checks.length >= (doneAfterChecks[id] ?? 1)));
    },
    describe: (key, ids) => `${ids.length} changes of ${key}`,
    log: (_context, message) => logs.push(message),
    policy: POLICY,
    occupancy,
  });
  return { relay, checks, logs, occupancy };
}

const settledFlag = (promise: Promise<unknown>): { settled: boolean } => {
  const flag = { settled: false };
  void promise.then(
    () => (flag.settled = true),
    () => (flag.settled = true),
  );
  return flag;
};

it("holds the caller until its work is done, checked after the patience", async () => {
  const { relay, checks } = relayWith({ c1: 2 });
  await relay.hold("zone", "c1", "ctx");
  expect(checks).toEqual([["c1"], ["c1"]]);
});

it("hands the wait to the next work's caller: the first returns at once, the last checks everything", async () => {
  const { relay, checks } = relayWith({});
  const first = relay.hold("zone", "c1", "ctx");
  const firstFlag = settledFlag(first);
  const second = relay.hold("zone", "c2", "ctx");
  await first;
  expect(checks).toEqual([]);
  expect(firstFlag.settled).toBe(true);
  await second;
  expect(checks).toEqual([["c1", "c2"]]);
});

it("keeps keys apart: a hold of another key is no successor", async () => {
  const { relay, checks } = relayWith({});
  const one = settledFlag(relay.hold("zone-a", "c1", "ctx"));
  await relay.hold("zone-b", "c2", "ctx");
  expect(checks).toContainEqual(["c2"]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(one.settled).toBe(true);
  expect(checks).toContainEqual(["c1"]);
});

it("counts a holder as waiting for the batch windows, until it leaves", async () => {
  const { relay, occupancy } = relayWith({});
  const end = occupancy.begin();
  const held = relay.hold("zone", "c1", "ctx");
  expect(occupancy.busyElsewhere()).toBe(0);
  await held;
  expect(occupancy.busyElsewhere()).toBe(1);
  end();
});

it("fails the holder when the check fails, and says how long it waited when it waits long", async () => {
  const { relay } = relayWith({}, new Error("403 forbidden"));
  await expect(relay.hold("zone", "c1", "ctx")).rejects.toThrow("403 forbidden");
  const slow = relayWith({ c2: 8 });
  await slow.relay.hold("zone", "c2", "ctx");
  expect(slow.logs).toEqual(["svc: waiting for 1 changes of zone to be done..."]);
});

it("lets every write of a batch go but the last to settle, which leaves when the engine sends the next write", async () => {
  const { relay, checks } = relayWith({});
  ["w1", "w2", "w3"].forEach(() => relay.pledge("zone"));
  await relay.settle("zone", "c1", "ctx");
  await relay.settle("zone", "c1", "ctx");
  const last = relay.settle("zone", "c1", "ctx");
  const lastFlag = settledFlag(last);
  await Promise.resolve();
  expect(lastFlag.settled).toBe(false);
  relay.pledge("zone");
  await last;
  expect(checks).toEqual([]);
  // The next write failed (no work of its own): as the last on its way, it waits for the outstanding change.
  await relay.settle("zone", undefined, "ctx");
  expect(checks).toEqual([["c1"]]);
});

it("frees a write with nothing outstanding at once", async () => {
  const { relay, checks } = relayWith({});
  relay.pledge("zone");
  await relay.settle("zone", undefined, "ctx");
  expect(checks).toEqual([]);
});

it("takes the writes of one batch settling together for one piece of work, not for gaps that shorten the patience", async () => {
  const occupancy = new Occupancy();
  const checkedAt: number[] = [];
  const relay = createRelay<string>({
    check: async (_key, ids) => {
      checkedAt.push(Date.now());
      return new Set(ids);
    },
    describe: () => "work",
    log: () => undefined,
    policy: { ...POLICY, firstPatienceMs: 100, minPatienceMs: 10 },
    occupancy,
  });
  const elsewhere = occupancy.begin(); // another operation runs: the engine is not idle
  const writes = ["w1", "w2", "w3"].map(() => occupancy.begin());
  const started = Date.now();
  writes.forEach(() => relay.pledge("zone"));
  await Promise.all(writes.map((end) => relay.settle("zone", "c1", "ctx").then(end)));
  elsewhere();
  expect((checkedAt[0] ?? 0) - started).toBeGreaterThanOrEqual(90);
});
