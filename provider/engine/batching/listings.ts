/**
 * Reads of many objects of one collection served by one listing. Reads that arrive together (a
 * refresh reads every object at once) wait in a short window (windowsReducer.ts, in the batching machine); one read alone is sent
 * as its own GET, several are answered from one listing of the collection (its request is the
 * read entry's, planned). Reads that arrive while it is on its way wait for it, and once taken it
 * answers the reads that keep coming, each within `maxAgeMs` of the last it answered: the reads of
 * one refresh, however long the engine takes over them (at 2,000 record sets the listing's pages
 * take long enough for reads to arrive meanwhile, and each went as its own GET). Any write under the
 * collection's parent (the zone, the response policy, the project) drops it: a listing taken while
 * a write was on its way is used for the reads that asked for it, never kept. An object absent from
 * a complete listing is gone, as a 404 would say; a listing that failed (after the HTTP layer's
 * retries) fails the reads that waited for it. The listing is spent from the budgets of the reads
 * it answers, pooled.
 */
import type { ApiClient } from "../../http/client";
import { Budget } from "../../http/retry";
import { BATCH_WINDOWS, LISTING } from "../../http/retryTable";
import type { PlannedRequest } from "../kinds";
import type { Windows, WindowPolicy } from "./driver";

export interface ListingPolicy {
  readonly window: WindowPolicy;
  /** How long after the last read it answered (or after it was taken) a listing answers the next, when nothing was written under it. */
  readonly maxAgeMs: number;
}

/** The retry table's listing window and keep time. */
export const DEFAULT_LISTING_POLICY: ListingPolicy = {
  window: {
    quietMs: BATCH_WINDOWS.listing.quietMs,
    minQuietMs: BATCH_WINDOWS.listing.minQuietMs,
    maxQuietMs: BATCH_WINDOWS.listing.maxQuietMs,
    maxWaitMs: BATCH_WINDOWS.listing.maxWaitMs,
  },
  maxAgeMs: LISTING.maxAgeMs,
};

/** An answer picked from a listing's items (with their index by key, when the read has a key). */
export interface Picked {
  readonly value: unknown;
}

/** One read of an object of a collection: alone it is `one()`; with others, `pick` from one `list`. */
export interface SharedRead<R extends Picked> {
  readonly client: ApiClient;
  /** The listing of the collection, as planned. */
  readonly listing: PlannedRequest;
  readonly one: () => Promise<R>;
  readonly list: (budget: Budget) => Promise<unknown[]>;
  readonly pick: (items: readonly unknown[], index: ReadonlyMap<string, readonly unknown[]> | undefined) => R;
  /** The key of a listed item, when reads find theirs by key. */
  readonly key: ((item: never) => string) | undefined;
  readonly budget: Budget;
}

interface Listing {
  readonly items: readonly unknown[];
  readonly generation: number;
  /** When it was taken, then when it last answered a read: the reads of one refresh keep it. */
  lastReadAt: number;
  /** The items by key, made once for all the reads the listing answers. */
  index?: Map<string, unknown[]>;
}

/** A listing on its way: reads that arrive meanwhile wait for it instead of sending their own. */
interface Pending {
  readonly generation: number;
  /** The listing, or undefined when it failed (the reads that waited send their own). */
  readonly listing: Promise<Listing | undefined>;
}

/** What a read finds of its collection's listing when it arrives: its scope's generation now, and whether a write under it is on its way. */
export interface ReadFacts {
  readonly now: number;
  readonly generation: number;
  readonly writing: boolean;
}

/** Whether a listing (kept, or on its way) answers a read: nothing was written under it since it was taken, and the read comes within `maxAgeMs` of the last it answered. */
export function answers(listing: { readonly generation: number; readonly lastReadAt?: number }, read: ReadFacts, policy: ListingPolicy): boolean {
  if (read.writing || listing.generation !== read.generation) return false;
  return listing.lastReadAt === undefined || read.now - listing.lastReadAt <= policy.maxAgeMs;
}

/** The parent a listing belongs to: a write there or below it (or above it) changes what it would show. */
export function scopeOf(listPath: string): string {
  const trimmed = listPath.replace(/\/+$/, "");
  const slash = trimmed.lastIndexOf("/");
  return slash <= 0 ? trimmed : trimmed.slice(0, slash);
}

/** Whether a write to `path` can change what a listing in `scope` shows. */
export function touches(path: string, scope: string): boolean {
  const write = path.replace(/^\/+/, "").split("?")[0] ?? "";
  const under = scope.replace(/^\/+/, "");
  return write === under || write.startsWith(`${under}/`) || write.startsWith(`${under}:`) || under.startsWith(`${write}/`);
}

function indexOf(listing: Listing, key: (item: never) => string): Map<string, unknown[]> {
  if (listing.index === undefined) {
    const index = new Map<string, unknown[]>();
    for (const item of listing.items) {
      const itemKey = key(item as never);
      index.set(itemKey, [...(index.get(itemKey) ?? []), item]);
    }
    listing.index = index;
  }
  return listing.index;
}

/** The shared listings of one client (one API and credential) in the provider process. */
class ClientListings {
  private readonly listings = new Map<string, Listing>();
  private readonly pending = new Map<string, Pending>();
  /** Bumped for every scope a write touches, when it starts and when it ends. */
  private readonly generations = new Map<string, number>();
  /** Paths of writes on their way, with how many. */
  private readonly activeWrites = new Map<string, number>();
  private readonly reads: Windows<SharedRead<Picked>, Picked>;

