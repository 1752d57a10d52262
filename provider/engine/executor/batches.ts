/**
 * Writes joined into one request (a join entry's batch kind: a zone's atomic change). Writes of one
 * key that arrive together gather in the key's window (batching/windowsReducer.ts, in the batching machine); a window of one sends
 * its write alone, by its own plan. A joint request is spent from its writes' budgets, pooled. When
 * it is refused, its halves go as joint requests of their own, down to each write alone, so every
 * write gets its own outcome and none fails for another's fault. A joint request whose answer was
 * lost is settled by the kind's listing: what it shows done is done, the rest goes again, never a
 * write twice blindly. The work the service finishes after accepting it is waited for by the last
 * write of the key on its way, which hands the wait on to the next (batching/relay.ts). Every
 * request is the batch kind's, planned: the joint request, its settling listing, its check.
 */
import { Budget, BudgetSpent } from "../../http/retry";
import { ApiError } from "../../http/answer";
import type { BatchKind, Items, JoinEntry, PlannedRequest } from "../kinds";
import type { Joins } from "../batching/engineProcess";
import { WaitUnfinished } from "../batching/relay";
import type { Outcome } from "../batching/driver";
import { sendPlanned, type Answer, type RunContext, guarded } from "./context";

/** A write waiting for its key's joint request, and what it sends when it goes alone. */
export interface PendingWrite {
  readonly write: unknown;
  readonly context: RunContext;
  readonly alone: () => Promise<Answer>;
}

/** What a write of a joint request comes back with: its answer, and the joint work it waits on while that is pending. */
export interface Written {
  readonly answer: Answer;
  readonly pending?: string;
}

/**
 * The write joins its key's next joint request; resolves to its answer once that is accepted and,
 * for the last write of the key on its way, once the key's work it knows of is done.
 */
export async function runJoin(entry: JoinEntry, context: RunContext, alone: () => Promise<Answer>): Promise<Answer> {
  const joins = joinsOf(entry.batch, context);
  const key = joins.keyOf(entry.key, context.client);
  joins.relay.pledge(key);
  let written: Written | undefined;
  try {
    written = await joins.windows.add(key, { write: entry.write, context, alone });
    return written.answer;
  } finally {
    // A failed write settles too: it may be the last of the key on its way, to wait for the others' work.
    await settleServed(entry.batch, entry.key, () => joins.relay.settle(key, written?.pending, context), context);
  }
}

/** Waits for joint work of `key` sent outside a batch (a change sent alone) as a batch's work is waited for. */
export async function runJoinedWait(batch: BatchKind, key: string, answer: unknown, context: RunContext): Promise<void> {
  const pending = batch.pending(answer);
  if (pending === undefined) return;
  const joins = joinsOf(batch, context);
  await settleServed(batch, key, () => joins.relay.hold(joins.keyOf(key, context.client), pending, context), context);
}

/**
 * Writes of `key` sent one after another outside a batch (a zone's changes, each within the API's
 * per-change limits): each is pledged to the key's relay before it is sent, so the wait for their
 * work is held once, by the last, and one check answers for all of them. Resolves to each answer
 * once the key's work is done (or said to be unreadable). A failed write leaves the wait to the
 * next write of the key: the writes accepted before it are still waited for then.
 */
export async function sendInTurn(
  batch: BatchKind,
  key: string,
  writes: readonly PlannedRequest[],
  send: (write: PlannedRequest) => Promise<Answer>,
  context: RunContext,
): Promise<Answer[]> {
  const joins = joinsOf(batch, context);
  const lane = joins.keyOf(key, context.client);
  const answers: Answer[] = [];
  const waits: Promise<void>[] = [];
  try {
    for (const write of writes) {
      joins.relay.pledge(lane);
      let pending: string | undefined;
      try {
        const answer = await send(write);
        answers.push(answer);
        pending = batch.pending(answer.value);
      } finally {
        waits.push(settleServed(batch, key, () => joins.relay.settle(lane, pending, context), context));
      }
    }
  } catch (error) {
    // The wait is the next write's of the key now (its pledge releases the holder); nothing awaits these.
    for (const wait of waits) wait.catch(() => undefined);
    throw error;
  }
  await Promise.all(waits);
  return answers;
}

/** The process's windows and relay of `batch`, whose joint requests and checks are sent here. */
function joinsOf(batch: BatchKind, context: RunContext): Joins<PendingWrite, Written, RunContext> {
  return context.process.joins<PendingWrite, Written, RunContext>(batch, {
    run: (key, pending) => runJoint(batch, key, pending),
    check: (key, ids, holder) => doneOf(batch, key, ids, holder),
  });
}

/**
 * The writes were accepted, so they are made. When whether their work is done cannot be read (no
 * permission to read it, the wait's deadline), that is said, and the writes still count as made:
 * failing them would drop objects that exist from the stack's state. The checks stop at the step's
 * budget: that is said at error severity (`error:`), naming the resource, what it spent and why,
 * the writes kept as made. Anything else (a fault of this code) fails.
 */
