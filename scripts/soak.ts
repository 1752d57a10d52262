/**
 * Soak benchmark (not part of the suite): examples/soak at full size — two
 * zones, 500 record sets, a DNS server policy, a response policy with 20
 * rules, 10 IAM members, a follow, 10 checkout keys, an SSH key — created,
 * then 100 record sets changed, then destroyed, each in ONE run, under 20%
 * 5xx, 10% 429 (Retry-After 1) and 5% lost responses (seeded). Prints, per
 * run, whether it succeeded, its time, the requests and faults the emulator
 * saw, and how the state compares with the emulator's objects.
 *
 *   npm run soak -- [records] [seed]
 */
import { startEmulator, type RunningEmulator } from "../tests/support/emulatorControl";
import { reconcile, soakSshKey } from "../tests/support/soak";
import { openStack, type TestStack } from "../tests/support/stacks";

const records = Number(process.argv[2] ?? 500);
const seed = Number(process.argv[3] ?? 1);
const FAULTS = { rate5xx: 0.2, status5xx: 503 as const, rate429: 0.1, retryAfterSeconds: 1, lostResponseRate: 0.05 };

interface Stats {
  total: number;
  faults: { total: number; kinds: Record<string, number> };
}

async function run(name: string, emulator: RunningEmulator, test: TestStack, runSeed: number, operation: () => Promise<unknown>): Promise<boolean> {
  const before = (await emulator.stats()) as unknown as Stats;
  await emulator.faults({ ...FAULTS, seed: runSeed });
  const started = Date.now();
  let outcome = "succeeded";
  try {
    await operation();
  } catch (error) {
    outcome = `FAILED: ${((error as Error).message.split("\n").find((line) => line.includes("error:")) ?? (error as Error).message).trim().slice(0, 300)}`;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  await emulator.clearFaults();
  const stats = (await emulator.stats()) as unknown as Stats;
  const check = await reconcile(test, emulator);
  // The emulator's counters run on across runs: each run reports its own share.
  const kinds = Object.entries(stats.faults.kinds)
    .map(([kind, count]) => `${kind} ${count - (before.faults.kinds[kind] ?? 0)}`)
    .join(", ");
  console.log(
    `${name.padEnd(8)} ${outcome} in ${seconds}s; ${stats.total - before.total} requests, ${stats.faults.total - before.faults.total} faulted (${kinds}); ` +
      `state ${check.state.length}, emulator ${check.live.length}: lost ${check.lost.length}, duplicated ${check.duplicated.length}, left over ${check.leftOver.length}`,
  );
  for (const id of [...check.lost, ...check.duplicated, ...check.leftOver].slice(0, 10)) console.log(`         ${id}`);
  return outcome === "succeeded" && check.lost.length + check.duplicated.length + check.leftOver.length === 0;
}

async function main(): Promise<void> {
  const emulator = await startEmulator();
  const test = await openStack("soak", emulator, {
    records: { value: String(records) },
    rules: { value: "20" },
    members: { value: "10" },
    keys: { value: "10" },
    sshPrivateKey: { value: soakSshKey(), secret: true },
  });
  const resources = 2 + records + 1 + 1 + 20 + 10 + 1 + 10 + 1;
  console.log(`soak: ${resources} resources, faults ${JSON.stringify(FAULTS)}, seed ${seed}`);
  let ok = true;
  try {
    ok = (await run("up", emulator, test, seed, () => test.stack.up())) && ok;
    await test.stack.setConfig("recordVersion", { value: "2" });
    ok = (await run("update", emulator, test, seed + 1, () => test.stack.up())) && ok;
    ok = (await run("destroy", emulator, test, seed + 2, () => test.stack.destroy())) && ok;
  } finally {
    await test.dispose();
    await emulator.close();
  }
  console.log(ok ? "soak: every run converged in one go" : "soak: NOT converged");
  process.exitCode = ok ? 0 : 1;
}

void main();
