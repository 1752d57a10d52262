/**
 * What a zone's joint change sends: the change of a batch's writes, settled by one listing of the
 * zone when its answer was lost (what is not in place goes again, never a write twice blindly),
 * its halves when it was refused (each write its own outcome), and the read of which of the
 * zone's changes are done.
 */
import { z } from "zod";
import { bisect, type Outcome } from "../../../engine/batching/windows";
import type { HookContext } from "../../../engine/declaration/declaration";
import type { BatchAnswer, PlannedRequest } from "../../../engine/plan/entries";
import { sendPlanned } from "../../../engine/executor/executor";
import { guarded } from "../../../engine/executor/guarded";
import { listAll } from "../../../google/listAll";
import { DNS_PAGING } from "../service";
import { ApiError } from "../../../http/errors";
import { changeWire } from "../wire";
import { changeBody, writeInPlace, type RecordWrite } from "./changeWrites";
import { recordKey, type WireRecordSet } from "./wire";

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

export const acceptedChangeWire = changeWire.extend({ additions: z.array(z.looseObject({ name: z.string(), type: z.string() })).optional() });

/** What a write of a batch comes back with: the set written (parsed when it went alone), and the change it waits on when that is still pending. */
export interface Written {
  readonly answer: BatchAnswer;
  readonly pendingChange?: string;
}

/** The one change that makes `writes` of the zone: what the batch sends, and what the plan shows of it. */
export function changeRequest(zonePath: string, writes: readonly RecordWrite[]): PlannedRequest {
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
export function servedWait(zonePath: string): PlannedRequest {
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
