/**
 * Managed-zone operations over real HTTP: an update answers `pending` and
 * turns `done` once `operationCompletionDelayMs` has passed, on the
 * emulator's clock (a controlled one here, so nothing depends on timing).
 */
import type { ManagedZone, Operation } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { createZone, startEmulator, ZONES } from "./helpers";

const DELAY_MS = 5_000;
let clockMs = Date.parse("2025-01-02T03:04:05.000Z");
let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ now: () => new Date(clockMs), operationCompletionDelayMs: DELAY_MS, changeCompletionDelayMs: 0 });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

const getOperation = async (zone: string, id: string) => (await emulator.request<Operation>("GET", `${ZONES}/${zone}/operations/${id}`)).body;

describe("managed-zone operations", () => {
  it("PATCH answers a pending operation with old and new values, which is done after the delay", async () => {
    const { body: before } = await createZone(emulator, "waited", "waited.example.");
    const started = clockMs;
    const { body: operation } = await emulator.request<Operation>("PATCH", `${ZONES}/waited`, { body: { description: "new" } });
    expect(operation).toEqual({
      kind: "dns#operation",
      id: expect.any(String),
      startTime: new Date(started).toISOString(),
      status: "pending",
      type: "update",
      user: "user@example.com",
      zoneContext: { oldValue: before, newValue: { ...before, description: "new" } },
    });
    // The zone has its new value while the operation is pending.
    expect((await emulator.request<ManagedZone>("GET", `${ZONES}/waited`)).body.description).toBe("new");

    clockMs += DELAY_MS - 1;
    expect((await getOperation("waited", operation.id)).status).toBe("pending");
    clockMs += 1;
    expect(await getOperation("waited", operation.id)).toEqual({ ...operation, status: "done" });
  });

  it("lists operations with their current status", async () => {
    await createZone(emulator, "listed", "listed.example.");
    const { body: first } = await emulator.request<Operation>("PUT", `${ZONES}/listed`, { body: { description: "one" } });
    clockMs += DELAY_MS;
    const { body: second } = await emulator.request<Operation>("PATCH", `${ZONES}/listed?clientOperationId=mine`, {
      body: { description: "two" },
    });
    const { body } = await emulator.request<{ kind: string; operations: Operation[] }>("GET", `${ZONES}/listed/operations`);
    expect(body).toEqual({
      kind: "dns#managedZoneOperationsListResponse",
      operations: [
        { ...first, status: "done" },
        { ...second, id: "mine", status: "pending" },
      ],
    });
  });

  it("a client polling operations.get ends on done", async () => {
    await createZone(emulator, "polled", "polled.example.");
    const { body: operation } = await emulator.request<Operation>("PATCH", `${ZONES}/polled`, {
      body: { labels: { stage: "prod" } },
    });
    let status = operation.status;
    let polls = 0;
    while (status !== "done") {
      polls += 1;
      if (polls > 10) throw new Error("operation never finished");
      clockMs += 1_000;
      status = (await getOperation("polled", operation.id)).status;
    }
    expect(polls).toBe(DELAY_MS / 1_000);
  });
});

describe("operationCompletionDelayMs", () => {
  it("defaults to the change delay", async () => {
    const immediate = await startEmulator({ changeCompletionDelayMs: 0 });
    try {
      await createZone(immediate, "instant", "instant.example.");
      const { body } = await immediate.request<Operation>("PATCH", `${ZONES}/instant`, { body: { description: "x" } });
      expect(body.status).toBe("done");
    } finally {
      await immediate.close();
    }
  });
});
