/**
 * A replay (provider/cassette.ts) does not wait for the service, whose answers are all recorded:
 * it hands the process's runtime a sleep of its own, which the clients, the polls, the relays and
 * the write loops wait with. No timer of the process is replaced: other code of the process (a
 * test's, a library's) keeps the clock it had.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
// The module object itself, as a patch of it would be seen by every module of the process.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an import would bind a namespace copy
import timers = require("node:timers/promises");
import { installCassetteFromEnv, type InstalledCassette } from "../../provider/cassette";
import { ProviderRuntime } from "../../provider/runtime";
import { testBudget } from "../support/budget";

let installed: InstalledCassette | undefined;
afterEach(() => {
  installed?.dispose();
  installed = undefined;
});

function replay(): InstalledCassette {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "svc-replay-")), "01-up.json");
  writeFileSync(file, JSON.stringify({ recordedAt: Date.now(), interactions: [] }));
  const cassette = installCassetteFromEnv({ SVC_CASSETTE: file, SVC_CASSETTE_MODE: "replay" });
  if (cassette === undefined) throw new Error("the replay was not installed");
  return cassette;
}

async function elapsedMs(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

it("leaves the process's timers as they were", () => {
  const original = timers.setTimeout;
  installed = replay();
  expect(timers.setTimeout).toBe(original);
});

it("gives the runtime a sleep that does not wait, which its clients' backoffs and its engine's pauses wait with", async () => {
  installed = replay();
  const { sleep } = installed;
  expect(sleep).toBeDefined();
  expect(await elapsedMs(() => sleep!(60_000))).toBeLessThan(1000);
  const answers = [new Response("{}", { status: 503, headers: { "retry-after": "30" } }), Response.json({ kind: "dns#project" })];
  const runtime = new ProviderRuntime({
    sleep: sleep!,
    env: { SVC_EMULATOR_URL: "http://dns.invalid", SVC_DNS_TOKEN: "t0ken" },
    client: { fetch: async () => answers.shift() ?? new Response(null, { status: 500 }), log: () => undefined },
  });
  // Retry-After: 30 s, waited with the replay's sleep.
  expect(await elapsedMs(() => runtime.clientFor("dns").send({ method: "GET", path: "dns/v1/projects/p" }, testBudget()))).toBeLessThan(5000);
  expect(answers).toEqual([]);
  // The polls, the relays and the loops between rounds wait with the engine's.
  expect(runtime.engine.polls.clock.sleep).toBe(runtime.engine.sleep);
  expect(await elapsedMs(() => runtime.engine.sleep(60_000))).toBeLessThan(1000);
});

it("waits with the clock outside a replay: a recording is sent as live", () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "svc-record-")), "01-up.json");
  installed = installCassetteFromEnv({ SVC_CASSETTE: file, SVC_CASSETTE_MODE: "record" });
  expect(installed?.sleep).toBeUndefined();
});
