/**
 * How a record set is written when it is not batched (changeBatch.ts): its wire form, the paths,
 * and the atomic replacement of its records with the reconciliation of lost answers.
 */
import { z } from "zod";
import type { HookContext } from "../../engine/declaration";
import { fillTemplate } from "../../engine/template";
import { ApiError } from "../../http/errors";
import { backoffDelay, DEFAULT_RETRY_POLICY } from "../../http/retry";
import { holdUntilServed, sameRecordSet, type WireRecordSet } from "./changeBatch";
import type { RecordSetArgs } from "./recordSet";
import { API_PREFIX, changeWire, withoutKinds } from "./wire";

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
/** Changes sent in all: 412s and unknown outcomes each cost one, settled by a read. */
const CHANGE_ATTEMPTS = 10;

/** The record set as the API takes it in additions. */
export function wireRecordSet({ name, type, ttl, rrdatas, routingPolicy }: RecordSetArgs): WireRecordSet {
  return { kind: "dns#resourceRecordSet", name, type, ttl, ...(rrdatas !== undefined && { rrdatas }), ...(routingPolicy !== undefined && { routingPolicy }) };
}

/** A short growing pause before settling an unknown outcome, so a failing backend is not hammered. */
function settlePause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, backoffDelay(DEFAULT_RETRY_POLICY, attempt)));
}

/**
 * Replaces the record data in one atomic change: deletion of the live set
 * plus addition of the new one, so the name never goes without records. The
 * deletion must match the live set exactly: the first try deletes what the
 * state says is there (`believed`); when it moved meanwhile (412), the set is
 * read and the change retried. A change is never repeated blindly: after an
 * unknown outcome (lost or unreadable answer) the set is read again — if it
 * holds the additions the change happened; if the deleted records are still
 * live, the change is sent again. Resolves to the record set as written.
 */
export async function replaceAtomically(args: RecordSetArgs, context: HookContext, believed?: WireRecordSet): Promise<unknown> {
  const zone = fillTemplate(ZONE, context.identity);
  const wanted = wireRecordSet(args);
  let live = believed;
  for (let attempt = 1; ; attempt++) {
    if (live === undefined) {
      const read = await context.client.send({ method: "GET", path: fillTemplate(ITEM, context.identity), schema: recordSetWire });
      if (sameRecordSet(read, wanted)) {
        if (attempt > 1) context.log(`svc: record set ${args.name} ${args.type}: the change had taken effect; its answer was lost or unreadable`);
        return read;
      }
      live = read;
    }
    try {
      const change = await context.client.send({
        method: "POST",
        path: `${zone}/changes`,
        body: { kind: "dns#change", deletions: [withoutKinds(live)], additions: [wanted] },
        // A change applied twice fails its deletions (or adds twice): read back instead, above.
        repeat: "settle",
        schema: changeWire,
      });
      await holdUntilServed(zone, change, context);
      return (change as { additions?: unknown[] }).additions?.[0] ?? wanted;
    } catch (error) {
      const settle = error instanceof ApiError && (error.status === 412 || error.outcome === "unknown");
      if (!settle || attempt >= CHANGE_ATTEMPTS) throw error;
      context.log(
        error.status === 412
          ? `svc: record set ${args.name} ${args.type} changed meanwhile; reading it again`
          : `svc: record set ${args.name} ${args.type}: the change's outcome is unknown (${error.message}); reading the set to settle it`,
      );
      live = undefined;
      if (error.status !== 412) await settlePause(attempt);
    }
  }
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
    } as RecordSetArgs),
  ) as WireRecordSet;
}
