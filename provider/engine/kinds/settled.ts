/**
 * `settled`: a write settled by reading, what is live read first (or believed, as the state says),
 * the write made from it, a refusal as stale or an unknown outcome read again and written again
 * from what is live in the retry table's loop, and its work waited for. The executor runs it
 * (executor/settled.ts).
 */
import type { z } from "zod";
import { LOOPS, type LoopName } from "../../http/retryTable";
import type { BatchKind } from "./join";
import { entryKind, type Reading } from "./kind";
import type { PollEntry } from "./poll";
import {
  loopBudget,
  requestBudget,
  requestOnce,
  requestsBudget,
  requestsOnce,
  requestsWorstCase,
  requestWorstCase,
  waitBudget,
  type PlannedRequest,
} from "./request";

declare module "./kind" {
  interface EntryKinds {
    settled: SettledEntry;
  }
}

/**
 * A write settled by reading: `read` shows what is live; `write(live)` is the write made from it
 * (undefined: nothing to write); `done(live)` says whether the live object shows the write done
 * (then its value is the answer). The first round writes from `believed` (what the state says is
 * live) without reading, when given. A refusal as stale (`staleStatuses`) or an unknown outcome
 * reads again and writes again from what is live, in the retry table's `loop`; a change the write
 * answers pending is waited for (`waits`). Pure: the executor sends.
 */
export interface SettledEntry {
  readonly kind: "settled";
  readonly read: PlannedRequest;
  readonly believed?: unknown;
  /**
   * The write made from what is live; several, sent in turn, where one request cannot carry it all
   * (a zone's changes within the API's per-change limits): a refusal or a lost answer of any of them
   * reads again and writes what is still missing. None: nothing to write. `before` (here, in `done`
   * and `answer`): the answer of the plan's entry before this one (a project's quota, read first).
   */
  readonly write: (live: unknown, before?: unknown) => PlannedRequest | readonly PlannedRequest[] | undefined;
  readonly done: (live: unknown, before?: unknown) => { readonly value: unknown; readonly parsedBy?: z.ZodType } | undefined;
  /** The write's answer as the step's answer, with the schema that parsed it when it was in an answer (default: the answer itself). */
  readonly answer?: (written: unknown, live: unknown, before?: unknown) => { readonly value: unknown; readonly parsedBy?: z.ZodType };
  /**
   * After the write, the work its answer describes: polled until done, or waited for as the joint
   * work of its key is (`served`: the relay of a zone's changes, which the next write may take over).
   */
  readonly waits?: PollEntry | { readonly served: BatchKind; readonly key: string; readonly request: PlannedRequest };
  readonly staleStatuses: readonly number[];
  readonly loop: LoopName;
  /** Words for the log: `record set www A`. */
  readonly label: string;
}

/** A settled entry's writes as a list (none, one or several). */
export const writesOf = (write: ReturnType<SettledEntry["write"]>): readonly PlannedRequest[] =>
  write === undefined ? [] : Array.isArray(write) ? (write as readonly PlannedRequest[]) : [write as PlannedRequest];

/**
 * What a settled write sent when nothing failed, from a log's answers: the read (unless believed),
 * nothing more when it showed the write done; the writes made from what is live; the checks of
 * their work while it is pending (a relay's of the pending changes of its key).
 */
function sentRequests(entry: SettledEntry, reading: Reading): PlannedRequest[] {
  const read = entry.believed === undefined ? [entry.read] : [];
  const live = entry.believed ?? reading.answerOf(entry.read);
  if (entry.believed === undefined && entry.done(live, reading.before) !== undefined) return read;
  const writes = writesOf(entry.write(live, reading.before));
  if (writes.length === 0) return read;
  const answers = writes.map((write) => reading.answerOf(write));
  const waits = entry.waits;
  if (waits === undefined) return [...read, ...writes];
  if ("served" in waits) {
    const pending = answers.map((answer) => waits.served.pending(answer)).filter((id): id is string => id !== undefined);
    return [...read, ...writes, ...(pending.length > 0 ? [waits.served.served(waits.key, pending)] : [])];
  }
  return [...read, ...writes, ...(waits.poll.pending(answers[answers.length - 1])?.done === false ? [waits.request] : [])];
}

export const settled = entryKind<SettledEntry>({
  run: (entry, previous, runner) => runner.settled(entry, previous.value),
  requests(entry, reading) {
    if (reading.sent !== undefined) return sentRequests(entry, reading);
    const writes = writesOf(entry.write(entry.believed));
    return [
      ...(entry.believed === undefined ? [entry.read] : []),
      ...writes.map((write) => (entry.believed === undefined ? { ...write, described: true as const } : write)),
      ...(entry.waits === undefined ? [] : [entry.waits.request]),
    ];
  },
  worstCase: (entry) => LOOPS[entry.loop].attempts * (requestWorstCase(entry.read) + requestsWorstCase(writesOf(entry.write(entry.believed)))),
  budget(entry) {
    const writes = writesOf(entry.write(entry.believed));
    const { waits } = entry;
    const wait = waits === undefined ? 0 : "served" in waits ? waitBudget(waits.request) : waitBudget(waits.request, waits.timeoutMs);
    // Read, write; after a refusal as stale or a lost answer, read and write again, each round what it sends without faults.
    return loopBudget(entry.loop, requestBudget(entry.read) + requestsBudget(writes), requestOnce(entry.read) + requestsOnce(writes)) + wait;
  },
});
