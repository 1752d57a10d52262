/**
 * Waits handed on from caller to caller. A batched change is accepted for all
 * its writes at once (the service shows it at once), but it takes a while to be
 * done. If every write waited for it, each would hold one of the engine's
 * parallel slots for that while, and the engine could send nothing new. Instead
 * at most one caller per key (per zone), the holder, stays to wait: the last of
 * the writes to settle while no other write of the key is on its way. When the
 * engine sends the next write of the key (it pledges), the holder returns, and
 * that write or a later one takes the wait on. So the engine's slots move on to
 * new work, and the last write still waits until every piece of the key's work
 * is done: a deployment does not end before the service has finished.
 *
 * A holder checks only after a patience without a successor: a few gaps
 * between handovers, as this engine paces them, or sooner when the engine is
 * idle (every operation it runs here is held, and it owes no new one). Then it checks with pauses that
 * start short and grow. One check (`check`) answers for every outstanding piece
 * of the key at once, so the waiting costs a few requests per run rather than
 * one per batch. An engine slowed by its checkpoints (a large stack: it
 * rewrites the whole state after each write) looks idle while it writes them,
 * for longer than it owes a refill; so a holder never checks before twice the
 * longest wait for a successor the key has seen lately, whatever the engine
 * looks like, nor while the engine owes updates its diffs announced (up to the
 * longest handover that counts): at 2,000 record sets a holder checking sooner
 * made checks grow with the number of batches (docs/performance.md).
 */
import { setTimeout as defaultSleep } from "node:timers/promises";
import { RELAY, WAITS } from "../../http/retryTable";
import type { Occupancy } from "./occupancy";

/** The relay's numbers: the retry table's RELAY and its wait schedule (tests shrink them). */
export interface RelayPolicy {
  /** The patience of the first holder of a key, before any gap between handovers was seen. */
  readonly firstPatienceMs: number;
  readonly minPatienceMs: number;
  readonly maxPatienceMs: number;
  /** Patience in gaps between handovers. */
  readonly gapsOfPatience: number;
  /** The least patience, in the longest recent waits for a successor (handovers), even when the engine looks idle. */
  readonly handoversOfPatience: number;
  /** The longest handover that counts. */
  readonly maxHandoverMs: number;
  /** The pauses between checks after the patience: the first, doubling up to the longest. */
  readonly firstPauseMs: number;
  readonly maxPauseMs: number;
  /** A holder still waiting this long after its first check says so in the log. */
  readonly reportAfterMs: number;
  readonly timeoutMs: number;
}

export const RELAY_POLICY: RelayPolicy = {
  firstPatienceMs: RELAY.firstPatienceMs,
  minPatienceMs: RELAY.minPatienceMs,
  maxPatienceMs: RELAY.maxPatienceMs,
  gapsOfPatience: RELAY.gapsOfPatience,
  handoversOfPatience: RELAY.handoversOfPatience,
  maxHandoverMs: RELAY.maxHandoverMs,
  firstPauseMs: WAITS[RELAY.schedule].firstPauseMs,
  maxPauseMs: WAITS[RELAY.schedule].maxPauseMs,
  reportAfterMs: RELAY.reportAfterMs,
  timeoutMs: WAITS[RELAY.schedule].timeoutMs,
};

/** The relay's wait passed its deadline with work of the key not done. */
export class WaitUnfinished extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WaitUnfinished";
  }
}

export interface RelayOptions<C> {
  /** Which of `ids` (the key's outstanding work) are done; throws when it cannot tell or one failed. */
  readonly check: (key: string, ids: readonly string[], context: C) => Promise<ReadonlySet<string>>;
  /** Words for the log: `3 record changes of zone x`. */
  readonly describe: (key: string, ids: readonly string[]) => string;
  readonly log: (context: C, message: string) => void;
  readonly policy?: RelayPolicy;
  /** The provider process's occupancy (occupancy.ts). */
  readonly occupancy: Occupancy;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly clock?: () => number;
}

