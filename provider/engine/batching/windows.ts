/**
 * Gathers items that arrive close together under one key (a zone, a listing) into one batch, and
 * hands each caller its own outcome. The windows' behaviour, as a state machine:
 *
 * Each key's window is closed or open. An item opens it (starting its quiet timer and its
 * deadline) or joins it (restarting the quiet timer). An open window goes (its batch is run, the
 * window is closed) on the first of:
 *   quiet     its quiet time passed with no arrival and no engine activity (occupancy.touch),
 *             unless the engine still owes the successor of an operation that just ended or a
 *             probe is under way (then it waits another quiet time);
 *   forced    its deadline (`maxWaitMs`), or an item that does not fit (`fits`) and opens the next;
 *   saturated every operation the process runs waits in a window or is held (occupancy.ts), at a
 *             level the engine confirmed: waiting longer cannot bring another item.
 * The process's saturation level is unconfirmed or confirmed. Saturated at an unconfirmed level
 * (or after REPROBE_EVERY windows at a confirmed one), the windows wait a probe: when the engine
 * sent nothing meanwhile the level is confirmed and they go; when it sent more they wait on.
 * A key's quiet time adapts when its window goes: halved after a lone item (a chain of writes
 * where waiting only delays), doubled when operations were busy elsewhere or an item arrived just
 * after a window with several went (nextQuiet), brought down to a few gaps of a full window's
 * arrivals (quietAfterFull). Batches of one key may be in flight side by side.
 *
 * Its parameters: a window's (`WindowPolicy`, given by who keeps the windows, each with its
 * reason there: a zone's in provider/apis/dns/recordSets/zoneChange.ts, a listing's in
 * sharedListings.ts) and the probe's below. The occupancy is the provider process's, passed in
 * (processBatching.ts): no window of one process sees another's.
 */
import type { Occupancy } from "./occupancy";

export interface WindowPolicy {
  /** Flush when no item joined for this long (at first; it adapts, see nextQuiet). */
  readonly quietMs: number;
  /** The shortest the quiet time adapts down to. */
  readonly minQuietMs: number;
  /** The longest the quiet time adapts up to. */
  readonly maxQuietMs: number;
  /** Flush at the latest this long after the window opened. */
  readonly maxWaitMs: number;
}

export type Outcome<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: Date.now,
};

/**
 * After this many windows went at once at a confirmed saturation level, the next waits a probe again.
 * A probe holds every running write, so it costs the engine its length: 8 cost about a tenth of a
 * checkpointed TTL update of 500 record sets (`npm run bench`), 16 of the shorter probes much less.
 */
const REPROBE_EVERY = 16;
/** The shortest probe: a window whose writes came in one burst shows no pace. */
const LEAST_PROBE_MS = 25;

/** A window that filled shows the engine's pace: the quiet time need not exceed this many of the gaps between its arrivals. */
const GAPS_OF_QUIET = 4;

/**
 * The quiet time after a window went full (saturation) with arrivals at most `widestGap` apart:
 * the engine's pace is known, and waiting much longer than its gaps at the end of a run (the last,
 * partial window) only delays. It only comes down; it grows again by nextQuiet when too short.
 */
export function quietAfterFull(window: WindowPolicy, quiet: number, widestGap: number): number {
  return Math.min(quiet, Math.max(window.minQuietMs, GAPS_OF_QUIET * widestGap));
}

/** A quiet time found too short for the engine's pace. */
function doubled(window: WindowPolicy, quiet: number): number {
  return Math.min(window.maxQuietMs, quiet * 2);
}

/**
 * The quiet time after a window went for want of arrivals. Operations were still running
 * elsewhere (not waiting in a window): one of them could have joined, so the quiet time was too
 * short for this engine's pace (its checkpoint writes spread its arrivals) and doubles. Nothing
 * else was running and the window held one item: a sequential chain, where waiting only delays;
 * it halves.
 */
export function nextQuiet(window: WindowPolicy, quiet: number, gathered: number, busyElsewhere: number): number {
  if (busyElsewhere > 0) return doubled(window, quiet);
  if (gathered === 1) return Math.max(window.minQuietMs, quiet / 2);
  return quiet;
}

