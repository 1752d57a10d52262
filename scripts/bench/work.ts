/**
 * The work a step's requests carried, counted so that two ways of sending it compare: the record
 * sets added and deleted (in a zone's changes or one request each) and the other writes. The number
 * of requests is not such a measure: a zone's record-set writes go as changes batched by timing
 * windows, so the same step sends a different number of changes from one run to the next on either
 * path; the record sets they carry are the same.
 */
import type { RecordedRequest } from "../../tests/support/emulatorControl";
import { isWrite } from "../../tests/support/requests";

export interface Work {
  /** Record sets written (added, changed or deleted), each counted once per request that carried it. */
  readonly recordSetWrites: number;
  /** Writes of anything else (zones, policies). */
  readonly otherWrites: number;
}

/** The record sets a change touches: a set replaced is a deletion and an addition of one name and type. */
function setsOf(change: { additions?: unknown; deletions?: unknown }): number {
  const keys = new Set<string>();
  for (const list of [change.additions, change.deletions]) {
    for (const set of Array.isArray(list) ? (list as { name?: unknown; type?: unknown }[]) : []) keys.add(`${String(set.name)} ${String(set.type)}`);
  }
  return keys.size;
}

export function workOf(requests: readonly RecordedRequest[]): Work {
  let recordSetWrites = 0;
  let otherWrites = 0;
  for (const { method, path, body } of requests.filter(isWrite)) {
    if (/\/changes$/.test(path) && method === "POST") {
      recordSetWrites += setsOf(body ?? {});
    } else if (/\/rrsets(\/|$)/.test(path)) recordSetWrites += 1;
    else otherWrites += 1;
  }
  return { recordSetWrites, otherWrites };
}

/** A step's requests by what they do: writes, checks of whether a zone's changes are done, and other reads. */
export interface RequestKinds {
  readonly writes: number;
  readonly changeChecks: number;
  readonly reads: number;
}

export function requestKinds(requests: readonly RecordedRequest[]): RequestKinds {
  const writes = requests.filter(isWrite).length;
  const changeChecks = requests.filter((request) => request.method === "GET" && /\/changes(\/[^/]+)?$/.test(request.path)).length;
  return { writes, changeChecks, reads: requests.length - writes - changeChecks };
}
