/**
 * Interrupted runs converge (checkpoints written): `pulumi up` of examples/interrupted killed
 * (SIGKILL to the CLI and everything under it) at 10 random moments, each followed by the
 * documented recovery, `svc-recover` then `pulumi up`; then an update of every TTL killed 5 times.
 * After each: the state equals the program, the service holds each declared object once and
 * nothing made twice, and the next preview is empty.
 */
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { expectConverged, killAndRecover, killMoments, KillPoints, summary, type KillRecord } from "../support/interruptedStack";

// As slow as a real service: every request 10 ms, a DNS change pending for 200 ms.
const suite = engineSuite({ speed: { latencyMs: 10, changePropagationMs: 200 } });
const points = new KillPoints(killMoments("interruptedUp"));
/** A run that ended before its kill is no kill: another is run, up to this many runs in all. */
const MAX_RUNS = 25;

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
  let ttl = 300;
  while (killed("update") < 5) {
    expect(runs.length).toBeLessThan(MAX_RUNS);
    ttl += 60;
    await test.stack.setConfig("ttl", { value: String(ttl) });
    const since = (await emulator.requests()).length;
    const run = { ...(await killAndRecover(emulator, test, "up", points.next("update"))), step: "update" };
    points.learn("update", run);
    runs.push(run);
    expect((await test.stack.up()).summary.result).toBe("succeeded");
    await expectConverged(emulator, test, since, ttl);
  }
  process.stdout.write(`interruptedUp (checkpoints written): ${summary(runs)}\n`);
});
