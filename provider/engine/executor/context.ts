/**
 * What the executor runs a plan with; the one place a planned request is sent: through the API's
 * call path, on the step's budget, its answer checked once there by the request's schema (a
 * listing's items by it, page by page); and the one loop that sends a write again, after a refusal
 * as stale (an etag, a merged PUT, an access policy, a record set's deletion) or an unknown outcome
 * (a lost or unreadable answer the HTTP layer may not repeat). Each caller of the loop says how it
 * settles a failure; its rounds and pauses come from the retry table by the loop's name. (The HTTP
 * layer's own retries of a request it may repeat are one level below; the budget bounds both.)
 */
import { z } from "zod";
import type { ApiClient, RequestSpec } from "../../http/client";
import { ApiError } from "../../http/answer";
import { LOOPS, loopPauseMs, STEP_BUDGET, type LoopName } from "../../http/retryTable";
import type { Budget } from "../../http/retry";
import type { EngineProcess } from "../batching/engineProcess";
import type { OwnershipOf } from "../ownership/records";
import type { Answer, Guard, Paging, PlannedRequest, Registry } from "../kinds";

type State = Record<string, unknown>;

export type { Answer, Guard, Settled } from "../kinds";

/**
 * The resource the plan is of, as the executor needs it to settle a create or adopt an object:
 * its state of an answer, its id, how it differs from the program. Pure (engine/lifecycle/resource.ts, objectModel).
 */
export interface ObjectModel {
  /** `svc.dns.RecordSet`, for messages. */
  readonly label: string;
  readonly wire: z.ZodType;
  /** The state of an answer (parsed once: by its request's schema, or here when none did). */
  readonly stateOf: (answer: Answer, identity: Readonly<Record<string, string>>, previous?: State) => State;
  /** The answer of a write as the whole object, when it is one; undefined when it is not (then it is read back). */
  readonly objectOf: (answer: Answer) => Answer | undefined;
  /** The object's id, with the identity the inputs give and the server-assigned parts of `state`. */
  readonly idOf: (args: State, state?: State) => string;
  /** The object made of `state`: its id, and its state with the identity inputs its wire form leaves out (a rule's calendar). */
  readonly made: (args: State, state: State) => { readonly id: string; readonly state: State };
  /** The inputs whose values differ between an object's state and the program's. */
  readonly differs: (state: State, args: State) => readonly string[];
  /** A refusal of the API turned into an error naming the input, when the declaration knows it. */
  readonly explainRefusal: (error: ApiError, args: State, step: "create" | "update" | "delete") => Error | undefined;
}

export interface RunContext {
  readonly client: ApiClient;
  /** The client of the API's channel base address (`at: "channelBase"`). */
  readonly channelClient?: () => ApiClient;
  /** The identity values (`project`, `managedZone`, ...) of the object at hand, as far as known. */
  readonly identity: Readonly<Record<string, string>>;
  readonly log: (message: string) => void;
  /** The step's: every attempt of every request of the plan is spent from it. */
  readonly budget: Budget;
  /** The provider process's windows, shared listings, relays, polls and locks. */
  readonly process: EngineProcess;
  /** For reads, creates and adoptions. */
  readonly model?: ObjectModel;
  /** What is known of the object besides its identity: the inputs (create, update) or the stored state (read, delete). */
  readonly known?: State;
  /** A create's ownership records (this stack's resource that makes it). */
  readonly ownership?: OwnershipOf;
  /** The kinds of plan entry it runs (default the engine's, `ENTRY_KINDS`; a test adds one). */
  readonly kinds?: Registry;
}

/** The request's spec for the call path; the channel client when it says so. */
function specOf(request: PlannedRequest, schema = request.schema): RequestSpec<unknown> {
  return {
    method: request.method,
    path: request.path,
    ...(request.query !== undefined && { query: request.query }),
    ...(request.headers !== undefined && { headers: request.headers }),
    ...(request.body !== undefined && { body: request.body }),
    ...(request.repeat !== undefined && { repeat: request.repeat }),
    ...(request.endpoint !== undefined && { endpoint: request.endpoint }),
    ...(schema !== undefined && { schema }),
  } as RequestSpec<unknown>;
}

const clientOf = (request: PlannedRequest, context: RunContext): ApiClient =>
  request.at === "channelBase" ? (context.channelClient?.() ?? context.client) : context.client;

/** A listing page: its items parsed by the request's schema, as one validation of the whole answer. */
function pageSchema(field: string, item: z.ZodType, omitsEmptyList: boolean): z.ZodType<Record<string, unknown>> {
  // A page names its kind or holds the list: anything else (an empty 200, another object) is an
  // unreadable answer, never an empty list: a forceDestroy must not take garbage for "no record sets".
  return z
    .looseObject({ kind: z.string().optional(), nextPageToken: z.string().optional(), [field]: z.array(item).optional() })
    .refine(
      (page) => page["kind"] !== undefined || page[field] !== undefined || (omitsEmptyList && Object.keys(page).every((key) => key === "nextPageToken")),
      {
        error: `neither a kind nor ${field}`,
      },
    );
}

