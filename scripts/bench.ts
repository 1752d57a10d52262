/**
 * The benchmark (`npm run bench -- [N] [--parallel P] [--rounds K] [--out FILE] [--checkpoints both|written|skipped]`):
 * examples/dns-many-records (one zone, N record sets, default 500) against the emulator, beside
 * its floor, examples/bench-floor (the same graph of no-op dynamic resources with a one-line
 * provider), run step by step in turn so that both see the same machine: up, preview, refresh,
 * ttl update, record-data update, destroy; with the engine's checkpoints written and skipped
 * (PULUMI_SKIP_CHECKPOINTS). Per step: wall and CPU time (the CLI and everything it ran), the
 * API requests the emulator saw and per resource, the provider process's peak RSS; and the
 * state's bytes per resource after up. With `--rounds K` the whole sequence runs K times and the
 * table gives the medians (the ratio: the median of each round's ratio, floor and provider having
 * run side by side; requests and RSS: the most of any round). Prints a table and writes the
 * numbers as JSON.
 * A benchmark, not a test: only the CI's run at a small N checks that it works.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../tests/support/emulatorControl";

const REPO = path.resolve(__dirname, "..");

interface Options {
  readonly count: number;
  readonly parallel: number;
  readonly rounds: number;
  readonly out: string;
  readonly checkpoints: readonly ("written" | "skipped")[];
}

function parseOptions(argv: readonly string[]): Options {
  let count = 500;
  let parallel = 8;
  let rounds = 1;
  let out = path.join(REPO, "bench-results.json");
  let checkpoints: Options["checkpoints"] = ["written", "skipped"];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--parallel") parallel = Number(value());
    else if (arg === "--rounds") rounds = Number(value());
    else if (arg === "--out") out = path.resolve(value());
    else if (arg === "--checkpoints") {
      const which = value();
      if (which !== "both" && which !== "written" && which !== "skipped") throw new Error("--checkpoints is both, written or skipped");
      checkpoints = which === "both" ? ["written", "skipped"] : [which];
    } else if (/^\d+$/.test(arg)) count = Number(arg);
    else throw new Error(`unknown argument ${arg}; usage: bench [N] [--parallel P] [--rounds K] [--out FILE] [--checkpoints both|written|skipped]`);
  }
  if (![count, parallel, rounds].every((value) => Number.isInteger(value) && value > 0)) throw new Error("N, P and K must be positive whole numbers");
  return { count, parallel, rounds, out, checkpoints };
}

/** Every descendant of `root`, from /proc (Linux). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after the last ")" are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() ?? -1) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The peak resident set (VmHWM, MB) of the dynamic-provider processes below `root`, sampled. */
function providerPeak(root: number, peaks: Map<number, number>): void {
  for (const pid of descendants(root)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("dynamic-provider")) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      if (hwm !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, Number(hwm) / 1024));
    } catch {
      // gone meanwhile
    }
  }
}

interface Measured {
  readonly wallS: number;
  readonly cpuS: number;
  readonly peakRssMb: number;
}