export interface BatcherOptions<T, R> {
  readonly window: WindowPolicy;
  /** Sends one batch; resolves to one outcome per item, in order. */
  readonly run: (key: string, items: readonly T[]) => Promise<readonly Outcome<R>[]>;
  /**
   * Whether `item` may join the open `batch` (a per-batch limit); when not, the batch goes and `item`
   * opens the next. `batch` is one list for the window's life, one item longer at each call.
   */
  readonly fits?: (batch: readonly T[], item: T) => boolean;
  /** The provider process's occupancy (processBatching.ts). */
  readonly occupancy: Occupancy;
  readonly timers?: Timers;
}

interface Waiter<T, R> {
  readonly item: T;
  readonly resolve: (value: R) => void;
  readonly reject: (error: unknown) => void;
}

interface OpenWindow<T, R> {
  readonly waiters: Waiter<T, R>[];
  /** The waiters' items, one list for the window's life (what `fits` is asked about). */
  readonly items: T[];
  quietTimer: unknown;
  readonly deadline: unknown;
  lastArrivalAt: number;
  /** The widest gap between two arrivals of this window. */
  widestGap: number;
}

export interface Batcher<T, R> {
  /** Adds an item to the key's open window; resolves to its own outcome once its batch has run. */
  add(key: string, item: T): Promise<R>;
  /** Sends every open window now. */
  flushAll(): void;
}

