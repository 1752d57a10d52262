/**
 * Interrupted runs of a provider-plugin stack converge (checkpoints written): `pulumi up` of
 * examples/plugin-interrupted (YAML: a zone of 24 record sets, a response policy with two rules, an
 * access rule of the primary calendar) killed at random moments, each followed by `svc-recover`
 * then `pulumi up`. In one kill the ownership records are removed before `svc-recover`, as a lost CI
 * runner loses them: the pending creates are completed from their inputs and the live service alone.
 * After each: the service holds each declared object once (nothing left behind, nothing made twice,
 * from the emulator's request log), the state holds exactly the program with no pending operation,
 * and the next preview is empty. `npm test` runs 2 kills (tests/e2e/interruptedPlugin.e2e.test.ts),
 * the campaign 10 (tests/campaign/interruptedPlugin.campaign.test.ts).
 */
import { rmSync } from "node:fs";
import * as path from "node:path";
import { expectConverged, killAndRecover, killMoments, KillPoints, summary, type ConvergedShape, type KillRecord } from "./interruptedStack";
import { pluginStack } from "./pluginStack";
import { engineSuite } from "./suite";

const RECORDS = 24;
const SHAPE: ConvergedShape = {
  zone: "plugin-interrupted",
  // The zone, its record sets, the response policy and its two rules, the ACL rule.
  resources: RECORDS + 5,
  types: "svc:",
  objects: { zones: 1, recordSets: RECORDS, responsePolicies: 1, rules: 2, calendars: 0, aclRules: 1, quotaPreferences: 0 },
};

/** Declares the file's test: `kills` kills of `up` of the YAML program, one of them with the ownership records gone. */
export function pluginKillCampaign(file: string, kills: number): void {
  const KILLS = kills;
  /** A run that ended before its kill is no kill: another is run, up to this many runs in all. */
  const MAX_RUNS = KILLS + 8;
  // As slow as a real service: every request 10 ms, a DNS change pending for 200 ms.
  const suite = engineSuite({ speed: { latencyMs: 10, changePropagationMs: 200 } });
  const plugin = pluginStack(suite, "plugin-interrupted", "yaml", { PULUMI_SKIP_CHECKPOINTS: "false" });
  const points = new KillPoints(killMoments(file), RECORDS);

  it(`converges after each of ${KILLS} kills of \`up\`, once with the ownership records gone`, async () => {
    expect(KILLS).toBeGreaterThanOrEqual(1);
    const { emulator } = suite;
    const test = plugin.test;
    const ownership = path.join(test.cli.env["PULUMI_HOME"] ?? "", "svc-ownership");
    const runs: KillRecord[] = [];
    const killed = (): number => runs.filter((run) => run.killedAfterWrites !== undefined).length;
    let recordsLostInAKill = false;
    while (killed() < KILLS) {
      expect(runs.length).toBeLessThan(MAX_RUNS);
      const since = (await emulator.requests()).length;
      // The second kill (the only one when there is one) loses the records, until a run so treated is really killed.
      const lose = !recordsLostInAKill && killed() >= Math.min(1, KILLS - 1);
      const run = await killAndRecover(emulator, test, "up", points.next("up"), lose ? () => rmSync(ownership, { recursive: true, force: true }) : undefined);
      points.learn("up", run);
      runs.push(run);
      if (lose && run.killedAfterWrites !== undefined) recordsLostInAKill = true;
      expect((await test.stack.up()).summary.result).toBe("succeeded");
      await expectConverged(emulator, test, since, 300, SHAPE);
      if (killed() < KILLS) expect((await test.stack.destroy()).summary.result).toBe("succeeded");
    }
    expect(recordsLostInAKill).toBe(true);
    process.stdout.write(`${file} (checkpoints written, plugin): ${summary(runs)}\n`);
  });
}
