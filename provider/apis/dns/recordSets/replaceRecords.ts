/**
 * A record set's records replaced on their own (no other write of the zone with it): one atomic
 * change that deletes the live set and adds the new one, so the name never goes without records.
 */
import type { SettledEntry } from "../../../engine/plan/entries";
import { sendPlanned } from "../../../engine/executor/executor";
import { fillTemplate } from "../../../engine/declaration/template";
import { changeWire } from "../wire";
import { holdUntilServed } from "./zoneChange";
import { ITEM, ZONE, recordSetWire, sameRecordSet, wireRecordSet, type RecordSetInput, type WireRecordSet } from "./wire";

/**
 * The deletion must match the live set exactly: the first try deletes what the state says is there
 * (`believed`); when it moved meanwhile (412), the set is read and the change sent again. A change
 * is never repeated blindly: after an unknown outcome (a lost or unreadable answer) the set is read
 * again: if it holds the additions the change happened; if not, the change is sent again from what
 * is live. Its answer is the record set as written.
 */
export function replaceRecords(args: RecordSetInput, identity: Readonly<Record<string, string>>, believed: WireRecordSet | undefined): SettledEntry {
  const zone = fillTemplate(ZONE, identity);
  const wanted = wireRecordSet(args);
  const read = { method: "GET" as const, path: fillTemplate(ITEM, identity), schema: recordSetWire, note: "reads the live set (what the change deletes)" };
  const change = (live: WireRecordSet | string) => ({
    method: "POST" as const,
    path: `${zone}/changes`,
    body: { kind: "dns#change", deletions: [live], additions: [wanted] },
    // A change applied twice fails its deletions (or adds twice): settled by reading instead.
    repeat: "settle" as const,
    schema: changeWire,
  });
  let live = believed;
  // Only the change is settled by reading; a read that fails fails the step as it is.
  let changing = false;
  return {
    kind: "settled",
    requests: [
      ...(believed === undefined ? [read] : []),
      {
        ...change(believed ?? "(the live set)"),
        ...(believed === undefined && { described: true as const }),
        note: "one atomic change: the old set out, the new one in (a 412 or a lost answer reads the set and settles)",
      },
      {
        method: "GET",
        path: `${zone}/changes`,
        query: { sortOrder: "descending" },
        sent: "untilDone",
        note: "while the change is pending: the zone's changes, until it is done",
      },
    ],
    settleBy: [read],
    loop: "change",
    run: async (context, attempt) => {
      changing = false;
      if (live === undefined) {
        const found = (await sendPlanned(read, context)) as WireRecordSet;
        if (sameRecordSet(found, wanted)) {
          if (attempt > 1) context.log(`svc: record set ${args.name} ${args.type}: the change had taken effect; its answer was lost or unreadable`);
          return found;
        }
        live = found;
      }
      changing = true;
      const answer = (await sendPlanned(change(live), context)) as { id: string; status: string; additions?: unknown[] };
      await holdUntilServed(zone, answer, context);
      return answer.additions?.[0] ?? wanted;
    },
    settle: async (context, failure) => {
      if (!changing || (failure.status !== 412 && !failure.unknownOutcome)) return undefined;
      if (!failure.last) {
        context.log(
          failure.status === 412
            ? `svc: record set ${args.name} ${args.type} changed meanwhile; reading it again`
            : `svc: record set ${args.name} ${args.type}: the change's outcome is unknown (${failure.message}); reading the set to settle it`,
        );
      }
      live = undefined;
      return { again: true };
    },
  };
}
