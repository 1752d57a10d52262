/** The windows (batching/windowsReducer.ts in the machine, driven by batching/driver.ts): what goes out together, and quiet times. */
import { nextQuiet } from "../../provider/engine/batching/windowsReducer";
import { flushPromises, harness, occupancyAfter } from "./batcherHarness";

describe("the windows", () => {
  it("gathers the items of one key that arrive within the quiet time, each caller getting its own outcome", async () => {
    const { timers, batches, batcher } = harness();
    const a = batcher.add("zone-a", 1);
    timers.advance(10);
    const b = batcher.add("zone-a", 2);
    const c = batcher.add("zone-b", 3);
    const bad = batcher.add("zone-a", -1);
    timers.advance(25);
    await expect(Promise.all([a, b, c])).resolves.toEqual(["zone-a:1", "zone-a:2", "zone-b:3"]);
    await expect(bad).rejects.toThrow("bad -1");
    // zone-b's window went first: its quiet time ran out first.
    expect(batches).toEqual([
      { key: "zone-b", items: [3] },
      { key: "zone-a", items: [1, 2, -1] },
    ]);
  });

  it("sends a window at its deadline even while items keep arriving", async () => {
    const { timers, batches, batcher } = harness();
    const pending: Promise<string>[] = [];
    for (let i = 0; i < 12; i++) {
      pending.push(batcher.add("z", i));
      timers.advance(10);
    }
    timers.advance(100);
    await Promise.all(pending);
    expect(batches.map((batch) => batch.items.length)).toEqual([10, 2]);
  });

  it("sends the open window when the next item does not fit, and opens the next with it", async () => {
    // At most three items a batch: the tally counts them.
    const { timers, batches, batcher } = harness({
      admit: (tally) => (((tally as number | undefined) ?? 0) < 3 ? ((tally as number | undefined) ?? 0) + 1 : undefined),
    });
    const pending = [1, 2, 3, 4].map((item) => batcher.add("z", item));
    timers.advance(50);
    await Promise.all(pending);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3], [4]]);
  });

  it("sends when every running operation waits at the engine's level: after a probe the first time, then at once", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    // The engine has shown it runs three at once.
    const shown = [occupancy.begin(), occupancy.begin(), occupancy.begin()];
    shown.forEach((end) => end());
    const window = (items: number[]): Promise<string[]> =>
      Promise.all(
        items.map((item) => {
          const end = occupancy.begin();
          return batcher.add("z", item).finally(end);
        }),
      );
    const first = window([1, 2, 3]);
    await flushPromises();
    // Not yet: the engine may only be slow to send a fourth. The probe waits 25 ms (the least
    // patience), past the quiet time (20 ms), which waits with it.
    timers.advance(24);
    expect(batches).toEqual([]);
    timers.advance(1);
    await first;
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
    // The level is confirmed: the next full window goes at once.
    const second = window([4, 5, 6]);
    await flushPromises();
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await second;
    timers.advance(1000);
    expect(batches).toHaveLength(2);
  });

  it("waits on when the engine sends more during the probe (it was slow, not full), and learns its level", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    // An engine slowed by checkpoints showed three at once; it can run four.
    [occupancy.begin(), occupancy.begin(), occupancy.begin()].forEach((end) => end());
    const add = (item: number): Promise<string> => {
      const end = occupancy.begin();
      return batcher.add("z", item).finally(end);
    };
    const first = [1, 2, 3].map(add);
    await flushPromises();
    timers.advance(10);
    first.push(add(4));
    // The probe saw a fourth come: it waits again from its end (25 ms), not from the fourth.
    timers.advance(39);
    expect(batches).toEqual([]);
    timers.advance(1);
    await Promise.all(first);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3, 4]]);
    // Three waiting is no longer the engine's level; four is, at once.
    const second = [5, 6, 7].map(add);
    await flushPromises();
    expect(batches).toHaveLength(1);
    second.push(add(8));
    await flushPromises();
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    await Promise.all(second);
  });

  it("probes a confirmed level again after sixteen windows went at once at it, and learns a higher one", async () => {
    // Two operations ran, a probe confirmed the level, both ended.
    const { timers, batches, batcher, occupancy } = harness({
      occupancy: occupancyAfter([{ kind: "begin", now: 0 }, { kind: "begin", now: 0 }, { kind: "confirm" }, { kind: "end", now: 0 }, { kind: "end", now: 0 }]),
    });
    const add = (item: number): Promise<string> => {
      const end = occupancy.begin();
      return batcher.add("z", item).finally(end);
    };
    for (let round = 0; round < 16; round++) {
      const pair = [add(2 * round), add(2 * round + 1)];
      await flushPromises();
      expect(batches).toHaveLength(round + 1);
      await Promise.all(pair);
    }
    // The seventeenth full pair waits a probe (25 ms); the engine sends a third meanwhile: three is its level now.
    const seventeenth = [add(32), add(33)];
    await flushPromises();
    expect(batches).toHaveLength(16);
    timers.advance(10);
    seventeenth.push(add(34));
    timers.advance(40);
    await Promise.all(seventeenth);
    expect(batches.at(-1)?.items).toEqual([32, 33, 34]);
    const next = [add(35), add(36)];
    await flushPromises();
    expect(batches).toHaveLength(17); // two waiting is no longer the level
    next.push(add(37));
    await flushPromises();
    expect(batches.at(-1)?.items).toEqual([35, 36, 37]);
    await Promise.all(next);
  });

  it("probes for at least twice the widest gap between arrivals: an engine that slow still gets its next one in", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    [occupancy.begin(), occupancy.begin()].forEach((end) => end());
    const add = (item: number): Promise<string> => {
      const end = occupancy.begin();
      return batcher.add("z", item).finally(end);
    };
    const pending = [add(1)];
    timers.advance(15);
    pending.push(add(2)); // two waiting, the level shown: the probe waits 2 × 15 ms, longer than 25 ms
    timers.advance(29);
    pending.push(add(3));
    timers.advance(100);
    await Promise.all(pending);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
  });

  it("does not send early while another running operation could still join", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    [occupancy.begin(), occupancy.begin()].forEach((end) => end());
    const endBusy = occupancy.begin(); // running, but not waiting in a window
    const end = occupancy.begin();
    const one = batcher.add("z", 1).finally(end);
    await flushPromises();
    expect(batches).toEqual([]);
    timers.advance(20);
    await one;
    endBusy();
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });

  it("halves the quiet time after windows that gathered one item while nothing else ran (a chain)", async () => {
    const { timers, batches, batcher } = harness();
    for (const expectedWait of [20, 10, 5, 2.5, 2, 2]) {
      const before = batches.length;
      const item = batcher.add("z", 1);
      timers.advance(expectedWait - 0.25);
      expect({ expectedWait, sent: batches.length }).toEqual({ expectedWait, sent: before });
      timers.advance(0.25);
      await item;
      expect({ expectedWait, sent: batches.length }).toEqual({ expectedWait, sent: before + 1 });
    }
  });

  it("doubles the quiet time after a window went while other operations ran that could have joined it", async () => {
    const { timers, batches, batcher, occupancy } = harness();
    const busy = occupancy.begin(); // e.g. the engine writing a checkpoint before it sends the next record
    for (const expectedWait of [20, 40, 80, 80]) {
      const before = batches.length;
      const end = occupancy.begin();
      const item = batcher.add("z", 1).finally(end);
      timers.advance(expectedWait - 0.25);
      expect({ expectedWait, sent: batches.length }).toEqual({ expectedWait, sent: before });
      timers.advance(0.25);
      await item;
    }
    busy();
  });
});

