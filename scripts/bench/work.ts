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

/**
 * The requests by kind: the emulator's route, under the project (`POST managedZones`,
 * `GET managedZones/:managedZone/rrsets`, `GET managedZones/:managedZone/changes/:changeId`), so a
 * step's requests read as what they did: the zone made, pages listed, changes sent and checked.
 */
export function kindsOf(requests: readonly RecordedRequest[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const { method, path, route } of requests) {
    const kind = (route ?? `${method} ${path}`).replace(/ \/[^/]+\/v[^/]+\/projects\/:[^/]+\//, " ");
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}