/** Runs the Pulumi CLI under /usr/bin/time (CPU of it and every process it waited for), sampling the provider's RSS. */
function pulumi(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Measured & { output: string }> {
  const timing = path.join(os.tmpdir(), `svc-bench-time-${process.pid}`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn("/usr/bin/time", ["-f", "%e %U %S", "-o", timing, "pulumi", ...args, "--non-interactive"], { cwd, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const peaks = new Map<number, number>();
    const sampler = setInterval(() => child.pid !== undefined && providerPeak(child.pid, peaks), 50);
    child.on("error", reject);
    child.on("close", (code) => {
      clearInterval(sampler);
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) {
        reject(new Error(`pulumi ${args.join(" ")} failed (${code}):\n${output.slice(-3000)}`));
        return;
      }
      const [, user = "0", system = "0"] = readFileSync(timing, "utf8").trim().split("\n").pop()?.split(" ") ?? [];
      rmSync(timing, { force: true });
      resolve({ wallS, cpuS: Number(user) + Number(system), peakRssMb: Math.max(0, ...peaks.values()), output });
    });
  });
}

interface Program {
  readonly label: "floor" | "svc";
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stack: string;
}

async function openProgram(label: Program["label"], example: string, work: string, emulator: RunningEmulator, checkpoints: string, count: number): Promise<Program> {
  const home = path.join(work, `${label}-${checkpoints}`);
  mkdirSync(path.join(home, "state"), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(home, "state")}`,
    PULUMI_HOME: path.join(home, "home"),
    PULUMI_CONFIG_PASSPHRASE: "bench",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    SVC_EMULATOR_URL: emulator.url,
    SVC_DNS_TOKEN: emulator.token,
    SVC_PROJECT: "bench",
    ...(checkpoints === "skipped" && { PULUMI_SKIP_CHECKPOINTS: "true" }),
  };
  const program = { label, dir: path.join(REPO, "examples", example), env, stack: `bench${process.pid}${label}${checkpoints}` };
  await pulumi(program.dir, ["stack", "init", program.stack], env);
  await setConfig(program, "count", count);
  return program;
}

async function resetConfig(program: Program): Promise<void> {
  await setConfig(program, "ttl", 300);
  await setConfig(program, "dataVersion", 1);
}

async function setConfig(program: Program, key: string, value: number): Promise<void> {
  await pulumi(program.dir, ["config", "set", "--stack", program.stack, key, String(value)], program.env);
}

function stateBytes(program: Program): number {
  const stacks = path.join(program.env["PULUMI_BACKEND_URL"]?.slice("file://".length) ?? "", ".pulumi", "stacks");
  const project = readdirSync(stacks)[0] ?? "";
  return statSync(path.join(stacks, project, `${program.stack}.json`)).size;
}

interface Row {
  readonly checkpoints: string;
  readonly round: number;
  readonly step: string;
  readonly floor: Measured;
  readonly svc: Measured;
  readonly requests: number;
  readonly requestsPerResource: number;
  /** The provider's wall time over the floor's (in a summary: the median of the rounds'). */
  readonly ratio: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One row per checkpoints mode and step: medians of the rounds, and the most requests and memory of any. */
function summarize(rows: readonly Row[]): Row[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(`${row.checkpoints} ${row.step}`, [...(groups.get(`${row.checkpoints} ${row.step}`) ?? []), row]);
  return [...groups.values()].map((group) => {
    const [first] = group as [Row, ...Row[]];
    const of = (label: "floor" | "svc"): Measured => ({
      wallS: median(group.map((row) => row[label].wallS)),
      cpuS: median(group.map((row) => row[label].cpuS)),
      peakRssMb: Math.max(...group.map((row) => row[label].peakRssMb)),
    });
    const requests = Math.max(...group.map((row) => row.requests));
    return { ...first, round: 0, floor: of("floor"), svc: of("svc"), requests, requestsPerResource: Math.max(...group.map((row) => row.requestsPerResource)), ratio: median(group.map((row) => row.ratio)) };
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const { count, parallel } = options;
  const emulator = await startEmulator();
  const work = mkdtempSync(path.join(os.tmpdir(), "svc-bench-"));
  const rows: Row[] = [];
  const stateBytesPerResource: Record<string, { floor: number; svc: number }> = {};
  const programs: Program[] = [];
  try {
    for (const checkpoints of options.checkpoints) {
      const floor = await openProgram("floor", "bench-floor", work, emulator, checkpoints, count);
      const svc = await openProgram("svc", "dns-many-records", work, emulator, checkpoints, count);
      programs.push(floor, svc);
      const up = ["up", "--yes", "--skip-preview", "--parallel", String(parallel)];
      const steps: Array<{ step: string; before?: (program: Program) => Promise<void>; args: string[] }> = [
        { step: "up", args: up },
        { step: "preview", args: ["preview", "--expect-no-changes", "--parallel", String(parallel)] },
        { step: "refresh", args: ["refresh", "--yes", "--skip-preview", "--parallel", String(parallel)] },
        { step: "ttl update", before: (program) => setConfig(program, "ttl", 600), args: up },
        { step: "record-data update", before: (program) => setConfig(program, "dataVersion", 2), args: up },
        { step: "destroy", args: ["destroy", "--yes", "--skip-preview", "--parallel", String(parallel)] },
      ];
      for (let round = 1; round <= options.rounds; round++) {
        // Each round starts from the program's defaults: the updates below change them.
        if (round > 1) for (const program of [floor, svc]) await resetConfig(program);
        for (const { step, before, args } of steps) {
          const measured: Partial<Record<Program["label"], Measured>> = {};
          let requests = 0;
          // In turn, step by step: the floor and the provider see the same machine at nearly the same time.
          for (const program of [floor, svc]) {
            await before?.(program);
            const { total: start } = await emulator.stats();
            const { output: _output, ...result } = await pulumi(program.dir, [...args, "--stack", program.stack], program.env);
            const { total: end } = await emulator.stats();
            measured[program.label] = result;
            if (program.label === "svc") requests = end - start;
          }
          if (step === "up") stateBytesPerResource[checkpoints] = { floor: stateBytes(floor) / (count + 1), svc: stateBytes(svc) / (count + 1) };
          const row: Row = {
            checkpoints,
            round,
            step,
            floor: measured.floor ?? { wallS: 0, cpuS: 0, peakRssMb: 0 },
            svc: measured.svc ?? { wallS: 0, cpuS: 0, peakRssMb: 0 },
            requests,
            requestsPerResource: requests / (count + 1),
            ratio: (measured.svc?.wallS ?? 0) / (measured.floor?.wallS ?? 1),
          };
          rows.push(row);
          printRow(row, rows.length === 1);
        }
      }
    }
  } finally {
    for (const program of programs) {
      await pulumi(program.dir, ["stack", "rm", "--yes", "--force", "--stack", program.stack], program.env).catch(() => undefined);
      rmSync(path.join(program.dir, `Pulumi.${program.stack}.yaml`), { force: true });
    }
    rmSync(work, { recursive: true, force: true });
    await emulator.close();
  }
  const summary = options.rounds > 1 ? summarize(rows) : rows;
  if (options.rounds > 1) {
    console.log(`\nmedians of ${options.rounds} rounds (requests and MB: the most of any round)`);
    summary.forEach((row, index) => printRow(row, index === 0));
  }
  for (const [checkpoints, bytes] of Object.entries(stateBytesPerResource)) {
    console.log(`state bytes per resource after up (checkpoints ${checkpoints}): floor ${Math.round(bytes.floor)}, svc ${Math.round(bytes.svc)}`);
  }
  const bound = 2 * Math.ceil(count / parallel) + 5;
  console.log(`write steps' request bound 2·⌈N/P⌉+5 = ${bound} (N ${count}, P ${parallel})`);
  writeFileSync(
    options.out,
    `${JSON.stringify({ count, parallel, rounds: options.rounds, cpus: os.cpus().length, summary, rows, stateBytesPerResource, writeRequestBound: bound }, null, 2)}\n`,
  );
  console.log(`written: ${options.out}`);
}

function printRow(row: Row, header: boolean): void {
  const cells = (values: readonly (string | number)[]): string =>
    values.map((value, index) => (index < 2 ? String(value).padEnd(index === 0 ? 8 : 19) : String(value).padStart(9))).join(" ");
  if (header) {
    console.log(cells(["ckpts", "step", "floor s", "svc s", "ratio", "floor cpu", "svc cpu", "requests", "req/res", "floor MB", "svc MB"]));
  }
  const { floor, svc } = row;
  console.log(
    cells([
      row.checkpoints,
      row.step,
      floor.wallS.toFixed(1),
      svc.wallS.toFixed(1),
      row.ratio.toFixed(2),
      floor.cpuS.toFixed(1),
      svc.cpuS.toFixed(1),
      row.requests,
      row.requestsPerResource.toFixed(3),
      floor.peakRssMb.toFixed(0),
      svc.peakRssMb.toFixed(0),
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