/**
 * Sends a planned request and resolves to its answer, parsed once by its schema. A listing
 * (`paging`) is read page by page to its end (or until the ids it looks for were seen, or as many
 * pages or items as it asks for) and resolves to its items (or its pages, when each is the answer).
 */
export async function sendPlanned(request: PlannedRequest, context: RunContext): Promise<unknown> {
  const client = clientOf(request, context);
  if (request.once === true) {
    const { once: _once, ...each } = request;
    return context.process.once(`${request.method} ${request.path} ${JSON.stringify(request.query ?? {})}`, client, () => sendPlanned(each, context));
  }
  // A write drops the shared listings it can change, before and after it is sent.
  const reads = request.method === "GET" || request.repeat === "read";
  return reads ? sendReading(request, client, context) : context.process.listings.writing(client, request.path, () => sendReading(request, client, context));
}

async function sendReading(request: PlannedRequest, client: ApiClient, context: RunContext): Promise<unknown> {
  const paging = request.paging;
  if (paging === undefined) return client.send(specOf(request), context.budget);
  const item = request.schema ?? z.record(z.string(), z.unknown());
  if (paging.byOffset !== undefined) return sendByOffset(request, paging, paging.byOffset, z.array(item), client, context);
  if (paging.field === undefined && paging.wholePages !== true) return client.send(specOf(request, z.array(item)), context.budget);
  const { field = "", wholePages = false, maxPages = Infinity, enough = Infinity } = paging;
  const schema = wholePages ? item : pageSchema(field, item, paging.omitsEmptyList === true);
  const pageParam = paging.pageParam ?? "pageToken";
  const sought = new Set(paging.untilSeen ?? []);
  const read: unknown[] = [];
  const given = request.query?.[pageParam];
  let pageToken = typeof given === "string" ? given : undefined;
  for (let pages = 1; ; pages++) {
    const page = (await client.send(specOf({ ...request, query: { ...request.query, [pageParam]: pageToken } }, schema), context.budget)) as Record<
      string,
      unknown
    >;
    if (wholePages) read.push(page);
    else read.push(...((page[field] as unknown[] | undefined) ?? []));
    const next = page["nextPageToken"];
    pageToken = typeof next === "string" && next !== "" ? next : undefined;
    if (pageToken === undefined || pages >= maxPages || read.length >= enough || (sought.size > 0 && seenAll(read, sought))) return read;
    morePages(pages, context);
  }
}

/** An offset listing: page after page of `limit` items, each parsed by `schema` (the array's), until one comes short or enough were read. */
async function sendByOffset(
  request: PlannedRequest,
  { maxPages = Infinity, enough = Infinity }: Paging,
  { limitParam, offsetParam, limit }: NonNullable<Paging["byOffset"]>,
  schema: z.ZodType,
  client: ApiClient,
  context: RunContext,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const first = Number(request.query?.[offsetParam] ?? 0);
  for (let pages = 1, offset = first; ; pages++, offset += limit) {
    const page = (await client.send(
      specOf({ ...request, query: { ...request.query, [limitParam]: limit, [offsetParam]: offset } }, schema),
      context.budget,
    )) as unknown[];
    items.push(...page);
    if (page.length < limit || pages >= maxPages || items.length >= enough) return items;
    morePages(pages, context);
  }
}

/**
 * The answer of page `pages` says there is another: past the pages a plan counts a listing at
 * (STEP_BUDGET's), each is granted its one send, as the answers show it (a zone whose quota was
 * raised past 10,000 record sets is read to its end); its faults are the budget's as any other's.
 */
function morePages(pages: number, context: RunContext): void {
  if (pages >= STEP_BUDGET.pages) context.budget.grant(1);
}

function seenAll(items: readonly unknown[], sought: ReadonlySet<string>): boolean {
  return items.filter((item) => sought.has(String((item as { id?: unknown } | null)?.id))).length >= sought.size;
}

/** Rounds in all of `loop`. */
export const roundsOf = (loop: LoopName): number => LOOPS[loop].attempts;

export async function guarded<T>(guard: Guard<T>): Promise<T> {
  const { sleep } = guard;
  const attempts = roundsOf(guard.loop);
  for (let attempt = 1; ; attempt++) {
    try {
      return await guard.send(attempt);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const last = attempt >= attempts;
      const settled = await guard.settle(error, attempt, last);
      if (settled === undefined) throw error;
      if ("done" in settled) return settled.done;
      if (last) throw error;
      const pauseMs = loopPauseMs(guard.loop, attempt, error.outcome === "unknown");
      if (pauseMs > 0) await sleep(pauseMs);
    }
  }
}