interface Holder {
  /** When it took the wait. */
  readonly since: number;
  /** Returns the holder to its caller: its wait is someone else's now, or over. */
  readonly release: () => void;
  readonly fail: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Lane<C> {
  readonly outstanding: Set<string>;
  holder: Holder | undefined;
  /** Writes of the key on their way (pledged, not settled): each settles later and takes the wait on if needed. */
  pledged: number;
  /** The context of the latest settled write (its client and log): checks go through it. */
  context: C | undefined;
  lastAddAt: number | undefined;
  /** The latest work added, so that its other writes do not count as gaps. */
  lastId?: string;
  /** Typical gap between two pieces of work of this key, smoothed. */
  gapMs: number | undefined;
  /** The longest lately from a holder taking the wait to the write that took it over (handover). */
  handoverMs: number | undefined;
}

/** What a holder knows of its wait: how long it has waited, whether the engine is idle or announced writes, and its key's pace. */
export interface HolderView {
  readonly waitedMs: number;
  readonly idle: boolean;
  /** Updates the engine's diffs found and it has not sent (occupancy.ts): one may be this key's successor. */
  readonly announced: number;
  readonly gapMs: number | undefined;
  readonly handoverMs: number | undefined;
}

/** How long a holder waits for a successor while the engine is busy: a few gaps between handovers, within bounds. */
export function patienceOf(policy: RelayPolicy, gapMs: number | undefined): number {
  if (gapMs === undefined) return policy.firstPatienceMs;
  return Math.min(policy.maxPatienceMs, Math.max(policy.minPatienceMs, gapMs * policy.gapsOfPatience));
}

/**
 * Whether the holder checks now: not before twice the longest recent handover (the engine's
 * successor may be that slow to come), nor before the longest handover that counts while the engine
 * still owes updates it announced; after that, once the engine is idle or the patience is over.
 */
export function checksNow(policy: RelayPolicy, view: HolderView): boolean {
  const margin = policy.handoversOfPatience * (view.handoverMs ?? 0);
  const least = view.announced > 0 ? Math.max(margin, policy.maxHandoverMs) : margin;
  if (view.waitedMs < least) return false;
  return view.idle || view.waitedMs >= Math.max(least, patienceOf(policy, view.gapMs));
}

/**
 * The longest recent handover after one of `observedMs`: a longer one at once, a shorter one slowly
 * (a slow engine stays slow), never over the policy's longest (a write that came after other work
 * of the engine, minutes later, says nothing of its pace).
 */
export function nextHandover(policy: RelayPolicy, previousMs: number | undefined, observedMs: number): number {
  const observed = Math.min(observedMs, policy.maxHandoverMs);
  return previousMs === undefined ? observed : Math.max(observed, (1 - RELAY.handoverWeight) * previousMs + RELAY.handoverWeight * observed);
}

export interface Relay<C> {
  /**
   * A write of `key` is on its way and will settle: the holder, if any, returns at once, as the
   * wait is this write's (or a later one's) now. So a holder keeps an engine slot only until the
   * engine sends the next write, and batches stay as large as the engine's parallelism.
   */
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

/** How often a patient holder looks whether the engine went idle. */
const IDLE_PROBE_MS = RELAY.idleProbeMs;

export function createRelay<C>(options: RelayOptions<C>): Relay<C> {
  const { check, describe, log, policy = RELAY_POLICY, occupancy, sleep = defaultSleep, clock = Date.now } = options;
  const lanes = new Map<string, Lane<C>>();

  /** Waits for a successor as long as one is to be expected (checksNow), then checks. */
  function patient(key: string, lane: Lane<C>, holder: Holder, context: C): void {
    if (lane.holder !== holder) return;
    const view = {
      waitedMs: clock() - holder.since,
      idle: occupancy.idle(),
      announced: occupancy.announcedWrites(),
      gapMs: lane.gapMs,
      handoverMs: lane.handoverMs,
    };
    if (checksNow(policy, view)) void drain(key, lane, holder, context);
    else holder.timer = setTimeout(() => patient(key, lane, holder, context), IDLE_PROBE_MS);
  }

  /** The holder's wait after its patience: checks until every outstanding piece is done, or a successor took over. */
  async function drain(key: string, lane: Lane<C>, holder: Holder, holderContext: C): Promise<void> {
    const started = clock();
    let pause = policy.firstPauseMs;
    let reported = false;
    try {
      // A change just accepted is not done yet: the first check waits until the newest work is one first pause old.
      const early = (lane.lastAddAt ?? 0) + policy.firstPauseMs - clock();
      if (early > 0) {
        await sleep(early);
        if (lane.holder !== holder) return;
      }
      for (;;) {
        const ids = [...lane.outstanding];
        if (ids.length > 0) {
          const done = await check(key, ids, lane.context ?? holderContext);
          for (const id of done) lane.outstanding.delete(id);
        }
        if (lane.holder !== holder) return;
        if (lane.outstanding.size === 0) {
          lane.holder = undefined;
          holder.release();
          return;
        }
        const waited = clock() - started;
        if (waited > policy.timeoutMs) throw new WaitUnfinished(`${describe(key, [...lane.outstanding])} not done after ${Math.round(waited / 1000)}s`);
        if (!reported && waited > policy.reportAfterMs) {
          log(lane.context ?? holderContext, `svc: waiting for ${describe(key, [...lane.outstanding])} to be done...`);
          reported = true;
        }
        await sleep(pause);
        if (lane.holder !== holder) return;
        pause = Math.min(pause * 2, policy.maxPauseMs);
      }
    } catch (error) {
      // A successor's check will see the same trouble and report it; only the holder reports.
      if (lane.holder !== holder) return;
      lane.holder = undefined;
      holder.fail(error);
    }
  }

  function laneOf(key: string): Lane<C> {
    let lane = lanes.get(key);
    if (lane === undefined) {
      lane = { outstanding: new Set(), holder: undefined, pledged: 0, context: undefined, lastAddAt: undefined, gapMs: undefined, handoverMs: undefined };
      lanes.set(key, lane);
    }
    return lane;
  }

  /** The caller becomes the lane's holder: it returns when everything outstanding is done, or a write pledges. */
  function holdOn(key: string, lane: Lane<C>, context: C): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // A holder can join no window: the windows count it as waiting (occupancy.ts).
      occupancy.parks(1);
      let left = false;
      const leave = (then: () => void): void => {
        if (left) return;
        left = true;
        clearTimeout(holder.timer);
        occupancy.parks(-1);
        then();
      };
      const holder: Holder = {
        since: clock(),
        release: () => leave(resolve),
        fail: (error) => leave(() => reject(error instanceof Error ? error : new Error(String(error)))),
        timer: undefined,
      };
      lane.holder = holder;
      holder.timer = setTimeout(() => patient(key, lane, holder, context), IDLE_PROBE_MS);
    });
  }

  const relay: Relay<C> = {
    pledge(key) {
      const lane = laneOf(key);
      lane.pledged++;
      const { holder } = lane;
      lane.holder = undefined;
      if (holder !== undefined) lane.handoverMs = nextHandover(policy, lane.handoverMs, clock() - holder.since);
      holder?.release();
    },
    settle(key, id, context) {
      const lane = laneOf(key);
      lane.pledged = Math.max(0, lane.pledged - 1);
      lane.context = context;
      // The writes of one batch settle with the same work: the gaps are between pieces of work.
      if (id !== undefined && !lane.outstanding.has(id) && id !== lane.lastId) {
        lane.lastId = id;
        const now = clock();
        if (lane.lastAddAt !== undefined) {
          const gap = now - lane.lastAddAt;
          lane.gapMs = lane.gapMs === undefined ? gap : (1 - RELAY.gapWeight) * lane.gapMs + RELAY.gapWeight * gap;
        }
        lane.lastAddAt = now;
        lane.outstanding.add(id);
      }
      // Another write of the key is on its way (it settles later) or already holds: the caller is free.
      if (lane.outstanding.size === 0 || lane.pledged > 0 || lane.holder !== undefined) return Promise.resolve();
      return holdOn(key, lane, context);
    },
    hold(key, id, context) {
      relay.pledge(key);
      return relay.settle(key, id, context);
    },
  };
  return relay;
}
