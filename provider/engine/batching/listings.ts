/**
 * Reads of many objects of one collection served by one listing. Reads that
 * arrive together (a refresh reads every object at once) wait in a short
 * window (batcher.ts); one read alone is sent as its own GET, several are
 * answered from one listing of the collection, which then answers later reads
 * for up to `maxAgeMs`. Any write under the collection's parent (the zone, the
 * response policy, the project) drops it: a listing taken while a write was on
 * its way is used for the reads that asked for it, never kept. An object absent
 * from a complete listing is gone, as a 404 would say; a listing that failed
 * (after the HTTP layer's retries) fails the reads that waited for it.
 */
import type { ApiClient, RequestSpec } from "../../http/client";
import { createBatcher, outcomeOf, type Batcher, type Timers, type WindowPolicy } from "./windows";
import type { Occupancy } from "./occupancy";

export interface ListingPolicy {
  readonly window: WindowPolicy;
  /** How long a listing answers reads after it was taken, when nothing was written under it. */
  readonly maxAgeMs: number;
}

export const DEFAULT_LISTING_POLICY: ListingPolicy = {
  window: { quietMs: 20, minQuietMs: 2, maxQuietMs: 250, maxWaitMs: 500 },
  maxAgeMs: 10_000,
};

/** One read: alone it is `one()`; answered from a listing it is `pick(entries)`. */
interface ReadRequest {
  readonly one: () => Promise<unknown>;
  readonly list: () => Promise<readonly unknown[]>;
  readonly pick: (entries: readonly unknown[]) => unknown;
}

interface Listing {
  readonly entries: readonly unknown[];
  readonly takenAt: number;
  readonly generation: number;
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

export interface SharedListings {
  read<R>(listPath: string, one: () => Promise<R>, list: () => Promise<readonly unknown[]>, pick: (entries: readonly unknown[]) => R): Promise<R>;
  /** Runs a write to `path`, dropping the listings it can change (before and after it). */
  writing<T>(path: string, work: () => Promise<T>): Promise<T>;
}

export function createSharedListings(
  policy: ListingPolicy = DEFAULT_LISTING_POLICY,
  { occupancy, timers, now = Date.now }: { occupancy: Occupancy; timers?: Timers; now?: () => number },
): SharedListings {
  const listings = new Map<string, Listing>();
  /** Bumped for every scope a write touches, when it starts and when it ends. */
  const generations = new Map<string, number>();
  /** Paths of writes on their way, with how many. */
  const activeWrites = new Map<string, number>();

  const generationOf = (scope: string): number => generations.get(scope) ?? 0;
  const quietScope = (scope: string): boolean => ![...activeWrites.keys()].some((path) => touches(path, scope));

  function noteWrite(path: string, delta: 1 | -1): void {
    const count = (activeWrites.get(path) ?? 0) + delta;
    if (count > 0) activeWrites.set(path, count);
    else activeWrites.delete(path);
    for (const scope of generations.keys()) if (touches(path, scope)) generations.set(scope, generationOf(scope) + 1);
    for (const listPath of [...listings.keys()]) if (touches(path, scopeOf(listPath))) listings.delete(listPath);
  }

  const batcher: Batcher<ReadRequest, unknown> = createBatcher<ReadRequest, unknown>({
    window: policy.window,
    occupancy,
    ...(timers !== undefined && { timers }),
    run: async (listPath, requests) => {
      const [only] = requests;
      if (requests.length === 1 && only !== undefined) return [await outcomeOf(only.one)];
      const scope = scopeOf(listPath);
      const generation = generationOf(scope);
      const keep = quietScope(scope);
      const listed = await outcomeOf(() => requests[0]?.list() ?? Promise.resolve([]));
      if (!listed.ok) return requests.map(() => listed);
      if (keep && generationOf(scope) === generation) {
        listings.set(listPath, { entries: listed.value, takenAt: now(), generation });
      }
      return Promise.all(requests.map((request) => outcomeOf(() => request.pick(listed.value))));
    },
  });

  return {
    async read(listPath, one, list, pick) {
      const scope = scopeOf(listPath);
      const listing = listings.get(listPath);
      if (listing !== undefined && now() - listing.takenAt <= policy.maxAgeMs && listing.generation === generationOf(scope) && quietScope(scope)) {
        return pick(listing.entries);
      }
      if (listing !== undefined) listings.delete(listPath);
      // From now on writes touching the scope bump its generation (scopes are a handful per deployment).
      if (!generations.has(scope)) generations.set(scope, 0);
      return (await batcher.add(listPath, { one, list, pick })) as Awaited<ReturnType<typeof pick>>;
    },
    async writing(path, work) {
      noteWrite(path, 1);
      try {
        return await work();
      } finally {
        noteWrite(path, -1);
      }
    },
  };
}

const perClient = new WeakMap<ApiClient, { listings: SharedListings; client: ApiClient }>();

/**
 * The listings shared by every resource using `client`, and the client through which their
 * writes must go (it tells the listings of each write). Their read windows read `occupancy`, the
 * process's the client belongs to (the client's first user's; a client serves one process).
 */
export function sharedListingsFor(client: ApiClient, occupancy: Occupancy): { listings: SharedListings; client: ApiClient } {
  let shared = perClient.get(client);
  if (shared === undefined) {
    const listings = createSharedListings(DEFAULT_LISTING_POLICY, { occupancy });
    const tracked: ApiClient = {
      api: client.api,
      send<T>(spec: RequestSpec<T>): Promise<T> {
        const reads = spec.method === "GET" || spec.repeat === "read";
        return reads ? client.send(spec) : listings.writing(spec.path, () => client.send(spec));
      },
    };
    shared = { listings, client: tracked };
    perClient.set(client, shared);
    perClient.set(tracked, shared);
  }
  return shared;
}
