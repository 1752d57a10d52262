/**
 * What `svc-recover` asks of the Pulumi CLI: the stack's state (its pending operations), its
 * configuration (the provider's settings), and the commands that finish the recovery. Each run of
 * the CLI is a child process whose output is read; nothing of it is printed but what is said here.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { z } from "zod";

export interface CliRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `pulumi args...` in `cwd`; resolves with its exit status and output (never rejects for a non-zero exit). */
export function runPulumi(args: readonly string[], cwd: string): Promise<CliRun> {
  const pulumi = process.env["PULUMI_COMMAND"] ?? "pulumi";
  return new Promise((resolve, reject) => {
    execFile(pulumi, [...args], { cwd, maxBuffer: 512 * 1024 * 1024, env: process.env }, (error, stdout, stderr) => {
      if (error !== null && typeof error.code !== "number") {
        reject(new Error(`could not run ${pulumi} (${error.message}): put the Pulumi CLI on PATH, or set PULUMI_COMMAND`));
        return;
      }
      resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr });
    });
  });
}

const pendingOperation = z.looseObject({
  type: z.string(),
  resource: z.looseObject({ urn: z.string(), type: z.string(), inputs: z.record(z.string(), z.unknown()).optional() }),
});
export type PendingOperation = z.infer<typeof pendingOperation>;

const exported = z.looseObject({
  deployment: z
    .looseObject({
      pending_operations: z.array(pendingOperation).nullish(),
      resources: z.array(z.looseObject({ inputs: z.record(z.string(), z.unknown()).optional() })).nullish(),
    })
    .optional(),
});

/** What svc-recover reads of the stack's state: the pending operations a killed run left, and the owners of the resources it holds. */
export interface StackState {
  readonly pending: PendingOperation[];
  /** The ownership keys (`__owner`) of the resources in the state. */
  readonly owners: ReadonlySet<string>;
}

export async function stackState(stackArgs: readonly string[], cwd: string): Promise<StackState> {
  const run = await runPulumi(["stack", "export", ...stackArgs], cwd);
  if (run.status !== 0) throw new Error(`pulumi stack export failed: ${run.stderr.trim()}`);
  const deployment = exported.parse(JSON.parse(run.stdout)).deployment;
  const owners = (deployment?.resources ?? []).flatMap((resource) => (typeof resource.inputs?.["__owner"] === "string" ? [resource.inputs["__owner"]] : []));
  return { pending: deployment?.pending_operations ?? [], owners: new Set(owners) };
}

const configEntry = z.looseObject({ value: z.unknown().optional(), secret: z.boolean().optional() });

/** The stack's configuration as the provider reads it (secrets decrypted in this process only; never printed). */
export async function stackConfiguration(stackArgs: readonly string[], cwd: string): Promise<Map<string, { value: string; secret: boolean }>> {
  const run = await runPulumi(["config", "--show-secrets", "--json", ...stackArgs], cwd);
  if (run.status !== 0) throw new Error(`pulumi config failed: ${run.stderr.trim().split("\n")[0] ?? ""}`);
  const entries = z.record(z.string(), configEntry).parse(JSON.parse(run.stdout));
  return new Map(
    Object.entries(entries)
      .filter(([, entry]) => entry.value !== undefined)
      .map(([key, entry]) => [key, { value: typeof entry.value === "string" ? entry.value : JSON.stringify(entry.value), secret: entry.secret === true }]),
  );
}

/** A lock a run left: who made it and when, from the engine's refusal (`created by user@host (pid N) at <RFC 3339 time>`). */
export interface HeldLock {
  readonly host: string;
  readonly pid: number;
  /** When the run took it; absent when the engine's message leaves it out. */
  readonly since?: string;
}

/** The locks the engine names when it refuses a stack that is locked; undefined when the output says nothing of a lock. */
export function locksIn(output: string): HeldLock[] | undefined {
  if (!/the stack is currently locked/.test(output)) return undefined;
  return [...output.matchAll(/created by [^@\s]+@(\S+) \(pid (\d+)\)(?: at (\S+))?/g)].map((match) => ({
    host: match[1] ?? "",
    pid: Number(match[2]),
    ...(match[3] !== undefined && { since: match[3] }),
  }));
}

/** Whether a process of this machine is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** The folder of a `file://` backend URL (absolute, `~/`, or relative to the project), or undefined for any other backend. */
export function fileBackendDir(url: string, cwd: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const where = decodeURIComponent(url.slice("file://".length).split("?")[0] ?? "");
  if (where === "~" || where.startsWith("~/")) return path.join(os.homedir(), where.slice(1));
  return path.resolve(cwd, where);
}

/** The metadata sidecars (`*.attrs`) under a file backend's `.pulumi` folder that are not JSON, its history and backups left out. */
export function brokenSidecars(backendDir: string): string[] {
  const broken: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "history" && entry.name !== "backups") walk(full);
      } else if (entry.name.endsWith(".attrs")) {
        try {
          JSON.parse(readFileSync(full, "utf8"));
        } catch {
          broken.push(full);
        }
      }
    }
  };
  walk(path.join(backendDir, ".pulumi"));
  return broken;
}

/**
 * Repairs what a kill can break in a `file://` backend: its blob library writes each file's metadata
 * sidecar (`<file>.attrs`, only a content type) in place, so a run killed at that moment leaves it
 * empty and every later command fails with "failed to load checkpoint: EOF". A broken sidecar is
 * removed, which the library reads as the default; the state files themselves are written whole and
 * renamed into place. Returns the files removed.
 */
export async function repairFileBackend(cwd: string): Promise<string[]> {
  const whoami = await runPulumi(["whoami", "--json"], cwd);
  if (whoami.status !== 0) return [];
  const url = z.looseObject({ url: z.string().optional() }).parse(JSON.parse(whoami.stdout)).url;
  const dir = url === undefined ? undefined : fileBackendDir(url, cwd);
  if (dir === undefined) return [];
  const broken = brokenSidecars(dir);
  for (const file of broken) rmSync(file, { force: true });
  return broken;
}
