/**
 * The benchmark (`npm run bench`, scripts/bench/) at a tiny N: each step of each program of the
 * default scenario completes, the dynamic SDK and the plugin write the same record sets, the table
 * and JSON are written, the zone scenario's steps complete and its preview of 10 changed records
 * names exactly those, and the console scenario answers. Its numbers mean nothing at this size;
 * `npm run test:campaign` runs the default, latency, scale and zone scenarios at N = 500, with the same
 * checks of their rows (tests/campaign/bench.campaign.test.ts). The programs run without ts-node's
 * type check, as every test stack does (stacks.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runBench, expectComplete } from "../support/bench";

const out = mkdtempSync(path.join(os.tmpdir(), "svc-bench-smoke-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const bench = (name: string, args: readonly string[]) => runBench(out, name, args);

// Checkpoints written only: skipping them is one environment variable to the same code (the campaign runs both).
it("default: up, preview, refresh, the two updates and destroy", async () => {
  const { json } = await bench("default", ["3", "--checkpoints", "written"]);
  expectComplete(json.rows ?? [], ["floor", "svc", "plugin"], ["up", "preview", "refresh", "ttl update", "record-data update", "destroy"], ["written"]);
});

// The zone scenario at its smallest N (the site's 5 sets and 10 host records to change), without its latency: that it runs, not how fast.
it("zone: one ZoneRecords through every step, the preview of 10 changed records naming exactly those", async () => {
  const { json } = await bench("zone", ["15", "--scenario", "zone", "--latency", "0", "--propagation", "0"]);
  const steps = ["up", "preview", "refresh", "ttl update", "10 changed: preview", "10 changed: up", "destroy"];
  expectComplete(json.rows ?? [], ["zone"], steps, ["written"]);
  expect(json.rows?.find((row) => row.step === "10 changed: preview")?.checks["zone"]?.ok).toBe(true);
});

it("console: every page of the web console answers, timed", async () => {
  const { json } = await bench("console", ["20", "--scenario", "console"]);
  const pages = (json as { rows?: Array<{ page: string; bytes: number; medianMs: number }> }).rows ?? [];
  expect(pages.map((page) => page.page)).toContain("zone (last page of record sets)");
  for (const page of pages) expect({ page: page.page, answered: page.bytes > 0 && page.medianMs > 0 }).toEqual({ page: page.page, answered: true });
});
