/**
 * The shared listings' bookkeeping of writes: a write through an API with a shared listing drops
 * the listings it can change; an API that has none (by its declarations) is not noted at all, and
 * the APIs that have one are those whose declarations read through one.
 */
import type { ApiClient } from "../../provider/http/client";
import { Budget } from "../../provider/http/retry";
import { answers, DEFAULT_LISTING_POLICY, SharedListings, type Picked, type SharedRead } from "../../provider/engine/batching/listings";
import type { Outcome, Windows } from "../../provider/engine/batching/driver";
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

function setup(listedApis?: ReadonlySet<string>, options: { now?: () => number; list?: () => Promise<unknown[]> } = {}) {
  const listings = new SharedListings((_policy, run) => turnWindows(run), undefined, options.now ?? Date.now, listedApis);
  const client = { api: "dns", send: async () => undefined } as unknown as ApiClient;
  let listed = 0;
  const read = (): Promise<Picked> =>
    listings.read<Picked>({
      client,
      listing: { method: "GET", path: LIST_PATH },
      one: async () => ({ value: "alone" }),
      list: async () => {
        listed++;
        return (await options.list?.()) ?? ["a", "b"];
      },
      pick: (items) => ({ value: items }),
      key: undefined,
      budget: new Budget({ step: "read", resource: "test" }, 100),
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

describe("whether a listing answers a read (a refresh's reads, one after another)", () => {
  const policy = { ...DEFAULT_LISTING_POLICY, maxAgeMs: 10_000 };
  it.each([
    ["taken 2 s ago, nothing written", { generation: 3, lastReadAt: 1000 }, { now: 3000, generation: 3, writing: false }, true],
    [
      "its last read 9 s ago, taken 60 s ago (a refresh of 2,000 records, reads kept coming)",
      { generation: 3, lastReadAt: 51_000 },
      { now: 60_000, generation: 3, writing: false },
      true,
    ],
    ["no read for 11 s", { generation: 3, lastReadAt: 1000 }, { now: 12_000, generation: 3, writing: false }, false],
    ["written under since it was taken", { generation: 3, lastReadAt: 1000 }, { now: 1500, generation: 4, writing: false }, false],
    ["a write under it on its way", { generation: 3, lastReadAt: 1000 }, { now: 1500, generation: 3, writing: true }, false],
    ["on its way, nothing written since it was sent", { generation: 3 }, { now: 1500, generation: 3, writing: false }, true],
    ["on its way, written under since it was sent", { generation: 3 }, { now: 1500, generation: 4, writing: false }, false],
  ])("%s", (_what, listing, read, expected) => {
    expect(answers(listing, read, policy)).toBe(expected);
  });
});

it("answers a read that arrives while the listing is on its way from that listing, not by its own GET", async () => {
  let answer: (items: unknown[]) => void = () => undefined;
  const { read, listedCount } = setup(new Set(["dns"]), { list: () => new Promise((resolve) => (answer = resolve)) });
  const together = Promise.all([read(), read()]);
  await new Promise((resolve) => setImmediate(resolve));
  // The listing's pages are on their way (2,000 record sets: two pages): another read of the refresh arrives.
  const late = read();
  await new Promise((resolve) => setImmediate(resolve));
  answer(["a", "b"]);
  await together;
  await expect(late).resolves.toEqual({ value: ["a", "b"] });
  expect(listedCount()).toBe(1);
});

it("answers the reads that keep coming from one listing, however long they take, and lists again after a pause", async () => {
  let now = 0;
  const { read, listedCount } = setup(new Set(["dns"]), { now: () => now });
  await Promise.all([read(), read()]);
  // One read every 5 s for a minute: each within 10 s of the last.
  for (let i = 0; i < 12; i++) {
    now += 5000;
    await expect(read()).resolves.toEqual({ value: ["a", "b"] });
  }
  expect(listedCount()).toBe(1);
  now += 11_000;
  await Promise.all([read(), read()]);
  expect(listedCount()).toBe(2);
});
