/**
 * Items that arrive close together under one key (a zone's writes, a collection's reads) gathered
 * into one batch, each caller getting its own outcome. The behaviour is a reducer you can read
 * (windowsReducer.ts: a pure `(state, event) → (state, effects)` with named states); this file is
 * its one driver: it feeds it the clock's and the process's events (an arrival, a quiet time or a
 * deadline passed, the process saturated, a probe ended, activity elsewhere) and carries out what
 * it says (start or stop a timer, run a batch, count waits in the occupancy, confirm a level).
 */
import type { Occupancy } from "./occupancy";
import { closedWindows, reduceWindows, type Effect, type WindowEvent, type WindowPolicy, type WindowsState } from "./windowsReducer";

export type { WindowPolicy } from "./windowsReducer";

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

export interface WindowsOptions<T, R> {
  readonly window: WindowPolicy;
  /** Sends one batch; resolves to one outcome per item, in order. */
  readonly run: (key: string, items: readonly T[]) => Promise<readonly Outcome<R>[]>;
  /**
   * The tally of a window's items with `item` added when it fits (a per-batch limit), undefined when
   * not: then the window goes and `item` opens the next. Default: every item fits.
   */
  readonly admit?: (tally: unknown, item: T) => unknown;
  /** The provider process's occupancy. */
  readonly occupancy: Occupancy;
  /** How many items the engine announced and owes before it showed its pace (its diffs' updates, for windows of writes); default none. */
  readonly announced?: () => number;
  readonly timers?: Timers;
}

export interface Windows<T, R> {
  /** Adds an item to its key's open window; resolves to its own outcome once its batch has run. */
  add(key: string, item: T): Promise<R>;
  /** Sends every open window now. */
  flushAll(): void;
}

interface Waiter<T, R> {
  readonly item: T;
  readonly resolve: (value: R) => void;
  readonly reject: (error: unknown) => void;
}

export function createWindows<T, R>(options: WindowsOptions<T, R>): Windows<T, R> {
  const { window, run, admit = () => true, occupancy, announced = () => 0, timers = realTimers } = options;
  let state: WindowsState<Waiter<T, R>> = closedWindows();
  const handles = new Map<string, unknown>();

  function dispatch(event: WindowEvent<Waiter<T, R>>): void {
    const [next, effects] = reduceWindows(state, event, { window, admit: (tally, waiter) => admit(tally, waiter.item) });
    state = next;
    for (const effect of effects) perform(effect);
  }

  function perform(effect: Effect<Waiter<T, R>>): void {
    switch (effect.kind) {
      case "timer": {
        const name = `${effect.timer} ${effect.key}`;
        timers.clear(handles.get(name));
        handles.set(
          name,
          timers.set(() => {
            handles.delete(name);
            dispatch(timerEvent(effect.timer, effect.key));
          }, effect.ms),
        );
        break;
      }
      case "cancel":
        for (const timer of effect.timers) {
          const name = `${timer} ${effect.key}`;
          timers.clear(handles.get(name));
          handles.delete(name);
        }
        break;
      case "waits":
        occupancy.waits(effect.count);
        break;
      case "confirm":
        occupancy.confirmSaturation();
        break;
      case "run":
        void runBatch(effect.key, effect.items);
        break;
    }
  }

  /** The event a timer's end is: the reducer is told what the occupancy says at that moment. */
  function timerEvent(timer: "quiet" | "deadline" | "probe", key: string): WindowEvent<Waiter<T, R>> {
    const now = timers.now();
    if (timer === "deadline") return { kind: "deadline", key, now };
    if (timer === "probe") return { kind: "probeEnded", now, saturated: occupancy.saturated(), begins: occupancy.begins() };
    return { kind: "quietEnded", key, now, owedArrivals: occupancy.owedArrivals() > 0, busyElsewhere: occupancy.busyElsewhere(), announced: announced() };
  }

  async function runBatch(key: string, waiters: readonly Waiter<T, R>[]): Promise<void> {
    try {
      const outcomes = await run(
        key,
        waiters.map((waiter) => waiter.item),
      );
      waiters.forEach((waiter, index) => {
        const outcome = outcomes[index];
        if (outcome === undefined) waiter.reject(new Error("a batch ended without an outcome for one of its items"));
        else if (outcome.ok) waiter.resolve(outcome.value);
        else waiter.reject(outcome.error);
      });
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
  }

  occupancy.onSaturated(() =>
    dispatch({ kind: "saturated", now: timers.now(), confirmed: occupancy.saturationConfirmed(), begins: occupancy.begins(), ...widest() }),
  );
  occupancy.onActivity(() => dispatch({ kind: "activity", now: timers.now() }));

  /** The widest gap between arrivals of the open windows (the engine's pace now), for a probe's length. */
  function widest(): { widestGap: number } {
    return { widestGap: Math.max(0, ...[...state.open.values()].map((open) => open.widestGap)) };
  }

  return {
    add(key, item) {
      return new Promise<R>((resolve, reject) => dispatch({ kind: "arrive", key, item: { item, resolve, reject }, now: timers.now() }));
    },
    flushAll: () => dispatch({ kind: "flushAll", now: timers.now() }),
  };
}
