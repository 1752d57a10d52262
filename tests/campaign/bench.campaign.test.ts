/**
 * The benchmark at N = 500 (`npm run bench -- 500`): the default scenario with checkpoints written
 * and skipped, the latency scenario (the per-record provider beside the batched paths, against a
 * slow emulator), the scale scenario and the zone scenario (one ZoneRecords of 500 record sets),
 * each checked as the smoke in `npm test` checks a tiny N (tests/e2e/benchSmoke.e2e.test.ts). The
 * tables and JSON are kept in build/campaign/ for the README's figures.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { expectComplete, runBench } from "../support/bench";
import { REPO_ROOT } from "../support/toolchain";

const out = path.join(REPO_ROOT, "build", "campaign");
mkdirSync(out, { recursive: true });

async function bench(name: string, args: readonly string[]) {
  const run = await runBench(out, `bench-${name}`, args);
  writeFileSync(path.join(out, `bench-${name}.txt`), run.stdout);
  return run.json;
}

it("default, N = 500: up, preview, refresh, the two updates and destroy, checkpoints written and skipped", async () => {
  const json = await bench("default", ["500"]);
  const steps = ["up", "preview", "refresh", "ttl update", "record-data update", "destroy"];
  expectComplete(json.rows ?? [], ["floor", "svc", "plugin"], steps, ["written", "skipped"]);
});

it("latency, N = 500: the per-record provider beside the batched paths, against a slow emulator", async () => {
  const json = await bench("latency", ["500", "--scenario", "latency"]);
  expectComplete(
    json.rows ?? [],
    ["floor", "perRecord", "svc", "plugin"],
    ["up", "refresh", "10 records changed", "ttl update", "record-data update", "destroy"],
    ["written"],
  );
});

it("scale, N = 500: every step at a large zone", async () => {
  const json = await bench("scale", ["500", "--scenario", "scale"]);
  expectComplete(json.rows ?? [], ["floor", "svc"], ["up", "preview", "refresh", "ttl update", "destroy"], ["written"]);
});

it("zone, N = 500: one ZoneRecords through every step, the preview of 10 changed records naming exactly those", async () => {
  const json = await bench("zone", ["500", "--scenario", "zone"]);
  const steps = ["up", "preview", "refresh", "ttl update", "10 changed: preview", "10 changed: up", "destroy"];
  expectComplete(json.rows ?? [], ["zone"], steps, ["written"]);
});
