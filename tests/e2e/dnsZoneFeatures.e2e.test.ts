/** The website zone beyond the basics: canonical record data, atomic updates, zone updates, forceDestroy. */
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const ZONE = "/dns/v1/projects/e2e-project/managedZones/feat";

const suite = engineSuite();

it("keeps quiet on reordered records and TXT quoting, updates records atomically, waits for zone operations, and destroys only with forceDestroy", async () => {
  const test = suite.track(await openStack("dns-zone", suite.emulator, { zoneName: { value: "feat" }, domain: { value: "feat.example." } }));
  const { stack } = test;
  expect((await stack.up()).summary.resourceChanges).toEqual({ create: 6 });

  // The same records in another order, the SPF text without its quotes: no change.
  await stack.setAllConfig({
    apexAddresses: { value: JSON.stringify(["192.0.2.11", "192.0.2.10"]) },
    spf: { value: "v=spf1 include:mail.example.net -all" },
  });
  expect((await stack.preview()).changeSummary).toEqual({ same: 6 });

  // New record data goes through one atomic change: deletion of the old set and addition of the new.
  await stack.setConfig("apexAddresses", { value: JSON.stringify(["192.0.2.20"]) });
  const before = (await suite.emulator.requests()).length;
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 5, update: 1 });
  const writes = (await suite.emulator.requests()).slice(before).filter((r) => r.method !== "GET");
  expect(writes.map((w) => [w.method, w.path])).toEqual([["POST", `${ZONE}/changes`]]);
  expect(writes[0]?.body).toEqual({
    kind: "dns#change",
    deletions: [{ name: "feat.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.10", "192.0.2.11"] }],
    additions: [{ kind: "dns#resourceRecordSet", name: "feat.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.20"] }],
  });

  // A zone update returns an operation that is pending at first; up waits for it.
  const zonePatch = await suite.emulator.api("PATCH", ZONE, { description: "changed by hand" });
  expect((zonePatch.body as { status: string }).status).toBe("pending");
  await stack.refresh();
  expect((await stack.preview()).changeSummary).toEqual({ same: 5, update: 1 });
  expect((await stack.up()).summary.resourceChanges).toEqual({ same: 5, update: 1 });
  expect(((await suite.emulator.api("GET", ZONE)).body as { description: string }).description).toBe("Public zone of the website");

  // A record the stack does not manage: destroy refuses to lose it, and says how to proceed.
  const stray = await suite.emulator.api("POST", `${ZONE}/rrsets`, { name: "legacy.feat.example.", type: "A", ttl: 60, rrdatas: ["192.0.2.99"] });
  expect(stray.status).toBe(200);
  await expect(stack.destroy()).rejects.toThrow(/still holds record sets.*forceDestroy: true/s);
  expect((await suite.emulator.api("GET", `${ZONE}/rrsets/legacy.feat.example./A`)).status).toBe(200);
  expect((await suite.emulator.api("GET", ZONE)).status).toBe(200);

  // With forceDestroy (a client-side setting: no request to change it), destroy removes the zone and its records.
  await stack.setConfig("forceDestroy", { value: "true" });
  expect((await stack.up()).summary.resourceChanges).toMatchObject({ update: 1 });
  await stack.destroy();
  expect(await suite.emulator.objects()).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [], resourceRecordSets: [] }) }));
});
