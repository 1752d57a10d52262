/**
 * Interrupted runs converge (checkpoints written): `pulumi up` of examples/interrupted killed
 * (SIGKILL to the CLI and everything under it) at 10 random moments, each followed by the
 * documented recovery, `svc-recover` then `pulumi up`; then an update of every TTL killed 5 times.
 * After each: the state equals the program, the service holds each declared object once and
 * nothing made twice, and the next preview is empty.
 */
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { expectConverged, killAndRecover, killMoments, summary, type KillRecord } from "../support/interruptedStack";

// As slow as a real service: every request 10 ms, a DNS change pending for 200 ms.
const suite = engineSuite({ speed: { latencyMs: 10, changePropagationMs: 200 } });
const moment = killMoments("interruptedUp");
/** Writes of one up of the program are about 60 (the record sets go as the zone's changes): kills land across it. */
const afterWrites = (): number => Math.floor(moment() * 60);

it("converges after each of 10 kills of `up`, then after each of 5 kills of an update of every TTL", async () => {
  const { emulator } = suite;
  const test = suite.track(
    await openStack(
      "interrupted",
      emulator,
      { quotaId: { value: "interrupted-written" }, "svc:calendarToken": { value: emulator.token, secret: true } },
      { PULUMI_SKIP_CHECKPOINTS: "false" },
    ),
  );
  const kills: KillRecord[] = [];
  for (let round = 0; round < 10; round++) {
    const since = (await emulator.requests()).length;
    kills.push(await killAndRecover(emulator, test, "up", afterWrites(), moment() * 8000));
    expect((await test.stack.up()).summary.result).toBe("succeeded");
    await expectConverged(emulator, test, since, 300);
    if (round < 9) expect((await test.stack.destroy()).summary.result).toBe("succeeded");
  }
  for (let round = 1; round <= 5; round++) {
    const ttl = 300 + 60 * round;
    await test.stack.setConfig("ttl", { value: String(ttl) });
    const since = (await emulator.requests()).length;
    kills.push(await killAndRecover(emulator, test, "up", 1 + afterWrites(), 0));
    expect((await test.stack.up()).summary.result).toBe("succeeded");
    await expectConverged(emulator, test, since, ttl);
  }
  process.stdout.write(`interruptedUp (checkpoints written): ${summary(kills)}\n`);
  expect(kills.filter((kill) => kill.killedAfterWrites !== undefined).length).toBeGreaterThanOrEqual(12);
});
