/** Bisecting refused batches (executor/batches.ts); the windows' occupancy, and quiet times after full windows, the engine's activity and operations just ended. */
import { bisect } from "../../provider/engine/executor/batches";
import { quietAfterFull } from "../../provider/engine/batching/windowsReducer";
import { flushPromises, harness, occupancyAfter } from "./batcherHarness";

/** Three operations ran at once, a probe confirmed the level, all three ended at 0 ms. */
const confirmedAtThree = occupancyAfter([
  { kind: "begin", now: 0 },
  { kind: "begin", now: 0 },
  { kind: "begin", now: 0 },
  { kind: "confirm" },
  { kind: "end", now: 0 },
  { kind: "end", now: 0 },
  { kind: "end", now: 0 },
]);

describe("bisect", () => {
  const refused = new Error("refused");
  it("finds the one refused item by halves: each item gets its own outcome, the others succeed", async () => {
    const sent: number[][] = [];
    const alone: number[] = [];
    const outcomes = await bisect(
      [1, 2, 3, 4, 5, 6, 7, 8],
      async (items) => {
        sent.push([...items]);
        if (items.includes(6)) throw refused;
        return items.map((item) => ({ ok: true as const, value: item * 10 }));
      },
      async (item) => {
        alone.push(item);
        if (item === 6) throw new Error("6 is invalid");
        return item * 10;
      },
      () => true,
    );
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.value : (outcome.error as Error).message))).toEqual([10, 20, 30, 40, 50, "6 is invalid", 70, 80]);
    expect(sent).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [5, 6],
      [7, 8],
    ]);
    expect(alone).toEqual([5, 6]);
  });

  it("fails every item alike when the failure is not an item's fault", async () => {
    const down = new Error("service unavailable");
    const outcomes = await bisect(
      [1, 2, 3],
      async () => Promise.reject(down),
      async () => 0,
      () => false,
    );
    expect(outcomes).toEqual([1, 2, 3].map(() => ({ ok: false, error: down })));
  });
});

describe("createBatcher's quiet time after a full window", () => {
  it("comes down to a few of the widest gap between the full window's arrivals, so a last partial window goes soon", async () => {
    // The engine showed it runs three at once, and a probe confirmed that it runs no more.
    const { timers, batches, batcher, occupancy } = harness({ occupancy: confirmedAtThree });
    // A full window: three operations arriving 1 ms apart, all waiting: it goes at once.
    const ends = [occupancy.begin(), occupancy.begin(), occupancy.begin()];
    const full = [batcher.add("zone", 1)];
    timers.advance(1);
    full.push(batcher.add("zone", 2));
    timers.advance(1);
    full.push(batcher.add("zone", 3));
    await Promise.all(full);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
    ends.forEach((end) => end());
    // A last window of one, long after (no operation owed): it goes after 4 × 1 ms (the quiet time was 20 ms).
    timers.advance(5000);
    const last = occupancy.begin();
    const lone = batcher.add("zone", 4);
    timers.advance(3);
    await flushPromises();
    expect(batches).toHaveLength(1);
    timers.advance(1);
    await lone;
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3], [4]]);
    last();
  });
});

describe("quietAfterFull", () => {
  const window = { quietMs: 60, minQuietMs: 2, maxQuietMs: 1000, maxWaitMs: 3000 };
  it("only comes down, never below the least quiet time", () => {
    expect(quietAfterFull(window, 60, 5)).toBe(20);
    expect(quietAfterFull(window, 60, 40)).toBe(60);
    expect(quietAfterFull(window, 60, 0)).toBe(2);
  });
});

describe("createBatcher and the engine's activity", () => {
  it("keeps a window open while the engine makes steps (check, diff), up to its deadline", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    const item = batcher.add("z", 1);
    for (let i = 0; i < 4; i++) {
      timers.advance(15);
      occupancy.touch();
    }
    expect(batches).toEqual([]);
    timers.advance(20);
    await item;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
    const late = batcher.add("z", 2);
    for (let i = 0; i < 20; i++) {
      timers.advance(10);
      occupancy.touch();
    }
    await late;
    // Gone at the deadline (100 ms) although the engine kept making steps.
    expect(batches).toHaveLength(2);
  });
});

describe("createBatcher and operations just ended", () => {
  it("waits for the engine to refill the slots of operations that just ended, then goes", async () => {
    // A batch of three ended (the engine's confirmed level): it owes three new operations, which arrive slowly (checkpoints).
    const { timers, batches, batcher, occupancy } = harness({ occupancy: confirmedAtThree });
    const pending: Promise<string>[] = [];
    for (const item of [1, 2]) {
      timers.advance(30); // longer than the quiet time (20 ms)
      const end = occupancy.begin();
      pending.push(batcher.add("z", item).finally(end));
    }
    timers.advance(30);
    expect(batches).toEqual([]);
    const end = occupancy.begin();
    pending.push(batcher.add("z", 3).finally(end));
    await flushPromises();
    // All three are in and running: saturated, gone at once.
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
    await Promise.all(pending);
  });

  it("waits for a refill only a few of the refill times this engine showed (the end of a run comes soon)", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    // This engine refills a slot 2 ms after an operation ends.
    for (let round = 0; round < 5; round++) {
      occupancy.begin()();
      timers.advance(2);
    }
    occupancy.begin()();
    const end = occupancy.begin();
    const last = batcher.add("z", 1).finally(end);
    // The other slot is owed, but nothing came for 25 ms (the least patience): the window goes.
    timers.advance(26);
    await last;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });

  it("waits the least for an owed operation before the engine showed how fast it refills (a refresh's reads are all sent)", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    const end = occupancy.begin();
    const read = batcher.add("z", 1).finally(end);
    occupancy.begin()(); // another read (the zone's) ended: one slot owed, but this engine showed no refill yet
    // At its quiet time's end (20 ms) the slot is still owed (the least patience is 25 ms): it waits one more quiet time.
    timers.advance(39);
    await flushPromises();
    expect(batches).toEqual([]);
    timers.advance(1);
    await read;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });

  it("stops waiting for a refill once the operations ended long ago", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    [occupancy.begin(), occupancy.begin()].forEach((end) => end());
    timers.advance(2000);
    const one = batcher.add("z", 1);
    // Its first quiet time (20 ms): nothing is owed so long after.
    timers.advance(20);
    await one;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });
});
