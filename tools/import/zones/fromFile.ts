/**
 * A file's record sets in the live zone as the program's objects: one svc.dns.ZoneRecords holding
 * them all (the zone's `adoption.gathers`, as `svc-import dns --zone-records` writes a zone), or a
 * svc.dns.RecordSet each (its `apartFlag`, `--record-sets`); each made as a read of the same sets
 * would make it (discover.ts), so the program's inputs are what adopting them compares with. What
 * is left out, and why: the zone's own apex SOA and NS, another tool's sets and its ownership
 * markers (provider/apis/dns/owners.ts, as `svc-import dns` leaves them); and how the file differs
 * from the live zone.
 */
import { claimsOf, claimOn } from "../../../provider/apis/dns/owners";
import { recordSet } from "../../../provider/apis/dns/recordSet";
import { zoneRecords } from "../../../provider/apis/dns/zoneRecords";
import { mapKey, relativeName } from "../../../provider/apis/dns/zoneRecords/model";
import type { WireRecordSet } from "../../../provider/apis/dns/recordSets/wire";
import type { Adoption, AdoptionGathering } from "../../../provider/engine/declaration/adoption";
import { foundFromWire } from "../discover";
import type { ProgramObject } from "../languages";
import { nameAll } from "../program";
import { compareWithLive, recordsOf, type Comparison, type LiveZone } from "./live";
import { checkSets, setsOf, setWords, SourceError, zoneOwnLeftOut, type SourceFile, type SourceLeftOut, type SourceSet } from "./source";

/** The choice between the two forms, as the ZoneRecords declaration names it (`--zone-records`, `--record-sets`). */
export const GATHERS = (zoneRecords.adoption as Adoption).gathers as AdoptionGathering;

export interface FromFile {
  readonly objects: ProgramObject[];
  readonly sets: readonly SourceSet[];
  readonly leftOut: readonly SourceLeftOut[];
  readonly comparison: Comparison;
}

const wireOf = (set: SourceSet): WireRecordSet => ({ name: set.name, type: set.type, ttl: set.ttl, rrdatas: [...set.rrdatas] });

/** Another tool's set or marker (in the file or the live zone): left out, saying whose. */
function claimedLeftOut(sets: readonly SourceSet[], live: LiveZone): Map<SourceSet, SourceLeftOut> {
  const claims = claimsOf([...live.rrsets, ...sets.map(wireOf)], live.dnsName);
  const left = new Map<SourceSet, SourceLeftOut>();
  for (const set of sets) {
    const claim = claimOn(claims, set.name, set.type);
    if (claim === undefined) continue;
    const marker = claims.markers.get(`${set.name.toLowerCase()} ${set.type}`) !== undefined && !claims.claims.has(`${set.name.toLowerCase()} ${set.type}`);
    const reason = marker
      ? `an ownership marker of ${claim.owner}: that tool's own`
      : `claimed by ${claim.owner} (its marker ${claim.marker}): left to that tool; take it over by name with \`takeOver\` on the ZoneRecords once that tool no longer manages it`;
    left.set(set, { set: setWords(set.relative, set.type), line: set.line, reason });
  }
  return left;
}

export function fromFile(
  file: SourceFile,
  live: LiveZone,
  target: { readonly project: string; readonly zone: string; readonly source: string },
  apart: boolean,
): FromFile {
  if (file.origin !== undefined && relativeName(file.origin.name, live.dnsName) === undefined) {
    throw new SourceError(
      file.origin.line,
      `the file's $ORIGIN ${file.origin.name} is not in the zone ${target.zone} (${live.dnsName}): give --zone the zone of this file, or an $ORIGIN inside it`,
    );
  }
  const all = setsOf(file.records, live.dnsName);
  const claimed = claimedLeftOut(all, live);
  const leftOut: SourceLeftOut[] = [...file.leftOut];
  const sets: SourceSet[] = [];
  for (const set of all) {
    const left = zoneOwnLeftOut(set) ?? claimed.get(set);
    if (left === undefined) sets.push(set);
    else leftOut.push(left);
  }
  checkSets(sets);
  const scope = { project: target.project };
  const identity = { project: target.project, managedZone: target.zone };
  const liveRecords = recordsOf(live.dnsName, live.rrsets);
  const lines = new Map(sets.map((set) => [mapKey(set.relative, set.type), set.line]));
  const comparison = compareWithLive(recordsOf(live.dnsName, sets.map(wireOf)), liveRecords, lines);
  const fileOnly = new Set(comparison.fileOnly.map(({ set }) => set.toLowerCase()));
  const from = target.source;
  if (!apart) {
    const found = foundFromWire(zoneRecords, { dnsName: live.dnsName, rrsets: sets.map(wireOf) }, identity, scope);
    const [named] = nameAll({ found: [{ ...found, holds: { count: sets.length, chosen: "flag" } }], leftOut: [] }, [zoneRecords]);
    const comments = [
      `From ${from}: its ${sets.length} record sets of ${live.dnsName}, one resource (svc-import --${GATHERS.apartFlag} writes a svc.dns.RecordSet each).`,
    ];
    return { objects: named === undefined ? [] : [{ ...named, comments }], sets, leftOut, comparison };
  }
  const found = sets.map((set) => ({
    ...foundFromWire(recordSet, wireOf(set), { ...identity, name: set.name, type: set.type }, scope),
    line: set.line,
    create: fileOnly.has(setWords(set.relative, set.type).toLowerCase()),
  }));
  const named = nameAll({ found, leftOut: [] }, [recordSet]);
  const objects = named.map((object) => {
    const { line, create } = object.found as (typeof found)[number];
    const comments = [`${from}, line ${line}`, ...(create ? ["Not in the live zone: the next `up` creates it (it is not in import.json)."] : [])];
    return { ...object, comments, ...(create && { create }) };
  });
  return { objects, sets, leftOut, comparison };
}
