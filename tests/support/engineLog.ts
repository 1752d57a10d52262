/**
 * Each engine operation a test runs (preview, up, refresh, destroy, and `pulumi` commands run on a
 * stack), its test file and its wall time, appended to build/engine-ops.tsv under the run's name
 * (SVC_TEST_RUN). The times table of `npm test` counts them per file, so where an end-to-end
 * file's time goes (how many engine runs, how long each) shows in every run.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./toolchain";

const LOG = path.join(REPO_ROOT, "build", "engine-ops.tsv");

/** The running test's file, relative to the repository (as the times table names it). */
function testFile(): string {
  const state = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState();
  return state?.testPath === undefined ? "" : path.relative(REPO_ROOT, state.testPath).split(path.sep).join("/");
}

/** Records one operation; `started` is its Date.now() at the start. A line is one write, so workers may share the file. */
export function recordEngineOp(operation: string, started: number): void {
  const run = process.env["SVC_TEST_RUN"] ?? "";
  mkdirSync(path.dirname(LOG), { recursive: true });
  appendFileSync(LOG, `${run}\t${testFile()}\t${operation}\t${((Date.now() - started) / 1000).toFixed(2)}\n`);
}
