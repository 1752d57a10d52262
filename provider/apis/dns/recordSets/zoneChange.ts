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
import { z } from "zod";
import { bisect, createBatcher, type Outcome } from "../../../engine/batcher";
import type { HookContext } from "../../../engine/declaration";
import type { Batch, BatchAnswer, JoinEntry, PlanEntry, PlannedRequest } from "../../../engine/plan/entries";
import { sendPlanned } from "../../../engine/plan/executor";
import { guarded } from "../../../engine/plan/guarded";
import { createRelay } from "./servedRelay";
import { listAll } from "../../../google/listAll";
import { DNS_PAGING } from "../service";
import { ApiError } from "../../../http/errors";
import { outsideStepBudget } from "../../../http/stepBudget";
import { changeWire, withoutKinds } from "../wire";
import { tallyOf, fitsInChange, changeBody, writeInPlace, type RecordWrite, type ChangeTally } from "./changeWrites";
import { recordKey, ZONE, type WireRecordSet } from "./wire";
import { fillTemplate } from "../../../engine/template";

/** A write waiting for its zone's change, and the request(s) it sends when it goes alone. */
export interface PendingWrite {
  readonly zonePath: string;
  readonly write: RecordWrite;
  readonly context: HookContext;
  readonly alone: () => Promise<BatchAnswer>;
}

/** Refusals that can be one write's fault (split the batch to find it); others fail every write alike. */
export function isWriteFault(error: unknown): boolean {
  return error instanceof ApiError && error.outcome === "rejected" && [400, 404, 409, 412, 413].includes(error.status ?? 0);
}

function resultOf(write: RecordWrite, added: readonly WireRecordSet[]): WireRecordSet | undefined {
  if (write.kind === "delete") return undefined;
  return added.find((set) => recordKey(set) === recordKey(write.addition)) ?? write.addition;
}

async function liveSets(zonePath: string, context: HookContext): Promise<Map<string, WireRecordSet>> {
  const sets = (await listAll(context.client, `${zonePath}/rrsets`, "rrsets", { ...DNS_PAGING, pageSize: 1000 })) as unknown as WireRecordSet[];
  return new Map(sets.map((set) => [recordKey(set), set]));
}

const acceptedChangeWire = changeWire.extend({ additions: z.array(z.looseObject({ name: z.string(), type: z.string() })).optional() });

/** What a write of a batch comes back with: the set written (parsed when it went alone), and the change it waits on when that is still pending. */
interface Written {
  readonly answer: BatchAnswer;
  readonly pendingChange?: string;
}

/** The one change that makes `writes` of the zone: what the batch sends, and what the plan shows of it. */
function changeRequest(zonePath: string, writes: readonly RecordWrite[]): PlannedRequest {
  return {
    method: "POST",
    path: `${zonePath}/changes`,
    body: changeBody(writes),
    // Sent twice, a change fails its deletions or adds twice: settled by listing instead.
    repeat: "settle",
    schema: acceptedChangeWire,
    note: "one atomic change with the zone's other record-set writes that run at the same time",
  };
}

/** The wait for a zone's changes to be done, by the last write of the zone on its way (servedRelay.ts). */
function servedWait(zonePath: string): PlannedRequest {
  return {
    method: "GET",
    path: `${zonePath}/changes`,
    sent: "untilDone",
    note: "while a change is pending, by the zone's last write on its way: the zone's changes, newest first, until every one is done",
  };
}

/** Sends the batch as one change; a lost answer is settled by one listing of the zone, and what is not in place is sent again. */
async function sendChange(zonePath: string, pending: readonly PendingWrite[]): Promise<Outcome<Written>[]> {
  const [first] = pending;
  if (first === undefined) return [];
  const { context } = first;
  const outcomes = new Map<PendingWrite, Outcome<Written>>();
  let rest = pending;
  const results = (): Outcome<Written>[] => pending.map((write) => outcomes.get(write) ?? { ok: false, error: new Error("not sent") });
  return guarded<Outcome<Written>[]>({
    loop: "batch",
    send: async () => {
      // Parsed by its schema in the call path.
      const answer = (await sendPlanned(
        changeRequest(
          zonePath,
          rest.map(({ write }) => write),
        ),
        context,
      )) as z.infer<typeof acceptedChangeWire>;
      const added = (answer.additions ?? []) as WireRecordSet[];
      const pendingChange = answer.status === "pending" ? answer.id : undefined;
      for (const item of rest)
        outcomes.set(item, ok({ answer: { value: resultOf(item.write, added) }, ...(pendingChange !== undefined && { pendingChange }) }));
      return results();
    },
    settle: async (error, attempt, last) => {
      if (error.outcome !== "unknown" || last) return undefined;
      context.log(`svc: a change of ${rest.length} record sets in ${zonePath}: its outcome is unknown (${error.message}); listing the zone to settle it`);
      const live = await liveSets(zonePath, context);
      for (const item of rest) {
        const place = writeInPlace(item.write, live);
        if (place.done) outcomes.set(item, ok({ answer: { value: place.set } }));
      }
      rest = rest.filter((item) => !outcomes.has(item));
      return rest.length === 0 ? { done: results() } : { again: true };
    },
  });
}