async function settleServed(batch: BatchKind, key: string, wait: () => Promise<void>, context: RunContext): Promise<void> {
  try {
    await wait();
  } catch (error) {
    if (error instanceof BudgetSpent) {
      context.log(
        `error: svc: ${error.owner.resource}: its ${error.owner.step} spent its budget (${error.spent} requests, from its plan) while checking whether ` +
          `${batch.describe(key)} are done: they were accepted and are kept as made, but whether they are done is unknown (${error.message})`,
      );
      return;
    }
    if (!(error instanceof ApiError) && !(error instanceof WaitUnfinished)) throw error;
    context.log(`warning: svc: ${batch.describe(key)} were accepted, but whether they are done could not be read: ${error.message}`);
  }
}

/** Which of `ids` (the key's pending work) are done: the kind's check, spent from the holder's budget. */
export async function doneOf(batch: BatchKind, key: string, ids: readonly string[], context: RunContext): Promise<ReadonlySet<string>> {
  return batch.doneIn(ids, (await sendPlanned(batch.served(key, ids), context)) as Items);
}

const ok = (value: Written): Outcome<Written> => ({ ok: true, value });

/** The writes of one window, each with its own outcome: one joint request, or its halves when it was refused. */
export function runJoint(batch: BatchKind, key: string, pending: readonly PendingWrite[]): Promise<Outcome<Written>[]> {
  const [first] = pending;
  if (first === undefined) return Promise.resolve([]);
  const budget = Budget.pooled(
    { step: "joint request", resource: batch.describe(key, pending.length) },
    pending.map((item) => item.context.budget),
  );
  const context: RunContext = { ...first.context, budget };
  return bisect(
    pending,
    (some) => sendJoint(batch, key, some, context),
    async (one) => ({ answer: await one.alone() }),
    (error) => error instanceof ApiError && error.outcome === "rejected" && batch.splits(error.status),
  );
}

/** Sends the writes as one request; a lost answer is settled by the kind's listing, and what is not in place goes again. */
function sendJoint(batch: BatchKind, key: string, pending: readonly PendingWrite[], context: RunContext): Promise<Outcome<Written>[]> {
  const outcomes = new Map<PendingWrite, Outcome<Written>>();
  let rest = pending;
  const results = (): Outcome<Written>[] => pending.map((item) => outcomes.get(item) ?? { ok: false, error: new Error("not sent") });
  return guarded<Outcome<Written>[]>({
    loop: "batch",
    sleep: context.process.sleep,
    send: async () => {
      const request = batch.joint(
        key,
        rest.map((item) => item.write),
      );
      const answer = await sendPlanned(request, context);
      const pendingWork = batch.pending(answer);
      for (const item of rest) {
        outcomes.set(item, ok({ answer: batch.resultOf(item.write, answer), ...(pendingWork !== undefined && { pending: pendingWork }) }));
      }
      return results();
    },
    settle: async (error, _attempt, last) => {
      if (error.outcome !== "unknown" || last) return undefined;
      context.log(`svc: ${batch.describe(key, rest.length)}: the outcome is unknown (${error.message}); reading what is live to settle it`);
      const items = (await sendPlanned(batch.settleBy(key), context)) as Items;
      for (const item of rest) {
        const place = batch.inPlace(item.write, items);
        if (place.done) outcomes.set(item, ok({ answer: { value: place.value, ...(place.parsedBy !== undefined && { parsedBy: place.parsedBy }) } }));
      }
      rest = rest.filter((item) => !outcomes.has(item));
      return rest.length === 0 ? { done: results() } : { again: true };
    },
  });
}

/** Runs `work` and captures its outcome. */
export async function outcomeOf<R>(work: () => Promise<R> | R): Promise<Outcome<R>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Finds the culprits of a failed batch: sends each half again as its own batch (and a lone item
 * alone through `runOne`), so every item gets its own outcome and none fails for another's fault.
 * `splits(error)` says whether a whole-batch failure can be an item's fault (a refusal of one item)
 * rather than the batch's (the service down, no permission).
 */
export async function bisect<T, R>(
  items: readonly T[],
  runMany: (items: readonly T[]) => Promise<readonly Outcome<R>[]>,
  runOne: (item: T) => Promise<R>,
  splits: (error: unknown) => boolean,
): Promise<Outcome<R>[]> {
  if (items.length === 0) return [];
  const [only] = items;
  if (items.length === 1 && only !== undefined) return [await outcomeOf(() => runOne(only))];
  try {
    return [...(await runMany(items))];
  } catch (error) {
    if (!splits(error)) return items.map(() => ({ ok: false, error }));
    const middle = Math.ceil(items.length / 2);
    const halves = await Promise.all([items.slice(0, middle), items.slice(middle)].map((half) => bisect(half, runMany, runOne, splits)));
    return halves.flat();
  }
}
