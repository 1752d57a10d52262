/**
 * The read step: how an object's wire form is read back (GET, a listing, a shared listing of its
 * collection, an IAM policy, or the state itself), and the listing that finds a create whose
 * answer was lost.
 */
import { z } from "zod";
import { listAll } from "../../google/listAll";
import type { IamPolicy } from "../../google/iamPolicy";
import { sharedListingsFor } from "../batching/listings";
import { ProcessBatching } from "../batching/processBatching";
import type { HookContext, ResourceDeclaration, State } from "../declaration/declaration";
import type { ListRead } from "../declaration/steps";
import type { Answer } from "../executor/executor";
import { sendPlanned } from "../executor/executor";
import type { PlannedRequest } from "../plan/entries";
import { fillTemplate } from "../declaration/template";

/** Every entry of the listing the plan's `request` reads, validated once. */
async function listEntries(list: ListRead, request: PlannedRequest, context: HookContext): Promise<unknown[]> {
  const { path } = request;
  return list.field === undefined
    ? ((await sendPlanned({ ...request, schema: z.array(list.entry) }, context)) as unknown[])
    : z.array(list.entry).parse(await listAll(context.client, path, list.field, list.paging));
}

/** Each listing's entries by key, built once for all the reads it answers. */
const indexes = new WeakMap<readonly unknown[], Map<string, unknown[]>>();

function candidates(list: ListRead, entries: readonly unknown[], identity: Readonly<Record<string, string>>): readonly unknown[] {
  const { key } = list;
  if (key === undefined) return entries;
  let index = indexes.get(entries);
  if (index === undefined) {
    index = new Map();
    for (const entry of entries) {
      const entryKey = key.ofEntry(entry);
      index.set(entryKey, [...(index.get(entryKey) ?? []), entry]);
    }
    indexes.set(entries, index);
  }
  return index.get(key.ofIdentity(identity)) ?? [];
}

/** The object's entry of a listing; parsed already when the listing's entries are of the wire's schema and taken as they are. */
function pickEntry(declaration: ResourceDeclaration, list: ListRead, entries: readonly unknown[], context: HookContext): Answer {
  const entry = candidates(list, entries, context.identity).find((candidate) => list.match(candidate, context.identity));
  if (entry === undefined) return { value: undefined };
  if (list.toWire !== undefined) return { value: list.toWire(entry) };
  return { value: entry, ...(list.entry === declaration.wire && { parsedBy: declaration.wire }) };
}

/**
 * Reads the object's wire form by its plan's read (`requests`, plan/planRead.ts); undefined when a
 * listing or a policy says it is gone (a 404 throws). The GET of the item is parsed by the wire
 * schema in the call path, and says so (`parsedBy`).
 */
export async function readWire(
  declaration: ResourceDeclaration,
  requests: readonly PlannedRequest[],
  previous: State,
  context: HookContext,
): Promise<Answer | undefined> {
  const known = { ...previous, ...context.identity };
  const read = declaration.steps?.read;
  if (read === "stored") return { value: known };
  if (read !== undefined && typeof read === "object" && "storedUntil" in read)
    return endedAt(known[read.storedUntil]) <= Date.now() ? undefined : { value: known };
  const [request] = requests;
  if (request === undefined) throw new Error("the read of the object has no request");
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    const current = (await sendPlanned(request, context)) as IamPolicy;
    return presence(policy.find(current.bindings ?? [], known));
  }
  if (read !== undefined && "list" in read) return present(pickEntry(declaration, read.list, await listEntries(read.list, request, context), context));
  // The wire schema is checked in the call path: an empty or misshapen 200 is an error there, never "gone".
  const getItem = async (): Promise<Answer> => ({ value: await sendPlanned(request, context), parsedBy: declaration.wire });
  if (read === undefined) return getItem();
  const list = read.sharedListing;
  // Reads that come together (a refresh) are answered by one listing of the collection instead.
  const listing = fillTemplate(list.path, context.identity);
  const found = await sharedListingsFor(context.client, (context.batching ?? new ProcessBatching()).occupancy).listings.read(
    listing,
    getItem,
    () => listEntries(list, { method: "GET", path: listing }, context),
    (entries) => pickEntry(declaration, list, entries, context),
  );
  return found.value === undefined ? undefined : found;
}

function present(answer: Answer): Answer | undefined {
  return answer.value === undefined ? undefined : answer;
}

function presence(wire: unknown): Answer | undefined {
  return wire === undefined ? undefined : { value: wire };
}

/** When a `storedUntil` object ends: its time as Unix ms (ISO date-time or ms); never when unknown. */
function endedAt(value: unknown): number {
  const time = typeof value === "number" ? value : typeof value === "string" ? (/^\d+$/.test(value) ? Number(value) : Date.parse(value)) : NaN;
  return Number.isNaN(time) ? Infinity : time;
}

/** The objects that exist now by the create plan's listing, for finding a create whose answer was lost (server-assigned ids). */
export async function listCreated(declaration: ResourceDeclaration, listing: PlannedRequest | undefined, context: HookContext): Promise<unknown[] | undefined> {
  const find = declaration.steps?.findCreated;
  if (find === undefined || listing === undefined) return undefined;
  const { path } = listing;
  const entry = find.entry ?? declaration.wire;
  // Validated: a listing that is not a list of objects must fail the settling, not count as "none".
  if (find.field === undefined) return (await sendPlanned({ ...listing, schema: z.array(entry) }, context)) as unknown[];
  return z.array(entry).parse(await listAll(context.client, path, find.field, { omitsEmptyList: find.omitsEmptyList === true }));
}
