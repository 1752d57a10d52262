/**
 * Record-set writes of one zone that arrive together go out as one atomic change (changes.create:
 * every deletion and every addition): the zone's batch kind, as data and pure functions, which the
 * engine's batching runs (engine/executor/batches.ts). The zone shows a change at once; its being
 * done (served) is waited for by the last write of the zone on its way only, which hands the wait on
 * when the engine sends another: the others free their engine slots at once. A write alone in its
 * window is sent as its own request (a create, a PATCH of the TTL, a DELETE): no change to wait for.
 *
 * A change is all or nothing. When the API refuses one (a record the zone already has, a deletion
 * that no longer matches, a name outside the zone), its halves are sent again as changes of their
 * own, down to each write alone, so every resource gets its own error. A change whose answer was
 * lost is settled by one listing of the zone: what is in place happened, what is not goes again; a
 * write is never sent twice blindly.
 */
import { listingRequest } from "../../../google/listing";
import { BATCH_WINDOWS } from "../../../http/retryTable";
import type { WindowPolicy } from "../../../engine/kinds/window";
import type { BatchKind, JoinEntry, PlanEntry, PlannedRequest } from "../../../engine/kinds";
import { fillTemplate } from "../../../engine/declaration/template";
import { DNS_PAGING, changeWire } from "../service";
import { withoutKinds } from "../wire";
import { admitWrite, changeBody, writeInPlace, type ChangeTally, type RecordWrite } from "./wire";
import { recordKey, recordSetWire, ZONE, type WireRecordSet } from "./wire";
import { z } from "zod";

/** A zone's window: the retry table's, each parameter with its reason there. */
export const ZONE_WINDOW: WindowPolicy = {
  quietMs: BATCH_WINDOWS.zone.quietMs,
  minQuietMs: BATCH_WINDOWS.zone.minQuietMs,
  maxQuietMs: BATCH_WINDOWS.zone.maxQuietMs,
  maxWaitMs: BATCH_WINDOWS.zone.maxWaitMs,
};

/** The answer of changes.create: the change (pending or done) with the sets it added. */
export const acceptedChangeWire = changeWire.extend({ additions: z.array(recordSetWire).optional() });

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

/** The zone's changes, newest first, as far as the oldest of `ids`: which of them are done. */
export function servedCheck(zonePath: string, ids: readonly string[]): PlannedRequest {
  return {
    ...listingRequest(`${zonePath}/changes`, "changes", { ...DNS_PAGING, pageSize: Math.min(1000, ids.length + 10) }, changeWire, {
      query: { sortOrder: "descending" },
      untilSeen: ids,
      note: "while a change is pending, by the zone's last write on its way: the zone's changes, newest first, until every one is done",
    }),
    sent: "untilDone",
    waits: "quick",
  };
}

/** The zone's record sets, every page: what settles a change whose answer was lost. */
export const zoneSets = (zonePath: string): PlannedRequest =>
  listingRequest(`${zonePath}/rrsets`, "rrsets", { ...DNS_PAGING, pageSize: 1000 }, recordSetWire, {
    note: "settles a change whose answer was lost: what is in place happened",
  });

/** At most this many record sets are named in a zone's words (a report's JSON has every one). */
const NAMED = 12;

const setKey = (set: unknown): string => {
  const { name, type } = set as { name?: unknown; type?: unknown };
  return `${String(name)} ${String(type)}`;
};

/** The set a write of the change made: from the change's answer, parsed there as a record set (the set as asked for when the answer does not list it); nothing for a delete. */
function resultOf(write: RecordWrite, answer: z.infer<typeof acceptedChangeWire>): { value: WireRecordSet | undefined; parsedBy?: z.ZodType } {
  if (write.kind === "delete") return { value: undefined };
  const added = (answer.additions as WireRecordSet[] | undefined)?.find((set) => recordKey(set) === recordKey(write.addition));
  return added === undefined ? { value: write.addition } : { value: added, parsedBy: recordSetWire };
}

/** The writes of a zone that arrive together, joined into one atomic change. */
export const ZONE_CHANGES: BatchKind = {
  name: "record-set zone changes",
  window: ZONE_WINDOW,
  admit: (tally, write) => admitWrite(tally as ChangeTally | undefined, write as RecordWrite),
  joint: (key, writes) => changeRequest(key, writes as RecordWrite[]),
  settleBy: zoneSets,
  inPlace: (write, items) => {
    const place = writeInPlace(write as RecordWrite, new Map((items as WireRecordSet[]).map((set) => [recordKey(set), set])));
    // The listing parsed each set as a record set.
    return place.set === undefined ? place : { done: place.done, value: place.set, parsedBy: recordSetWire };
  },
  resultOf: (write, answer) => resultOf(write as RecordWrite, answer as z.infer<typeof acceptedChangeWire>),
  pending: (answer) => {
    const { id, status } = answer as z.infer<typeof changeWire>;
    return status === "pending" ? id : undefined;
  },
  served: servedCheck,
  // A change the listing does not show (older than what was read) is taken as done: it is no longer waited on.
  doneIn: (ids, items) => {
    const pending = new Set((items as z.infer<typeof changeWire>[]).filter((change) => change.status !== "done").map((change) => change.id));
    return new Set(ids.filter((id) => !pending.has(id)));
  },
  splits: (status) => [400, 404, 409, 412, 413].includes(status ?? 0),
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
  describe: (key, count) => `${count === undefined ? "record changes" : count === 1 ? "a record change" : `${count} record changes`} of ${key}`,
};

/** A record set's write as a plan entry: it joins its zone's change, or goes as `alone` when no other write comes with it. */
export function joinZoneChange(identity: Readonly<Record<string, string>>, write: RecordWrite, alone: readonly PlanEntry[]): JoinEntry {
  const zonePath = fillTemplate(ZONE, identity);
  const { deletions, additions } = changeBody([write]);
  const body = { deletions: withoutKinds(deletions), additions: withoutKinds(additions) };
  return {
    kind: "join",
    batch: ZONE_CHANGES,
    key: zonePath,
    write,
    // Its body holds this write alone: the others that join it are known only at run time.
    request: { ...changeRequest(zonePath, [write]), body, described: true },
    alone,
  };
}
