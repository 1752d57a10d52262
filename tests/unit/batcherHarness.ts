/** The window tests' shared set-up: timers advanced by hand and windows over numbers whose sends are recorded. */
import { Batching, type Outcome, type Timers } from "../../provider/engine/batching/driver";
import { emptyOccupancy, reduceOccupancy, type OccupancyEvent, type OccupancyState } from "../../provider/engine/batching/occupancy";

/** Timers driven by the test: `advance(ms)` runs what is due. */
export function manualTimers(): Timers & { advance(ms: number): void } {
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

export const flushPromises = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** An occupancy reached by `events` from an empty one (an engine that already showed its level). */
export const occupancyAfter = (events: readonly OccupancyEvent[]): OccupancyState => events.reduce(reduceOccupancy, emptyOccupancy);

export function harness(options: { admit?: (tally: unknown, item: number) => unknown; occupancy?: OccupancyState } = {}) {
  const timers = manualTimers();
  const batches: Array<{ key: string; items: number[] }> = [];
  const batching = new Batching({ timers, ...(options.occupancy !== undefined && { occupancy: options.occupancy }) });
  const batcher = batching.windows<number, string>("test", {
    window: { quietMs: 20, minQuietMs: 2, maxQuietMs: 80, maxWaitMs: 100 },
    ...(options.admit !== undefined && { admit: options.admit }),
    run: async (key, items) => {
      batches.push({ key, items: [...items] });
      return items.map((item): Outcome<string> => (item < 0 ? { ok: false, error: new Error(`bad ${item}`) } : { ok: true, value: `${key}:${item}` }));
    },
  });
  return { timers, batches, batcher, batching, occupancy: batching.occupancy };
}
