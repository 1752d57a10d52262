/**
 * The one driver of batching's machine (machine.ts): it holds the machine's state, feeds it events
 * (the engine's operations beginning and ending, its diffs and checks, items arriving in windows,
 * writes pledging and settling to a relay, checks answered, timers ending) and carries out what
 * it says: starts and stops every timer, runs a window's batch, sends a relay's check, returns or
 * fails a waiting caller, logs. No other part of batching keeps a timer or a mutable count.
 */
import type { OccupancyState } from "./occupancy";
import { initialBatching, reduceBatching, type BatchingEffect, type BatchingEvent, type BatchingState, type RelayGroup, type WindowGroup } from "./machine";
import type { RelayPolicy } from "./relay";
import { RELAY_POLICY } from "./relay";
import type { WindowPolicy } from "./windowsReducer";

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

export interface BatchingOptions {
  /** The engine's clock: windows, probes, a holder's patience (tests pass their own). */
  readonly timers?: Timers;
  /** How the process waits for the service's work (a relay's pauses): the runtime's, which a replay does not wait for. Default: `timers`. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The occupancy to start from (tests: an engine that already showed its level). */
  readonly occupancy?: OccupancyState;
}

/** The engine's operations in the process, as the driver is told of them (the dynamic provider's hooks). */
export interface OccupancyPort {
  /** An operation starts; the function returned ends it. */
  begin(): () => void;
  /** The engine checked or diffed a resource: a write is likely to follow soon, open windows wait on. */
  touch(): void;
  /** The engine diffed resource `id` and found a change to make in place: its update will come. */
  announce(id: string): void;
  /** The update of resource `id` begins (or will not come); the function returned says it ended. */
  arrived(id: string): () => void;
  /** The occupancy now (tests, logs). */
  state(): OccupancyState;
}

export interface Windows<T, R> {
  /** Adds an item to its key's open window; resolves to its own outcome once its batch has run. */
  add(key: string, item: T): Promise<R>;
  /** Sends every open window now. */
  flushAll(): void;
}

export interface WindowsOptions<T, R> {
  readonly window: WindowPolicy;
  /** Sends one batch; resolves to one outcome per item, in order. */
  readonly run: (key: string, items: readonly T[]) => Promise<readonly Outcome<R>[]>;
  /** The tally of a window's items with `item` added when it fits (a per-batch limit), undefined when not: the window goes and `item` opens the next. Default: every item fits. */
  readonly admit?: (tally: unknown, item: T) => unknown;
  /** Whether a window waits for updates the engine announced and owes before it showed its pace (windows of writes); default not. */
  readonly countsAnnounced?: boolean;
}

export interface Relay<C> {
  /** A write of `key` is on its way and will settle: the holder, if any, returns at once (the wait is this write's, or a later one's). */
  pledge(key: string): void;
  /**
   * A pledged write of `key` is done, leaving the work `id` outstanding (none: undefined), or failed.
   * Resolves when the caller may return: at once while another write of the key is on its way or
   * holds the wait; otherwise (it is the last) when every outstanding piece is done or a write pledges.
   */
  settle(key: string, id: string | undefined, context: C): Promise<void>;
  /** Work `id` of `key` done outside a pledged write: pledge, then settle. */
  hold(key: string, id: string, context: C): Promise<void>;
}

export interface RelayOptions<C> {
  /** Which of `ids` (the key's outstanding work) are done; throws when it cannot tell or one failed. */
  readonly check: (key: string, ids: readonly string[], context: C) => Promise<ReadonlySet<string>>;
  /** Words for the log: `3 record changes of zone x`. */
  readonly describe: (key: string, count: number) => string;
  readonly log: (context: C, message: string) => void;
  readonly policy?: RelayPolicy;
}

interface Waiter {
  readonly item: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

export class Batching {
  private state: BatchingState = initialBatching;
  private readonly windowGroups = new Map<string, WindowGroup>();
  private readonly relayGroups = new Map<string, RelayGroup>();
  private readonly config = { windows: this.windowGroups, relays: this.relayGroups };
  private readonly runs = new Map<string, (key: string, items: readonly unknown[]) => Promise<readonly Outcome<unknown>[]>>();
  private readonly relayOptions = new Map<string, RelayOptions<unknown>>();
  private readonly holders = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly timerHandles = new Map<string, () => void>();
  private readonly queue: BatchingEvent[] = [];
  private dispatching = false;
  private lastHolder = 0;
  private readonly timers: Timers;

  constructor(private readonly options: BatchingOptions = {}) {
    this.timers = options.timers ?? realTimers;
    if (options.occupancy !== undefined) this.state = { ...this.state, occupancy: options.occupancy };
  }

  readonly occupancy: OccupancyPort = {
    begin: () => {
      this.dispatch({ kind: "begin", now: this.timers.now() });
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        this.dispatch({ kind: "end", now: this.timers.now() });
      };
    },
    touch: () => this.dispatch({ kind: "touch", now: this.timers.now() }),
    announce: (id) => this.dispatch({ kind: "announce", id }),
    arrived: (id) => {
      this.dispatch({ kind: "arrived", id });
      return () => this.dispatch({ kind: "announcedEnded" });
    },
    state: () => this.state.occupancy,
  };

