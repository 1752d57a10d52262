/**
 * Batching's timing as one pure state machine: `(state, event) → (state, effects)`. Its state is the
 * process's occupancy (occupancy.ts), each group's windows (windowsReducer.ts: a batch kind's
 * writes, a client's listings) and each group's relay of waits (relay.ts); its one driver is
 * driver.ts, which owns every timer and carries out the effects. The parts meet here only:
 *
 * - a window's quiet time or probe ending is decided from the occupancy as it is at that moment
 *   (operations owed by the engine, busy elsewhere, updates announced);
 * - items joining a window and holders parking count in the occupancy, and when that makes every
 *   running operation wait, every group's windows hear `saturated`;
 * - the engine's activity (a check or a diff) starts every open window's quiet time again;
 * - a relay holder's patience reads whether the engine is idle and what it announced.
 *
 * Timers are named `<group>|<timer>|<key>`; each carries the event its end is (`then`), which the
 * driver dispatches with the time. A timer that waits for the service's work (a relay's pauses)
 * runs on the service clock, which a replay does not wait for; the others pace the engine.
 */
import {
  announcedAhead,
  busyElsewhere,
  emptyOccupancy,
  idle,
  owedArrivals,
  reduceOccupancy,
  saturated,
  saturationConfirmed,
  type OccupancyEvent,
  type OccupancyState,
} from "./occupancy";
import { emptyRelay, reduceRelay, type RelayEffect, type RelayEvent, type RelayPolicy, type RelayState } from "./relay";
import { closedWindows, reduceWindows, type Effect as WindowEffect, type WindowEvent, type WindowPolicy, type WindowsState } from "./windowsReducer";

export interface WindowGroup {
  readonly window: WindowPolicy;
  /** The tally of a window's items with `item` added when it fits a per-batch limit, undefined when not. */
  readonly admit: (tally: unknown, item: unknown) => unknown;
  /** Whether the window waits for updates the engine announced (windows of writes). */
  readonly countsAnnounced: boolean;
}

export interface RelayGroup {
  readonly policy: RelayPolicy;
  readonly describe: (key: string, count: number) => string;
}

/** The groups the driver registered, by name: pure functions and numbers. */
export interface MachineConfig {
  readonly windows: ReadonlyMap<string, WindowGroup>;
  readonly relays: ReadonlyMap<string, RelayGroup>;
}

export interface BatchingState {
  readonly occupancy: OccupancyState;
  readonly windows: ReadonlyMap<string, WindowsState<unknown>>;
  readonly relays: ReadonlyMap<string, RelayState>;
}

export const initialBatching: BatchingState = { occupancy: emptyOccupancy, windows: new Map(), relays: new Map() };

/** What a timer's end is, once the driver adds the time. */
export type TimerEvent =
  | { readonly kind: "windowTimer"; readonly group: string; readonly timer: "quiet" | "deadline" | "probe"; readonly key: string }
  | { readonly kind: "relayTimer"; readonly group: string; readonly timer: "patience" | "pause"; readonly key: string; readonly holder: number };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type BatchingEvent =
  | Extract<OccupancyEvent, { kind: "begin" | "end" }>
  | Extract<OccupancyEvent, { kind: "announce" | "arrived" | "announcedEnded" }>
  /** The engine checked or diffed a resource: a write is likely to follow soon. */
  | { readonly kind: "touch"; readonly now: number }
  | { readonly kind: "arrive"; readonly group: string; readonly key: string; readonly item: unknown; readonly now: number }
  | { readonly kind: "flushAll"; readonly group: string; readonly now: number }
  | (TimerEvent & { readonly now: number })
  | { readonly kind: "relay"; readonly group: string; readonly event: DistributiveOmit<RelayEvent, "now">; readonly now: number };

export type BatchingEffect =
  | { readonly kind: "timer"; readonly name: string; readonly ms: number; readonly clock: "engine" | "service"; readonly then: TimerEvent }
  | { readonly kind: "cancel"; readonly names: readonly string[] }
  | { readonly kind: "run"; readonly group: string; readonly key: string; readonly items: readonly unknown[] }
  | {
      readonly kind: "check";
      readonly group: string;
      readonly key: string;
      readonly ids: readonly string[];
      readonly context: unknown;
      readonly holder: number;
    }
  | { readonly kind: "release"; readonly holder: number }
  | { readonly kind: "fail"; readonly holder: number; readonly error: unknown }
  | { readonly kind: "log"; readonly group: string; readonly context: unknown; readonly message: string };

type Reduced = readonly [BatchingState, readonly BatchingEffect[]];

export const timerName = (group: string, timer: string, key: string): string => `${group}|${timer}|${key}`;

/** The timer whose end is `then`, named by its group, kind and key. */
const timer = (then: TimerEvent, ms: number, clock: "engine" | "service"): BatchingEffect => ({
  kind: "timer",
  name: timerName(then.group, then.timer, then.key),
  ms,
  clock,
  then,
});

function groupOf<T>(groups: ReadonlyMap<string, T>, name: string): T {
  const group = groups.get(name);
  if (group === undefined) throw new Error(`batching: no group "${name}" was registered`);
  return group;
}

/** One group's windows hear `event`; their effects are carried into the machine's. */
function toWindows(state: BatchingState, config: MachineConfig, group: string, event: WindowEvent<unknown>): Reduced {
  const { window, admit } = groupOf(config.windows, group);
  const [windows, effects] = reduceWindows(state.windows.get(group) ?? closedWindows(), event, { window, admit });
  return absorbWindows({ ...state, windows: new Map(state.windows).set(group, windows) }, config, group, effects, event.now);
}

