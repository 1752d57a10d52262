/**
 * What the engine keeps for one provider process, made once where the process starts (the runtime:
 * provider/runtime.ts) and passed to every step's context: its batching machine (driver.ts: the
 * occupancy, what the engine runs in it, and the windows and relay of each batch kind and of the
 * shared listings, with one driver of their timers), the polls in progress and the locks of keys
 * that must not overlap. Nothing of it lives in a module:
 * two processes' worth (two tests, two plugins) never share a window, a listing or a lock.
 */
import { setTimeout as realSleep } from "node:timers/promises";
import type { ApiClient } from "../../http/client";
import type { BatchKind } from "../kinds";
import { KeyedLocks } from "./keyedLocks";
import { Batching, type OccupancyPort, type Outcome, type Relay, type Timers, type WindowPolicy, type Windows } from "./driver";
import { DEFAULT_LISTING_POLICY, SharedListings, type ListingPolicy } from "./listings";
import { type PollClock, Polls } from "./polls";
import type { RelayPolicy } from "./relay";

/** The windows and the relay of one batch kind in the process. */
export interface Joins<T, R, C> {
  readonly windows: Windows<T, R>;
  readonly relay: Relay<C>;
  /** The window key of `key` through `client`: writes through different clients (tokens) never share a request. */
  keyOf(key: string, client: ApiClient): string;
}

/** What a batch kind's windows and relay do: run a window's items as one request, check which pending works are done. */
export interface JoinRunner<T, R, C> {
  readonly run: (key: string, items: readonly T[]) => Promise<readonly Outcome<R>[]>;
  readonly check: (key: string, ids: readonly string[], context: C) => Promise<ReadonlySet<string>>;
}

export interface EngineProcessOptions {
  /** The engine's clock of the batching machine (tests pass their own). */
  readonly timers?: Timers;
  readonly listings?: ListingPolicy;
  readonly relay?: RelayPolicy;
  readonly polls?: PollClock;
  /** How the process waits: its polls' pauses (unless `polls` says), its relays', its write loops' (the runtime's: a replay's does not wait). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Overrides a batch kind's window (tests). */
  readonly window?: (batch: BatchKind) => WindowPolicy;
  /** The APIs whose writes can change a shared listing (none given: every API's). */
  readonly listedApis?: ReadonlySet<string>;
}

export class EngineProcess {
  readonly batching: Batching;
  readonly occupancy: OccupancyPort;
  readonly listings: SharedListings;
  readonly polls: Polls;
  readonly locks = new KeyedLocks();
  readonly sleep: (ms: number) => Promise<void>;
  private readonly byBatch = new Map<string, Joins<unknown, unknown, unknown>>();
  private readonly onceAnswers = new Map<string, Promise<unknown>>();
  private readonly clientIds = new Map<ApiClient, number>();

  constructor(private readonly options: EngineProcessOptions = {}) {
    this.sleep = options.sleep ?? ((ms) => realSleep(ms));
    this.batching = new Batching({
      ...(options.timers !== undefined && { timers: options.timers }),
      ...(options.sleep !== undefined && { sleep: options.sleep }),
    });
    this.occupancy = this.batching.occupancy;
    this.listings = new SharedListings(
      (policy, run) => this.batching.windows("listing", { window: policy, run }),
      options.listings ?? DEFAULT_LISTING_POLICY,
      Date.now,
      options.listedApis,
    );
    this.polls = new Polls(options.polls ?? { sleep: this.sleep, now: Date.now });
  }

  private clientNumber(client: ApiClient): number {
    let id = this.clientIds.get(client);
    if (id === undefined) {
      id = this.clientIds.size + 1;
      this.clientIds.set(client, id);
    }
    return id;
  }

  /** The answer of a request sent at most once by this process (`once`): the first caller's send, shared; a failure is not kept. */
  once(key: string, client: ApiClient, send: () => Promise<unknown>): Promise<unknown> {
    const keyed = `${this.clientNumber(client)} ${key}`;
    const known = this.onceAnswers.get(keyed);
    if (known !== undefined) return known;
    const sent = send().catch((error: unknown) => {
      this.onceAnswers.delete(keyed);
      throw error;
    });
    this.onceAnswers.set(keyed, sent);
    return sent;
  }

  /** The windows and relay of `batch` in this process, made the first time. Keys are `<client> <key>`; `runner` is given `<key>`. */
  joins<T, R, C>(batch: BatchKind, runner: JoinRunner<T, R, C>): Joins<T, R, C> {
    const existing = this.byBatch.get(batch.name);
    if (existing !== undefined) return existing as Joins<T, R, C>;
    const plain = (key: string): string => key.slice(key.indexOf(" ") + 1);
    const made: Joins<T, R, C> = {
      windows: this.batching.windows<T, R>(batch.name, {
        window: this.options.window?.(batch) ?? batch.window,
        countsAnnounced: true,
        admit: (tally, item) => batch.admit(tally, (item as { write: unknown }).write),
        run: (key, items) => runner.run(plain(key), items),
      }),
      relay: this.batching.relay<C>(batch.name, {
        check: (key, ids, context) => runner.check(plain(key), ids, context),
        describe: (key, count) => batch.describe(plain(key), count),
        log: (context, message) => (context as { log: (message: string) => void }).log(message),
        ...(this.options.relay !== undefined && { policy: this.options.relay }),
      }),
      keyOf: (key, client) => `${this.clientNumber(client)} ${key}`,
    };
    this.byBatch.set(batch.name, made);
    return made;
  }
}
