/**
 * Waits handed on from caller to caller, as a pure reducer (part of the batching machine's state,
 * machine.ts; its driver is driver.ts). A batched change is accepted for all its writes at once
 * (the service shows it at once), but it takes a while to be done. If every write waited for it,
 * each would hold one of the engine's parallel slots for that while, and the engine could send
 * nothing new. Instead at most one caller per key (per zone), the holder, stays to wait: the last
 * of the writes to settle while no other write of the key is on its way. When the engine sends the
 * next write of the key (it pledges), the holder returns, and that write or a later one takes the
 * wait on. So the engine's slots move on to new work, and the last write still waits until every
 * piece of the key's work is done: a deployment does not end before the service has finished.
 *
 * A lane (one key) goes through these phases:
 *
 *   no holder --settle (the last, work outstanding)--> patient    a patience timer looks every idleProbeMs
 *   patient   --patienceEnded, checksNow-->            early      until the newest work is one first pause old
 *   early     --pauseEnded-->                          checking   one check answers for all outstanding work
 *   checking  --checked, work left-->                  pausing    pauses from firstPauseMs, doubling
 *   pausing   --pauseEnded-->                          checking
 *   checking  --checked, none left-->                  no holder  the holder returns
 *   any       --pledge-->                              no holder  the holder returns: the wait is the new write's
 *   checking  --checkFailed / deadline passed-->       no holder  the holder fails
 *
 * A holder checks only after a patience without a successor (checksNow): a few gaps between
 * handovers, as this engine paces them, or sooner when the engine is idle (every operation it runs
 * here is held, and it owes no new one). An engine slowed by its checkpoints (a large stack: it
 * rewrites the whole state after each write) looks idle while it writes them, for longer than it
 * owes a refill; so a holder never checks before twice the longest wait for a successor the key
 * has seen lately, nor while the engine owes updates its diffs announced (up to the longest
 * handover that counts): at 2,000 record sets a holder checking sooner made checks grow with the
 * number of batches (docs/performance.md).
 */
import { RELAY, WAITS } from "../../http/retryTable";

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

/** The caller waiting for a key's work, by the number its driver gave its promise. */
export interface Holder {
  readonly id: number;
  /** When it took the wait. */
  readonly since: number;
  readonly context: unknown;
  readonly phase: "patient" | "early" | "checking" | "pausing";
  /** Once checking: when the checks began, the next pause, and whether the log was told. */
  readonly drain?: { readonly startedAt: number; readonly pause: number; readonly reported: boolean };
}

export interface Lane {
  readonly outstanding: ReadonlySet<string>;
  readonly holder: Holder | undefined;
  /** Writes of the key on their way (pledged, not settled): each settles later and takes the wait on if needed. */
  readonly pledged: number;
  /** The context of the latest settled write (its client and log): checks go through it. */
  readonly context: unknown;
  readonly lastAddAt: number | undefined;
  /** The latest work added, so that its other writes do not count as gaps. */
  readonly lastId: string | undefined;
  /** Typical gap between two pieces of work of this key, smoothed. */
  readonly gapMs: number | undefined;
  /** The longest lately from a holder taking the wait to the write that took it over (handover). */
  readonly handoverMs: number | undefined;
}

export type RelayState = ReadonlyMap<string, Lane>;

export type RelayEvent =
  /** A write of `key` is on its way and will settle: the holder, if any, returns at once. */
  | { readonly kind: "pledge"; readonly key: string; readonly now: number }
  /** A pledged write of `key` is done, leaving the work `id` outstanding (none: undefined); `holder` is its caller. */
  | { readonly kind: "settle"; readonly key: string; readonly id: string | undefined; readonly context: unknown; readonly holder: number; readonly now: number }
  | { readonly kind: "patienceEnded"; readonly key: string; readonly holder: number; readonly now: number }
  | { readonly kind: "pauseEnded"; readonly key: string; readonly holder: number; readonly now: number }
  | { readonly kind: "checked"; readonly key: string; readonly holder: number; readonly done: readonly string[]; readonly now: number }
  | { readonly kind: "checkFailed"; readonly key: string; readonly holder: number; readonly error: unknown; readonly now: number };