/** Every group's windows hear `event` (made from the state as each hears it), in the order they were registered. */
function toEveryWindow(state: BatchingState, config: MachineConfig, event: (state: BatchingState) => WindowEvent<unknown>): Reduced {
  let current = state;
  const effects: BatchingEffect[] = [];
  for (const group of config.windows.keys()) {
    const [next, more] = toWindows(current, config, group, event(current));
    current = next;
    effects.push(...more);
  }
  return [current, effects];
}

/** The occupancy changed by `count` waiting or parked operations: when that saturates the process, every window hears it. */
function occupy(state: BatchingState, config: MachineConfig, event: OccupancyEvent & { count: number }, now: number): Reduced {
  const next = { ...state, occupancy: reduceOccupancy(state.occupancy, event) };
  if (event.count <= 0 || !saturated(next.occupancy)) return [next, []];
  return toEveryWindow(next, config, (current) => ({
    kind: "saturated",
    now,
    confirmed: saturationConfirmed(current.occupancy),
    begins: current.occupancy.begun,
    widestGap: 0,
  }));
}

function absorbWindows(state: BatchingState, config: MachineConfig, group: string, effects: readonly WindowEffect<unknown>[], now: number): Reduced {
  let current = state;
  const out: BatchingEffect[] = [];
  for (const effect of effects) {
    switch (effect.kind) {
      case "timer":
        out.push(timer({ kind: "windowTimer", group, timer: effect.timer, key: effect.key }, effect.ms, "engine"));
        break;
      case "cancel":
        out.push({ kind: "cancel", names: effect.timers.map((timer) => timerName(group, timer, effect.key)) });
        break;
      case "run":
        out.push({ kind: "run", group, key: effect.key, items: effect.items });
        break;
      case "confirm":
        current = { ...current, occupancy: reduceOccupancy(current.occupancy, { kind: "confirm" }) };
        break;
      case "waits": {
        const [next, more] = occupy(current, config, { kind: "waits", count: effect.count }, now);
        current = next;
        out.push(...more);
        break;
      }
    }
  }
  return [current, out];
}

function absorbRelay(state: BatchingState, config: MachineConfig, group: string, effects: readonly RelayEffect[], now: number): Reduced {
  let current = state;
  const out: BatchingEffect[] = [];
  for (const effect of effects) {
    switch (effect.kind) {
      case "timer":
        // The patience waits for the engine's next write; the pauses, for the service's work.
        out.push(
          timer(
            { kind: "relayTimer", group, timer: effect.timer, key: effect.key, holder: effect.holder },
            effect.ms,
            effect.timer === "pause" ? "service" : "engine",
          ),
        );
        break;
      case "cancel":
        out.push({ kind: "cancel", names: [timerName(group, "patience", effect.key), timerName(group, "pause", effect.key)] });
        break;
      case "parks": {
        const [next, more] = occupy(current, config, { kind: "parks", count: effect.count }, now);
        current = next;
        out.push(...more);
        break;
      }
      case "check":
        out.push({ ...effect, group });
        break;
      case "log":
        out.push({ ...effect, group });
        break;
      case "release":
      case "fail":
        out.push(effect);
        break;
    }
  }
  return [current, out];
}

function toRelay(state: BatchingState, config: MachineConfig, group: string, event: RelayEvent, now: number): Reduced {
  const { policy, describe } = groupOf(config.relays, group);
  const relayConfig = { policy, describe, idle: idle(state.occupancy, now), announced: state.occupancy.announced.size };
  const [relay, effects] = reduceRelay(state.relays.get(group) ?? emptyRelay, event, relayConfig);
  return absorbRelay({ ...state, relays: new Map(state.relays).set(group, relay) }, config, group, effects, now);
}

/** The window event a timer's end is: a quiet time's is decided from the occupancy now. */
function windowTimerEvent(state: BatchingState, config: MachineConfig, event: Extract<BatchingEvent, { kind: "windowTimer" }>): WindowEvent<unknown> {
  const { now, key } = event;
  const occupancy = state.occupancy;
  if (event.timer === "deadline") return { kind: "deadline", key, now };
  if (event.timer === "probe") return { kind: "probeEnded", now, saturated: saturated(occupancy), begins: occupancy.begun };
  const announced = groupOf(config.windows, event.group).countsAnnounced ? announcedAhead(occupancy) : 0;
  return { kind: "quietEnded", key, now, owedArrivals: owedArrivals(occupancy, now) > 0, busyElsewhere: busyElsewhere(occupancy), announced };
}

export function reduceBatching(state: BatchingState, event: BatchingEvent, config: MachineConfig): Reduced {
  switch (event.kind) {
    case "begin":
    case "end":
    case "announce":
    case "arrived":
    case "announcedEnded":
      return [{ ...state, occupancy: reduceOccupancy(state.occupancy, event) }, []];
    case "touch":
      return toEveryWindow(state, config, () => ({ kind: "activity", now: event.now }));
    case "arrive":
      return toWindows(state, config, event.group, { kind: "arrive", key: event.key, item: event.item, now: event.now });
    case "flushAll":
      return toWindows(state, config, event.group, { kind: "flushAll", now: event.now });
    case "windowTimer":
      return toWindows(state, config, event.group, windowTimerEvent(state, config, event));
    case "relayTimer": {
      const { group, key, holder, now } = event;
      return toRelay(state, config, group, { kind: event.timer === "patience" ? "patienceEnded" : "pauseEnded", key, holder, now }, now);
    }
    case "relay":
      return toRelay(state, config, event.group, { ...event.event, now: event.now }, event.now);
  }
}
