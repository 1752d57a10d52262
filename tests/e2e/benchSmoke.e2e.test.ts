/**
 * The benchmark (`npm run bench`, scripts/bench/) runs every scenario, at a tiny N: each step of
 * each program completes, the dynamic SDK and the plugin write the same record sets, and the table
 * and JSON are written. Its numbers mean nothing at this size; `npm run test:campaign` runs it at
 * N = 500. The programs run without ts-node's type check, as every test stack does (stacks.ts).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Row } from "../../scripts/bench/table";
import { REPO_ROOT } from "../support/toolchain";

const out = mkdtempSync(path.join(os.tmpdir(), "svc-bench-smoke-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs the bench as `npm run bench` does (without its build: npm test built already); its JSON. */
function bench(name: string, args: readonly string[]): Promise<{ stdout: string; json: { rows?: Row[]; count?: number } }> {
  const file = path.join(out, `${name}.json`);
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, "node_modules", "ts-node", "dist", "bin.js"), "--transpile-only", "scripts/bench/main.ts", ...args, "--out", file],
      { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PULUMI_NODEJS_TRANSPILE_ONLY: "true" } },
      (error, stdout, stderr) =>
        error === null
          ? resolve({ stdout, json: JSON.parse(readFileSync(file, "utf8")) as { rows?: Row[]; count?: number } })
          : reject(new Error(`bench ${args.join(" ")} failed:\n${stderr}\n${stdout.slice(-4000)}`)),
    ),
  );
}

/** Every step of every program in the rows, and the two paths of the package (dynamic `svc`, `plugin`) wrote the same. */
function expectComplete(rows: readonly Row[], programs: readonly string[], steps: readonly string[], modes: readonly string[]): void {
  expect(rows.map((row) => `${row.checkpoints} ${row.step}`)).toEqual(modes.flatMap((mode) => steps.map((step) => `${mode} ${step}`)));
  for (const row of rows) {
    expect(Object.keys(row.measured).sort()).toEqual([...programs].sort());
    if (programs.includes("plugin")) expect({ step: row.step, work: row.work["plugin"] }).toEqual({ step: row.step, work: row.work["svc"] });
    if (!["preview", "refresh"].includes(row.step)) expect(row.work["svc"]?.recordSetWrites).toBeGreaterThan(0);
  }
}

// Checkpoints written only: skipping them is one environment variable to the same code (the campaign runs both).
it("default: up, preview, refresh, the two updates and destroy", async () => {
  const { json } = await bench("default", ["3", "--checkpoints", "written"]);
  expectComplete(json.rows ?? [], ["floor", "svc", "plugin"], ["up", "preview", "refresh", "ttl update", "record-data update", "destroy"], ["written"]);
});

it("latency: the per-record provider beside the batched paths, against a slow emulator", async () => {
  const { json } = await bench("latency", ["3", "--scenario", "latency", "--latency", "50", "--propagation", "300"]);
  expectComplete(json.rows ?? [], ["floor", "perRecord", "svc", "plugin"], ["up", "refresh", "ttl update", "record-data update", "destroy"], ["written"]);
});

it("scale: every step at a tiny zone", async () => {
  const { json } = await bench("scale", ["3", "--scenario", "scale"]);
  expectComplete(json.rows ?? [], ["floor", "svc"], ["up", "preview", "refresh", "ttl update", "destroy"], ["written"]);
});

it("console: every page of the web console answers, timed", async () => {
  const { json } = await bench("console", ["20", "--scenario", "console"]);
  const pages = (json as { rows?: Array<{ page: string; bytes: number; medianMs: number }> }).rows ?? [];
  expect(pages.map((page) => page.page)).toContain("zone (last page of record sets)");
  for (const page of pages) expect({ page: page.page, answered: page.bytes > 0 && page.medianMs > 0 }).toEqual({ page: page.page, answered: true });
});
