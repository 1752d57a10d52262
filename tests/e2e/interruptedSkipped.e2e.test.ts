/**
 * Interrupted runs converge with checkpoints skipped (PULUMI_SKIP_CHECKPOINTS, as large stacks run:
 * a killed run records nothing): `pulumi up` of examples/interrupted killed at 10 random moments,
 * each followed by `svc-recover` then `pulumi up`; then `destroy` killed 5 times, each followed by
 * `svc-recover` then `pulumi destroy`. Objects a killed run made are adopted by their ownership
 * record, never made twice or left behind.
 */
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { expectConverged, expectDestroyed, killAndRecover, killMoments, summary, type KillRecord } from "../support/interruptedStack";

const suite = engineSuite({ speed: { latencyMs: 10, changePropagationMs: 200 } });
const moment = killMoments("interruptedSkipped");
const afterWrites = (): number => Math.floor(moment() * 60);

it("converges after each of 10 kills of `up` and each of 5 kills of `destroy`, with checkpoints skipped", async () => {
  const { emulator } = suite;
  const test = suite.track(
    await openStack(
      "interrupted",
      emulator,
      { quotaId: { value: "interrupted-skipped" }, "svc:calendarToken": { value: emulator.token, secret: true } },
      { PULUMI_SKIP_CHECKPOINTS: "true" },
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
  for (let round = 0; round < 5; round++) {
    kills.push(await killAndRecover(emulator, test, "destroy", 1 + afterWrites(), 0));
    expect((await test.stack.destroy()).summary.result).toBe("succeeded");
    await expectDestroyed(emulator, test);
    if (round < 4) expect((await test.stack.up()).summary.result).toBe("succeeded");
  }
  process.stdout.write(`interruptedSkipped (checkpoints skipped): ${summary(kills)}\n`);
  expect(kills.filter((kill) => kill.killedAfterWrites !== undefined).length).toBeGreaterThanOrEqual(12);
});
