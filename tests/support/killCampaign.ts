/**
 * A kill test of interrupted runs, at a size its file chooses: `npm test` runs a few kills of each
 * kind on a small zone (tests/e2e/interrupted*.e2e.test.ts), `npm run test:campaign` the full
 * campaign on 300 record sets (tests/campaign/). `pulumi up` of examples/interrupted is killed
 * (SIGKILL to the CLI and everything under it) at random moments, each followed by the documented
 * recovery, `svc-recover` then `pulumi up`; then the file's second kind of run (an update of every
 * TTL, or a destroy) is killed likewise. After each: the state equals the program, the service holds
 * each declared object once and nothing made twice, and the next preview is empty.
 */
import { openStack } from "./stacks";
import { engineSuite } from "./suite";
import { expectConverged, expectDestroyed, interruptedShape, killAndRecover, killMoments, KillPoints, summary, type KillRecord } from "./interruptedStack";

export interface KillCampaign {
  /** The file's name, in its seed line and its summary. */
  readonly file: string;
  /** Checkpoints written after each step (the default), or skipped (PULUMI_SKIP_CHECKPOINTS, as large stacks run: a killed run records nothing). */
  readonly checkpoints: "written" | "skipped";
  /** The program's record sets (examples/interrupted's `records`). */
  readonly records: number;
  /** Kills of `up` of the whole program, each from an empty stack. */
  readonly ups: number;
  /** Then kills of an update of every record set's TTL (recovered by `up`), or of `destroy` (recovered by `destroy`). */
  readonly then: { readonly kind: "update" | "destroy"; readonly kills: number };
}

/** Declares the file's test: its emulator (as slow as a real service) and the kills. */
export function killCampaign({ file, checkpoints, records, ups, then }: KillCampaign): void {
  // As slow as a real service: every request 10 ms, a DNS change pending for 200 ms.
  const suite = engineSuite({ speed: { latencyMs: 10, changePropagationMs: 200 } });
  const points = new KillPoints(killMoments(file), records);
  /** A run that ended before its kill is no kill: another is run, up to this many runs in all. */
  const maxRuns = 2 * (ups + then.kills) + 5;

  it(`converges after each of ${ups} kills of \`up\` and each of ${then.kills} kills of ${then.kind === "update" ? "an update of every TTL" : "`destroy`"} (${records} record sets, checkpoints ${checkpoints})`, async () => {
    const { emulator } = suite;
    const test = suite.track(
      await openStack(
        "interrupted",
        emulator,
        {
          records: { value: String(records) },
          quotaId: { value: `interrupted-${checkpoints}` },
          "svc:calendarToken": { value: emulator.token, secret: true },
        },
        { PULUMI_SKIP_CHECKPOINTS: checkpoints === "skipped" ? "true" : "false" },
      ),
    );
    const runs: KillRecord[] = [];
    const killed = (step: string): number => runs.filter((run) => run.step === step && run.killedAfterWrites !== undefined).length;
    const next = async (kind: "up" | "update" | "destroy"): Promise<void> => {
      expect(runs.length).toBeLessThan(maxRuns);
      const run = { ...(await killAndRecover(emulator, test, kind === "destroy" ? "destroy" : "up", points.next(kind))), step: kind };
      points.learn(kind, run);
      runs.push(run);
    };

    while (killed("up") < ups) {
      const since = (await emulator.requests()).length;
      await next("up");
      expect((await test.stack.up()).summary.result).toBe("succeeded");
      await expectConverged(emulator, test, since, 300, interruptedShape(records));
      // The next kill of `up` starts from an empty stack; the kills after these from the whole program.
      if (killed("up") < ups) expect((await test.stack.destroy()).summary.result).toBe("succeeded");
    }
    let ttl = 300;
    while (killed(then.kind) < then.kills) {
      if (then.kind === "update") {
        ttl += 60;
        await test.stack.setConfig("ttl", { value: String(ttl) });
        const since = (await emulator.requests()).length;
        await next("update");
        expect((await test.stack.up()).summary.result).toBe("succeeded");
        await expectConverged(emulator, test, since, ttl, interruptedShape(records));
      } else {
        await next("destroy");
        expect((await test.stack.destroy()).summary.result).toBe("succeeded");
        await expectDestroyed(emulator, test);
        if (killed("destroy") < then.kills) expect((await test.stack.up()).summary.result).toBe("succeeded");
      }
    }
    process.stdout.write(`${file} (checkpoints ${checkpoints}, ${records} record sets): ${summary(runs)}\n`);
  });
}