export type RelayEffect =
  /** The caller `holder` returns (its wait is over, or another's). */
  | { readonly kind: "release"; readonly holder: number }
  | { readonly kind: "fail"; readonly holder: number; readonly error: unknown }
  /** Operations held back (positive) or let go (negative), for the occupancy: a holder can join no window. */
  | { readonly kind: "parks"; readonly count: number }
  | { readonly kind: "timer"; readonly timer: "patience" | "pause"; readonly key: string; readonly holder: number; readonly ms: number }
  | { readonly kind: "cancel"; readonly key: string }
  | { readonly kind: "check"; readonly key: string; readonly ids: readonly string[]; readonly context: unknown; readonly holder: number }
  | { readonly kind: "log"; readonly context: unknown; readonly message: string };

/** What the relay reads of the rest of the machine, and how it words a key's work. */
export interface RelayConfig {
  readonly policy: RelayPolicy;
  /** Words for the log: `3 record changes of zone x`. */
  readonly describe: (key: string, count: number) => string;
  /** Every operation the process runs is held and the engine owes no new one. */
  readonly idle: boolean;
  /** Updates the engine's diffs found and it has not sent: one may be this key's successor. */
  readonly announced: number;
}

/** What a holder knows of its wait: how long it has waited, whether the engine is idle or announced writes, and its key's pace. */
export interface HolderView {
  readonly waitedMs: number;
  readonly idle: boolean;
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

type Reduced = readonly [RelayState, readonly RelayEffect[]];

const emptyLane: Lane = {
  outstanding: new Set(),
  holder: undefined,
  pledged: 0,
  context: undefined,
  lastAddAt: undefined,
  lastId: undefined,
  gapMs: undefined,
  handoverMs: undefined,
};

export const emptyRelay: RelayState = new Map();

const withLane = (state: RelayState, key: string, lane: Lane): RelayState => new Map(state).set(key, lane);

/** The holder leaves the lane: its timers stop, it is held back no more, and it returns or fails. */
function leave(state: RelayState, key: string, lane: Lane, ending: RelayEffect): Reduced {
  return [withLane(state, key, { ...lane, holder: undefined }), [{ kind: "cancel", key }, { kind: "parks", count: -1 }, ending]];
}

/** The holder checks which outstanding work is done (nothing outstanding: it has waited enough). */
function checkNow(state: RelayState, key: string, lane: Lane, holder: Holder, now: number, config: RelayConfig): Reduced {
  const ids = [...lane.outstanding];
  if (ids.length === 0) return afterCheck(state, key, lane, holder, now, config);
  return [
    withLane(state, key, { ...lane, holder: { ...holder, phase: "checking" } }),
    [{ kind: "check", key, ids, context: lane.context ?? holder.context, holder: holder.id }],
  ];
}

/** After a check: the holder returns when nothing is left, fails past the deadline, else pauses (said in the log once it is long). */
function afterCheck(state: RelayState, key: string, lane: Lane, holder: Holder, now: number, config: RelayConfig): Reduced {
  if (lane.outstanding.size === 0) return leave(state, key, lane, { kind: "release", holder: holder.id });
  const drain = holder.drain ?? { startedAt: now, pause: config.policy.firstPauseMs, reported: false };
  const waited = now - drain.startedAt;
  const what = config.describe(key, lane.outstanding.size);
  if (waited > config.policy.timeoutMs) {
    return leave(state, key, lane, { kind: "fail", holder: holder.id, error: new WaitUnfinished(`${what} not done after ${Math.round(waited / 1000)}s`) });
  }
  const effects: RelayEffect[] = [];
  const reporting = !drain.reported && waited > config.policy.reportAfterMs;
  if (reporting) effects.push({ kind: "log", context: lane.context ?? holder.context, message: `svc: waiting for ${what} to be done...` });
  effects.push({ kind: "timer", timer: "pause", key, holder: holder.id, ms: drain.pause });
  const next: Holder = {
    ...holder,
    phase: "pausing",
    drain: { startedAt: drain.startedAt, pause: Math.min(drain.pause * 2, config.policy.maxPauseMs), reported: drain.reported || reporting },
  };
  return [withLane(state, key, { ...lane, holder: next }), effects];
}

function settle(state: RelayState, event: Extract<RelayEvent, { kind: "settle" }>): Reduced {
  let lane: Lane = { ...(state.get(event.key) ?? emptyLane), context: event.context };
  lane = { ...lane, pledged: Math.max(0, lane.pledged - 1) };
  const { id, now } = event;
  // The writes of one batch settle with the same work: the gaps are between pieces of work.
  if (id !== undefined && !lane.outstanding.has(id) && id !== lane.lastId) {
    const gap = lane.lastAddAt === undefined ? undefined : now - lane.lastAddAt;
    const gapMs = gap === undefined ? lane.gapMs : lane.gapMs === undefined ? gap : (1 - RELAY.gapWeight) * lane.gapMs + RELAY.gapWeight * gap;
    lane = { ...lane, lastId: id, lastAddAt: now, gapMs, outstanding: new Set(lane.outstanding).add(id) };
  }
  // Another write of the key is on its way (it settles later) or already holds: the caller is free.
  if (lane.outstanding.size === 0 || lane.pledged > 0 || lane.holder !== undefined) {
    return [withLane(state, event.key, lane), [{ kind: "release", holder: event.holder }]];
  }
  const holder: Holder = { id: event.holder, since: now, context: event.context, phase: "patient" };
  return [
    withLane(state, event.key, { ...lane, holder }),
    [
      { kind: "parks", count: 1 },
      { kind: "timer", timer: "patience", key: event.key, holder: holder.id, ms: RELAY.idleProbeMs },
    ],
  ];
}

export function reduceRelay(state: RelayState, event: RelayEvent, config: RelayConfig): Reduced {
  if (event.kind === "settle") return settle(state, event);
  const lane = state.get(event.key) ?? emptyLane;
  switch (event.kind) {
    case "pledge": {
      const pledged: Lane = { ...lane, pledged: lane.pledged + 1 };
      const { holder } = lane;
      if (holder === undefined) return [withLane(state, event.key, pledged), []];
      const handoverMs = nextHandover(config.policy, lane.handoverMs, event.now - holder.since);
      return leave(state, event.key, { ...pledged, handoverMs }, { kind: "release", holder: holder.id });
    }
    case "checked": {
      // Work done is done, whoever asked: a holder that left meanwhile leaves its answer to the lane.
      const outstanding = new Set(lane.outstanding);
      for (const id of event.done) outstanding.delete(id);
      const updated: Lane = { ...lane, outstanding };
      const next = withLane(state, event.key, updated);
      if (updated.holder?.id !== event.holder) return [next, []];
      return afterCheck(next, event.key, updated, updated.holder, event.now, config);
    }
    case "checkFailed":
      // A successor's check will see the same trouble and report it; only the holder reports.
      if (lane.holder?.id !== event.holder) return [state, []];
      return leave(state, event.key, lane, { kind: "fail", holder: event.holder, error: event.error });
    case "patienceEnded": {
      const { holder } = lane;
      if (holder?.id !== event.holder || holder.phase !== "patient") return [state, []];
      const view = { waitedMs: event.now - holder.since, idle: config.idle, announced: config.announced, gapMs: lane.gapMs, handoverMs: lane.handoverMs };
      if (!checksNow(config.policy, view)) return [state, [{ kind: "timer", timer: "patience", key: event.key, holder: holder.id, ms: RELAY.idleProbeMs }]];
      // A change just accepted is not done yet: the first check waits until the newest work is one first pause old.
      const drain = { startedAt: event.now, pause: config.policy.firstPauseMs, reported: false };
      const early = (lane.lastAddAt ?? 0) + config.policy.firstPauseMs - event.now;
      const draining: Holder = { ...holder, drain };
      if (early <= 0) return checkNow(state, event.key, lane, draining, event.now, config);
      return [
        withLane(state, event.key, { ...lane, holder: { ...draining, phase: "early" } }),
        [{ kind: "timer", timer: "pause", key: event.key, holder: holder.id, ms: early }],
      ];
    }
    case "pauseEnded": {
      const { holder } = lane;
      if (holder?.id !== event.holder || (holder.phase !== "early" && holder.phase !== "pausing")) return [state, []];
      return checkNow(state, event.key, lane, holder, event.now, config);
    }
  }
}
