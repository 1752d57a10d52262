/**
 * The shared Google-API helpers as the executor runs them, against a fake client: a listing's
 * pages with each API's parameters, the one poller (growing pauses, long waits logged with what
 * they wait for, a timeout), the keyed locks, the IAM read-modify-write cycle.
 */
import { z } from "zod";
import { KeyedLocks } from "../../provider/engine/batching/keyedLocks";
import { listingRequest } from "../../provider/google/listing";
import type { Binding, IamPolicy } from "../../provider/google/iamPolicy";
import { runPlan } from "../../provider/engine/executor/executor";
import { sendPlanned } from "../../provider/engine/executor/context";
import { runPoll } from "../../provider/engine/executor/polls";
import { policyEntry } from "../../provider/engine/plan/planRequests";
import type { ApiClient } from "../../provider/http/client";
import { POLL_KINDS } from "../../provider/google/poll";
import { CHANGE_POLL, ZONE_OPERATION_POLL } from "../../provider/apis/dns/service";
import { fakeClient, statusError } from "./fakeClient";
import { pollEntry, runContext } from "./runContext";

describe("a listing read page by page", () => {
  it("reads every page with the API's page parameters, the page size capped to the API's maximum", async () => {
    const client = fakeClient(({ query }) =>
      query?.["cursor"] === undefined
        ? { items: [{ n: 1 }], nextPageToken: "b" }
        : query["cursor"] === "b"
          ? { items: [{ n: 2 }], nextPageToken: "c" }
          : { items: [{ n: 3 }] },
    );
    const request = listingRequest("v1/things", "items", {
      pageParam: "cursor",
      pageSizeParam: "limit",
      pageSize: 5000,
      maxPageSize: 1000,
      query: { filter: "x" },
    });
    const items = await sendPlanned(request, runContext(client));
    expect(items).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(client.sent.map((r) => r.query)).toEqual([
      { filter: "x", limit: "1000" },
      { filter: "x", limit: "1000", cursor: "b" },
      { filter: "x", limit: "1000", cursor: "c" },
    ]);
  });

  it("stops after the page where every id it looks for was seen", async () => {
    const client = fakeClient(({ query }) =>
      query?.["pageToken"] === undefined
        ? { items: [{ id: "1" }], nextPageToken: "b" }
        : query["pageToken"] === "b"
          ? { items: [{ id: "2" }], nextPageToken: "c" }
          : { items: [{ id: "3" }] },
    );
    const items = await sendPlanned(listingRequest("v1/things", "items", {}, undefined, { untilSeen: ["1", "2"] }), runContext(client));
    expect(items).toEqual([{ id: "1" }, { id: "2" }]);
    expect(client.sent).toHaveLength(2);
  });

  it("checks each item by the listing's schema as the page is read: a wrong item fails the listing", async () => {
    const client = fakeClient(() => ({ items: [{ n: 1 }, { n: "two" }] }));
    await expect(sendPlanned(listingRequest("v1/things", "items", {}, z.looseObject({ n: z.number() })), runContext(client))).rejects.toThrow();
  });

  it("refuses a page that is neither a list nor a listing's kind, rather than reading it as empty", async () => {
    const client = fakeClient(() => ({ unrelated: true }));
    await expect(sendPlanned(listingRequest("v1/things", "items"), runContext(client))).rejects.toThrow(/neither a kind nor items/);
  });
});

describe("the poller", () => {
  function clock() {
    let now = 1_000_000;
    const pauses: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      pauses.push(ms);
      now += ms;
    };
    return { pauses, clock: { sleep, now: () => now } };
  }

  it("polls with pauses that start short and grow, and logs once a wait passes 3 s, naming what it waits for", async () => {
    const { pauses, clock: testClock } = clock();
    let polls = 0;
    const client = fakeClient(() => ({ id: "9", status: ++polls < 7 ? "pending" : "done", type: "update" }));
    const messages: string[] = [];
    await runPoll(
      pollEntry(ZONE_OPERATION_POLL, "v1/operations/{id}"),
      { value: { id: "9", status: "pending", type: "update" } },
      runContext(client, { log: (message) => messages.push(message), clock: testClock }),
    );
    expect(pauses).toEqual([200, 400, 800, 1600, 3200, 5000, 5000]);
    expect(client.sent.every((r) => r.method === "GET" && r.path === "v1/operations/9")).toBe(true);
    expect(messages).toEqual(["svc: waiting for zone operation 9 (update) to finish..."]);
  });

  it("returns at once for work already done, or an answer that is no pending work", async () => {
    const client = fakeClient(() => ({}));
    await runPoll(pollEntry(ZONE_OPERATION_POLL, "{id}"), { value: { id: "1", status: "done" } }, runContext(client));
    await runPoll(pollEntry(ZONE_OPERATION_POLL, "{id}"), { value: { name: "a zone, not an operation" } }, runContext(client));
    await runPoll(pollEntry(POLL_KINDS.operation, "{id}"), { value: { name: "operations/1", done: true } }, runContext(client));
    expect(client.sent).toEqual([]);
  });

  it("gives up after its timeout with a message that says how long it waited", async () => {
    const { clock: testClock } = clock();
    const client = fakeClient(() => ({ id: "c1", status: "pending" }));
    // The change schedule's deadline, from the retry table (10 minutes).
    await expect(runPoll(pollEntry(CHANGE_POLL, "{id}"), { value: { id: "c1", status: "pending" } }, runContext(client, { clock: testClock }))).rejects.toThrow(
      /record change c1 was not done after 60[0-9]s/,
    );
  });
});

