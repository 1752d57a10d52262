/**
 * The interrupted-runs scenario (examples/interrupted: a zone of record sets, a response policy with
 * rules, a calendar with ACL rules, a quota preference) against an emulator with latency: a run
 * killed at a random moment, the documented recovery (`svc-recover`, then the same command again),
 * and the checks that the stack converged: the state equals the program, the service holds exactly
 * the declared objects, each made once, and the next preview is empty.
 */
import type { RecordedRequest, RunningEmulator } from "./emulatorControl";
import { seededRandom } from "../../emulator/faults";
import { runAndKill, svcRecover } from "./interruptions";
import type { TestStack } from "./stacks";
import { isWrite } from "./requests";

/** The program's resources besides its `records` record sets: the zone, the response policy and its two rules, the calendar and its two rules, the quota preference. */
export const OTHER_RESOURCES = 8;

/** What a converged stack of a kill test holds: its zone, its resources' type prefix in the state, and the objects at the service. */
export interface ConvergedShape {
  readonly zone: string;
  /** The state's resources of the program (their types start with `types`). */
  readonly resources: number;
  readonly types: string;
  readonly objects: {
    readonly zones: number;
    readonly recordSets: number;
    readonly responsePolicies: number;
    readonly rules: number;
    readonly calendars: number;
    readonly aclRules: number;
    readonly quotaPreferences: number;
  };
}

/** examples/interrupted's with `records` record sets, through the dynamic SDK. */
export function interruptedShape(records: number): ConvergedShape {
  return {
    zone: "interrupted",
    resources: records + OTHER_RESOURCES,
    types: "pulumi-nodejs:dynamic/",
    objects: { zones: 1, recordSets: records, responsePolicies: 1, rules: 2, calendars: 1, aclRules: 2, quotaPreferences: 1 },
  };
}

/** The moments of a file's kills, from a seed it prints (SVC_KILL_SEED repeats a run). */
export function killMoments(file: string): () => number {
  const seed = Number(process.env["SVC_KILL_SEED"] ?? Math.floor(Math.random() * 1e9));
  process.stdout.write(`${file}: kill moments from seed ${seed} (SVC_KILL_SEED=${seed} repeats them)\n`);
  return seededRandom(seed);
}

export type RunKind = "up" | "update" | "destroy";

/**
 * Where each kill lands: after a random number of a run's writes, below what a whole run of that
 * kind sends. A whole run's writes vary (the record sets go as the zone's changes, batched by
 * timing), so they start as an estimate and are learnt from any run that ended before its kill;
 * that run is then no kill, and the test runs another.
 */
export class KillPoints {
  private readonly whole: Map<RunKind, number>;

  /** `records`: the program's record sets, which most writes carry (the first estimates: what 300 took). */
  constructor(
    private readonly moment: () => number,
    records: number,
  ) {
    this.whole = new Map<RunKind, number>([
      ["up", 8 + Math.ceil(records / 6)],
      ["update", Math.max(4, Math.ceil(records / 10))],
      ["destroy", 8 + Math.ceil(records / 12)],
    ]);
  }

  /** After how many writes the next run of `kind` is killed (0 for an `up`: a moment of its first 8 s, before any write). */
  next(kind: RunKind): { afterWrites: number; startupMs: number } {
    const whole = this.whole.get(kind) ?? 30;
    const at = this.moment();
    // One `up` kill in ten lands before its first write (the engine starting, the program running).
    if (kind === "up" && at < 0.1) return { afterWrites: 0, startupMs: (at / 0.1) * 8000 };
    const across = kind === "up" ? (at - 0.1) / 0.9 : at;
    return { afterWrites: 1 + Math.floor(across * Math.max(1, whole - 2)), startupMs: 0 };
  }

  /** A run of `kind` ended before its kill, after `writes` writes: what a whole run sends. */
  learn(kind: RunKind, record: KillRecord): void {
    if (record.killedAfterWrites === undefined) this.whole.set(kind, record.writes);
  }
}

