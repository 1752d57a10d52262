/**
 * `RecordSet.get`: a program reads an existing record set by its id, with the
 * real engine (a read step, the provider's `read` with only the id), uses its
 * typed outputs, and never changes or deletes it.
 */
import { engineSuite } from "../support/suite";
import { openStack } from "../support/stacks";

const suite = engineSuite();

const ZONE_PATH = "/dns/v1/projects/e2e-project/managedZones";
const RECORD_ID = "projects/e2e-project/managedZones/outside/rrsets/www.outside.example./A";

describe("reading an existing record set (examples/dns-get)", () => {
  beforeEach(async () => {
    await suite.emulator.reset();
    const zone = await suite.emulator.api("POST", ZONE_PATH, { name: "outside", dnsName: "outside.example.", description: "made by hand" });
    expect(zone.status).toBe(200);
    const rrset = await suite.emulator.api("POST", `${ZONE_PATH}/outside/rrsets`, {
      name: "www.outside.example.",
      type: "A",
      ttl: 600,
      rrdatas: ["192.0.2.7", "192.0.2.8"],
    });
    expect(rrset.status).toBe(200);
  });

  it("reads it by id into typed outputs, feeds them to a managed record set, and leaves it alone on destroy", async () => {
    const test = suite.track(await openStack("dns-get", suite.emulator, { recordId: { value: RECORD_ID }, copyName: { value: "copy.outside.example." } }));
    const up = await test.stack.up();
    expect(up.outputs["existingType"]?.value).toBe("A");
    expect(up.outputs["existingTtl"]?.value).toBe(600);
    expect(up.outputs["existingRrdatas"]?.value).toEqual(["192.0.2.7", "192.0.2.8"]);
    expect(up.outputs["copyId"]?.value).toBe("projects/e2e-project/managedZones/outside/rrsets/copy.outside.example./A");

    // The read object is in the state as external (read, not managed), under the id it was read by.
    const state = JSON.parse(await test.stateText()) as { checkpoint: { latest: { resources: Array<{ urn: string; id?: string; external?: boolean }> } } };
    const read = state.checkpoint.latest.resources.find((resource) => resource.urn.endsWith("::existing"));
    expect(read).toMatchObject({ id: RECORD_ID, external: true });

    // The copy was created with the read data; besides the setup, that create is the only write.
    const rrsets = (await suite.emulator.api("GET", `${ZONE_PATH}/outside/rrsets`)).body as { rrsets: Array<{ name: string; ttl: number; rrdatas: string[] }> };
    expect(rrsets.rrsets.find((rrset) => rrset.name === "copy.outside.example.")).toMatchObject({ ttl: 600, rrdatas: ["192.0.2.7", "192.0.2.8"] });
    const writes = (await suite.emulator.requests())
      .filter((request) => request.method !== "GET")
      .map((request) => `${request.method} ${request.path} ${(request.body as { name?: string } | undefined)?.name}`);
    expect(writes).toEqual([
      `POST ${ZONE_PATH} outside`,
      `POST ${ZONE_PATH}/outside/rrsets www.outside.example.`,
      `POST ${ZONE_PATH}/outside/rrsets copy.outside.example.`,
    ]);

    expect((await test.stack.preview()).changeSummary).not.toHaveProperty("update");
    await test.stack.destroy();
    const after = (await suite.emulator.api("GET", `${ZONE_PATH}/outside/rrsets`)).body as { rrsets: Array<{ name: string; rrdatas: string[] }> };
    expect(after.rrsets.map((rrset) => rrset.name)).toContain("www.outside.example.");
    expect(after.rrsets.map((rrset) => rrset.name)).not.toContain("copy.outside.example.");
  });

  it("fails the update, naming the id, when no such record set exists", async () => {
    const missing = "projects/e2e-project/managedZones/outside/rrsets/nope.outside.example./A";
    const test = suite.track(await openStack("dns-get", suite.emulator, { recordId: { value: missing }, copyName: { value: "copy.outside.example." } }));
    await expect(test.stack.up()).rejects.toThrow(
      'svc.dns.RecordSet: cannot read "projects/e2e-project/managedZones/outside/rrsets/nope.outside.example./A": no such object exists.',
    );
    const names = ((await suite.emulator.api("GET", `${ZONE_PATH}/outside/rrsets`)).body as { rrsets: Array<{ name: string }> }).rrsets.map((r) => r.name);
    expect(names).not.toContain("copy.outside.example.");
  });
});