describe("a window's quiet time", () => {
  it("doubles when an item comes just after a window of several went for want of arrivals", async () => {
    const { timers, batches, batcher } = harness();
    const pending = [batcher.add("z", 1)];
    timers.advance(10);
    pending.push(batcher.add("z", 2));
    timers.advance(20); // quiet (20 ms): [1, 2] goes at 30
    timers.advance(15);
    pending.push(batcher.add("z", 3)); // at 45: missed by 15 ms, the quiet time becomes 40
    timers.advance(30);
    pending.push(batcher.add("z", 4)); // 30 ms later: within the new quiet time
    timers.advance(40);
    await Promise.all(pending);
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("stays when the next item comes later than twice the quiet time", async () => {
    const { timers, batches, batcher } = harness();
    const pending = [batcher.add("z", 1)];
    timers.advance(10);
    pending.push(batcher.add("z", 2));
    timers.advance(20);
    timers.advance(45);
    pending.push(batcher.add("z", 3));
    timers.advance(30);
    pending.push(batcher.add("z", 4));
    timers.advance(40);
    await Promise.all(pending);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3], [4]]);
  });
});

describe("nextQuiet", () => {
  const window = { quietMs: 50, minQuietMs: 2, maxQuietMs: 1000, maxWaitMs: 3000 };
  it.each([
    ["others still running: doubles", 50, 1, 3, 100],
    ["others still running, at the cap: stays", 1000, 4, 1, 1000],
    ["alone and nothing else running: halves", 50, 1, 0, 25],
    ["alone at the floor: stays", 2, 1, 0, 2],
    ["several gathered, nothing else running: stays", 50, 5, 0, 50],
  ])("%s", (_what, quiet, gathered, busyElsewhere, expected) => {
    expect(nextQuiet(window, quiet, gathered, busyElsewhere)).toBe(expected);
  });
});