describe("the keyed locks", () => {
  it("runs work of one key one at a time, other keys alongside, and a failure does not block the next", async () => {
    const events: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async (): Promise<string> => {
        events.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const locks = new KeyedLocks();
    const results = await Promise.allSettled([locks.run("a", step("a1", 20, true)), locks.run("a", step("a2", 1)), locks.run("b", step("b1", 5))]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(events.indexOf("a2 start")).toBeGreaterThan(events.indexOf("a1 end"));
    expect(events.indexOf("b1 start")).toBeLessThan(events.indexOf("a1 end"));
  });
});

describe("an access policy's read-modify-write (a plan's policy entry)", () => {
  const RESOURCE = "v1/projects/p/zones/z";
  const hook = {
    resource: RESOURCE,
    label: "zone z",
    grant: (bindings: Binding[]) => bindings,
    revoke: (bindings: Binding[]) => bindings,
    find: () => undefined,
  };
  /** The entry's read-modify-write with `change`, run as the executor runs it; resolves to the policy written (or read, when nothing changes). */
  const modifyPolicy = async (target: { client: ApiClient; log: (message: string) => void }, change: (bindings: Binding[]) => Binding[]): Promise<IamPolicy> =>
    (await runPlan([policyEntry(hook, {}, change, [])], runContext(target.client, { log: target.log }))).value as IamPolicy;

  it("writes under the etag read; a stale etag restarts from a fresh read and keeps the other writer's change", async () => {
    let version = 1;
    let sets = 0;
    const client = fakeClient(({ path, body }) => {
      if (path.endsWith(":getIamPolicy")) {
        return { etag: `e${version}`, bindings: version === 1 ? [] : [{ role: "roles/other", members: ["user:o@example.com"] }] };
      }
      sets++;
      if (sets === 1) {
        version = 2; // someone else wrote meanwhile
        return statusError(412, "POST", path);
      }
      return (body as { policy: unknown }).policy;
    });
    const messages: string[] = [];
    const written = await modifyPolicy({ client, log: (m) => messages.push(m) }, (bindings) => [
      ...bindings,
      { role: "roles/dns.reader", members: ["user:a@example.com"] },
    ]);
    expect(written.bindings).toEqual([
      { role: "roles/other", members: ["user:o@example.com"] },
      { role: "roles/dns.reader", members: ["user:a@example.com"] },
    ]);
    const writes = client.sent.filter((r) => r.path.endsWith(":setIamPolicy"));
    expect(writes.map((r) => (r.body as { policy: { etag: string } }).policy.etag)).toEqual(["e1", "e2"]);
    expect(writes.every((r) => r.repeat === "idempotent")).toBe(true);
    expect(client.sent.filter((r) => r.path.endsWith(":getIamPolicy")).every((r) => r.repeat === "read")).toBe(true);
    expect(messages).toEqual(["svc: the access policy of zone z changed meanwhile; reading it again (attempt 2)"]);
  });

  it("writes nothing when the change is already in place, and keeps conditional bindings as they are", async () => {
    const conditional = { role: "roles/dns.admin", members: ["user:c@example.com"], condition: { expression: "true" } };
    const client = fakeClient(() => ({ etag: "e1", bindings: [{ role: "roles/dns.reader", members: ["user:a@example.com"] }, conditional] }));
    await modifyPolicy({ client, log: () => undefined }, (bindings) => bindings);
    expect(client.sent.map((r) => r.path)).toEqual([`${RESOURCE}:getIamPolicy`]);
  });
});