export function createBatcher<T, R>(options: BatcherOptions<T, R>): Batcher<T, R> {
  const { window, run, fits = () => true, occupancy, timers = realTimers } = options;
  const open = new Map<string, OpenWindow<T, R>>();
  const quietOf = new Map<string, number>();
  /**
   * Keys whose window just went for want of arrivals with several items in it, for twice its quiet
   * time: an item arriving then was missed by a quiet time too short for the engine's pace (its
   * checkpoint writes spread a burst), which doubles. (One item alone is a chain: see nextQuiet.)
   */
  const justWent = new Map<string, unknown>();

  function flush(key: string, reason: "quiet" | "saturated" | "forced"): void {
    const current = open.get(key);
    if (current === undefined) return;
    open.delete(key);
    timers.clear(current.quietTimer);
    timers.clear(current.deadline);
    if (reason === "saturated" && current.items.length > 1) {
      quietOf.set(key, quietAfterFull(window, quietOf.get(key) ?? window.quietMs, current.widestGap));
    }
    if (reason === "quiet") {
      const quiet = quietOf.get(key) ?? window.quietMs;
      quietOf.set(key, nextQuiet(window, quiet, current.waiters.length, occupancy.busyElsewhere()));
      if (current.waiters.length > 1) {
        timers.clear(justWent.get(key));
        justWent.set(
          key,
          timers.set(() => justWent.delete(key), 2 * quiet),
        );
      }
    }
    occupancy.waits(-current.waiters.length);
    const { waiters } = current;
    void run(key, current.items).then(
      (outcomes) =>
        waiters.forEach((waiter, index) => {
          const outcome = outcomes[index];
          if (outcome === undefined) waiter.reject(new Error("a batch ended without an outcome for one of its items"));
          else if (outcome.ok) waiter.resolve(outcome.value);
          else waiter.reject(outcome.error);
        }),
      (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
    );
  }

  function flushAll(reason: "saturated" | "forced"): void {
    for (const key of [...open.keys()]) flush(key, reason);
  }

  /**
   * Saturated at a level not yet confirmed: the engine may only be slow to send more (checkpoint
   * writes). The windows wait a probe at its pace (their quiet times wait with them); if it sent
   * nothing meanwhile, the level is its limit and they go; if it sent more, they wait on.
   */
  let probe: unknown;
  function startProbe(): void {
    const begins = occupancy.begins();
    probe = timers.set(() => {
      probe = undefined;
      if (!occupancy.saturated()) return;
      // The engine sent more while the probe waited: saturated again at a higher level, probe that.
      if (occupancy.begins() !== begins) return startProbe();
      occupancy.confirmSaturation();
      flushAll("saturated");
    }, probeMs());
  }
  /** Twice the widest gap between the open windows' arrivals (the engine's pace now), at least LEAST_PROBE_MS. */
  function probeMs(): number {
    const widestGap = Math.max(0, ...[...open.values()].map((current) => current.widestGap));
    return Math.min(window.maxWaitMs, Math.max(LEAST_PROBE_MS, 2 * widestGap));
  }
  // Windows gone at once at a confirmed level since the last probe: past REPROBE_EVERY the next
  // probes again, so a level confirmed while the engine was only slow does not stay.
  let wentConfirmed = 0;
  occupancy.onSaturated(() => {
    if (probe !== undefined) return; // the probe under way decides
    if (occupancy.saturationConfirmed() && wentConfirmed < REPROBE_EVERY) {
      wentConfirmed++;
      flushAll("saturated");
    } else {
      wentConfirmed = 0;
      startProbe();
    }
  });
  // Activity elsewhere (a step being made) restarts the quiet time of every open window; the deadline still holds.
  occupancy.onActivity(() => {
    for (const [key, current] of open) restartQuiet(key, current);
  });

  function restartQuiet(key: string, current: OpenWindow<T, R>): void {
    timers.clear(current.quietTimer);
    current.quietTimer = timers.set(() => quietEnded(key, current), quietOf.get(key) ?? window.quietMs);
  }

  /** The quiet time ran out: the window goes, unless operations that just ended are still to be replaced by the engine. */
  function quietEnded(key: string, current: OpenWindow<T, R>): void {
    if (occupancy.owedArrivals() > 0 || probe !== undefined) restartQuiet(key, current);
    else flush(key, "quiet");
  }

  return {
    add(key, item) {
      return new Promise<R>((resolve, reject) => {
        const existing = open.get(key);
        if (existing !== undefined && !fits(existing.items, item)) flush(key, "forced");
        let current = open.get(key);
        if (current === undefined) {
          if (justWent.has(key)) {
            timers.clear(justWent.get(key));
            justWent.delete(key);
            quietOf.set(key, doubled(window, quietOf.get(key) ?? window.quietMs));
          }
          const deadline = timers.set(() => flush(key, "forced"), window.maxWaitMs);
          current = { waiters: [], items: [], quietTimer: undefined, deadline, lastArrivalAt: timers.now(), widestGap: 0 };
          open.set(key, current);
        }
        const now = timers.now();
        if (current.items.length > 0) current.widestGap = Math.max(current.widestGap, now - current.lastArrivalAt);
        current.lastArrivalAt = now;
        current.waiters.push({ item, resolve, reject });
        current.items.push(item);
        restartQuiet(key, current);
        occupancy.waits(1);
      });
    },
    flushAll: () => flushAll("forced"),
  };
}

/** Runs `work` and captures its outcome. */
export async function outcomeOf<R>(work: () => Promise<R> | R): Promise<Outcome<R>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Finds the culprits of a failed batch: sends each half again as its own batch (and a
 * lone item alone through `runOne`), so every item gets its own outcome and none fails
 * for another's fault. `runMany` resolves to outcomes per item, or throws for the batch
 * as a whole; `splits(error)` says whether a whole-batch failure can be an item's fault
 * (a refusal of one item) rather than the batch's (the service down, no permission).
 */
export async function bisect<T, R>(
  items: readonly T[],
  runMany: (items: readonly T[]) => Promise<readonly Outcome<R>[]>,
  runOne: (item: T) => Promise<R>,
  splits: (error: unknown) => boolean,
): Promise<Outcome<R>[]> {
  if (items.length === 0) return [];
  const [only] = items;
  if (items.length === 1 && only !== undefined) return [await outcomeOf(() => runOne(only))];
  try {
    return [...(await runMany(items))];
  } catch (error) {
    if (!splits(error)) return items.map(() => ({ ok: false, error }));
    const middle = Math.ceil(items.length / 2);
    const halves = await Promise.all([items.slice(0, middle), items.slice(middle)].map((half) => bisect(half, runMany, runOne, splits)));
    return halves.flat();
  }
}
