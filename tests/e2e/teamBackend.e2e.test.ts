/**
 * A team's setup: Pulumi's self-managed backend on a real PostgreSQL server (`postgres://`),
 * started for this file by scripts/postgres.sh in a temporary folder. Two stacks of one project
 * (examples/team-records) change record sets of one zone at the same time and both converge with
 * nothing lost; a second `up` of a stack while one runs is refused by the backend's lock, and goes
 * through once the first has ended.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { openStack, STALL_MS, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { REPO_ROOT } from "../support/toolchain";

// DNS changes stay pending for 1.5 s, so an `up` runs long enough for a second one to meet its lock.
const suite = engineSuite({ changeCompletionDelayMs: 1_500 });

const POSTGRES = path.join(REPO_ROOT, "scripts", "postgres.sh");
const ZONES = "/dns/v1/projects/e2e-project/managedZones";
const PER_TEAM = 12;

let cluster: string;
let backendUrl: string;

function postgres(...args: string[]): string {
  try {
    return execFileSync("bash", [POSTGRES, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(
      `PostgreSQL for the team-backend test could not be had: ${failed.stderr ?? failed.message}\n` +
        "npm test installs it (scripts/postgres.sh ensure); or install Debian's postgresql package, or set POSTGRES_BIN.",
    );
  }
}

/** The keys Pulumi's backend keeps in its table: where each stack's state lives. */
function backendKeys(): string[] {
  const psql = path.join(postgres("ensure"), "psql");
  return execFileSync(psql, [backendUrl.replace(/\?.*$/, ""), "-At", "-c", "SELECT key FROM pulumi_state ORDER BY key"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line !== "");
}

async function teamStack(team: string): Promise<TestStack> {
  const config = { zone: { value: "team-zone" }, domain: { value: "team.example." }, team: { value: team }, count: { value: String(PER_TEAM) } };
  return suite.track(await openStack("team-records", suite.emulator, config, { PULUMI_BACKEND_URL: backendUrl }));
}

async function liveRecords(): Promise<Map<string, number>> {
  const answer = (await suite.emulator.api("GET", `${ZONES}/team-zone/rrsets`)).body as { rrsets: Array<{ name: string; type: string; ttl: number }> };
  return new Map(answer.rrsets.filter((rrset) => rrset.type === "A").map((rrset) => [rrset.name, rrset.ttl]));
}

async function recordSetsInState(test: TestStack): Promise<string[]> {
  const deployment = (await test.stack.exportStack()).deployment as { resources?: Array<{ type: string; id?: string }> };
  return (deployment.resources ?? []).filter((resource) => resource.type.endsWith(":RecordSet")).map((resource) => resource.id ?? "");
}

beforeAll(async () => {
  cluster = mkdtempSync(path.join(os.tmpdir(), "svc-postgres-"));
  backendUrl = postgres("start", cluster);
  const zone = await suite.emulator.api("POST", ZONES, { name: "team-zone", dnsName: "team.example.", description: "shared by the teams" });
  expect(zone.status).toBe(200);
});

afterAll(() => {
  if (cluster !== undefined) {
    postgres("stop", cluster);
    rmSync(cluster, { recursive: true, force: true });
  }
});

describe("two stacks of one project on a PostgreSQL backend", () => {
  let alpha: TestStack;
  let beta: TestStack;

  it("change record sets of one zone at the same time, and both converge with nothing lost", async () => {
    alpha = await teamStack("alpha");
    beta = await teamStack("beta");
    const created = await Promise.all([alpha.stack.up(), beta.stack.up()]);
    expect(created.map((result) => result.summary.resourceChanges)).toEqual([{ create: PER_TEAM + 1 }, { create: PER_TEAM + 1 }]);

    // Both change every TTL at once: each stack's writes are batched by its own provider process.
    await alpha.stack.setConfig("ttl", { value: "600" });
    await beta.stack.setConfig("ttl", { value: "900" });
    const updated = await Promise.all([alpha.stack.up(), beta.stack.up()]);
    expect(updated.map((result) => result.summary.resourceChanges?.["update"])).toEqual([PER_TEAM, PER_TEAM]);

    const live = await liveRecords();
    expect(live.size).toBe(2 * PER_TEAM);
    for (const [name, ttl] of live) expect({ name, ttl }).toEqual({ name, ttl: name.includes(".alpha.") ? 600 : 900 });
    const alphaIds = await recordSetsInState(alpha);
    const betaIds = await recordSetsInState(beta);
    expect(alphaIds).toHaveLength(PER_TEAM);
    expect(betaIds).toHaveLength(PER_TEAM);
    expect(new Set([...alphaIds, ...betaIds]).size).toBe(2 * PER_TEAM);

    // The states live in PostgreSQL, one row per stack (and the backend's own metadata).
    const keys = backendKeys();
    expect(keys).toEqual(
      expect.arrayContaining([expect.stringContaining(`/svc-team-records/${alpha.name}.json`), expect.stringContaining(`/svc-team-records/${beta.name}.json`)]),
    );
    expect((await Promise.all([alpha.stack.preview(), beta.stack.preview()])).map((preview) => preview.changeSummary)).toEqual([
      { same: PER_TEAM + 1 },
      { same: PER_TEAM + 1 },
    ]);
  });

  it("refuses a second up of a stack while one runs, with the engine's lock message, and takes it once the first has ended", async () => {
    const before = (await suite.emulator.requests({ method: "POST" })).length;
    await alpha.stack.setConfig("ttl", { value: "1200" });
    const first = alpha.stack.up();
    // The first up holds the lock from its start; wait until it is writing (its change then pends 1.5 s).
    // Generous: on a loaded machine the program takes a while to start; silence this long is a stall, not slowness.
    const deadline = Date.now() + STALL_MS;
    while ((await suite.emulator.requests({ method: "POST" })).length === before) {
      if (Date.now() > deadline) throw new Error(`the first up sent no write within ${STALL_MS / 60_000} minutes`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await expect(alpha.stack.up()).rejects.toThrow(
      /the stack is currently locked by 1 lock\(s\)\. Either wait for the other process\(es\) to end or delete the lock file with `pulumi cancel`/,
    );

    expect((await first).summary.result).toBe("succeeded");
    const again = await alpha.stack.up();
    expect(again.summary.result).toBe("succeeded");
    expect(again.summary.resourceChanges).toEqual({ same: PER_TEAM + 1 });
    for (const [name, ttl] of await liveRecords()) expect({ name, ttl }).toEqual({ name, ttl: name.includes(".alpha.") ? 1200 : 900 });
  });

  it("destroys each team's records and leaves the other's", async () => {
    await alpha.stack.destroy();
    const left = await liveRecords();
    expect([...left.keys()].every((name) => name.includes(".beta."))).toBe(true);
    expect(left.size).toBe(PER_TEAM);
    await beta.stack.destroy();
    expect((await liveRecords()).size).toBe(0);
  });
});