const ok = (value: Written): Outcome<Written> => ({ ok: true, value });

/** The writes of one batch, each with its own outcome: one change, or its halves when it was refused. */
export function runZoneWrites(pending: readonly PendingWrite[]): Promise<Outcome<Written>[]> {
  const [first] = pending;
  if (first === undefined) return Promise.resolve([]);
  return bisect(
    pending,
    (some) => sendChange(first.zonePath, some),
    async (one) => ({ answer: await one.alone() }),
    isWriteFault,
  );
}

/**
 * Which of `ids` (changes of the zone) are done: one listing, newest first, paged only as far as
 * the oldest of them. A change the listing does not show is taken as done: it is no longer waited on.
 */
export async function doneChanges(zonePath: string, ids: readonly string[], context: HookContext): Promise<Set<string>> {
  const sought = new Set(ids);
  const seen = (items: ReadonlyArray<Record<string, unknown>>): boolean => items.filter((item) => sought.has(String(item["id"]))).length >= sought.size;
  const changes = await listAll(context.client, `${zonePath}/changes`, "changes", {
    ...DNS_PAGING,
    pageSize: Math.min(1000, ids.length + 10),
    query: { sortOrder: "descending" },
    until: seen,
  });
  const pending = new Set(
    changes
      .map((item) => changeWire.parse(item))
      .filter((change) => change.status !== "done")
      .map((change) => change.id),
  );
  return new Set(ids.filter((id) => !pending.has(id)));
}

/** Writes through different clients (tokens) never share a change. */
const clientIds = new WeakMap<object, number>();
let clientsSeen = 0;
function clientId(client: object): number {
  let id = clientIds.get(client);
  if (id === undefined) {
    id = ++clientsSeen;
    clientIds.set(client, id);
  }
  return id;
}

/** Each open window's tally, by its list of items (the batcher keeps one list per window). */
const tallies = new WeakMap<readonly PendingWrite[], ChangeTally>();

const batcher = createBatcher<PendingWrite, Written>({
  // Arrivals of one burst of the engine are spread by its checkpoint writes; a full burst goes at once (saturation).
  window: { quietMs: 60, minQuietMs: 2, maxQuietMs: 1000, maxWaitMs: 3000 },
  fits: (batch, next) => {
    // The open window's items grow by one between calls: only the new ones are counted.
    const tally = tallyOf(batch, ({ write }) => write, tallies.get(batch));
    tallies.set(batch, tally);
    return fitsInChange(tally, next.write);
  },
  // A batch serves several steps: its requests are bounded by its own rounds and splits, not by one step's budget.
  run: (_key, pending) => outsideStepBudget(() => runZoneWrites(pending)),
});

const served = createRelay<HookContext>({
  // Bounded by the relay's deadline, not by the budget of the step that holds the wait.
  check: (key, ids, context) => outsideStepBudget(() => doneChanges(key.slice(key.indexOf(" ") + 1), ids, context)),
  describe: (key, ids) => `${ids.length === 1 ? "a record change" : `${ids.length} record changes`} of ${key.slice(key.indexOf(" ") + 1)}`,
  log: (context, message) => context.log(message),
});

/**
 * Queues a write for its zone's next change; resolves to the record set written (nothing for a
 * delete) once the change is accepted, and, for the last write of the zone on its way, once every
 * change of the zone it knows of is done (relay.ts).
 */
export async function writeRecordSet(pending: PendingWrite): Promise<BatchAnswer> {
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
  return `${clientId(context.client)} ${zonePath}`;
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