  /** The machine's state now (tests). */
  snapshot(): BatchingState {
    return this.state;
  }

  /** A new group of windows in the process, named `label` and a number. */
  windows<T, R>(label: string, options: WindowsOptions<T, R>): Windows<T, R> {
    const group = `${label}#${this.windowGroups.size + 1}`;
    const admit = options.admit ?? (() => true);
    this.windowGroups.set(group, {
      window: options.window,
      admit: (tally, waiter) => admit(tally, (waiter as Waiter).item as T),
      countsAnnounced: options.countsAnnounced ?? false,
    });
    this.runs.set(group, options.run as (key: string, items: readonly unknown[]) => Promise<readonly Outcome<unknown>[]>);
    return {
      add: (key, item) =>
        new Promise<R>((resolve, reject) => {
          const waiter: Waiter = { item, resolve: resolve as (value: unknown) => void, reject };
          this.dispatch({ kind: "arrive", group, key, item: waiter, now: this.timers.now() });
        }),
      flushAll: () => this.dispatch({ kind: "flushAll", group, now: this.timers.now() }),
    };
  }

  /** A new relay of waits in the process, named `label` and a number. */
  relay<C>(label: string, options: RelayOptions<C>): Relay<C> {
    const group = `${label}#${this.relayGroups.size + 1}`;
    this.relayGroups.set(group, { policy: options.policy ?? RELAY_POLICY, describe: options.describe });
    this.relayOptions.set(group, options as RelayOptions<unknown>);
    const relay: Relay<C> = {
      pledge: (key) => this.dispatch({ kind: "relay", group, event: { kind: "pledge", key }, now: this.timers.now() }),
      settle: (key, id, context) =>
        new Promise<void>((resolve, reject) => {
          const holder = ++this.lastHolder;
          this.holders.set(holder, { resolve, reject });
          this.dispatch({ kind: "relay", group, event: { kind: "settle", key, id, context, holder }, now: this.timers.now() });
        }),
      hold: (key, id, context) => {
        relay.pledge(key);
        return relay.settle(key, id, context);
      },
    };
    return relay;
  }

  /** Feeds the machine one event and carries out its effects; an event raised meanwhile waits its turn. */
  private dispatch(event: BatchingEvent): void {
    this.queue.push(event);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
        const [state, effects] = reduceBatching(this.state, next, this.config);
        this.state = state;
        for (const effect of effects) this.perform(effect);
      }
    } finally {
      this.dispatching = false;
    }
  }

  private perform(effect: BatchingEffect): void {
    switch (effect.kind) {
      case "timer":
        this.startTimer(effect);
        break;
      case "cancel":
        for (const name of effect.names) {
          this.timerHandles.get(name)?.();
          this.timerHandles.delete(name);
        }
        break;
      case "run":
        void this.runBatch(effect.group, effect.key, effect.items as readonly Waiter[]);
        break;
      case "check":
        this.sendCheck(effect);
        break;
      case "release":
        this.holders.get(effect.holder)?.resolve();
        this.holders.delete(effect.holder);
        break;
      case "fail": {
        const error = effect.error instanceof Error ? effect.error : new Error(String(effect.error));
        this.holders.get(effect.holder)?.reject(error);
        this.holders.delete(effect.holder);
        break;
      }
      case "log":
        this.relayOptions.get(effect.group)?.log(effect.context, effect.message);
        break;
    }
  }

  /** Starts (or starts again) the named timer: on the engine's clock, or the service's (a replay does not wait for it). */
  private startTimer(effect: Extract<BatchingEffect, { kind: "timer" }>): void {
    this.timerHandles.get(effect.name)?.();
    const fire = (): void => {
      this.timerHandles.delete(effect.name);
      this.dispatch({ ...effect.then, now: this.timers.now() });
    };
    const sleep = this.options.sleep;
    if (effect.clock === "service" && sleep !== undefined) {
      let live = true;
      void sleep(effect.ms).then(() => {
        if (live) fire();
      });
      this.timerHandles.set(effect.name, () => (live = false));
      return;
    }
    const handle = this.timers.set(fire, effect.ms);
    this.timerHandles.set(effect.name, () => this.timers.clear(handle));
  }

  private sendCheck(effect: Extract<BatchingEffect, { kind: "check" }>): void {
    const { group, key, holder } = effect;
    const options = this.relayOptions.get(group);
    const answer = (async () => {
      if (options === undefined) throw new Error(`batching: no relay "${group}"`);
      return options.check(key, effect.ids, effect.context);
    })();
    answer.then(
      (done) => this.dispatch({ kind: "relay", group, event: { kind: "checked", key, holder, done: [...done] }, now: this.timers.now() }),
      (error: unknown) => this.dispatch({ kind: "relay", group, event: { kind: "checkFailed", key, holder, error }, now: this.timers.now() }),
    );
  }

  private async runBatch(group: string, key: string, waiters: readonly Waiter[]): Promise<void> {
    try {
      const run = this.runs.get(group);
      if (run === undefined) throw new Error(`batching: no windows "${group}"`);
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
}