/** What one kill and its recovery came to, for the README's figures. */
export interface KillRecord {
  readonly step: string;
  /** The writes the service had seen from the killed run when it was killed (`undefined`: it finished first). */
  readonly killedAfterWrites?: number;
  /** The writes the service saw from the run. */
  readonly writes: number;
  /** Commands run before the stack was usable again (svc-recover). */
  readonly recoveryCommands: number;
}

const writesOf = (requests: readonly RecordedRequest[]): RecordedRequest[] => requests.filter(isWrite);

/**
 * Runs `pulumi <command>` and kills it after `afterWrites` writes reached the service (0: after a
 * random moment of its first seconds, before any write), then runs `svc-recover`, which must succeed.
 */
export async function killAndRecover(
  emulator: RunningEmulator,
  test: TestStack,
  command: "up" | "destroy",
  { afterWrites, startupMs }: { afterWrites: number; startupMs: number },
  /** Runs between the kill and `svc-recover` (a test that removes the ownership records there). */
  beforeRecovery?: () => void,
): Promise<KillRecord> {
  const before = (await emulator.requests()).length;
  const args = command === "up" ? ["up", "--yes", "--skip-preview", "--non-interactive"] : ["destroy", "--yes", "--skip-preview", "--non-interactive"];
  const run = await runAndKill(test, args, async (elapsedMs) =>
    afterWrites === 0 ? elapsedMs >= startupMs : writesOf((await emulator.requests()).slice(before)).length >= afterWrites,
  );
  const written = writesOf((await emulator.requests()).slice(before)).length;
  beforeRecovery?.();
  const recovered = await svcRecover(test);
  expect({ status: recovered.status, stderr: recovered.stderr }).toEqual({ status: 0, stderr: expect.stringContaining("the stack is ready: run `pulumi up`") });
  // Progress in the test's output: each round takes minutes.
  process.stdout.write(
    `${new Date().toISOString().slice(11, 19)} ${command} ${run.killed ? `killed after ${written} writes` : "finished before its kill"}, recovered\n`,
  );
  return { step: command, ...(run.killed && { killedAfterWrites: written }), writes: written, recoveryCommands: 1 };
}

interface Objects {
  dns: { managedZones: unknown[]; resourceRecordSets: Array<{ name: string }>; responsePolicies: unknown[]; responsePolicyRules: unknown[] };
  calendar: { calendars: unknown[]; aclRules: unknown[] };
  quotas: { quotaPreferences: Array<{ name: string }> };
}

/** Successful creates in `requests`, by what they made: a record set's name (alone or in a change), or the path they were sent to. */
export function creations(requests: readonly RecordedRequest[]): Map<string, number> {
  const made = new Map<string, number>();
  const count = (key: string): void => {
    made.set(key, (made.get(key) ?? 0) + 1);
  };
  for (const request of requests) {
    if (request.method !== "POST" || request.status !== 200) continue;
    const body = request.body as { name?: string; additions?: Array<{ name: string }>; deletions?: unknown[]; scope?: { value?: string }; ruleName?: string };
    if (request.path.endsWith("/rrsets")) count(`rrset ${String(body.name)}`);
    else if (request.path.endsWith("/changes")) {
      // A change that deletes nothing adds new sets; one that replaces (deletes and adds) is an update.
      if ((body.deletions ?? []).length === 0) for (const set of body.additions ?? []) count(`rrset ${set.name}`);
    } else if (request.path.endsWith("/acl")) count(`acl ${String(body.scope?.value)}`);
    else if (/\/rules$/.test(request.path)) count(`rule ${String(body.ruleName)}`);
    else if (/\/responsePolicies$/.test(request.path)) count("responsePolicy");
    else if (/\/calendars$/.test(request.path)) count("calendar");
    else if (/\/managedZones$/.test(request.path)) count("zone");
    else if (/\/quotaPreferences$/.test(request.path)) count("quotaPreference");
  }
  return made;
}