  constructor(
    private readonly policy: ListingPolicy,
    windows: (
      run: (key: string, reads: readonly SharedRead<Picked>[]) => Promise<ReadonlyArray<{ ok: true; value: Picked } | { ok: false; error: unknown }>>,
    ) => Windows<SharedRead<Picked>, Picked>,
    private readonly now: () => number,
  ) {
    this.reads = windows((listPath, reads) => this.runReads(listPath, reads));
  }

  private generationOf(scope: string): number {
    return this.generations.get(scope) ?? 0;
  }

  private quietScope(scope: string): boolean {
    return ![...this.activeWrites.keys()].some((path) => touches(path, scope));
  }

  noteWrite(path: string, delta: 1 | -1): void {
    const count = (this.activeWrites.get(path) ?? 0) + delta;
    if (count > 0) this.activeWrites.set(path, count);
    else this.activeWrites.delete(path);
    for (const scope of this.generations.keys()) if (touches(path, scope)) this.generations.set(scope, this.generationOf(scope) + 1);
    for (const listPath of [...this.listings.keys()]) if (touches(path, scopeOf(listPath))) this.listings.delete(listPath);
  }

  private async runReads(listPath: string, reads: readonly SharedRead<Picked>[]): Promise<Array<{ ok: true; value: Picked } | { ok: false; error: unknown }>> {
    const [only] = reads;
    if (reads.length === 1 && only !== undefined) return [await outcome(() => only.one())];
    const [first] = reads;
    if (first === undefined) return [];
    const scope = scopeOf(listPath);
    const generation = this.generationOf(scope);
    const keep = this.quietScope(scope);
    const budget = Budget.pooled(
      { step: "read", resource: `${reads.length} objects of ${listPath}` },
      reads.map((read) => read.budget),
    );
    const taking = outcome(() => first.list(budget));
    const pending: Pending = {
      generation,
      listing: taking.then((listed) => (listed.ok ? { items: listed.value, generation, lastReadAt: this.now() } : undefined)),
    };
    if (keep) this.pending.set(listPath, pending);
    const listed = await taking;
    const listing = await pending.listing;
    if (this.pending.get(listPath) === pending) this.pending.delete(listPath);
    if (!listed.ok) return reads.map(() => listed);
    const taken = listing ?? { items: listed.value, generation, lastReadAt: this.now() };
    if (keep && this.generationOf(scope) === generation) this.listings.set(listPath, taken);
    return Promise.all(reads.map((read) => outcome(() => read.pick(taken.items, read.key === undefined ? undefined : indexOf(taken, read.key)))));
  }

  private facts(scope: string): ReadFacts {
    return { now: this.now(), generation: this.generationOf(scope), writing: !this.quietScope(scope) };
  }

  async read<R extends Picked>(request: SharedRead<R>): Promise<R> {
    const listPath = request.listing.path;
    const scope = scopeOf(listPath);
    const listing = this.listings.get(listPath);
    if (listing !== undefined && answers(listing, this.facts(scope), this.policy)) {
      listing.lastReadAt = this.now();
      return request.pick(listing.items, request.key === undefined ? undefined : indexOf(listing, request.key));
    }
    if (listing !== undefined) this.listings.delete(listPath);
    const pending = this.pending.get(listPath);
    if (pending !== undefined && answers(pending, this.facts(scope), this.policy)) {
      const taken = await pending.listing;
      if (taken !== undefined && answers({ generation: taken.generation }, this.facts(scope), this.policy)) {
        return request.pick(taken.items, request.key === undefined ? undefined : indexOf(taken, request.key));
      }
    }
    // From now on writes touching the scope bump its generation (scopes are a handful per deployment).
    if (!this.generations.has(scope)) this.generations.set(scope, 0);
    return (await this.reads.add(listPath, request)) as R;
  }
}

async function outcome<T>(work: () => Promise<T> | T): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The shared listings of the provider process, per client. */
export class SharedListings {
  private readonly perClient = new Map<ApiClient, ClientListings>();

  constructor(
    private readonly windows: <T, R>(
      policy: WindowPolicy,
      run: (key: string, items: readonly T[]) => Promise<ReadonlyArray<{ ok: true; value: R } | { ok: false; error: unknown }>>,
    ) => Windows<T, R>,
    private readonly policy: ListingPolicy = DEFAULT_LISTING_POLICY,
    private readonly now: () => number = Date.now,
    /** The APIs with a collection read through a shared listing (none given: any API may have one). */
    private readonly listedApis?: ReadonlySet<string>,
  ) {}

  private of(client: ApiClient): ClientListings {
    let listings = this.perClient.get(client);
    if (listings === undefined) {
      listings = new ClientListings(this.policy, (run) => this.windows(this.policy.window, run), this.now);
      this.perClient.set(client, listings);
    }
    return listings;
  }

  read<R extends Picked>(request: SharedRead<R>): Promise<R> {
    return this.of(request.client).read(request);
  }

  /** Runs a write to `path` through `client`, dropping the listings it can change (before and after it); an API with none has nothing to drop. */
  async writing<T>(client: ApiClient, path: string, work: () => Promise<T>): Promise<T> {
    if (this.listedApis?.has(client.api) === false) return work();
    const listings = this.of(client);
    listings.noteWrite(path, 1);
    try {
      return await work();
    } finally {
      listings.noteWrite(path, -1);
    }
  }
}
