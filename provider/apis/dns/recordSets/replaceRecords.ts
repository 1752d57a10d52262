/**
 * A record set's records replaced on their own (no other write of the zone with it): one atomic
 * change that deletes the live set and adds the new one, so the name never goes without records.
 */
import type { SettledEntry } from "../../../engine/kinds";
import { fillTemplate } from "../../../engine/declaration/template";
import { acceptedChangeWire, servedCheck, ZONE_CHANGES } from "./zoneChange";
import { ITEM, ZONE, recordSetWire, sameRecordSet, wireRecordSet, type RecordSetInput, type WireRecordSet } from "./wire";

/**
 * The deletion must match the live set exactly: the first round deletes what the state says is
 * there (`believed`); when it moved meanwhile (412), the set is read and the change sent again. A
 * change is never repeated blindly: after an unknown outcome (a lost or unreadable answer) the set is
 * read again: if it holds the additions the change happened; if not, the change is sent again from
 * what is live. Its answer is the record set as written.
 */
export function replaceRecords(args: RecordSetInput, identity: Readonly<Record<string, string>>, believed: WireRecordSet | undefined): SettledEntry {
  const zone = fillTemplate(ZONE, identity);
  const wanted = wireRecordSet(args);
  return {
    kind: "settled",
    label: `record set ${args.name} ${args.type}`,
    read: { method: "GET", path: fillTemplate(ITEM, identity), schema: recordSetWire, note: "reads the live set (what the change deletes)" },
    ...(believed !== undefined && { believed }),
    // The live set was read (parsed as a record set) or believed; either is the object.
    done: (live) => (sameRecordSet(live as WireRecordSet, wanted) ? { value: live, parsedBy: recordSetWire } : undefined),
    write: (live) => ({
      method: "POST",
      path: `${zone}/changes`,
      body: { kind: "dns#change", deletions: [live ?? "(the live set)"], additions: [wanted] },
      // A change applied twice fails its deletions (or adds twice): settled by reading instead.
      repeat: "settle",
      schema: acceptedChangeWire,
      note: "one atomic change: the old set out, the new one in (a 412 or a lost answer reads the set and settles)",
    }),
    // The set as written: the change's answer lists it, parsed there as a record set.
    answer: (written) => {
      const added = (written as { additions?: unknown[] }).additions?.[0];
      return added === undefined ? { value: wanted } : { value: added, parsedBy: recordSetWire };
    },
    waits: { served: ZONE_CHANGES, key: zone, request: servedCheck(zone, []) },
    staleStatuses: [412],
    loop: "change",
  };
}
