/** Cloud DNS managedZones: patch, update and delete. */
import type { ManagedZone, Operation } from "../../emulator/apis/dns/resources";
import { createZone, googleError, rrset, ZONES } from "./helpers";
import { emulator } from "./managed-zones-harness";

describe("managedZones.patch and update", () => {
  it("PATCH changes present fields, clears null ones, keeps absent ones, and returns a pending Operation", async () => {
    const { body: before } = await createZone(emulator, "patched", "patched.example.", { labels: { env: "dev" } });
    const result = await emulator.request<Operation>("PATCH", `${ZONES}/patched`, {
      body: { description: null, cloudLoggingConfig: { enableLogging: true } },
    });
    expect(result.status).toBe(200);
    const after = { ...before, cloudLoggingConfig: { kind: "dns#managedZoneCloudLoggingConfig", enableLogging: true } } as Partial<ManagedZone>;
    delete after.description;
    expect(result.body).toEqual({
      kind: "dns#operation",
      id: expect.any(String),
      startTime: expect.any(String),
      status: "pending",
      type: "update",
      user: expect.any(String),
      zoneContext: { oldValue: before, newValue: after },
    });
    const { body: stored } = await emulator.request<ManagedZone>("GET", `${ZONES}/patched`);
    expect(stored).toEqual(after);
    expect(stored).not.toHaveProperty("description");
    expect(stored.labels).toEqual({ env: "dev" });
  });

  it("records the operation under the zone: operations.get and operations.list", async () => {
    await createZone(emulator, "with-ops", "ops.example.");
    const first = await emulator.request<Operation>("PATCH", `${ZONES}/with-ops`, { body: { description: "one" } });
    const second = await emulator.request<Operation>("PATCH", `${ZONES}/with-ops?clientOperationId=my-op`, {
      body: { description: "two" },
    });
    expect(second.body.id).toBe("my-op");
    // The status moves on with the clock (see dns-operations.test.ts); the rest is the operation as returned.
    const anyStatus = { status: expect.stringMatching(/^(pending|done)$/) };
    expect((await emulator.request("GET", `${ZONES}/with-ops/operations/${first.body.id}`)).body).toEqual({ ...first.body, ...anyStatus });
    const list = await emulator.request<{ kind: string; operations: Operation[]; nextPageToken?: string }>("GET", `${ZONES}/with-ops/operations?maxResults=1`);
    expect(list.body.kind).toBe("dns#managedZoneOperationsListResponse");
    expect(list.body.operations).toEqual([{ ...first.body, ...anyStatus }]);
    const rest = await emulator.request<{ operations: Operation[]; nextPageToken?: string }>(
      "GET",
      `${ZONES}/with-ops/operations?maxResults=1&pageToken=${list.body.nextPageToken ?? ""}`,
    );
    expect(rest.body.operations).toEqual([{ ...second.body, ...anyStatus }]);
    expect(rest.body.nextPageToken).toBeUndefined();

    const missing = await emulator.request("GET", `${ZONES}/with-ops/operations/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(googleError(404, "notFound", "The 'parameters.operation' resource named 'nope' does not exist."));
    const duplicate = await emulator.request("PATCH", `${ZONES}/with-ops?clientOperationId=my-op`, { body: {} });
    expect(duplicate.status).toBe(409);
  });

  it.each([
    ["dnsName", "moved.example."],
    ["name", "renamed"],
    ["visibility", "private"],
  ])("answers 400 invalid when PATCH changes the immutable %s", async (field, value) => {
    await createZone(emulator, "fixed", "fixed.example.");
    const result = await emulator.request("PATCH", `${ZONES}/fixed`, { body: { [field]: value } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(googleError(400, "invalid", `Invalid value for 'entity.managedZone.${field}': '${value}'`));
  });

  it("accepts immutable fields in PATCH when they are unchanged", async () => {
    await createZone(emulator, "fixed", "fixed.example.");
    const result = await emulator.request("PATCH", `${ZONES}/fixed`, {
      body: { name: "fixed", dnsName: "fixed.example.", visibility: "public", description: "new" },
    });
    expect(result.status).toBe(200);
  });

  it("PUT replaces every mutable field: absent ones are cleared", async () => {
    await createZone(emulator, "replaced", "replaced.example.", { labels: { env: "dev" } });
    const result = await emulator.request<Operation>("PUT", `${ZONES}/replaced`, {
      body: { name: "replaced", dnsName: "replaced.example.", description: "only this" },
    });
    expect(result.status).toBe(200);
    expect(result.body.type).toBe("update");
    const { body: stored } = await emulator.request<ManagedZone>("GET", `${ZONES}/replaced`);
    expect(stored.description).toBe("only this");
    expect(stored).not.toHaveProperty("labels");
  });

  it("answers 404 for a zone that does not exist", async () => {
    expect((await emulator.request("PATCH", `${ZONES}/ghost`, { body: { description: "x" } })).status).toBe(404);
  });
});

describe("managedZones.delete", () => {
  it("deletes an empty zone with 204 and an empty body, taking the apex SOA/NS with it", async () => {
    await createZone(emulator, "short-lived", "short.example.");
    const result = await emulator.request("DELETE", `${ZONES}/short-lived`);
    expect(result.status).toBe(204);
    expect(result.text).toBe("");
    expect((await emulator.request("GET", `${ZONES}/short-lived`)).status).toBe(404);
    expect((await emulator.request("GET", `${ZONES}/short-lived/rrsets`)).status).toBe(404);
    expect((await emulator.request<{ dns: unknown }>("GET", "/_emulator/objects")).body.dns).toEqual({
      managedZones: [],
      resourceRecordSets: [],
      policies: [],
      responsePolicies: [],
      responsePolicyRules: [],
    });
  });

  it("answers 404 for a zone that does not exist", async () => {
    const result = await emulator.request("DELETE", `${ZONES}/ghost`);
    expect(result.status).toBe(404);
    expect(result.body).toEqual(googleError(404, "notFound", "The 'parameters.managedZone' resource named 'ghost' does not exist."));
  });

  it("answers 400 containerNotEmpty while the zone holds record sets of its own, then deletes once emptied", async () => {
    const { body: zone } = await createZone(emulator, "busy", "busy.example.");
    await emulator.request("POST", `${ZONES}/busy/rrsets`, { body: rrset("www.busy.example.", "A", 300, "192.0.2.1") });

    const refused = await emulator.request("DELETE", `${ZONES}/${zone.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(
      googleError(400, "containerNotEmpty", "The resource named 'busy' cannot be deleted because it contains one or more 'resource records'."),
    );

    expect((await emulator.request("DELETE", `${ZONES}/busy/rrsets/www.busy.example./A`)).status).toBe(200);
    expect((await emulator.request("DELETE", `${ZONES}/busy`)).status).toBe(204);
  });

  it("frees the name for a new zone", async () => {
    const { body: first } = await createZone(emulator, "reborn", "reborn.example.");
    await emulator.request("DELETE", `${ZONES}/reborn`);
    const { body: second } = await createZone(emulator, "reborn", "reborn.example.");
    expect(second.id).not.toBe(first.id);
  });
});
