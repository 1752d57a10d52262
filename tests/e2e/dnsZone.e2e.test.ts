/**
 * The DNS resources end to end with the real Pulumi engine against the
 * emulator: the lifecycle a user goes through, checked at the emulator.
 */
import { runConformance } from "../support/conformance";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";
import { openStack, type TestStack } from "../support/stacks";
import { requireEngine } from "../support/toolchain";

const ZONE_PATH = "/dns/v1/projects/e2e-project/managedZones";

let emulator: RunningEmulator;

beforeAll(async () => {
  requireEngine();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator?.close();
});

beforeEach(async () => {
  await emulator.reset();
});

async function listRrsets(zone: string): Promise<Array<{ name: string; type: string; ttl: number; rrdatas: string[] }>> {
  const { status, body } = await emulator.api("GET", `${ZONE_PATH}/${zone}/rrsets`);
  expect(status).toBe(200);
  return (body as { rrsets: Array<{ name: string; type: string; ttl: number; rrdatas: string[] }> }).rrsets;
}

function userRecords<T extends { type: string; name: string }>(rrsets: T[], apex: string): T[] {
  return rrsets.filter((rrset) => !(rrset.name === apex && (rrset.type === "SOA" || rrset.type === "NS")));
}

describe("website zone (examples/dns-zone)", () => {
  let test: TestStack;

  afterEach(async () => {
    await test?.dispose();
  });

  it("goes through the conformance run: up, no-change preview and refresh, a ttl update in place, a rename that replaces, destroy", async () => {
    test = await openStack("dns-zone", emulator, { zoneName: { value: "site" }, domain: { value: "site.example." } });
    await runConformance(test, emulator, {
      created: 6,
      afterUp: async (outputs) => {
        expect(outputs["nameServers"]?.value).toHaveLength(4);
        expect(outputs["zoneId"]?.value).toBe("projects/e2e-project/managedZones/site");
        expect(userRecords(await listRrsets("site"), "site.example.")).toHaveLength(4);
      },
      updates: [
        {
          what: "a ttl change is an update in place whose PATCH body holds only the ttl",
          config: { wwwTtl: { value: "900" } },
          changes: { same: 5, update: 1 },
          writes: [{ method: "PATCH", path: `${ZONE_PATH}/site/rrsets/www.site.example./CNAME`, body: { ttl: 900 } }],
          verify: async () => expect((await listRrsets("site")).find((r) => r.name === "www.site.example.")?.ttl).toBe(900),
        },
      ],
      replaces: [
        {
          what: "a name change replaces the record set: the new one exists, the old one is gone",
          config: { wwwLabel: { value: "web" } },
          changes: { same: 5, replace: 1 },
          verify: async () => {
            const names = (await listRrsets("site")).map((r) => r.name);
            expect(names).toContain("web.site.example.");
            expect(names).not.toContain("www.site.example.");
          },
        },
      ],
      // The example takes no import ids; examples/dns-import covers adoption below.
      imports: [],
      nothingLeft: (objects) =>
        expect(objects).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [], resourceRecordSets: [] }) })),
    });
  });

  it("drops from the state a record deleted out of band, and the next preview offers to create it again", async () => {
    test = await openStack("dns-zone", emulator, { zoneName: { value: "drift" }, domain: { value: "drift.example." } });
    const { stack } = test;
    expect((await stack.up()).summary.resourceChanges).toEqual({ create: 6 });
    const removed = await emulator.api("DELETE", `${ZONE_PATH}/drift/rrsets/drift.example./MX`);
    expect(removed.status).toBe(200);
    const drift = await stack.refresh();
    expect(drift.summary.resourceChanges).toEqual({ same: 5, delete: 1 });
    expect((await test.stateResources()).some((r) => r.urn.endsWith("::mail"))).toBe(false);
    expect((await stack.preview()).changeSummary).toEqual({ same: 5, create: 1 });

    await stack.destroy();
    expect(await emulator.objects()).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [], resourceRecordSets: [] }) }));
  });

  it("keeps the serialized provider tiny and the token out of the state", async () => {
    test = await openStack("dns-zone", emulator, { zoneName: { value: "tiny" }, domain: { value: "tiny.example." } });
    const output: string[] = [];
    const up = await test.stack.up({ onOutput: (line) => output.push(line) });
    // The tests' summary is the engine's summary event, not a history read (stacks.ts): both count the same.
    const [last] = await test.stack.history(1);
    expect(up.summary.resourceChanges).toEqual(last?.resourceChanges);
    expect(up.summary.resourceChanges).toEqual({ create: 6 });
    const text = await test.stateText();
    expect(text).not.toContain(emulator.token);
    expect(output.join("")).not.toContain(emulator.token);
    // The token set with `pulumi config set --secret` is stored encrypted (as the default provider's input).
    expect(text).toMatch(/"svc:dnsToken":\{"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","ciphertext":/);
    const dynamic = (await test.stateResources()).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"));
    expect(dynamic).toHaveLength(5);
    for (const resource of dynamic) {
      for (const provider of [resource.inputs?.["__provider"], resource.outputs?.["__provider"]]) {
        expect(typeof provider).toBe("string");
        expect((provider as string).length).toBeLessThan(2048);
      }
    }
    const destroyed = await test.stack.destroy();
    expect(destroyed.summary.resourceChanges).toEqual((await test.stack.history(1))[0]?.resourceChanges);
  });
});

