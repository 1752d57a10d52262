/**
 * Interrupted runs converge with checkpoints skipped (PULUMI_SKIP_CHECKPOINTS, as large stacks run:
 * a killed run records nothing): `pulumi up` of examples/interrupted killed at 10 random moments,
 * each followed by `svc-recover` then `pulumi up`; then `destroy` killed 5 times, each followed by
 * `svc-recover` then `pulumi destroy`. A run that ends before its kill is no kill: another is run.
 * Objects a killed run made are adopted by their ownership record, never made twice or left behind.
 */
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { expectConverged, expectDestroyed, killAndRecover, killMoments, KillPoints, summary, type KillRecord } from "../support/interruptedStack";

const suite = engineSuite({ speed: { latencyMs: 10, changePropagationMs: 200 } });
const points = new KillPoints(killMoments("interruptedSkipped"));
/** A run that ended before its kill is no kill: another is run, up to this many runs in all. */
const MAX_RUNS = 25;

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
  const runs: KillRecord[] = [];
  const killed = (step: string): number => runs.filter((run) => run.step === step && run.killedAfterWrites !== undefined).length;
  while (killed("up") < 10) {
    expect(runs.length).toBeLessThan(MAX_RUNS);
    const since = (await emulator.requests()).length;
    const run = await killAndRecover(emulator, test, "up", points.next("up"));
    points.learn("up", run);
    runs.push(run);
    expect((await test.stack.up()).summary.result).toBe("succeeded");
    await expectConverged(emulator, test, since, 300);
    if (killed("up") < 10) expect((await test.stack.destroy()).summary.result).toBe("succeeded");
  }
  while (killed("destroy") < 5) {
    expect(runs.length).toBeLessThan(MAX_RUNS);
    const run = await killAndRecover(emulator, test, "destroy", points.next("destroy"));
    points.learn("destroy", run);
    runs.push(run);
    expect((await test.stack.destroy()).summary.result).toBe("succeeded");
    await expectDestroyed(emulator, test);
    if (killed("destroy") < 5) expect((await test.stack.up()).summary.result).toBe("succeeded");
  }
  process.stdout.write(`interruptedSkipped (checkpoints skipped): ${summary(runs)}\n`);
});
