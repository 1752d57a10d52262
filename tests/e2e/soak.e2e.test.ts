/**
 * Soak: about a hundred resources of every kind (examples/soak) created,
 * changed (a fifth of the record sets get new data) and destroyed, each in ONE
 * `up`/`destroy`, while the emulator answers 20% of requests with 5xx, 10% with
 * 429 (Retry-After 1) and loses 5% of responses after processing them. The
 * Pulumi engine stops starting new work after the first error, so every
 * single operation must succeed by itself. After each run the state must hold
 * exactly what the emulator holds: nothing lost, duplicated or left over.
 */
import { reconcile, soakSshKey } from "../support/soak";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const suite = engineSuite();
const FAULTS = { rate5xx: 0.2, status5xx: 503 as const, rate429: 0.1, retryAfterSeconds: 1, lostResponseRate: 0.05 };
const RECORDS = 64;
const RESOURCES = 2 + RECORDS + 1 + 1 + 10 + 10 + 1 + 10 + 1;

it(`creates, changes and destroys ${RESOURCES} resources, each in one run, under 5xx, 429 and lost responses`, async () => {
  const { emulator } = suite;
  await emulator.reset();
  const test = suite.track(await openStack("soak", emulator, { records: { value: String(RECORDS) }, sshPrivateKey: { value: soakSshKey(), secret: true } }));
  const timings: string[] = [];
  const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await run();
    timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return result;
  };
  const expectConsistent = async (count: number): Promise<void> => {
    await emulator.clearFaults();
    const check = await reconcile(test, emulator);
    expect({ lost: check.lost, leftOver: check.leftOver, duplicated: check.duplicated }).toEqual({ lost: [], leftOver: [], duplicated: [] });
    expect(check.state).toHaveLength(count);
  };

  await emulator.faults({ ...FAULTS, seed: 101 });
  const up = await timed("up", () => test.stack.up());
  expect(up.summary.resourceChanges).toEqual({ create: RESOURCES + 1 });
  await expectConsistent(RESOURCES);
  const faulted = (await emulator.stats()) as unknown as { faults: { kinds: Record<string, number> } };
  expect(faulted.faults.kinds).toEqual(
    expect.objectContaining({ rateLimited: expect.any(Number), serverError: expect.any(Number), lostResponse: expect.any(Number) }),
  );
  for (const count of Object.values(faulted.faults.kinds)) expect(count).toBeGreaterThan(0);

  await test.stack.setConfig("recordVersion", { value: "2" });
  await emulator.faults({ ...FAULTS, seed: 202 });
  const change = await timed("update", () => test.stack.up());
  const changed = Math.ceil(RECORDS / 5);
  expect(change.summary.resourceChanges).toEqual({ same: RESOURCES + 1 - changed, update: changed });
  await expectConsistent(RESOURCES);
  for (let i = 0; i < RECORDS; i++) {
    const zone = i % 2 === 0 ? "soak-a" : "soak-b";
    const { body } = await emulator.api("GET", `/dns/v1/projects/e2e-project/managedZones/${zone}/rrsets/host-${i}.${zone}.example./A`);
    expect((body as { rrdatas: string[] }).rrdatas).toEqual([i % 5 === 0 ? `203.0.113.${i + 2}` : `198.51.100.${i}`]);
  }

  await emulator.faults({ ...FAULTS, seed: 303 });
  await timed("destroy", () => test.stack.destroy());
  await expectConsistent(0);
  process.stderr.write(`soak (${RESOURCES} resources): ${timings.join(", ")}\n`);
});
