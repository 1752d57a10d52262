/**
 * `npm run test:acceptance`: the acceptance run (docs/acceptance.md).
 *
 *   --record [--emulator]   run against the settings of the environment (or an emulator of its own,
 *                           through a service-account key exchanged at its token endpoint) and write
 *                           the run's cassettes under tests/cassettes/<name>/
 *   --replay [--name N]     replay every recorded run (or one), with no network and no emulator
 *   --parity [--name N]     run each run recorded against a real service again against an emulator,
 *                           with the same seed, and compare the answers field by field
 *   (neither)               run against the settings, recording nothing
 *   --profile full|smoke    every update and replacement (default), or the first of each per resource
 *   --only dns:ManagedZone,...   the resources to run
 */
import * as path from "node:path";
import { requireEngine } from "../support/toolchain";
import { newSeed } from "./names";
import { ownEmulator, parity } from "./parityRun";
import { objectsMade, planAcceptance, type Profile } from "./plan";
import { runAcceptance } from "./run";
import { settingsOfEnvironment } from "./settings";
import { CASSETTES, guard, readRun, record, recordedRuns, replay } from "./runs";

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index < 0 ? undefined : args[index + 1];
}

const log = (line: string): void => console.log(`acceptance: ${line}`);

async function main(args: readonly string[]): Promise<void> {
  requireEngine();
  const given = option(args, "profile") ?? "full";
  if (given !== "full" && given !== "smoke") throw new Error(`--profile is ${given}; it must be full or smoke`);
  const profile: Profile = given;
  const only = option(args, "only")?.split(",");
  const name = option(args, "name");
  const rewriteText = process.env["SVC_ACC_REWRITE"];
  const planOptions = {
    profile,
    ...(only !== undefined && { only }),
    ...(process.env["SVC_ACC_DNS_SUFFIX"] !== undefined && { dnsSuffix: process.env["SVC_ACC_DNS_SUFFIX"] }),
    ...(rewriteText !== undefined && { rewrite: JSON.parse(rewriteText) as Record<string, string> }),
  };
  if (args.includes("--replay")) {
    const runs = name === undefined ? recordedRuns() : [name];
    if (runs.length === 0) throw new Error(`no recorded run under ${CASSETTES}: record one with --record`);
    for (const run of runs) {
      const started = Date.now();
      const { operations } = await replay(path.join(CASSETTES, run), log);
      log(`replayed ${run}: ${operations} engine operations in ${((Date.now() - started) / 1000).toFixed(1)} s, no network`);
    }
    return;
  }
  if (args.includes("--parity")) {
    const runs = (name === undefined ? recordedRuns() : [name]).filter((run) => readRun(path.join(CASSETTES, run)).target === "real");
    if (runs.length === 0) log("no run recorded against a real service: nothing to hold the emulator to (docs/acceptance.md says how to record one)");
    for (const run of runs) {
      const differences = await parity(path.join(CASSETTES, run), log);
      for (const line of differences) log(`parity ${run}: ${line}`);
      if (differences.length > 0) throw new Error(`parity ${run}: the emulator answered ${differences.length} field(s) unlike the service`);
      log(`parity ${run}: the emulator answered as the service did`);
    }
    return;
  }
  const emulator = args.includes("--emulator") ? await ownEmulator() : undefined;
  try {
    const env = emulator?.env ?? settingsOfEnvironment();
    const target = emulator === undefined ? "real" : "emulator";
    const started = Date.now();
    if (args.includes("--record")) {
      const run = name ?? `${target}-${profile}`;
      const { folder, operations } = await record({ ...planOptions, name: run, target, env, log });
      log(`recorded ${path.relative(process.cwd(), folder)}: ${operations} engine operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    const plan = planAcceptance(newSeed(), planOptions);
    guard(env, objectsMade(plan));
    const { operations } = await runAcceptance({ mode: "live", folder: "", plan, env, log });
    log(`passed: ${operations} engine operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await emulator?.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`acceptance: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
