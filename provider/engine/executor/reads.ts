/**
 * A read entry run: the object's wire form by the GET of the item, its entry in a listing, one
 * listing shared by the reads of its collection that come together, its grant in an access policy,
 * or the stored state. Undefined when it is gone: a 404 of the item, or a listing or a policy
 * (each validated) without it; any other failure fails the read.
 */
import { ApiError } from "../../http/answer";
import type { IamPolicy } from "../../google/iamPolicy";
import type { ListPick, ReadEntry } from "../kinds";
import { sendPlanned, type Answer, type RunContext } from "./context";

/** The object's entry among a listing's items, by the key index when the listing has one, else by a walk. */
export function pickEntry(
  pick: ListPick,
  items: readonly unknown[],
  identity: Readonly<Record<string, string>>,
  index?: ReadonlyMap<string, readonly unknown[]>,
): unknown {
  // The whole listing is the object (a zone's record sets).
  if (pick.whole === true) return pick.toWire === undefined ? items : pick.toWire(items);
  const candidates = pick.key === undefined || index === undefined ? items : (index.get(pick.key.ofIdentity(identity)) ?? []);
  const entry = candidates.find((candidate) => pick.match(candidate, identity));
  if (entry === undefined) return undefined;
  return pick.toWire === undefined ? entry : pick.toWire(entry);
}

/** When a `storedUntil` object ends: its time as Unix ms (ISO date-time or ms); never when unknown. */
function endedAt(value: unknown): number {
  const time = typeof value === "number" ? value : typeof value === "string" ? (/^\d+$/.test(value) ? Number(value) : Date.parse(value)) : NaN;
  return Number.isNaN(time) ? Infinity : time;
}

async function readVia(entry: ReadEntry, context: RunContext): Promise<Answer | undefined> {
  const { via } = entry;
  const wire = context.model?.wire;
  if ("stored" in via) {
    const known = { ...context.known, ...context.identity };
    return via.until !== undefined && endedAt(known[via.until]) <= Date.now() ? undefined : { value: known };
  }
  if ("policy" in via) {
    const policy = (await sendPlanned(via.policy, context)) as IamPolicy;
    const found = via.find(policy.bindings ?? []);
    return found === undefined ? undefined : { value: found };
  }
  if ("list" in via) {
    const items = (await sendPlanned(via.list, context)) as unknown[];
    const found = pickEntry(via.pick, items, context.identity);
    if (found === undefined) return undefined;
    // A whole listing's object is made of items each parsed by the listing's schema: it is not parsed again.
    if (via.pick.whole === true) return { value: found, ...(wire !== undefined && { parsedBy: wire }) };
    return { value: found, ...(via.pick.toWire === undefined && via.list.schema === wire && { parsedBy: via.list.schema }) };
  }
  // The item's GET parses the wire schema in the call path: an empty or misshapen 200 is an error there, never "gone".
  const getItem = async (): Promise<Answer> => ({
    value: await sendPlanned(via.item, context),
    ...(via.item.schema !== undefined && { parsedBy: via.item.schema }),
  });
  if (!("shared" in via)) return getItem();
  // Reads that come together (a refresh) are answered by one listing of the collection instead.
  const found = await context.process.listings.read({
    client: context.client,
    listing: via.shared,
    one: getItem,
    list: (budget) => sendPlanned(via.shared, { ...context, budget }) as Promise<unknown[]>,
    pick: (items, index) => {
      const value = pickEntry(via.pick, items, context.identity, index);
      return { value, ...(via.pick.toWire === undefined && via.shared.schema === wire && { parsedBy: via.shared.schema }) };
    },
    key: via.pick.key?.ofEntry,
    budget: context.budget,
  });
  return found.value === undefined ? undefined : found;
}

/** Runs a read entry; resolves to the object's answer, or `gone`. */
export async function runRead(entry: ReadEntry, context: RunContext): Promise<Answer> {
  try {
    return (await readVia(entry, context)) ?? { value: undefined, gone: true };
  } catch (error) {
    // Only a listing or a policy says "gone" by finding nothing (in an answer validated); otherwise only a 404 does.
    if (error instanceof ApiError && error.isNotFound) return { value: undefined, gone: true };
    throw error;
  }
}
