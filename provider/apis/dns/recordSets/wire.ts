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
