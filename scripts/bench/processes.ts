/**
 * Running the Pulumi CLI for the benchmark and measuring it: wall time, the CPU time of the CLI
 * and everything it waited for (/usr/bin/time), and the peak RSS and CPU time of the processes below
 * it by role: the program, the engine and the provider (sampled from /proc, Linux).
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** What a process below the CLI is: its program (the language host's runner), the engine (the CLI itself), its provider. */
export type Role = "program" | "engine" | "provider";
export const ROLES: readonly Role[] = ["program", "engine", "provider"];

export interface Measured {
  readonly wallS: number;
  readonly cpuS: number;
  /** The largest peak RSS (VmHWM, MB) of any process of each role during the run. */
  readonly peakRssMb: Readonly<Record<Role, number>>;
  /** The CPU time (user and system) of each role's processes, as last sampled (up to 50 ms before each ended). */
  readonly roleCpuS: Readonly<Record<Role, number>>;
}

/** What the sampler saw of one process. */
interface Sampled {
  readonly role: Role;
  readonly mb: number;
  readonly cpuS: number;
}

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** Every descendant of `root`, from /proc. */
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

/**
 * A process's role by its command line: the provider (the dynamic provider's host, or the plugin),
 * the program (Node.js's runner of the program; YAML runs it inside its language host), the engine
 * (the `pulumi` CLI). Language hosts of other runtimes and shell wrappers are none of them.
 */
function roleOf(cmdline: string): Role | undefined {
  if (/dynamic-provider|svc-plugin\.js/.test(cmdline)) return "provider";
  if (/@pulumi\/pulumi\/cmd\/run\b|pulumi-language-yaml/.test(cmdline)) return "program";
  if (path.basename(cmdline.split("\0")[0] ?? "") === "pulumi") return "engine";
  return undefined;
}

/** The peak resident set (VmHWM, MB) and CPU time of each program, engine and provider process below `root`, sampled. */
function sample(root: number, seen: Map<number, Sampled>): void {
  for (const pid of descendants(root)) {
    try {
      const role = seen.get(pid)?.role ?? roleOf(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
      if (role === undefined) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // After the command name: state is field 3, utime and stime fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cpuS = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
      if (hwm !== undefined) seen.set(pid, { role, mb: Math.max(seen.get(pid)?.mb ?? 0, Number(hwm) / 1024), cpuS });
    } catch {
      // gone meanwhile
    }
  }
}

const byRole = (seen: ReadonlyMap<number, Sampled>, pick: (values: number[]) => number, value: (sampled: Sampled) => number): Record<Role, number> =>
  Object.fromEntries(ROLES.map((role) => [role, pick([...seen.values()].filter((each) => each.role === role).map(value))])) as Record<Role, number>;
const most = (values: number[]): number => Math.max(0, ...values);
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * Runs the Pulumi CLI under /usr/bin/time (CPU of it and every process it waited for), sampling the
 * RSS of its processes. `output` is its stdout and stderr as they came, `stdout` the first alone
 * (where `--json` writes).
 */
export function pulumi(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Measured & { output: string; stdout: string }> {
  const timing = path.join(os.tmpdir(), `svc-bench-time-${process.pid}`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn("/usr/bin/time", ["-f", "%e %U %S", "-o", timing, "pulumi", ...args, "--non-interactive"], { cwd, env });
    let output = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const seen = new Map<number, Sampled>();
    const sampler = setInterval(() => child.pid !== undefined && sample(child.pid, seen), 50);
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
      const [peakRssMb, roleCpuS] = [byRole(seen, most, (each) => each.mb), byRole(seen, sum, (each) => each.cpuS)];
      resolve({ wallS, cpuS: Number(user) + Number(system), peakRssMb, roleCpuS, output, stdout });
    });
  });
}
