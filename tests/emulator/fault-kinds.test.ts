/**
 * The faults that drive a client's write loops (emulator/faults.ts): a write refused as stale for
 * the etag it names (412 for `If-Match`, 409 ABORTED for an etag in its body), a write refused as
 * invalid (a joint change its client must split), each before the request is processed; and
 * `perRequest`, which faults each distinct request only on its first sends in a row, as a storm
 * that lets every request through on its last allowed attempt.
 */
import type { RequestStats } from "../../emulator/recorder";
import type { TestEmulator } from "./helpers";
import { createZone, googleError, rrset, startEmulator, TOKEN, ZONES } from "./helpers";

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ tokens: [TOKEN] });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

async function setFaults(config: Record<string, unknown>): Promise<void> {
  const result = await emulator.request("POST", "/_emulator/faults", { body: config });
  expect(result).toMatchObject({ status: 200 });
}

const kinds = async (): Promise<RequestStats["faults"]["kinds"]> => (await emulator.request<RequestStats>("GET", "/_emulator/stats")).body.faults.kinds;
const policyOf = `${ZONES}/guarded:getIamPolicy`;
const setPolicy = `${ZONES}/guarded:setIamPolicy`;
const binding = { role: "roles/dns.reader", members: ["user:ann@example.com"] };

describe("staleEtagRate", () => {
  it("refuses a write naming an etag in its body with 409 ABORTED, before it is processed", async () => {
    await createZone(emulator, "guarded", "guarded.example.");
    const { etag } = (await emulator.request<{ etag: string }>("POST", policyOf, { body: {} })).body;
    await setFaults({ staleEtagRate: 1 });
    const refused = await emulator.request("POST", setPolicy, { body: { policy: { etag, bindings: [binding] } } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(googleError(409, "aborted", /changed since it was read/));
    // A read names no etag: it goes through, and shows the policy unchanged.
    const after = await emulator.request<{ etag: string; bindings?: unknown[] }>("POST", policyOf, { body: {} });
    expect(after.body).toMatchObject({ etag });
    expect(after.body.bindings).toBeUndefined();
    expect(await kinds()).toMatchObject({ staleEtag: 1 });
  });

  it("refuses a write under If-Match with 412 conditionNotMet, and leaves a write naming no etag alone", async () => {
    await createZone(emulator, "guarded", "guarded.example.");
    await setFaults({ staleEtagRate: 1 });
    const guarded = await emulator.request("PATCH", `${ZONES}/guarded`, { body: { description: "new" }, headers: { "If-Match": '"1"' } });
    expect(guarded.status).toBe(412);
    expect(guarded.body).toEqual(googleError(412, "conditionNotMet", "Precondition Failed"));
    const plain = await emulator.request("PATCH", `${ZONES}/guarded`, { body: { description: "new" } });
    expect(plain.status).toBe(200);
  });
});

describe("refusedRate", () => {
  it("refuses a write as invalid (its reason configurable) before it is processed", async () => {
    await createZone(emulator, "refusing", "refusing.example.");
    await setFaults({ refusedRate: 1, methods: ["POST"], pathPrefix: `${ZONES}/refusing/changes` });
    const change = { additions: [rrset("a.refusing.example.", "A", 300, "192.0.2.1")] };
    const refused = await emulator.request("POST", `${ZONES}/refusing/changes`, { body: change });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(googleError(400, "invalid", /refused before it was processed/));
    await setFaults({ refusedRate: 1, refusedReason: "containerNotEmpty", methods: ["DELETE"] });
    expect((await emulator.request("DELETE", `${ZONES}/refusing`)).body).toEqual(googleError(400, "containerNotEmpty", /refused/));
    await emulator.request("DELETE", "/_emulator/faults");
    const sets = await emulator.request<{ rrsets: Array<{ name: string }> }>("GET", `${ZONES}/refusing/rrsets`);
    expect(sets.body.rrsets.map((set) => set.name)).not.toContain("a.refusing.example.");
    expect(await kinds()).toMatchObject({ refused: 2 });
  });
});

describe("perRequest", () => {
  it("faults each distinct request on its first sends in a row only: the next goes through, and the one after starts over", async () => {
    await setFaults({ rate5xx: 1, perRequest: 2 });
    const statuses = async (path: string, times: number): Promise<number[]> => {
      const seen: number[] = [];
      for (let i = 0; i < times; i++) seen.push((await emulator.request("GET", path)).status);
      return seen;
    };
    expect(await statuses(ZONES, 4)).toEqual([503, 503, 200, 503]);
    // Another request (another query) counts on its own.
    expect(await statuses(`${ZONES}?maxResults=5`, 3)).toEqual([503, 503, 200]);
    expect(await statuses(ZONES, 2)).toEqual([503, 200]);
    const { body } = await emulator.request("GET", "/_emulator/faults");
    expect(body).toMatchObject({ faults: { rate5xx: 1, perRequest: 2 } });
  });

  it("tells requests apart by their bodies", async () => {
    await setFaults({ rate429: 1, retryAfterSeconds: 0, perRequest: 1, methods: ["POST"] });
    const create = (name: string) => emulator.request("POST", ZONES, { body: { name, dnsName: `${name}.example.`, description: "" } });
    expect((await create("one")).status).toBe(429);
    expect((await create("two")).status).toBe(429);
    expect((await create("one")).status).toBe(200);
    expect((await create("two")).status).toBe(200);
    expect((await emulator.request("GET", `${ZONES}/one`)).status).toBe(200);
  });
});
