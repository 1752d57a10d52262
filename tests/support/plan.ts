/** Runs svc-plan (the built bin) against a test stack, and reads record-set writes out of a request log. */
import { execFile } from "node:child_process";
import * as path from "node:path";
import type { RecordWrite } from "../../tools/plan/schema";
import type { RecordedRequest } from "./emulatorControl";
import type { TestStack } from "./stacks";
import { REPO_ROOT } from "./toolchain";

export const PLAN_BIN = path.join(REPO_ROOT, "dist", "tools", "plan", "bin.js");

export interface PlanRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment the stack's own commands run with (backend, passphrase, PULUMI_HOME, emulator). */
function stackEnv(test: TestStack): NodeJS.ProcessEnv {
  const workspace = test.stack.workspace as unknown as { envVars: Record<string, string>; pulumiHome?: string };
  return { ...process.env, ...workspace.envVars, ...(workspace.pulumiHome !== undefined && { PULUMI_HOME: workspace.pulumiHome }) };
}

/** Runs a command in the stack's environment; resolves with its exit code and output (a non-zero exit is no error here). */
export function runInStack(test: TestStack, command: string, args: readonly string[]): Promise<PlanRun> {
  return new Promise((resolve) => {
    execFile(command, [...args], { env: stackEnv(test), cwd: test.stack.workspace.workDir, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** svc-plan for the stack: it runs `pulumi preview --json` itself, with --stack and --cwd. */
export function svcPlan(test: TestStack, args: readonly string[] = []): Promise<PlanRun> {
  return runInStack(test, process.execPath, [PLAN_BIN, "--stack", test.name, "--cwd", test.stack.workspace.workDir, ...args]);
}

/** `pulumi preview --json` of the stack, as a file svc-plan can read. */
export function previewJson(test: TestStack): Promise<PlanRun> {
  return runInStack(test, "pulumi", ["preview", "--json", "--non-interactive", "--stack", test.name]);
}

/** Record-set writes as "create|update|delete name type": what a zone went through, however batched. */
export function recordOps(writes: ReadonlyArray<Pick<RecordWrite, "deletions" | "additions">>): string[] {
  const ops: string[] = [];
  for (const { deletions, additions } of writes) {
    const deleted = deletions.map(({ name, type }) => `${name} ${type}`);
    const added = additions.map(({ name, type }) => `${name} ${type}`);
    for (const key of deleted) ops.push(`${added.includes(key) ? "update" : "delete"} ${key}`);
    for (const key of added) if (!deleted.includes(key)) ops.push(`create ${key}`);
  }
  return ops.sort();
}

type RecordSetBody = { name: string; type: string };

/** The record-set writes of a zone in a request log: its changes, and creates, PATCHes and DELETEs sent alone. */
export function loggedRecordWrites(requests: readonly RecordedRequest[], zonePath: string): Array<Pick<RecordWrite, "deletions" | "additions">> {
  const rrsets = `${zonePath}/rrsets`;
  const writes: Array<Pick<RecordWrite, "deletions" | "additions">> = [];
  for (const request of requests) {
    const itemKey = request.path.startsWith(`${rrsets}/`)
      ? request.path
          .slice(rrsets.length + 1)
          .split("/")
          .map(decodeURIComponent)
      : undefined;
    const item = itemKey === undefined ? undefined : { name: itemKey[0] ?? "", type: itemKey[1] ?? "" };
    if (request.method === "POST" && request.path === `${zonePath}/changes`) {
      const body = request.body as { deletions?: RecordSetBody[]; additions?: RecordSetBody[] };
      writes.push({ deletions: body.deletions ?? [], additions: body.additions ?? [] });
    } else if (request.method === "POST" && request.path === rrsets) {
      writes.push({ deletions: [], additions: [request.body as RecordSetBody] });
    } else if (request.method === "PATCH" && item !== undefined) {
      writes.push({ deletions: [item], additions: [item] });
    } else if (request.method === "DELETE" && item !== undefined) {
      writes.push({ deletions: [item], additions: [] });
    }
  }
  return writes;
}
