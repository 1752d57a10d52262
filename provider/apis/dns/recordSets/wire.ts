/**
 * A record set as the API takes and returns it: its wire form, the paths of the record sets of a
 * zone, and the comparisons that say whether a live set is the one wanted. No requests.
 */
import { z } from "zod";
import { sameRrdatas, wireRrdata } from "../rrdata";
import { API_PREFIX, withoutKinds } from "../wire";

/** A record set as the API takes it in a change. */
export interface WireRecordSet {
  readonly name: string;
  readonly type: string;
  readonly ttl?: number | undefined;
  readonly rrdatas?: readonly string[] | undefined;
  readonly routingPolicy?: unknown;
  readonly [field: string]: unknown;
}

export const recordSetWire = z.looseObject({
  name: z.string(),
  type: z.string(),
  ttl: z.number().optional(),
  rrdatas: z.array(z.string()).optional(),
  routingPolicy: z.unknown().optional(),
});

export const COLLECTION = `${API_PREFIX}/managedZones/{managedZone}/rrsets`;
export const ITEM = `${COLLECTION}/{name}/{type}`;
export const ZONE = `${API_PREFIX}/managedZones/{managedZone}`;
/** What a record set's program gives, as far as its wire form needs it. */
export interface RecordSetInput {
  readonly name: string;
  readonly type: string;
  readonly ttl: number;
  readonly rrdatas?: readonly string[] | undefined;
  readonly routingPolicy?: unknown;
}

/** The record set as the API takes it in additions. */
export function wireRecordSet({ name, type, ttl, rrdatas, routingPolicy }: RecordSetInput): WireRecordSet {
  const sent = rrdatas?.map((value) => wireRrdata(type, value));
  return {
    kind: "dns#resourceRecordSet",
    name,
    type,
    ttl,
    ...(sent !== undefined && { rrdatas: sent }),
    ...(routingPolicy !== undefined && { routingPolicy }),
  };
}

/** Name (any case) and type: one record set of a zone. */
export function recordKey({ name, type }: Pick<WireRecordSet, "name" | "type">): string {
  return `${name.toLowerCase()} ${type}`;
}

/** The live set holds what `wanted` says: same TTL, same records (as a set), same routing. */
export function sameRecordSet(live: WireRecordSet, wanted: WireRecordSet): boolean {
  return (
    live.ttl === wanted.ttl &&
    sameRrdatas(wanted.type, live.rrdatas ?? [], wanted.rrdatas ?? []) &&
    JSON.stringify(withoutKinds(live.routingPolicy) ?? null) === JSON.stringify(withoutKinds(wanted.routingPolicy) ?? null)
  );
}

/** The set the stored state says is live, when the state says enough to delete it exactly. */
export function storedSet(state: Readonly<Record<string, unknown>>): WireRecordSet | undefined {
  const { name, type, ttl, rrdatas, routingPolicy } = state;
  if (typeof name !== "string" || typeof type !== "string" || typeof ttl !== "number") return undefined;
  if (!Array.isArray(rrdatas) && routingPolicy === undefined) return undefined;
  return withoutKinds(
    wireRecordSet({
      name,
      type,
      ttl,
      rrdatas: Array.isArray(rrdatas) && rrdatas.length > 0 ? (rrdatas as string[]) : undefined,
      routingPolicy,
    }),
  ) as WireRecordSet;
}

/*
 * The record-set writes of a zone as data: what each asks of the zone, whether a batch of them
 * still fits in one change (the API's per-change quotas), the change's body, and whether the
 * zone's live sets show a write done. Pure: the executor sends what zoneChange.ts plans.
 */
/** What one resource asks of its zone: a set added, one replaced by another, one deleted. */
export type RecordWrite =
  | { readonly kind: "create"; readonly addition: WireRecordSet }
  | { readonly kind: "update"; readonly deletion: WireRecordSet; readonly addition: WireRecordSet }
  | { readonly kind: "delete"; readonly deletion: WireRecordSet };

