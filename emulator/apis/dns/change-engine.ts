/**
 * Applies a change (deletions, then additions) to a zone's record sets,
 * all or nothing. Every record-set write of the DNS API goes through here
 * (changes.create, and resourceRecordSets.create/patch/delete, which Cloud
 * DNS also logs as changes), so the rules are enforced in one place.
 *
 * `planChange` validates everything against a copy and returns the zone's
 * next record sets without touching the zone; `commitChange` swaps them in
 * and logs the change. Both are synchronous, so no reader ever sees half a
 * change.
 */
import { alreadyExists, conditionNotMet, notFound } from "../../google/errors";
import type { DnsContext } from "./context";
import { canonicalName } from "./domain-names";
import { normalizeRecordSet } from "./record-data";
import { apexViolation, checkRecordSet, cnameConflict } from "./record-rules";
import type { Change, ResourceRecordSet } from "./resources";
import type { StoredChange, ZoneEntry } from "./state";
import { rrsetKey } from "./state";

export interface ChangeSet {
  additions: ResourceRecordSet[];
  deletions: ResourceRecordSet[];
}

/** How the request names each record set in error messages. */
export interface ChangePaths {
  addition(index: number): string;
  deletion(index: number): string;
}

export const changeRequestPaths: ChangePaths = {
  addition: (index) => `entity.change.additions[${index}]`,
  deletion: (index) => `entity.change.deletions[${index}]`,
};

/** `www.example.com. (A)`, as Cloud DNS names a record set in its messages. */
export function describeRecordSet(rrset: Pick<ResourceRecordSet, "name" | "type">): string {
  return `${rrset.name} (${rrset.type})`;
}

export function planChange(entry: ZoneEntry, change: ChangeSet, paths: ChangePaths): Map<string, ResourceRecordSet> {
  const { zone } = entry;
  change.additions.forEach((addition, index) => checkRecordSet(addition, zone, paths.addition(index)));
  // The service keeps (and answers, and compares deletions against) record data in its own spelling.
  change.additions = change.additions.map(normalizeRecordSet);
  change.deletions = change.deletions.map(normalizeRecordSet);

  const next = new Map(entry.rrsets);
  change.deletions.forEach((deletion, index) => {
    const key = rrsetKey(deletion.name, deletion.type);
    const existing = next.get(key);
    if (existing === undefined) throw notFound(paths.deletion(index), describeRecordSet(deletion));
    // A deletion states what the client believes is there; acting on a stale belief would lose data.
    if (!sameRecordContent(existing, deletion)) throw conditionNotMet(paths.deletion(index));
    next.delete(key);
  });

  change.additions.forEach((addition, index) => {
    const key = rrsetKey(addition.name, addition.type);
    if (next.has(key)) throw alreadyExists(paths.addition(index), describeRecordSet(addition));
    next.set(key, structuredClone(addition));
  });

  for (const apexType of ["SOA", "NS"] as const) {
    const key = rrsetKey(zone.dnsName, apexType);
    if (!next.has(key)) {
      const index = change.deletions.findIndex((deletion) => rrsetKey(deletion.name, deletion.type) === key);
      throw apexViolation(paths.deletion(Math.max(index, 0)), apexType);
    }
  }

  const typesByName = new Map<string, Set<string>>();
  for (const rrset of next.values()) {
    const name = canonicalName(rrset.name);
    const types = typesByName.get(name) ?? new Set<string>();
    types.add(rrset.type);
    typesByName.set(name, types);
  }
  change.additions.forEach((addition, index) => {
    const types = typesByName.get(canonicalName(addition.name));
    if (types !== undefined && types.has("CNAME") && types.size > 1) throw cnameConflict(paths.addition(index), addition.name);
  });

  return next;
}

export function commitChange(context: DnsContext, entry: ZoneEntry, nextRrsets: Map<string, ResourceRecordSet>, change: ChangeSet): Change {
  entry.rrsets = nextRrsets;
  const now = context.now();
  const stored: StoredChange = {
    change: {
      kind: "dns#change",
      ...(change.additions.length > 0 ? { additions: structuredClone(change.additions) } : {}),
      ...(change.deletions.length > 0 ? { deletions: structuredClone(change.deletions) } : {}),
      startTime: now.toISOString(),
      id: String(entry.changes.length),
    },
    completesAtMs: now.getTime() + context.changeCompletionDelayMs,
  };
  entry.changes.push(stored);
  return renderChange(stored, now);
}

/**
 * A change is `pending` until its completion time, then `done`; deriving the
 * status from the clock needs no timers, so closing the server leaves nothing
 * running. The record sets themselves changed at commit time.
 */
export function renderChange(stored: StoredChange, now: Date): Change {
  const done = now.getTime() >= stored.completesAtMs;
  return { ...structuredClone(stored.change), status: done ? "done" : "pending", isServing: done };
}

/** Same TTL, same records (as sets), same signatures and routing policy. */
export function sameRecordContent(existing: ResourceRecordSet, requested: ResourceRecordSet): boolean {
  return (
    existing.ttl === requested.ttl &&
    sameStringSet(existing.rrdatas, requested.rrdatas) &&
    sameStringSet(existing.signatureRrdatas, requested.signatureRrdatas) &&
    canonicalJson(existing.routingPolicy) === canonicalJson(requested.routingPolicy)
  );
}

function sameStringSet(a: readonly string[] = [], b: readonly string[] = []): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return "";
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested !== null && typeof nested === "object" && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}
