/**
 * Record-set writes of one zone that arrive together go out as one atomic
 * change (changes.create: every deletion and every addition). The zone shows
 * a change at once; its being done (served) is waited for by the last write
 * of the zone on its way only, which hands the wait on when the engine sends
 * another (relay.ts): the others free their engine slots at once, and the
 * last waits for all. A write alone in its window is sent as its own request (a
 * create, a PATCH of the TTL, a DELETE): one request, no change to wait for.
 *
 * A change is all or nothing. When the API refuses one (a record the zone
 * already has, a deletion that no longer matches, a name outside the zone),
 * its halves are sent again as changes of their own, down to each write
 * alone, so every resource gets its own error and no other fails with it. A
 * change whose answer was lost is settled by one listing of the zone: if
 * every write is in place it happened; if none is, it is sent again; a write
 * is never sent twice blindly.
 */
import { createBatcher, type Batcher, type WindowPolicy } from "../../../engine/batching/windows";
import type { HookContext } from "../../../engine/declaration/declaration";
import type { Batch, BatchAnswer, JoinEntry, PlanEntry } from "../../../engine/plan/entries";
import { createRelay, type Relay } from "../../../engine/batching/relay";
import { outsideStepBudget } from "../../../http/stepBudget";
import { withoutKinds } from "../wire";
import { tallyOf, fitsInChange, changeBody, type RecordWrite, type ChangeTally } from "./changeWrites";
import { changeRequest, doneChanges, runZoneWrites, servedWait, type PendingWrite, type Written } from "./changeSends";
import { ZONE } from "./wire";
import { fillTemplate } from "../../../engine/declaration/template";

export type { PendingWrite };

/**
 * A zone's window, for the batcher's state machine (engine/batcher.ts), each parameter with its
 * reason. The engine sends a step's writes in bursts of its parallelism, spread by its checkpoint
 * writes; a full burst goes at once (saturation), so these bound only the partial ones.
 */
export const ZONE_WINDOW: WindowPolicy = {
  // The first quiet time: longer than the gaps between one burst's arrivals with checkpoints written (tens of ms).
  quietMs: 60,
  // Down to this, a chain of writes one at a time (each waiting for the last) is delayed by almost nothing.
  minQuietMs: 2,
  // Up to this, an engine slowed by its checkpoints still fills a window rather than sending it half full.
  maxQuietMs: 1000,
  // At the latest, a window goes this long after it opened: a write never waits on others for longer.
  maxWaitMs: 3000,
};

/** The zone windows of one provider process: the batcher, the relay of the wait for changes to be done, and ids of its clients. */
interface ZoneWindows {
  readonly batcher: Batcher<PendingWrite, Written>;
  readonly served: Relay<HookContext>;
  /** Writes through different clients (tokens) never share a change: each client has its number. */
  readonly clientIds: WeakMap<object, number>;
  clientsSeen: number;
}

function zoneWindows(context: HookContext): ZoneWindows {
  if (context.batching === undefined) throw new Error("a record set's write joins its zone's change in a provider process: its batching is missing");
  return context.batching.part("record-set zone changes", (occupancy) => {
    /** Each open window's tally, by its list of items (the batcher keeps one list per window). */
    const tallies = new WeakMap<readonly PendingWrite[], ChangeTally>();
    return {
      batcher: createBatcher<PendingWrite, Written>({
        window: ZONE_WINDOW,
        occupancy,
        fits: (batch, next) => {
          // The open window's items grow by one between calls: only the new ones are counted.
          const tally = tallyOf(batch, ({ write }) => write, tallies.get(batch));
          tallies.set(batch, tally);
          return fitsInChange(tally, next.write);
        },
        // A batch serves several steps: its requests are bounded by its own rounds and splits, not by one step's budget.
        run: (_key, pending) => outsideStepBudget(() => runZoneWrites(pending)),
      }),
      served: createRelay<HookContext>({
        // Bounded by the relay's deadline, not by the budget of the step that holds the wait.
        check: (key, ids, checkContext) => outsideStepBudget(() => doneChanges(key.slice(key.indexOf(" ") + 1), ids, checkContext)),
        describe: (key, ids) => `${ids.length === 1 ? "a record change" : `${ids.length} record changes`} of ${key.slice(key.indexOf(" ") + 1)}`,
        log: (logContext, message) => logContext.log(message),
        occupancy,
      }),
      clientIds: new WeakMap(),
      clientsSeen: 0,
    };
  });
}

