/**
 * How busy the provider process is, as pure state (part of the batching machine's, machine.ts):
 * the operations the engine has running in it, how many of them sit in an open batch or read
 * window, and how many the engine has shown it runs at once (its `--parallel`, learned: the
 * provider is not told). When every running operation waits in a window and the engine already
 * runs as many as it ever has, waiting longer cannot bring another item: the windows go now.
 * The most it ever ran can be fewer than it can run: an engine slowed by its checkpoint writes
 * sends the first writes of a step one by one. A window that went at that level would keep the
 * engine there (its operations end before it sends more), so a level is trusted only once it was
 * confirmed: the windows sat full at it for a while and the engine sent nothing (the probe).
 * What the engine has said it will send counts too: a diff that found a change to make in place
 * is followed by that resource's update, however slowly the engine gets to it (each write of a
 * large stack waits for a checkpoint of the whole state). Until the first of them ended, nothing
 * else shows the engine's pace, so a window waits for them rather than going alone; from then on
 * the refills it owes say the rest (the engine diffs each resource just before its update, all
 * through a step: waiting for every announced update held its slots and made a whole step
 * slower, docs/performance.md).
 */
import { REFILL } from "../../http/retryTable";

export interface OccupancyState {
  readonly running: number;
  /** Operations ended whose slot the engine has not filled again yet, and when the last one ended. */
  readonly owed: number;
  readonly lastEndAt: number;
  /** Operations in an open window. */
  readonly waiting: number;
  /** Operations held back to wait for work of the service (a relay's holders): they can join no window. */
  readonly parked: number;
  /** The time the engine takes to send a new operation after one ended, smoothed. */
  readonly refillMs: number | undefined;
  /** The most operations seen running at once, recorded when one ends (a first burst is still being counted) beside others. */
  readonly shownParallelism: number;
  /** The level at which full windows waited a probe's time and the engine sent nothing: its real limit. */
  readonly confirmedParallelism: number;
  /** Operations begun so far: a probe sees whether the engine sent another while it waited. */
  readonly begun: number;
  /** Resources whose diff found a change in place and whose update has not begun: writes the engine will send. */
  readonly announced: ReadonlySet<string>;
  /** An announced update ended: the engine showed its pace. */
  readonly announcedEnded: boolean;
}

/** What the occupancy is told. */
export type OccupancyEvent =
  | { readonly kind: "begin"; readonly now: number }
  | { readonly kind: "end"; readonly now: number }
  /** The engine diffed resource `id` and found a change to make in place: its update will come. */
  | { readonly kind: "announce"; readonly id: string }
  /** The update of resource `id` begins (or will not come): it is announced no more. */
  | { readonly kind: "arrived"; readonly id: string }
  | { readonly kind: "announcedEnded" }
  /** `count` operations joined (positive) or left (negative) an open window. */
  | { readonly kind: "waits"; readonly count: number }
  /** An operation is held back (positive) or let go (negative) to wait for the service's work. */
  | { readonly kind: "parks"; readonly count: number }
  /** A probe waited with every running operation in a window and the engine sent nothing: this is its limit. */
  | { readonly kind: "confirm" };

export const emptyOccupancy: OccupancyState = {
  running: 0,
  owed: 0,
  lastEndAt: -Infinity,
  waiting: 0,
  parked: 0,
  refillMs: undefined,
  shownParallelism: 0,
  confirmedParallelism: 0,
  begun: 0,
  announced: new Set(),
  announcedEnded: false,
};

export function reduceOccupancy(state: OccupancyState, event: OccupancyEvent): OccupancyState {
  switch (event.kind) {
    case "begin": {
      let { refillMs } = state;
      if (state.owed > 0) {
        const refill = Math.min(REFILL.maxMs, event.now - state.lastEndAt);
        refillMs = refillMs === undefined ? refill : (1 - REFILL.weight) * refillMs + REFILL.weight * refill;
      }
      return { ...state, running: state.running + 1, begun: state.begun + 1, refillMs, owed: Math.max(0, state.owed - 1) };
    }
    case "end":
      return {
        ...state,
        owed: state.owed + 1,
        lastEndAt: event.now,
        // One operation alone (a zone created before its records) shows nothing of the engine's parallelism.
        shownParallelism: state.running > 1 ? Math.max(state.shownParallelism, state.running) : state.shownParallelism,
        running: state.running - 1,
      };
    case "announce":
      return state.announced.has(event.id) ? state : { ...state, announced: new Set(state.announced).add(event.id) };
    case "arrived": {
      if (!state.announced.has(event.id)) return state;
      const announced = new Set(state.announced);
      announced.delete(event.id);
      return { ...state, announced };
    }
    case "announcedEnded":
      return { ...state, announcedEnded: true };
    case "waits":
      return { ...state, waiting: state.waiting + event.count };
    case "parks":
      return { ...state, parked: state.parked + event.count };
    case "confirm":
      return {
        ...state,
        shownParallelism: Math.max(state.shownParallelism, state.running),
        confirmedParallelism: Math.max(state.confirmedParallelism, state.running),
      };
  }
}

/** The announced updates not sent yet while none has ended: arrivals owed before the engine showed its pace. */
export const announcedAhead = (state: OccupancyState): number => (state.announcedEnded ? 0 : state.announced.size);

/**
 * Operations that ended lately and whose slots the engine has not filled again: when the engine
 * writes a checkpoint after each one, their successors arrive one by one, and a window should wait
 * for them rather than go with the first. "Lately" is a few of the refill times this engine showed
 * (REFILL's bounds; the least before it showed any): at the end of a run, or when the engine has
 * nothing else to send (a refresh's reads all sent), nothing comes.
 */
export function owedArrivals(state: OccupancyState, now: number): number {
  const patience = Math.min(REFILL.maxMs, Math.max(REFILL.minMs, REFILL.refillsOfPatience * (state.refillMs ?? 0)));
  return now - state.lastEndAt <= patience ? state.owed : 0;
}

/** The windows may go at saturation at once: its level was confirmed (a probe saw the engine send nothing more). */
export const saturationConfirmed = (state: OccupancyState): boolean => state.confirmedParallelism > 0 && state.confirmedParallelism >= state.shownParallelism;

/** Operations running that are neither in a window nor held back: work that may still join one. */
export const busyElsewhere = (state: OccupancyState): number => state.running - state.waiting - state.parked;

/** Every running operation is held back and the engine is not about to send more: nothing can take over a wait. */
export const idle = (state: OccupancyState, now: number): boolean => state.parked >= state.running && state.waiting === 0 && owedArrivals(state, now) === 0;

/** Every running operation waits, at the most the engine has shown it runs: a window waiting longer gains nothing. */
export const saturated = (state: OccupancyState): boolean =>
  state.shownParallelism > 0 && state.running > 0 && state.waiting + state.parked >= state.running && state.running >= state.shownParallelism;
