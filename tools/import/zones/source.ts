/**
 * What a zone file and an octoDNS YAML both come to: records, each with the line of the file it is
 * on, their names absolute or relative to the zone (the zone's DNS name is known only once the live
 * zone is read), gathered into record sets of the zone, each checked as `check` checks a
 * svc.dns.ZoneRecords' records, a failure naming the file and the line. Pure.
 */
import { canonicalRrdata } from "../../../provider/apis/dns/rrdata";
import { recordsFailures } from "../../../provider/apis/dns/zoneRecords/checks";
import { APEX, relativeName } from "../../../provider/apis/dns/zoneRecords/model";

/** A problem of the file at a line; the command says it as `FILE:LINE: message` and writes nothing. */
export class SourceError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A name as the file gives it: absolute (`www.example.com.`), `@` (the zone's apex) or relative to
 * the zone (`www`, `*.dev`); resolved against the zone's DNS name by `absoluteIn`.
 */
export type SourceName = string;

/** A part of a record's data: text as written, or a domain name resolved like an owner (a zone file's `MX 10 mail`). */
export interface RdataPart {
  readonly text: string;
  readonly domain?: boolean;
}

export interface SourceRecord {
  readonly owner: SourceName;
  readonly type: string;
  readonly ttl: number;
  readonly rdata: readonly RdataPart[];
  readonly line: number;
}

/** What the file holds that is not imported, and why (`line` where the file says it). */
export interface SourceLeftOut {
  readonly set: string;
  readonly line: number;
  readonly reason: string;
}

/** A file read: its records, what it left out by itself (octoDNS's ignored records), and its first absolute `$ORIGIN` if it named one. */
export interface SourceFile {
  readonly records: readonly SourceRecord[];
  readonly leftOut: readonly SourceLeftOut[];
  readonly origin?: { readonly name: string; readonly line: number };
}

/** One record set of the zone, from the file. */
export interface SourceSet {
  readonly name: string;
  readonly relative: string;
  readonly type: string;
  readonly ttl: number;
  readonly rrdatas: readonly string[];
  /** The line of its first record. */
  readonly line: number;
}

/** An absolute name of a file's name in the zone `dnsName`. */
export function absoluteIn(name: SourceName, dnsName: string): string {
  if (name.endsWith(".")) return name;
  return name === APEX ? dnsName : `${name}.${dnsName}`;
}

/** A set's words in a message: its name relative to the zone and its type (`www A`, `@ MX`). */
export const setWords = (relative: string, type: string): string => `${relative} ${type}`;

/**
 * The record sets of the records in the zone `dnsName`: names resolved, records of one name (any case)
 * and type together (a record given twice is one), each set's TTL the one all its records give.
 */
export function setsOf(records: readonly SourceRecord[], dnsName: string): SourceSet[] {
  const sets = new Map<string, { name: string; relative: string; type: string; ttl: number; rrdatas: string[]; canonical: Set<string>; line: number }>();
  for (const record of records) {
    const name = absoluteIn(record.owner, dnsName);
    const relative = relativeName(name, dnsName);
    if (relative === undefined) throw new SourceError(record.line, `the name ${name} is not in the zone ${dnsName}: give names inside it (or relative to it)`);
    const data = record.rdata.map((part) => (part.domain === true ? absoluteIn(part.text, dnsName) : part.text)).join(" ");
    const key = `${name.toLowerCase()} ${record.type}`;
    const set = sets.get(key);
    if (set === undefined) {
      sets.set(key, {
        name,
        relative,
        type: record.type,
        ttl: record.ttl,
        rrdatas: [data],
        canonical: new Set([canonicalRrdata(record.type, data)]),
        line: record.line,
      });
      continue;
    }
    if (set.ttl !== record.ttl) {
      throw new SourceError(
        record.line,
        `${setWords(set.relative, set.type)} has the TTL ${record.ttl} here and ${set.ttl} at line ${set.line}: a record set has one TTL (RFC 2181 5.2); give its records the same`,
      );
    }
    const canonical = canonicalRrdata(record.type, data);
    if (set.canonical.has(canonical)) continue;
    set.canonical.add(canonical);
    set.rrdatas.push(data);
  }
  return [...sets.values()].map(({ name, relative, type, ttl, rrdatas, line }) => ({ name, relative, type, ttl, rrdatas, line }));
}

/** The zone's own apex SOA and NS, which the API makes with the zone: in a file, left out, saying why. */
export function zoneOwnLeftOut(set: SourceSet): SourceLeftOut | undefined {
  if (set.relative !== APEX || (set.type !== "SOA" && set.type !== "NS")) return undefined;
  const reason =
    set.type === "SOA"
      ? "the zone's own SOA is Cloud DNS's (made with the zone, its serial kept by the service)"
      : `the zone's own name servers are Cloud DNS's (the zone's nameServers); the file's (${set.rrdatas.join(", ")}) are not imported: point the domain's delegation at the zone's name servers when you move`;
  return { set: setWords(set.relative, set.type), line: set.line, reason };
}

/**
 * The sets checked as `check` checks a ZoneRecords' records (a known type, record data of its type,
 * no CNAME beside another type at its name): the first failure, named by the line of the set it is on.
 */
export function checkSets(sets: readonly SourceSet[]): void {
  const records: Record<string, Record<string, { ttl: number; rrdatas: string[] }>> = {};
  const lines = new Map<string, number>();
  for (const set of sets) {
    const failure = recordsFailures({ [set.relative]: { [set.type]: { ttl: set.ttl, rrdatas: [...set.rrdatas] } } })[0];
    if (failure !== undefined) throw new SourceError(set.line, `${setWords(set.relative, set.type)}: ${failure.reason}`);
    (records[set.relative] ??= {})[set.type] = { ttl: set.ttl, rrdatas: [...set.rrdatas] };
    if (!lines.has(set.relative)) lines.set(set.relative, set.line);
  }
  // What only the whole zone shows: a CNAME beside another type at one name.
  const failure = recordsFailures(records)[0];
  if (failure !== undefined) {
    const name = failure.property.slice("records.".length);
    throw new SourceError(lines.get(name) ?? 0, `${name}: ${failure.reason}`);
  }
}
