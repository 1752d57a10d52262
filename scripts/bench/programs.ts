/**
 * The programs a benchmark scenario compares, each a stack of an example with its own file
 * backend and PULUMI_HOME, against the benchmark's emulator.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../tests/support/emulatorControl";
import { pulumi } from "./processes";

const REPO = path.resolve(__dirname, "..", "..");

/** What runs in a column of the table. */
export interface ProgramSpec {
  /** The column's name: `floor`, `perRecord`, `svc`, `plugin`. */
  readonly label: string;
  readonly example: string;
  /** A program made for the run instead of an example's folder (the YAML one: YAML has no loops), by its folder. */
  readonly write?: (work: string, count: number) => string;
  /** The example's `count` for N (default N): an example with record sets of its own holds fewer host records. */
  readonly count?: (count: number) => number;
  /** Stack config besides `count` (e.g. the baseline's `provider`). */
  readonly config?: Readonly<Record<string, string>>;
  /** The config the update steps change, at its defaults: what a new round starts from (default `ttl` 300, `dataVersion` 1, `ten` 0). */
  readonly defaults?: Readonly<Record<string, number>>;
}

export interface Program {
  readonly label: string;
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stack: string;
  readonly defaults: Readonly<Record<string, number>>;
}

export async function openProgram(spec: ProgramSpec, work: string, emulator: RunningEmulator, checkpoints: string, count: number): Promise<Program> {
  const home = path.join(work, `${spec.label}-${checkpoints}`);
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
    // A project per program: their zones have the same name.
    SVC_PROJECT: `bench-${spec.label.toLowerCase()}`,
    ...(checkpoints === "skipped" && { PULUMI_SKIP_CHECKPOINTS: "true" }),
  };
  const dir = spec.write?.(work, count) ?? path.join(REPO, "examples", spec.example);
  const defaults = spec.defaults ?? { ttl: 300, dataVersion: 1, ten: 0 };
  const program = { label: spec.label, dir, env, stack: `bench${process.pid}${spec.label}${checkpoints}`, defaults };
  await pulumi(program.dir, ["stack", "init", program.stack], env);
  await setConfig(program, "count", spec.count?.(count) ?? count);
  for (const [key, value] of Object.entries(spec.config ?? {})) await setConfig(program, key, value);
  return program;
}

export async function setConfig(program: Program, key: string, value: number | string): Promise<void> {
  await pulumi(program.dir, ["config", "set", "--stack", program.stack, key, String(value)], program.env);
}

/** Back to the program's defaults, which the update steps change. */
export async function resetConfig(program: Program): Promise<void> {
  for (const [key, value] of Object.entries(program.defaults)) await setConfig(program, key, value);
}

export function stateBytes(program: Program): number {
  const stacks = path.join(program.env["PULUMI_BACKEND_URL"]?.slice("file://".length) ?? "", ".pulumi", "stacks");
  const project = readdirSync(stacks)[0] ?? "";
  return statSync(path.join(stacks, project, `${program.stack}.json`)).size;
}

export async function removeProgram(program: Program): Promise<void> {
  await pulumi(program.dir, ["stack", "rm", "--yes", "--force", "--stack", program.stack], program.env).catch(() => undefined);
  rmSync(path.join(program.dir, `Pulumi.${program.stack}.yaml`), { force: true });
}
