/**
 * The windows of a batching key, as a pure reducer: `(state, event) → (state, effects)`; its one
 * machine is machine.ts (which gives it the occupancy's facts in its events) and its one driver
 * driver.ts. Each key's window is `closed` (absent from `open`) or `open`:
 *
 *   closed --arrive--> open              its quiet timer and its deadline start
 *   open   --arrive--> open              the quiet timer starts again (an item that does not fit
 *                                        sends the window first and opens the next)
 *   open   --quietEnded--> closed        `quiet`: no arrival for the quiet time (unless the engine
 *                                        still owes arrivals, or announced writes it has not sent
 *                                        and sends at the pace the window saw: then it waits on)
 *   open   --deadline--> closed          `forced`: a window never waits longer than `maxWaitMs`
 *   open   --saturated--> closed         `saturated`: every operation the process runs waits in a
 *                                        window, at a level the engine confirmed
 *
 * The process's saturation level is `unconfirmed` or `confirmed`: saturated at
 * an unconfirmed level (or after REPROBE_EVERY windows at a confirmed one) the windows wait a
 * `probe`; when the engine sent nothing meanwhile the level is confirmed and they go; when it sent
 * more they wait on. A key's quiet time adapts when its window goes: halved after a lone item (a
 * chain of writes where waiting only delays), doubled when operations were busy elsewhere or an item
 * arrived just after a window with several went, brought down to a few gaps of a full window's
 * arrivals. (A fixed quiet time and deadline alone was measured against this on the bench and sent
 * two to eight times the requests with checkpoints written: docs/performance.md.)
 */
import { WINDOW_ADAPTATION } from "../../http/retryTable";

import type { WindowPolicy } from "../kinds/window";

export type { WindowPolicy } from "../kinds/window";

export interface OpenWindow<T> {
  readonly items: readonly T[];
  /** What the items add up to against a per-batch limit (the batch kind's own), kept up to date as items join. */
  readonly tally: unknown;
  readonly lastArrivalAt: number;
  /** The widest gap between two arrivals of this window. */
  readonly widestGap: number;
}

export interface WindowsState<T> {
  readonly open: ReadonlyMap<string, OpenWindow<T>>;
  /** Each key's learned quiet time. */
  readonly quiet: ReadonlyMap<string, number>;
  /** Keys whose window of several just went for want of arrivals: an item before this time says the quiet time was too short. */
  readonly justWentUntil: ReadonlyMap<string, number>;
  /** A probe under way: the operations begun when it started. */
  readonly probe: { readonly begins: number } | undefined;
  /** Windows gone at once at a confirmed level since the last probe. */
  readonly wentConfirmed: number;
}

export type WindowEvent<T> =
  | { readonly kind: "arrive"; readonly key: string; readonly item: T; readonly now: number }
  | {
      readonly kind: "quietEnded";
      readonly key: string;
      readonly now: number;
      readonly owedArrivals: boolean;
      readonly busyElsewhere: number;
      /** Items the engine said it will send and has not, while nothing ended to show its pace (updates its diffs found); a chain is not slow, these are. */
      readonly announced: number;
    }
  | { readonly kind: "deadline"; readonly key: string; readonly now: number }
  | { readonly kind: "saturated"; readonly now: number; readonly confirmed: boolean; readonly begins: number; readonly widestGap: number }
  | { readonly kind: "probeEnded"; readonly now: number; readonly saturated: boolean; readonly begins: number }
  | { readonly kind: "activity"; readonly now: number }
  | { readonly kind: "flushAll"; readonly now: number };

export type Effect<T> =
  | { readonly kind: "timer"; readonly timer: "quiet" | "deadline" | "probe"; readonly key: string; readonly ms: number }
  | { readonly kind: "cancel"; readonly key: string; readonly timers: ReadonlyArray<"quiet" | "deadline"> }
  | { readonly kind: "run"; readonly key: string; readonly items: readonly T[] }
  /** Operations joined (positive) or left (negative) a window, for the occupancy. */
  | { readonly kind: "waits"; readonly count: number }
  /** The probe saw the engine send nothing: its level is its limit. */
  | { readonly kind: "confirm" };

export interface WindowsConfig<T> {
  readonly window: WindowPolicy;
  /**
   * The tally of a window's items with `item` added, when it fits (a per-batch limit); undefined
   * when it does not. `tally` is undefined for a window with no items yet.
   */
  readonly admit: (tally: unknown, item: T) => unknown;
}

