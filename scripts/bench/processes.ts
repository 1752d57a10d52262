/**
 * Running the Pulumi CLI for the benchmark and measuring it: wall time, the CPU time of the CLI
 * and everything it waited for (/usr/bin/time), and the peak RSS of the dynamic-provider
 * processes below it (sampled from /proc, Linux).
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface Measured {
  readonly wallS: number;
  readonly cpuS: number;
  readonly peakRssMb: number;
}

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

/** The peak resident set (VmHWM, MB) of the provider processes below `root` (dynamic or plugin), sampled. */
function providerPeak(root: number, peaks: Map<number, number>): void {
  for (const pid of descendants(root)) {
    try {
      if (!/dynamic-provider|svc-plugin\.js/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"))) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      if (hwm !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, Number(hwm) / 1024));
    } catch {
      // gone meanwhile
    }
  }
}

/** Runs the Pulumi CLI under /usr/bin/time (CPU of it and every process it waited for), sampling the provider's RSS. */
export function pulumi(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Measured & { output: string }> {
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
