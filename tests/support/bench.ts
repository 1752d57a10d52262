/**
 * The benchmark (`npm run bench`, scripts/bench/) run from a test as that command runs it (without
 * its build: the test command built already), and the checks of its rows that hold at any N: the
 * smoke in `npm test` (tests/e2e/benchSmoke.e2e.test.ts) and the N = 500 runs of the campaign
 * (tests/campaign/bench.campaign.test.ts).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Row } from "../../scripts/bench/table";
import { REPO_ROOT } from "./toolchain";

export interface BenchRun {
  readonly stdout: string;
  readonly json: { rows?: Row[]; count?: number };
}

/** Runs `bench ARGS --out OUT/NAME.json`; its table (stdout) and JSON. */
export function runBench(out: string, name: string, args: readonly string[]): Promise<BenchRun> {
  const file = path.join(out, `${name}.json`);
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, "node_modules", "ts-node", "dist", "bin.js"), "--transpile-only", "scripts/bench/main.ts", ...args, "--out", file],
      { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PULUMI_NODEJS_TRANSPILE_ONLY: "true" } },
      (error, stdout, stderr) =>
        error === null
          ? resolve({ stdout, json: JSON.parse(readFileSync(file, "utf8")) as BenchRun["json"] })
          : reject(new Error(`bench ${args.join(" ")} failed:\n${stderr}\n${stdout.slice(-4000)}`)),
    ),
  );
}

/**
 * Every step of every program in the rows, the package's programs (dynamic `svc`, `zone`) wrote
 * record sets in each write step, its two paths (dynamic `svc`, `plugin`) wrote the same, and every
 * step's own check of its output (a preview's named record sets) held.
 */
export function expectComplete(rows: readonly Row[], programs: readonly string[], steps: readonly string[], modes: readonly string[]): void {
  expect(rows.map((row) => `${row.checkpoints} ${row.step}`)).toEqual(modes.flatMap((mode) => steps.map((step) => `${mode} ${step}`)));
  for (const row of rows) {
    expect(Object.keys(row.measured).sort()).toEqual([...programs].sort());
    if (programs.includes("plugin")) expect({ step: row.step, work: row.work["plugin"] }).toEqual({ step: row.step, work: row.work["svc"] });
    for (const label of ["svc", "zone"].filter((each) => programs.includes(each) && !/preview|refresh/.test(row.step))) {
      expect({ step: row.step, label, wroteRecordSets: (row.work[label]?.recordSetWrites ?? 0) > 0 }).toEqual({ step: row.step, label, wroteRecordSets: true });
    }
    for (const [label, check] of Object.entries(row.checks))
      expect({ step: row.step, label, check }).toEqual({ step: row.step, label, check: { ok: true, says: check.says } });
  }
}
