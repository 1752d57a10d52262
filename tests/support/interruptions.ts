/**
 * Runs of the Pulumi CLI killed at a chosen moment, as a CI timeout or a lost runner kills them: the
 * CLI and every process under it (language host, program, provider plugins) get SIGKILL at once.
 * And `svc-recover`, as a user runs it afterwards.
 */
import { execFile, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { TestStack } from "./stacks";
import { REPO_ROOT } from "./toolchain";

/** Every process under `pid` (its children, theirs, ...), read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command may hold spaces and parentheses: the fields after the last ")" are fixed.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number): void => {
    for (const [child, of] of parents) {
      if (of === parent && !found.includes(child)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/** SIGKILL to a process and everything under it, all taken first so none is left to reparent. */
export function killTree(pid: number): void {
  for (const target of [pid, ...descendants(pid)]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export interface KilledRun {
  /** Killed before it ended (false: it finished first). */
  readonly killed: boolean;
  readonly output: string;
}

/**
 * Runs `pulumi args...` on the stack and kills it once `due()` holds (checked every 50 ms), or lets
 * it finish. `due` sees how long it has run.
 */
export function runAndKill(test: TestStack, args: readonly string[], due: (elapsedMs: number) => Promise<boolean>): Promise<KilledRun> {
  return runAndKillCommand({ command: "pulumi", args: [...args, "--stack", test.name], cwd: test.cli.cwd, env: { ...process.env, ...test.cli.env } }, due);
}

/** A command as runAndKillCommand runs it: a stack's CLI, or one of a user's making (the release test's, with no node on PATH). */
export interface CommandRun {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Runs a command and kills it, and every process under it, once `due()` holds (checked every 50 ms), or lets it finish. */
export function runAndKillCommand({ command, args, cwd, env }: CommandRun, due: (elapsedMs: number) => Promise<boolean>): Promise<KilledRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    let killed = false;
    let checking = false;
    const timer = setInterval(() => {
      if (checking || killed) return;
      checking = true;
      due(Date.now() - started).then(
        (now) => {
          checking = false;
          if (now && child.pid !== undefined && child.exitCode === null) {
            killed = true;
            killTree(child.pid);
          }
        },
        (error: unknown) => {
          clearInterval(timer);
          if (child.pid !== undefined) killTree(child.pid);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }, 50);
    child.on("error", (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on("close", () => {
      clearInterval(timer);
      resolve({ killed, output });
    });
  });
}

/** Runs the built `svc-recover` on the stack, as a user would after the kill. */
export function svcRecover(test: TestStack, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const cli = path.join(REPO_ROOT, "dist", "tools", "recover", "bin.js");
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, "--stack", test.name, ...args],
      { cwd: test.cli.cwd, env: { ...process.env, ...test.cli.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr }),
    );
  });
}
