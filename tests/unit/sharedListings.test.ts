/**
 * The shared listings' bookkeeping of writes: a write through an API with a shared listing drops
 * the listings it can change; an API that has none (by its declarations) is not noted at all, and
 * the APIs that have one are those whose declarations read through one.
 */
import type { ApiClient } from "../../provider/http/client";
import { Budget } from "../../provider/http/retry";
import { SharedListings, type Picked, type SharedRead } from "../../provider/engine/batching/listings";
import type { Outcome, Windows } from "../../provider/engine/batching/windows";
import { apisWithSharedListings } from "../../provider/registry";

/** Windows that gather what is added in one turn of the event loop and run it together. */
function turnWindows<T, R>(run: (key: string, items: readonly T[]) => Promise<ReadonlyArray<Outcome<R>>>): Windows<T, R> {
  const open = new Map<string, Array<{ item: T; resolve: (value: R) => void; reject: (error: unknown) => void }>>();
  return {
    add: (key, item) =>
      new Promise<R>((resolve, reject) => {
        const waiting = open.get(key);
        if (waiting !== undefined) return void waiting.push({ item, resolve, reject });
        open.set(key, [{ item, resolve, reject }]);
        setImmediate(() => {
          const batch = open.get(key) ?? [];
          open.delete(key);
          void run(
            key,
            batch.map((waiter) => waiter.item),
          ).then((outcomes) => outcomes.forEach((outcome, index) => (outcome.ok ? batch[index]?.resolve(outcome.value) : batch[index]?.reject(outcome.error))));
        });
      }),
    flushAll: () => undefined,
  };
}

const LIST_PATH = "/dns/v1/projects/p/managedZones/z/rrsets";

function setup(listedApis?: ReadonlySet<string>) {
  const listings = new SharedListings((_policy, run) => turnWindows(run), undefined, Date.now, listedApis);
  const client = { api: "dns", send: async () => undefined } as unknown as ApiClient;
  let listed = 0;
  const read = (): Promise<Picked> =>
    listings.read<Picked>({
      client,
      listing: { method: "GET", path: LIST_PATH },
      one: async () => ({ value: "alone" }),
      list: async () => {
        listed++;
        return ["a", "b"];
      },
      pick: (items) => ({ value: items }),
      key: undefined,
      budget: new Budget({ step: "read", resource: "test" }),
    } satisfies SharedRead<Picked>);
  return { listings, client, read, listedCount: () => listed };
}

it("drops the listing a write of its API can change, so the next read lists again", async () => {
  const { listings, client, read, listedCount } = setup(new Set(["dns"]));
  await Promise.all([read(), read()]);
  await read();
  expect(listedCount()).toBe(1);
  await listings.writing(client, `${LIST_PATH}/www.example.com./A`, async () => undefined);
  await Promise.all([read(), read()]);
  expect(listedCount()).toBe(2);
});

it("notes no write of an API without a shared listing", async () => {
  // Declared as without one, the same write leaves the listing in place.
  const { listings, client, read, listedCount } = setup(new Set(["calendar"]));
  await Promise.all([read(), read()]);
  await listings.writing(client, `${LIST_PATH}/www.example.com./A`, async () => undefined);
  await Promise.all([read(), read()]);
  expect(listedCount()).toBe(1);
});

it("knows the APIs with a shared listing from their declarations: DNS's record sets and rules, CI's checkout keys", () => {
  expect([...apisWithSharedListings].sort()).toEqual(["ci", "dns"]);
});
