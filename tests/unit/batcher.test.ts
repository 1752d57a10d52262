/**
 * The batching policies as pure functions: windows (quiet, deadline, limits,
 * saturation, adaptive quiet), culprit search by halves, and the process's
 * occupancy.
 */
import { bisect, createBatcher, nextQuiet, quietAfterFull, type Outcome, type Timers } from "../../provider/engine/batcher";
import { Occupancy } from "../../provider/engine/occupancy";

/** Timers driven by the test: `advance(ms)` runs what is due. */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    set(callback, ms) {
      const id = ++next;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
    now: () => now,
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
        if (due === undefined) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

const flushPromises = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function harness(options: { fits?: (batch: readonly number[], item: number) => boolean; occupancy?: Occupancy } = {}) {
  const timers = manualTimers();
  const batches: Array<{ key: string; items: number[] }> = [];
  const batcher = createBatcher<number, string>({
    window: { quietMs: 20, minQuietMs: 2, maxQuietMs: 80, maxWaitMs: 100 },
    timers,
    occupancy: options.occupancy ?? new Occupancy(),
    ...(options.fits !== undefined && { fits: options.fits }),
    run: async (key, items) => {
      batches.push({ key, items: [...items] });
      return items.map((item): Outcome<string> => (item < 0 ? { ok: false, error: new Error(`bad ${item}`) } : { ok: true, value: `${key}:${item}` }));
    },
  });
  return { timers, batches, batcher };
}

describe("createBatcher", () => {
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
    const { timers, batches, batcher } = harness({ fits: (batch) => batch.length < 3 });
    const pending = [1, 2, 3, 4].map((item) => batcher.add("z", item));
    timers.advance(50);
    await Promise.all(pending);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3], [4]]);
  });

  it("sends at once when every running operation waits and the engine runs as many as it has shown", async () => {
    const occupancy = new Occupancy();
    // The engine has shown it runs three at once.
    const shown = [occupancy.begin(), occupancy.begin(), occupancy.begin()];
    shown.forEach((end) => end());
    const { timers, batches, batcher } = harness({ occupancy });
    const operations = [1, 2, 3].map((item) => {
      const end = occupancy.begin();
      return batcher.add("z", item).finally(end);
    });
    await flushPromises();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
    await Promise.all(operations);
    timers.advance(1000);
    expect(batches).toHaveLength(1);
  });

  it("does not send early while another running operation could still join", async () => {
    const occupancy = new Occupancy();
    [occupancy.begin(), occupancy.begin()].forEach((end) => end());
    const { timers, batches, batcher } = harness({ occupancy });
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
    const occupancy = new Occupancy();
    const { timers, batches, batcher } = harness({ occupancy });
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

describe("createBatcher's quiet time", () => {
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

describe("Occupancy", () => {
  it("is saturated only once the engine has shown its parallelism and every running operation waits", () => {
    const occupancy = new Occupancy();
    // An operation that ran alone shows no parallelism: the next one waiting is not saturation.
    occupancy.begin()();
    const alone = occupancy.begin();
    occupancy.waits(1);
    expect(occupancy.saturated()).toBe(false);
    occupancy.waits(-1);
    alone();
    const ends = [occupancy.begin(), occupancy.begin()];
    occupancy.waits(2);
    expect(occupancy.saturated()).toBe(false); // nothing has ended yet: the first burst may still grow
    occupancy.waits(-2);
    ends.forEach((end) => end());
    const again = [occupancy.begin(), occupancy.begin()];
    occupancy.waits(1);
    expect(occupancy.saturated()).toBe(false);
    occupancy.waits(1);
    expect(occupancy.saturated()).toBe(true);
    again.forEach((end) => end());
    occupancy.waits(-2);
    expect(occupancy.saturated()).toBe(false);
  });
});

describe("createBatcher's quiet time after a full window", () => {
  it("comes down to a few of the widest gap between the full window's arrivals, so a last partial window goes soon", async () => {
    let clock = 0;
    const occupancy = new Occupancy(() => clock);
    const { timers, batches, batcher } = harness({ occupancy });
    // The engine shows it runs three at once.
    [occupancy.begin(), occupancy.begin(), occupancy.begin()].forEach((end) => end());
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
    clock += 5000;
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
    const occupancy = new Occupancy();
    const { timers, batches, batcher } = harness({ occupancy });
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
    let clock = 0;
    const occupancy = new Occupancy(() => clock);
    const { timers, batches, batcher } = harness({ occupancy });
    // A batch of three ended: the engine owes three new operations, which arrive slowly (checkpoints).
    const ended = [occupancy.begin(), occupancy.begin(), occupancy.begin()];
    ended.forEach((end) => end());
    const pending: Promise<string>[] = [];
    for (const item of [1, 2]) {
      clock += 30;
      timers.advance(30); // longer than the quiet time (20 ms)
      const end = occupancy.begin();
      pending.push(batcher.add("z", item).finally(end));
    }
    clock += 30;
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
    let clock = 0;
    const occupancy = new Occupancy(() => clock);
    const { timers, batches, batcher } = harness({ occupancy });
    // This engine refills a slot 2 ms after an operation ends.
    for (let round = 0; round < 5; round++) {
      occupancy.begin()();
      clock += 2;
    }
    occupancy.begin()();
    const end = occupancy.begin();
    const last = batcher.add("z", 1).finally(end);
    // The other slot is owed, but nothing came for 25 ms (the least patience): the window goes.
    clock += 26;
    timers.advance(26);
    await last;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });

  it("waits the least for an owed operation before the engine showed how fast it refills (a refresh's reads are all sent)", async () => {
    let clock = 0;
    const occupancy = new Occupancy(() => clock);
    const { timers, batches, batcher } = harness({ occupancy });
    const end = occupancy.begin();
    const read = batcher.add("z", 1).finally(end);
    occupancy.begin()(); // another read (the zone's) ended: one slot owed, but this engine showed no refill yet
    clock += 26;
    timers.advance(26);
    await read;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });

  it("stops waiting for a refill once the operations ended long ago", async () => {
    let clock = 0;
    const occupancy = new Occupancy(() => clock);
    const { timers, batches, batcher } = harness({ occupancy });
    [occupancy.begin(), occupancy.begin()].forEach((end) => end());
    const one = batcher.add("z", 1);
    clock += 2000;
    timers.advance(25);
    await one;
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
  });
});
