/**
 * The spellings property test: record data written in generated spellings of the same values
 * (tests/support/rrdataSpellings.ts: IPv6 forms and case, mail hosts and DS digests in any case, TXT
 * quoted or not, split into strings or long enough to be split at 255, values in any order) is
 * created with `up`, which the emulator answers in Cloud DNS's own spelling (emulator/README.md,
 * "Record data as Cloud DNS answers it"); then a preview and a refresh show no change, through the
 * dynamic SDK and through the provider plugin (a TypeScript program of `pulumi-svc/plugin`). One
 * stack per way, every case's record sets in it at once: the engine runs stay few.
 */
import type { RunningEmulator } from "../support/emulatorControl";
import { pluginStack, previewChanges } from "../support/pluginStack";
import { spellingCases, type SpelledRecord } from "../support/rrdataSpellings";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const CASES = 3;

/** The live record sets of the zone that differ, as the emulator answers them, from their spelling in the program. */
async function rewritten(emulator: RunningEmulator, zone: string, records: readonly SpelledRecord[]): Promise<number> {
  let count = 0;
  for (const record of records) {
    const { status, body } = await emulator.api("GET", `/dns/v1/projects/e2e-project/managedZones/${zone}/rrsets/${record.name}/${record.type}`);
    expect(status).toBe(200);
    const live = (body as { rrdatas: string[] }).rrdatas;
    expect(live).toHaveLength(record.rrdatas.length);
    if ([...live].sort().join("\n") !== [...record.rrdatas].sort().join("\n")) count += 1;
  }
  return count;
}

async function configure(test: TestStack, zone: string, dnsName: string, records: readonly SpelledRecord[]): Promise<void> {
  await test.stack.setAllConfig({ zoneName: { value: zone }, zoneDnsName: { value: dnsName }, records: { value: JSON.stringify(records) } });
}

it("takes every spelling as the service's: up, then a preview and a refresh with no change, through the dynamic SDK", async () => {
  const dnsName = "sdk-spellings.example.";
  const records = spellingCases(dnsName, CASES, 56).flat();
  const test = suite.track(await openStack("dns-spellings", suite.emulator));
  await configure(test, "sdk-spellings", dnsName, records);
  expect((await test.stack.up()).summary.resourceChanges).toEqual({ create: records.length + 2 });
  // The service's spelling is not the program's: the comparison is exercised, not bypassed.
  expect(await rewritten(suite.emulator, "sdk-spellings", records)).toBeGreaterThan(records.length / 2);
  expect((await test.stack.preview()).changeSummary).toEqual({ same: records.length + 2 });
  expect((await test.stack.refresh()).summary.resourceChanges).toEqual({ same: records.length + 2 });
  expect((await test.stack.preview()).changeSummary).toEqual({ same: records.length + 2 });
});

describe("through the provider plugin", () => {
  const stack = pluginStack(suite, "plugin-dns-spellings", "nodejs");

  it("takes every spelling as the service's: up, then a preview and a refresh with no change", async () => {
    const dnsName = "plugin-spellings.example.";
    const records = spellingCases(dnsName, CASES, 5601).flat();
    await configure(stack.test, "plugin-spellings", dnsName, records);
    expect((await stack.test.stack.up()).summary.resourceChanges).toEqual({ create: records.length + 2 });
    expect(await rewritten(suite.emulator, "plugin-spellings", records)).toBeGreaterThan(records.length / 2);
    expect(await previewChanges(stack.test)).toEqual([]);
    expect((await stack.test.stack.refresh()).summary.resourceChanges).toEqual({ same: records.length + 2 });
    expect(await previewChanges(stack.test)).toEqual([]);
  });
});