/** After this many windows went at once at a confirmed level, the next waits a probe again (a probe holds every running write). */
export const REPROBE_EVERY = WINDOW_ADAPTATION.reprobeEvery;
/** The shortest probe: a window whose writes came in one burst shows no pace. */
export const LEAST_PROBE_MS = WINDOW_ADAPTATION.leastProbeMs;
/** A window that filled shows the engine's pace: the quiet time need not exceed this many of the gaps between its arrivals. */
const GAPS_OF_QUIET = WINDOW_ADAPTATION.gapsOfQuiet;

const PROBE_KEY = "";

/** The tally of a window whose first item is over the per-batch limit by itself: nothing joins it. */
const OVER_LIMIT = Symbol("over the limit");

export function closedWindows<T>(): WindowsState<T> {
  return { open: new Map(), quiet: new Map(), justWentUntil: new Map(), probe: undefined, wentConfirmed: 0 };
}

/** The quiet time after a window went full (saturation) with arrivals at most `widestGap` apart: it only comes down. */
export function quietAfterFull(window: WindowPolicy, quiet: number, widestGap: number): number {
  return Math.min(quiet, Math.max(window.minQuietMs, GAPS_OF_QUIET * widestGap));
}

const doubled = (window: WindowPolicy, quiet: number): number => Math.min(window.maxQuietMs, quiet * 2);

/**
 * The quiet time after a window went for want of arrivals: operations still running elsewhere could
 * have joined (the engine's pace is slower: it doubles); nothing else ran and it held one item (a
 * chain, where waiting only delays: it halves).
 */
export function nextQuiet(window: WindowPolicy, quiet: number, gathered: number, busyElsewhere: number): number {
  if (busyElsewhere > 0) return doubled(window, quiet);
  if (gathered === 1) return Math.max(window.minQuietMs, quiet / 2);
  return quiet;
}

type Reduced<T> = readonly [WindowsState<T>, readonly Effect<T>[]];

const with_ = <K, V>(map: ReadonlyMap<K, V>, key: K, value: V): Map<K, V> => new Map(map).set(key, value);
const without = <K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> => {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
};

function quietOf<T>(state: WindowsState<T>, config: WindowsConfig<T>, key: string): number {
  return state.quiet.get(key) ?? config.window.quietMs;
}

/** The window of `key` goes: its timers stop, its items run, and its key's quiet time adapts. */
function go<T>(
  state: WindowsState<T>,
  config: WindowsConfig<T>,
  key: string,
  reason: "quiet" | "saturated" | "forced",
  busyElsewhere = 0,
  now = 0,
): Reduced<T> {
  const open = state.open.get(key);
  if (open === undefined) return [state, []];
  let next: WindowsState<T> = { ...state, open: without(state.open, key) };
  const quiet = quietOf(state, config, key);
  if (reason === "saturated" && open.items.length > 1) next = { ...next, quiet: with_(next.quiet, key, quietAfterFull(config.window, quiet, open.widestGap)) };
  if (reason === "quiet") {
    next = { ...next, quiet: with_(next.quiet, key, nextQuiet(config.window, quiet, open.items.length, busyElsewhere)) };
    if (open.items.length > 1) next = { ...next, justWentUntil: with_(next.justWentUntil, key, now + 2 * quiet) };
  }
  return [
    next,
    [
      { kind: "cancel", key, timers: ["quiet", "deadline"] },
      { kind: "waits", count: -open.items.length },
      { kind: "run", key, items: open.items },
    ],
  ];
}

function goAll<T>(state: WindowsState<T>, config: WindowsConfig<T>, reason: "saturated" | "forced"): Reduced<T> {
  let current = state;
  const effects: Effect<T>[] = [];
  for (const key of [...state.open.keys()]) {
    const [next, more] = go(current, config, key, reason);
    current = next;
    effects.push(...more);
  }
  return [current, effects];
}

