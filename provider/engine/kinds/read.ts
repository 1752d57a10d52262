/**
 * `read`: the object read as the engine makes its state of it: the GET of the item, its entry in a
 * listing, the GET or with the other reads of its collection one shared listing, its grant in an
 * access policy, or nothing (the state is what was stored). The executor reads (executor/reads.ts).
 */
import type { Binding } from "../../google/iamPolicy";
import { entryKind } from "./kind";
import { requestsBudget, requestsWorstCase, type PlannedRequest } from "./request";

declare module "./kind" {
  interface EntryKinds {
    read: ReadEntry;
  }
}

/** How an object is found in a listing's items (the declaration's `ListRead` says it): pure. */
export interface ListPick<E = unknown> {
  readonly match: (entry: E, identity: Readonly<Record<string, string>>) => boolean;
  /** The entry's key and the identity's, when they say the same as `match` (a shared listing's index, not a walk through it). */
  readonly key?: { readonly ofEntry: (entry: E) => string; readonly ofIdentity: (identity: Readonly<Record<string, string>>) => string };
  /** The wire object from the matching entry; default the entry itself. */
  readonly toWire?: (entry: E) => unknown;
  /** The object is the whole listing (a zone's record sets): `toWire` makes it of every item; `match` is not asked. */
  readonly whole?: true;
}

/**
 * How the object is read: the GET of the item; the item in a listing; the GET, or with other reads
 * of the collection that come at the same time one shared listing; its grant in an access policy;
 * or nothing (the state is what was stored, until an end it holds).
 */
export type ReadVia =
  | { readonly item: PlannedRequest }
  | { readonly list: PlannedRequest; readonly pick: ListPick }
  | { readonly item: PlannedRequest; readonly shared: PlannedRequest; readonly pick: ListPick }
  | { readonly policy: PlannedRequest; readonly find: (bindings: readonly Binding[]) => unknown }
  | { readonly stored: true; readonly until?: string };

/**
 * The object read as the engine makes its state of it. `when` says when it is sent other than
 * always: `answerNotObject`, after a write whose answer turns out not to be the whole object (a
 * read back).
 */
export interface ReadEntry {
  readonly kind: "read";
  readonly via: ReadVia;
  readonly note?: string;
  readonly when?: "answerNotObject";
  /** What the answer refuses of the step (a record set another tool claims), before anything after it is sent; undefined: nothing. */
  readonly refuse?: (value: unknown) => string | undefined;
}

/** The requests of a read, as a reader sees the one that goes when it comes alone (with the read's note, when it has one). */
export function readRequests(via: ReadVia, note?: string): PlannedRequest[] {
  const requests = "stored" in via ? [] : "policy" in via ? [via.policy] : "list" in via ? [via.list] : [via.item];
  return note === undefined ? requests : requests.map((request) => ({ ...request, note }));
}

export const read = entryKind<ReadEntry>({
  async run(entry, previous, runner) {
    // A read back only when the answer so far is not the whole object.
    const answer = (entry.when === "answerNotObject" ? runner.objectOf(previous) : undefined) ?? (await runner.read(entry));
    const refused = entry.refuse?.(answer.value);
    if (refused !== undefined) throw new Error(refused);
    return answer;
  },
  // A read back happens only when the answer turns out not to be the object; one sent once a process, when no step sent it before.
  requests(entry, reading) {
    const requests = readRequests(entry.via, entry.note);
    const log = reading.sent;
    if (log === undefined) return entry.when === undefined ? requests : [];
    return requests.filter((request) => (entry.when === undefined && request.once !== true) || log.isNext(request));
  },
  worstCase: (entry) => requestsWorstCase(readRequests(entry.via)),
  budget: (entry) => requestsBudget(readRequests(entry.via)),
});
