/**
 * `merge`: GET the live object, merge the changes into it, PUT it under `If-Match`; a 412 means it
 * changed meanwhile: read and merged again, in the retry table's `merge` loop.
 */
import { LOOPS } from "../../http/retryTable";
import { entryKind } from "./kind";
import { loopBudget, requestBudget, requestOnce, requestWorstCase, type PlannedRequest } from "./request";

declare module "./kind" {
  interface EntryKinds {
    merge: MergeEntry;
  }
}

/** GET the live object, merge `write.body` (the changes; null removes) into it, PUT it under `If-Match`; a 412: again. */
export interface MergeEntry {
  readonly kind: "merge";
  readonly read: PlannedRequest;
  readonly write: PlannedRequest;
  readonly etagField: string;
}

/** The live object with the changes in it: a changed field set, a removed one (null) left out. */
export function mergedInto(live: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...live };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

/** The PUT of the live object with the changes merged in, under its etag. */
function mergedWrite(entry: MergeEntry, live: Readonly<Record<string, unknown>>): PlannedRequest {
  return {
    ...entry.write,
    headers: { "If-Match": String(live[entry.etagField]) },
    body: mergedInto(live, (entry.write.body ?? {}) as Record<string, unknown>),
  };
}

/** What svc-plan prints in place of the live object a merged PUT is made of: known only once it is read. Never in a body that is sent. */
export const LIVE_OBJECT = "(the live object's other fields, as read)";

/** The PUT as svc-plan prints it: the live object (marked) with the changes merged in, a removed field said so. */
function shownWrite(entry: MergeEntry): PlannedRequest {
  const changes = (entry.write.body ?? {}) as Record<string, unknown>;
  const removed = Object.keys(changes).filter((field) => changes[field] === null);
  const live = removed.length === 0 ? LIVE_OBJECT : `${LIVE_OBJECT.slice(0, -1)}, without ${removed.join(", ")})`;
  return { ...entry.write, body: mergedInto({ "...": live }, changes) };
}

export const merge = entryKind<MergeEntry>({
  run: (entry, _previous, runner) =>
    runner.guarded({
      loop: "merge",
      send: async () => runner.send(mergedWrite(entry, (await runner.send(entry.read)).value as Record<string, unknown>)),
      // The next attempt reads the live object again: a merge needs nothing else.
      settle: async (error, attempt, last) => {
        if (error.status !== 412) return undefined;
        if (!last) {
          runner.log(
            `svc: ${entry.read.path} changed meanwhile (412 on If-Match); reading it again to merge the change (attempt ${attempt + 1} of ${LOOPS.merge.attempts})`,
          );
        }
        return { again: true };
      },
    }),
  // With a log, the PUT as sent: the live object it read with the changes in it.
  requests: (entry, reading) =>
    reading.sent === undefined ? [entry.read, entry.write] : [entry.read, mergedWrite(entry, reading.answerOf(entry.read) as Record<string, unknown>)],
  describe: (entry) => [{ request: entry.read }, { request: shownWrite(entry) }],
  worstCase: (entry) => LOOPS.merge.attempts * (requestWorstCase(entry.read) + requestWorstCase(entry.write)),
  budget: (entry) => loopBudget("merge", requestBudget(entry.read) + requestBudget(entry.write), requestOnce(entry.read) + requestOnce(entry.write)),
  loops: () => ["merge"],
});