/**
 * Queues a write for its zone's next change; resolves to the record set written (nothing for a
 * delete) once the change is accepted, and, for the last write of the zone on its way, once every
 * change of the zone it knows of is done (relay.ts).
 */
export async function writeRecordSet(pending: PendingWrite): Promise<BatchAnswer> {
  const { batcher, served } = zoneWindows(pending.context);
  const key = zoneKey(pending.zonePath, pending.context);
  served.pledge(key);
  let written: Written | undefined;
  try {
    written = await batcher.add(key, pending);
    return written.answer;
  } finally {
    // A failed write settles too: it may be the last of the zone on its way, to wait for the others' changes.
    await settleServed(pending.zonePath, () => served.settle(key, written?.pendingChange, pending.context), pending.context);
  }
}

/** Waits for a change of the zone sent on its own (an answer of changes.create) as a batch's changes are waited for. */
export async function holdUntilServed(zonePath: string, change: { readonly id: string; readonly status: string }, context: HookContext): Promise<void> {
  if (change.status !== "pending") return;
  const { served } = zoneWindows(context);
  await settleServed(zonePath, () => served.hold(zoneKey(zonePath, context), change.id, context), context);
}

/**
 * The changes were accepted: the record sets are written. When whether they are done cannot be
 * read (no permission to list changes, a timeout), that is said, and the writes still count as
 * made: failing them would drop record sets that exist from the stack's state.
 */
async function settleServed(zonePath: string, wait: () => Promise<void>, context: HookContext): Promise<void> {
  try {
    await wait();
  } catch (error) {
    context.log(
      `warning: svc: record changes of ${zonePath} were accepted, but whether they are done could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function zoneKey(zonePath: string, context: HookContext): string {
  const windows = zoneWindows(context);
  let id = windows.clientIds.get(context.client);
  if (id === undefined) {
    id = ++windows.clientsSeen;
    windows.clientIds.set(context.client, id);
  }
  return `${id} ${zonePath}`;
}

/** At most this many record sets are named in a zone's words (a report's JSON has every one). */
const NAMED = 12;

const setKey = (set: unknown): string => {
  const { name, type } = set as { name?: unknown; type?: unknown };
  return `${String(name)} ${String(type)}`;
};

/** The writes of a zone that arrive together, joined into one atomic change (the plan's `join` entries of record sets). */
const zoneChanges: Batch = {
  add: (entry, context, runAlone) => writeRecordSet({ zonePath: entry.key, write: entry.write as RecordWrite, context, alone: runAlone }),
  joint: (key, writes) => [changeRequest(key, writes as RecordWrite[]), servedWait(key)],
  parts: (write) => {
    const { deletions, additions } = changeBody([write as RecordWrite]);
    return { removes: withoutKinds(deletions) as unknown[], adds: withoutKinds(additions) as unknown[] };
  },
  summarize: (key, writes) => {
    const { deletions, additions } = changeBody(writes as RecordWrite[]);
    const named = [...deletions.map((set) => `-${setKey(set)}`), ...additions.map((set) => `+${setKey(set)}`)];
    const listed = named.length <= NAMED ? named.join(", ") : `${named.slice(0, NAMED).join(", ")} and ${named.length - NAMED} more`;
    return (
      `one atomic change for zone ${key.split("/").pop() ?? key}: delete ${deletions.length}, add ${additions.length} record sets (${listed}); ` +
      "writes that `up` runs apart (a delete-first replacement's two halves, deletes of removed resources) go as changes or requests of their own"
    );
  },
};

/** A record set's write as a plan entry: it joins its zone's change, or goes as `alone` when no other write comes with it. */
export function joinZoneChange(identity: Readonly<Record<string, string>>, write: RecordWrite, alone: readonly PlanEntry[]): JoinEntry {
  const zonePath = fillTemplate(ZONE, identity);
  const { deletions, additions } = changeBody([write]);
  const body = { deletions: withoutKinds(deletions), additions: withoutKinds(additions) };
  return {
    kind: "join",
    batch: zoneChanges,
    key: zonePath,
    write,
    // Its body holds this write alone: the others that join it are known only at run time.
    request: { ...changeRequest(zonePath, [write]), body, described: true },
    alone,
  };
}