/** Per change, from the Cloud DNS quotas (projects.get `quota`): additions, deletions, bytes of record data. */
export interface ChangeLimits {
  readonly additions: number;
  readonly deletions: number;
  readonly rrdataBytes: number;
}

export const CHANGE_LIMITS: ChangeLimits = { additions: 1000, deletions: 1000, rrdataBytes: 100_000 };

const addedBy = (write: RecordWrite): WireRecordSet | undefined => (write.kind === "delete" ? undefined : write.addition);
const deletedBy = (write: RecordWrite): WireRecordSet | undefined => (write.kind === "create" ? undefined : write.deletion);

/** Bytes of record data a set counts against a change's limit (routing policies by their JSON). */
export function rrdataBytes(set: WireRecordSet | undefined): number {
  if (set === undefined) return 0;
  const data = (set.rrdatas ?? []).reduce((sum, value) => sum + Buffer.byteLength(value), 0);
  return data + (set.routingPolicy === undefined ? 0 : Buffer.byteLength(JSON.stringify(set.routingPolicy)));
}

/** What the writes of one change add up to, against the per-change limits. */
export interface ChangeTally {
  /** The record sets the change touches (one change names a set at most once on each side). */
  readonly keys: ReadonlySet<string>;
  readonly additions: number;
  readonly deletions: number;
  readonly bytes: number;
}

const setOf = (write: RecordWrite): WireRecordSet => addedBy(write) ?? deletedBy(write) ?? { name: "", type: "" };

const EMPTY: ChangeTally = { keys: new Set(), additions: 0, deletions: 0, bytes: 0 };

/**
 * The tally of a change with `write` added, when it still fits in one change: within the limits,
 * and touching no record set the change already touches; undefined when it does not. Pure.
 */
export function admitWrite(tally: ChangeTally | undefined, write: RecordWrite, limits: ChangeLimits = CHANGE_LIMITS): ChangeTally | undefined {
  const { keys, additions, deletions, bytes } = tally ?? EMPTY;
  const key = recordKey(setOf(write));
  if (keys.has(key)) return undefined;
  const next = {
    keys: new Set([...keys, key]),
    additions: additions + (addedBy(write) === undefined ? 0 : 1),
    deletions: deletions + (deletedBy(write) === undefined ? 0 : 1),
    bytes: bytes + rrdataBytes(addedBy(write)) + rrdataBytes(deletedBy(write)),
  };
  return next.additions <= limits.additions && next.deletions <= limits.deletions && next.bytes <= limits.rrdataBytes ? next : undefined;
}

/**
 * The change that makes every write of the batch, each side in the order of its sets' keys: a
 * change is atomic, so the order says nothing to the API, and a reader (the plan, the conformance
 * run) sees the same change whichever order the writes arrived in.
 */
export function changeBody(writes: readonly RecordWrite[]): { kind: string; additions: WireRecordSet[]; deletions: WireRecordSet[] } {
  const sorted = (sets: readonly (WireRecordSet | undefined)[]): WireRecordSet[] =>
    sets.filter((set): set is WireRecordSet => set !== undefined).sort((a, b) => (recordKey(a) < recordKey(b) ? -1 : recordKey(a) > recordKey(b) ? 1 : 0));
  return { kind: "dns#change", deletions: sorted(writes.map(deletedBy)), additions: sorted(writes.map(addedBy)) };
}

/** Whether the zone's live record sets show the write done; for a create or update, the set as it is. */
export function writeInPlace(write: RecordWrite, live: ReadonlyMap<string, WireRecordSet>): { done: boolean; set?: WireRecordSet } {
  if (write.kind === "delete") return { done: !live.has(recordKey(write.deletion)) };
  const set = live.get(recordKey(write.addition));
  return set !== undefined && sameRecordSet(set, write.addition) ? { done: true, set } : { done: false };
}
