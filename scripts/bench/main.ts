/**
 * The benchmark: `npm run bench -- [N] [--scenario default|latency|scale|console] [--parallel P] [--rounds K]
 * [--latency MS] [--propagation MS] [--out FILE] [--checkpoints both|written|skipped] [--programs LABELS] [--steps NAMES]`.
 *
 * Each scenario (scenarios.ts) runs examples/dns-many-records (one zone, N record sets) against the
 * emulator beside baselines in the same graph (examples/bench-floor): the engine's floor (no-op
 * resources) and, for `latency`, a per-record provider (one request per record, each change waited
 * for). They run step by step in turn so that all see the same machine. `default`: up, preview,
 * refresh, ttl update, record-data update, destroy, with the engine's checkpoints written and
 * skipped (PULUMI_SKIP_CHECKPOINTS). `latency`: the emulator answers after `--latency` ms (100) and
 * DNS changes propagate in `--propagation` ms (2000). `scale`: N = 5,000 by default. `console` (console.ts):
 * the web console's pages with one zone of N = 5,000 record sets.
 * Per step and program: wall and CPU time (the CLI and everything it ran), the API requests the
 * emulator saw, the provider process's peak RSS; and the state's bytes per resource after up. With
 * `--rounds K` the table gives the medians of K rounds (requests and RSS: the most of any round).
 * Prints a table and the scenario's targets, and writes the numbers as JSON.
 * `--programs floor,svc` and `--steps up,destroy` run part of a scenario (its programs by label, its
 * steps by name, in the scenario's order): to settle one row with more rounds in less time.
 * A benchmark, not a test: only the CI's run at a small N checks that it works.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../tests/support/emulatorControl";
import { runConsoleBench } from "./console";
import { pulumi, type Measured } from "./processes";
import { openProgram, removeProgram, resetConfig, stateBytes, type Program } from "./programs";
import { SCENARIOS, type Scenario, type ScenarioOptions } from "./scenarios";
import { printRow, summarize, type Row } from "./table";
import { requestKinds, workOf, type RequestKinds, type Work } from "./work";

const REPO = path.resolve(__dirname, "..", "..");
const USAGE =
  "usage: bench [N] [--scenario default|latency|scale] [--parallel P] [--rounds K] [--latency MS] [--propagation MS] [--out FILE] [--checkpoints both|written|skipped] [--programs LABELS] [--steps NAMES]";

interface Options extends ScenarioOptions {
  readonly scenario: Scenario;
  readonly rounds: number;
  readonly out: string;
  readonly checkpoints: readonly ("written" | "skipped")[];
}

function parseOptions(argv: readonly string[]): Options {
  let count: number | undefined;
  let scenario: Scenario = SCENARIOS["default"]!;
  let parallel = 8;
  let rounds = 1;
  let latencyMs = 100;
  let propagationMs = 2000;
  let out: string | undefined;
  let checkpoints: Options["checkpoints"] | undefined;
  let programs: readonly string[] | undefined;
  let steps: readonly string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value; ${USAGE}`);
      return next;
    };
    if (arg === "--parallel") parallel = Number(value());
    else if (arg === "--rounds") rounds = Number(value());
    else if (arg === "--latency") latencyMs = Number(value());
    else if (arg === "--propagation") propagationMs = Number(value());
    else if (arg === "--out") out = path.resolve(value());
    else if (arg === "--programs") programs = value().split(",");
    else if (arg === "--steps") steps = value().split(",");
    else if (arg === "--scenario") {
      const name = value();
      const found = SCENARIOS[name];
      if (found === undefined) throw new Error(`--scenario is one of ${Object.keys(SCENARIOS).join(", ")}, got ${name}`);
      scenario = found;
    } else if (arg === "--checkpoints") {
      const which = value();
      if (which !== "both" && which !== "written" && which !== "skipped") throw new Error("--checkpoints is both, written or skipped");
      checkpoints = which === "both" ? ["written", "skipped"] : [which];
    } else if (/^\d+$/.test(arg)) count = Number(arg);
    else throw new Error(`unknown argument ${arg}; ${USAGE}`);
  }
  scenario = {
    ...scenario,
    programs: chosen(scenario.name, "--programs", programs, scenario.programs, (program) => program.label),
    steps: chosen(scenario.name, "--steps", steps, scenario.steps, (step) => step.name),
  };
  count ??= scenario.defaultCount;
  if (![count, parallel, rounds].every((number) => Number.isInteger(number) && number > 0)) throw new Error("N, P and K must be positive whole numbers");
  if (![latencyMs, propagationMs].every((number) => Number.isInteger(number) && number >= 0))
    throw new Error("--latency and --propagation are whole milliseconds");
  return {
    scenario,
    count,
    parallel,
    rounds,
    latencyMs,
    propagationMs,
    out: out ?? path.join(REPO, `bench-${scenario.name}.json`),
    // The default scenario compares both modes (the engine's own cost moves with them); the others run as users do.
    checkpoints: checkpoints ?? (scenario.name === "default" ? ["written", "skipped"] : ["written"]),
  };
}

/** The scenario's items that `names` name, in its order (none named: all); a name it has not is an error naming those it has. */
function chosen<T>(scenarioName: string, option: string, names: readonly string[] | undefined, all: readonly T[], nameOf: (item: T) => string): readonly T[] {
  if (names === undefined) return all;
  const known = all.map(nameOf);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`${option} takes names of the ${scenarioName} scenario: ${known.join(", ")}; got ${names.join(",")}`);
  return all.filter((item) => names.includes(nameOf(item)));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // The console's pages are a benchmark of the emulator alone: no programs, no engine.
  if (argv[argv.indexOf("--scenario") + 1] === "console") return runConsoleBench(argv);
  const options = parseOptions(argv);
  const { scenario, count, parallel } = options;
  const speed = scenario.speed?.(options);
  const emulator = await startEmulator(undefined, speed === undefined ? {} : { speed });
  const work = mkdtempSync(path.join(os.tmpdir(), "svc-bench-"));
  const rows: Row[] = [];
  const stateBytesPerResource: Record<string, Record<string, number>> = {};
  const programs: Program[] = [];
  console.log(`scenario ${scenario.name}: N ${count}, P ${parallel}${speed === undefined ? "" : `, emulator ${JSON.stringify(speed)}`}`);
  try {
    for (const checkpoints of options.checkpoints) {
      const opened: Program[] = [];
      for (const spec of scenario.programs) opened.push(await openProgram(spec, work, emulator, checkpoints, count));
      programs.push(...opened);
      for (let round = 1; round <= options.rounds; round++) {
        // Each round starts from the programs' defaults: the update steps change them.
        if (round > 1) for (const program of opened) await resetConfig(program);
        for (const step of scenario.steps) {
          const measured: Record<string, Measured> = {};
          const requests: Record<string, number> = {};
          const work: Record<string, Work> = {};
          const kinds: Record<string, RequestKinds> = {};
          // In turn, step by step: every program sees the same machine at nearly the same time.
          for (const program of opened) {
            await step.before?.(program);
            const { total: start } = await emulator.stats();
            const logged = (await emulator.requests()).length;
            const { output: _output, ...result } = await pulumi(program.dir, [...step.args(parallel), "--stack", program.stack], program.env);
            const { total: end } = await emulator.stats();
            measured[program.label] = result;
            requests[program.label] = end - start;
            const sent = (await emulator.requests()).slice(logged);
            work[program.label] = workOf(sent);
            kinds[program.label] = requestKinds(sent);
          }
          if (step.name === "up") {
            stateBytesPerResource[checkpoints] = Object.fromEntries(opened.map((program) => [program.label, stateBytes(program) / (count + 1)]));
          }
          const row: Row = {
            scenario: scenario.name,
            checkpoints,
            round,
            step: step.name,
            measured,
            requests,
            fewestRequests: requests,
            work,
            kinds,
            requestsPerResource: (requests["svc"] ?? 0) / (count + 1),
            ratio: (measured["svc"]?.wallS ?? 0) / (measured["floor"]?.wallS ?? 1),
          };
          rows.push(row);
          printRow(row, rows.length === 1);
        }
      }
    }
  } finally {
    for (const program of programs) await removeProgram(program);
    rmSync(work, { recursive: true, force: true });
    await emulator.close();
  }
  const summary = options.rounds > 1 ? summarize(rows) : rows;
  if (options.rounds > 1) {
    console.log(`\nmedians of ${options.rounds} rounds (requests and MB: the most of any round; the fewest in the targets)`);
    summary.forEach((row, index) => printRow(row, index === 0));
  }
  for (const [checkpoints, bytes] of Object.entries(stateBytesPerResource)) {
    const parts = Object.entries(bytes).map(([label, perResource]) => `${label} ${Math.round(perResource)}`);
    console.log(`state bytes per resource after up (checkpoints ${checkpoints}): ${parts.join(", ")}`);
  }
  const targets = scenario.targets(summary, options);
  for (const line of targets) console.log(line);
  writeFileSync(
    options.out,
    `${JSON.stringify(
      {
        scenario: scenario.name,
        count,
        parallel,
        rounds: options.rounds,
        cpus: os.cpus().length,
        speed: speed ?? null,
        summary,
        rows,
        stateBytesPerResource,
        targets,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written: ${options.out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