/**
 * The stack converged: every declared object at the service once and nothing else of the program's,
 * each made at most once since `since` (the kill's start), the state holding exactly the program's
 * resources with no pending operation, and a preview with no change. `ttl`: what every record set
 * has; `shape`: what the program declares.
 */
export async function expectConverged(emulator: RunningEmulator, test: TestStack, since: number, ttl: number, shape: ConvergedShape): Promise<void> {
  const objects = (await emulator.objects()) as unknown as Objects;
  expect({
    zones: objects.dns.managedZones.length,
    recordSets: objects.dns.resourceRecordSets.length,
    distinctRecordSets: new Set(objects.dns.resourceRecordSets.map((set) => set.name)).size,
    responsePolicies: objects.dns.responsePolicies.length,
    rules: objects.dns.responsePolicyRules.length,
    calendars: objects.calendar.calendars.length,
    aclRules: objects.calendar.aclRules.length,
    quotaPreferences: objects.quotas.quotaPreferences.length,
  }).toEqual({ ...shape.objects, distinctRecordSets: shape.objects.recordSets });
  const twice = [...creations((await emulator.requests()).slice(since))].filter(([, times]) => times > 1);
  expect(twice).toEqual([]);
  const listing = await emulator.api("GET", `/dns/v1/projects/e2e-project/managedZones/${shape.zone}/rrsets?maxResults=1000`);
  const ttls = new Set(
    ((listing.body as { rrsets: Array<{ type: string; ttl: number }> }).rrsets ?? []).filter((set) => set.type === "A").map((set) => set.ttl),
  );
  expect([...ttls]).toEqual([ttl]);
  const deployment = (await test.stack.exportStack()).deployment as { resources?: Array<{ type: string }>; pending_operations?: unknown[] };
  expect({
    resources: (deployment.resources ?? []).filter((resource) => resource.type.startsWith(shape.types)).length,
    pending: deployment.pending_operations ?? [],
  }).toEqual({ resources: shape.resources, pending: [] });
  expect(Object.keys((await test.stack.preview()).changeSummary)).toEqual(["same"]);
}

/** After a destroy: none of the program's objects is left but the quota preference (its API has no delete), and the state is empty. */
export async function expectDestroyed(emulator: RunningEmulator, test: TestStack): Promise<void> {
  const objects = (await emulator.objects()) as unknown as Objects;
  expect({
    zones: objects.dns.managedZones.length,
    recordSets: objects.dns.resourceRecordSets.length,
    responsePolicies: objects.dns.responsePolicies.length,
    rules: objects.dns.responsePolicyRules.length,
    calendars: objects.calendar.calendars.length,
    aclRules: objects.calendar.aclRules.length,
  }).toEqual({ zones: 0, recordSets: 0, responsePolicies: 0, rules: 0, calendars: 0, aclRules: 0 });
  const deployment = (await test.stack.exportStack()).deployment as { resources?: Array<{ type: string }>; pending_operations?: unknown[] };
  expect({
    resources: (deployment.resources ?? []).filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/")).length,
    pending: deployment.pending_operations ?? [],
  }).toEqual({ resources: 0, pending: [] });
}

/** A summary line of the kills of a test, for the README's figures. */
export function summary(records: readonly KillRecord[]): string {
  const killed = records.filter((record) => record.killedAfterWrites !== undefined);
  const steps = [...new Set(killed.map((record) => record.step))].map((step) => `${killed.filter((record) => record.step === step).length} of ${step}`);
  return (
    `${killed.length} kills (${steps.join(", ")}; after ${killed.map((record) => record.killedAfterWrites).join(", ")} writes), ` +
    `${records.length - killed.length} runs ended before their kill, ${Math.max(...records.map((record) => record.recoveryCommands))} recovery command each`
  );
}