function arrive<T>(state: WindowsState<T>, config: WindowsConfig<T>, key: string, item: T, now: number): Reduced<T> {
  let current = state;
  const effects: Effect<T>[] = [];
  const existing = current.open.get(key);
  let tally = existing === undefined || existing.tally === OVER_LIMIT ? undefined : config.admit(existing.tally, item);
  if (existing !== undefined && tally === undefined) {
    const [next, more] = go(current, config, key, "forced");
    current = next;
    effects.push(...more);
  }
  let open = current.open.get(key);
  if (open === undefined) {
    const until = current.justWentUntil.get(key);
    if (until !== undefined) {
      current = { ...current, justWentUntil: without(current.justWentUntil, key) };
      // An item just after a window of several went: the quiet time was too short for the engine's pace.
      if (now <= until) current = { ...current, quiet: with_(current.quiet, key, doubled(config.window, quietOf(current, config, key))) };
    }
    open = { items: [], tally: undefined, lastArrivalAt: now, widestGap: 0 };
    // An item over the limit alone still goes, alone (no other joins it): its request is refused with its own error.
    tally = config.admit(undefined, item) ?? OVER_LIMIT;
    effects.push({ kind: "timer", timer: "deadline", key, ms: config.window.maxWaitMs });
  }
  const widestGap = open.items.length > 0 ? Math.max(open.widestGap, now - open.lastArrivalAt) : open.widestGap;
  current = { ...current, open: with_(current.open, key, { items: [...open.items, item], tally, lastArrivalAt: now, widestGap }) };
  effects.push({ kind: "timer", timer: "quiet", key, ms: quietOf(current, config, key) }, { kind: "waits", count: 1 });
  return [current, effects];
}

/**
 * Whether the engine may still be sending into `open` at its pace: one item shows none; else silent
 * for no more than a few of its widest gaps (or of the quiet time, when two came in one burst).
 */
export function keepsPace<T>(open: OpenWindow<T>, now: number, quiet: number): boolean {
  return open.items.length < 2 || now - open.lastArrivalAt <= GAPS_OF_QUIET * Math.max(open.widestGap, quiet);
}

/** Twice the widest gap between the open windows' arrivals (the engine's pace now), at least LEAST_PROBE_MS. */
function probeMs(window: WindowPolicy, widestGap: number): number {
  return Math.min(window.maxWaitMs, Math.max(LEAST_PROBE_MS, 2 * widestGap));
}

function widestGapOf<T>(state: WindowsState<T>): number {
  return Math.max(0, ...[...state.open.values()].map((open) => open.widestGap));
}

export function reduceWindows<T>(state: WindowsState<T>, event: WindowEvent<T>, config: WindowsConfig<T>): Reduced<T> {
  switch (event.kind) {
    case "arrive":
      return arrive(state, config, event.key, event.item, event.now);
    case "deadline":
      return go(state, config, event.key, "forced");
    case "flushAll":
      return goAll(state, config, "forced");
    case "quietEnded": {
      const open = state.open.get(event.key);
      if (open === undefined) return [state, []];
      // Operations that just ended are still to be replaced by the engine, the engine announced more
      // and still sends at the pace this window saw (each write may wait for a checkpoint of a large
      // stack's whole state; silent longer, its slots are full), or a probe decides: wait on.
      if (event.owedArrivals || (event.announced > 0 && keepsPace(open, event.now, quietOf(state, config, event.key))) || state.probe !== undefined)
        return [state, [{ kind: "timer", timer: "quiet", key: event.key, ms: quietOf(state, config, event.key) }]];
      return go(state, config, event.key, "quiet", event.busyElsewhere, event.now);
    }
    case "activity":
      // Activity elsewhere (a step being made) starts every open window's quiet time again; the deadline still holds.
      return [state, [...state.open.keys()].map((key): Effect<T> => ({ kind: "timer", timer: "quiet", key, ms: quietOf(state, config, key) }))];
    case "saturated": {
      if (state.probe !== undefined) return [state, []];
      if (event.confirmed && state.wentConfirmed < REPROBE_EVERY) return goAll({ ...state, wentConfirmed: state.wentConfirmed + 1 }, config, "saturated");
      return [
        { ...state, wentConfirmed: 0, probe: { begins: event.begins } },
        [{ kind: "timer", timer: "probe", key: PROBE_KEY, ms: probeMs(config.window, Math.max(event.widestGap, widestGapOf(state))) }],
      ];
    }
    case "probeEnded": {
      const probe = state.probe;
      const ended = { ...state, probe: undefined };
      if (probe === undefined || !event.saturated) return [ended, []];
      // The engine sent more while the probe waited: saturated again at a higher level, probe that.
      if (event.begins !== probe.begins) {
        return [
          { ...ended, probe: { begins: event.begins } },
          [{ kind: "timer", timer: "probe", key: PROBE_KEY, ms: probeMs(config.window, widestGapOf(state)) }],
        ];
      }
      const [next, effects] = goAll(ended, config, "saturated");
      return [next, [{ kind: "confirm" }, ...effects]];
    }
  }
}