describe("bad input fails at preview and nothing is written", () => {
  let test: TestStack;

  afterEach(async () => {
    await test?.dispose();
  });

  it.each([
    ["a dnsName without the trailing dot", { domain: { value: "nodot.example" } }, /dnsName.*ending with a dot/s],
    ["a negative ttl", { wwwTtl: { value: "-1" } }, /ttl.*from 0 to 2147483647.*-1/s],
    ["an unknown record type", { wwwType: { value: "AX" } }, /type.*must be a record type.*"AX"/s],
  ])("%s", async (_what, config, message) => {
    test = await openStack("dns-zone", emulator, { zoneName: { value: "bad" }, domain: { value: "bad.example." }, ...config });
    await expect(test.stack.preview()).rejects.toThrow(message);
    const writes = (await emulator.requests()).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });

  it("an A record that is no IPv4 address, without a single request", async () => {
    test = await openStack("dns-zone", emulator, {
      zoneName: { value: "bad" },
      domain: { value: "bad.example." },
      apexAddresses: { value: JSON.stringify(["192.0.2.10", "999.1.1.1"]) },
    });
    await expect(test.stack.preview()).rejects.toThrow(/rrdatas\[1\] must be A record data: a dotted-quad IPv4 address.*got "999\.1\.1\.1"/s);
    // Not even a read: check alone refused it.
    expect(await emulator.requests()).toEqual([]);
  });
});

describe("adoption with { import } (examples/dns-import)", () => {
  let test: TestStack;

  afterEach(async () => {
    await test?.dispose();
  });

  it("adopts a zone and a record set that exist only in the emulator, converging what differs; the next preview is empty", async () => {
    const zone = await emulator.api("POST", ZONE_PATH, { name: "legacy", dnsName: "legacy.example.", description: "made by hand" });
    expect(zone.status).toBe(200);
    const rrset = await emulator.api("POST", `${ZONE_PATH}/legacy/rrsets`, {
      name: "www.legacy.example.",
      type: "A",
      ttl: 300,
      rrdatas: ["192.0.2.80"],
    });
    expect(rrset.status).toBe(200);
    const postsBefore = (await emulator.requests({ method: "POST" })).length;

    test = await openStack("dns-import", emulator, {
      zoneName: { value: "legacy" },
      domain: { value: "legacy.example." },
      description: { value: "adopted by pulumi" },
      zoneImportId: { value: "e2e-project/legacy" },
      recordImportId: { value: "legacy/www.legacy.example./A" },
    });
    const up = await test.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(up.outputs["zoneId"]?.value).toBe("projects/e2e-project/managedZones/legacy");
    expect(up.outputs["recordId"]?.value).toBe("projects/e2e-project/managedZones/legacy/rrsets/www.legacy.example./A");
    // Adopted, not created: the emulator saw no POST; the one mutable difference was patched.
    expect((await emulator.requests({ method: "POST" })).length).toBe(postsBefore);
    const patches = await emulator.requests({ method: "PATCH" });
    expect(patches.map((p) => [p.path, p.body])).toEqual([[`${ZONE_PATH}/legacy`, { description: "adopted by pulumi" }]]);

    expect((await test.stack.preview()).changeSummary).toEqual({ same: 3 });

    await test.stack.destroy();
    expect(await emulator.objects()).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [], resourceRecordSets: [] }) }));
  });

  it("fails clearly when the object to import does not exist, creating nothing", async () => {
    test = await openStack("dns-import", emulator, {
      zoneName: { value: "ghost" },
      domain: { value: "ghost.example." },
      zoneImportId: { value: "ghost" },
      recordImportId: { value: "ghost/www.ghost.example./A" },
    });
    await expect(test.stack.up()).rejects.toThrow(/cannot import "ghost": no such object exists/);
    expect((await emulator.requests({ method: "POST" })).length).toBe(0);
  });
});

describe("faults (examples/dns-many-records)", () => {
  let test: TestStack;

  afterEach(async () => {
    await emulator.clearFaults();
    await test?.dispose();
  });

  it("creates 50 record sets exactly once under 20% 503s and 10% 429s", async () => {
    test = await openStack("dns-many-records", emulator, { count: { value: "50" }, domain: { value: "many.example." } });
    await emulator.faults({ rate5xx: 0.2, status5xx: 503, rate429: 0.1, retryAfterSeconds: 1, pathPrefix: "/dns/v1/", seed: 7 });
    const up = await test.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 52 });
    await emulator.clearFaults();
    const records = userRecords(await listRrsets("many-records"), "many.example.");
    expect(records).toHaveLength(50);
    const names = records.map((r) => r.name).sort();
    expect(new Set(names).size).toBe(50);
    for (let i = 0; i < 50; i++) expect(names).toContain(`host-${i}.many.example.`);
    // Faults were met and retried; the 50 creates went out in batched changes (fewer requests than resources).
    const stats = await emulator.stats();
    expect(stats.faults.total).toBeGreaterThan(0);
    expect(stats.total - stats.faults.total).toBeLessThan(52);
    await test.stack.destroy();
    expect(await emulator.objects()).toEqual(expect.objectContaining({ dns: expect.objectContaining({ managedZones: [], resourceRecordSets: [] }) }));
  });

  it("reconciles creates whose responses were lost instead of duplicating or failing them", async () => {
    test = await openStack("dns-many-records", emulator, { count: { value: "10" }, domain: { value: "lost.example." }, zoneName: { value: "lost" } });
    await emulator.faults({ lostResponseRate: 0.3, methods: ["POST"], pathPrefix: "/dns/v1/", seed: 11 });
    const up = await test.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 12 });
    await emulator.clearFaults();
    expect(userRecords(await listRrsets("lost"), "lost.example.")).toHaveLength(10);
    expect((await test.stack.preview()).changeSummary).toEqual({ same: 12 });
    await test.stack.destroy();
  });
});
