/** The relay of waits (batching/relay.ts in the machine, driven by batching/driver.ts): who holds, when the wait is handed on, what is checked. */
import { Batching } from "../../provider/engine/batching/driver";
import { busyElsewhere } from "../../provider/engine/batching/occupancy";
import { checksNow, nextHandover, RELAY_POLICY, type RelayPolicy } from "../../provider/engine/batching/relay";

const POLICY: RelayPolicy = { ...RELAY_POLICY, firstPatienceMs: 20, minPatienceMs: 10, maxPatienceMs: 40, firstPauseMs: 5, maxPauseMs: 20, reportAfterMs: 60 };

function relayWith(doneAfterChecks: Record<string, number>, failWith?: Error) {
  const checks: string[][] = [];
  const logs: string[] = [];
  const batching = new Batching();
  const occupancy = batching.occupancy;
  const relay = batching.relay<string>("test", {
    check: async (_key, ids) => {
      checks.push([...ids]);
      if (failWith !== undefined) throw failWith;
      return new Set(ids.filter((id) => checks.length >= (doneAfterChecks[id] ?? 1)));
    },
    describe: (key, count) => `${count} changes of ${key}`,
    log: (_context, message) => logs.push(message),
    policy: POLICY,
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
  expect(busyElsewhere(occupancy.state())).toBe(0);
  await held;
  expect(busyElsewhere(occupancy.state())).toBe(1);
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
  const batching = new Batching();
  const occupancy = batching.occupancy;
  const checkedAt: number[] = [];
  const relay = batching.relay<string>("test", {
    check: async (_key, ids) => {
      checkedAt.push(Date.now());
      return new Set(ids);
    },
    describe: () => "work",
    log: () => undefined,
    policy: { ...POLICY, firstPatienceMs: 100, minPatienceMs: 10 },
  });
  const elsewhere = occupancy.begin(); // another operation runs: the engine is not idle
  const writes = ["w1", "w2", "w3"].map(() => occupancy.begin());
  const started = Date.now();
  writes.forEach(() => relay.pledge("zone"));
  await Promise.all(writes.map((end) => relay.settle("zone", "c1", "ctx").then(end)));
  elsewhere();
  expect((checkedAt[0] ?? 0) - started).toBeGreaterThanOrEqual(90);
});

describe("when a holder checks", () => {
  const policy: RelayPolicy = {
    ...POLICY,
    firstPatienceMs: 200,
    minPatienceMs: 50,
    maxPatienceMs: 2000,
    gapsOfPatience: 3,
    handoversOfPatience: 2,
    maxHandoverMs: 10_000,
  };
  it.each([
    [
      "a first holder, the engine idle: at once (a small stack's last write)",
      { waitedMs: 10, idle: true, announced: 0, gapMs: undefined, handoverMs: undefined },
      true,
    ],
    ["a first holder, the engine busy: after the first patience", { waitedMs: 150, idle: false, announced: 0, gapMs: undefined, handoverMs: undefined }, false],
    ["a first holder, the engine busy, the first patience over", { waitedMs: 200, idle: false, announced: 0, gapMs: undefined, handoverMs: undefined }, true],
    [
      "the engine looks idle, but took 1.6 s to hand over lately (checkpoints of 2,000 records)",
      { waitedMs: 1000, idle: true, announced: 0, gapMs: 3700, handoverMs: 1600 },
      false,
    ],
    ["the engine idle for twice its longest handover: the run has ended", { waitedMs: 3200, idle: true, announced: 0, gapMs: 3700, handoverMs: 1600 }, true],
    [
      "the engine busy, the patience (capped at 2 s) over, but within twice the handover",
      { waitedMs: 2500, idle: false, announced: 0, gapMs: 3700, handoverMs: 1600 },
      false,
    ],
    ["the engine busy past twice the handover and the patience", { waitedMs: 3300, idle: false, announced: 0, gapMs: 3700, handoverMs: 1600 }, true],
    ["quick handovers: the engine idle after twice one", { waitedMs: 40, idle: true, announced: 0, gapMs: 100, handoverMs: 20 }, true],
    [
      "a first holder, the engine owes 2 announced updates (8 of 10 records went, 2 to come)",
      { waitedMs: 2300, idle: true, announced: 2, gapMs: undefined, handoverMs: undefined },
      false,
    ],
    [
      "the engine owed announced updates for the longest handover that counts (one never came)",
      { waitedMs: 10_000, idle: true, announced: 2, gapMs: undefined, handoverMs: undefined },
      true,
    ],
  ])("%s", (_what, view, expected) => {
    expect(checksNow(policy, view)).toBe(expected);
  });

  it.each([
    ["the first seen", undefined, 1600, 1600],
    ["a longer one: taken at once", 1000, 1600, 1600],
    ["a shorter one: the longest decays slowly", 1600, 600, 1400],
    ["one past the longest that counts (other work of the engine meanwhile)", 1600, 300_000, 10_000],
  ])("the longest recent handover after %s", (_what, previous, observed, expected) => {
    expect(nextHandover({ ...policy, maxHandoverMs: 10_000 }, previous, observed)).toBeCloseTo(expected);
  });
});

it("does not check while the engine looks idle for less than twice the time it took to hand over lately", async () => {
  // Slow handovers (an engine writing checkpoints of a large stack between batches): 200 ms each.
  const started = Date.now();
  const checks: string[][] = [];
  const relay = new Batching().relay<string>("test", {
    // Each piece of work is done 500 ms into the test.
    check: async (_key, ids) => {
      checks.push([...ids]);
      return new Set(Date.now() - started >= 500 ? ids : []);
    },
    describe: () => "work",
    log: () => undefined,
    policy: POLICY,
  });
  const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const first = relay.hold("zone", "c1", "ctx");
  await pause(200);
  const second = relay.hold("zone", "c2", "ctx");
  await first;
  const checksBefore = checks.length;
  // The engine looks idle (nothing runs), and the next write comes after 150 ms: within twice the last handover.
  await pause(150);
  const third = relay.hold("zone", "c3", "ctx");
  await second;
  expect(checks.length - checksBefore).toBe(0);
  // The last holder checks once the engine stayed idle that long, and returns when everything is done.
  await third;
  expect(checks.at(-1)).toEqual(["c1", "c2", "c3"]);
});

it("does not check while the engine owes updates it announced: the next may take the wait over", async () => {
  const { relay, checks, occupancy } = relayWith({});
  // The engine's diffs found two more updates; it sends them after its checkpoints.
  occupancy.announce("projects/p/managedZones/z/rrsets/a.example.com./A");
  const first = relay.hold("zone", "c1", "ctx");
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(checks).toEqual([]);
  occupancy.arrived("projects/p/managedZones/z/rrsets/a.example.com./A");
  const second = relay.hold("zone", "c2", "ctx");
  await first;
  await second;
  expect(checks).toEqual([["c1", "c2"]]);
});
