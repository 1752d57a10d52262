/**
 * Every step of every resource in a fault storm, one kind of fault at a time, each injected by the
 * emulator (emulator/faults.ts; tests/support/storm.ts says what each kind does and where it
 * applies): a 429 on every request, or a 5xx on every request its rule repeats, all but its last
 * allowed attempt; a write's answer lost after it landed; a write refused as stale for its etag, all
 * but its loop's last round; a joint change refused, halved down to each write alone, and a delete
 * refused because something is attached; and a wait that never ends. Each kind runs on the steps
 * whose plan it applies to, the other steps of the resource's life go without faults. Every step
 * ends as it would (a wait past its deadline ends it saying so) and what it sent, each attempt
 * counted at the wire, is at most the budget the engine gives its plan (plan/worstCase.ts's
 * `budgetOf`, read for each step). The table is printed (docs/performance.md lists a run).
 */
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { diffArgs } from "../../provider/engine/plan/diff";
import type { PlanEntry } from "../../provider/engine/kinds";
import { planStep } from "../../provider/engine/plan/planStep";
import { budgetOf } from "../../provider/engine/plan/worstCase";
import { FUNCTION_BUDGET, PUBLISHED_LIMITS } from "../../provider/http/retryTable";
import { Budget } from "../../provider/http/retry";
import { ApiError } from "../../provider/http/answer";
import { createApiClient } from "../../provider/http/client";
import { codeHostRateLimits } from "../../provider/apis/codehost/limits";
import { declarationFor, declarations } from "../../provider/registry";
import { CONTROL_INPUTS } from "../../provider/engine/plan/diff";
import { providerEmulator } from "../support/providerEmulator";
import { applyChange, withParentOutputs } from "../support/samples";
import { STORM_KINDS, stormProcess, unsettled, weatherOf, type StormedAt, type StormKind } from "../support/storm";
import { manifestOf } from "../../provider/config";

const emulator = providerEmulator("storm-token");

interface Row {
  readonly resource: string;
  readonly step: string;
  readonly kind: StormKind;
  readonly sent: number;
  readonly budget: number;
  /** It ended failing, as its plan says it does in this storm. */
  readonly failed?: true;
}

const rows: Row[] = [];

/** One line per resource and step: its budget, and what it sent in each kind of storm that applies to it. */
function stormTable(all: readonly Row[]): string[] {
  const steps = new Map<string, { resource: string; step: string; budget: number; sent: Partial<Record<StormKind, string>> }>();
  for (const row of all) {
    const key = `${row.resource} ${row.step}`;
    const line = steps.get(key) ?? { resource: row.resource, step: row.step, budget: row.budget, sent: {} };
    line.sent[row.kind] = row.failed === true ? `${row.sent} (fails)` : String(row.sent);
    steps.set(key, line);
  }
  return [
    `| resource | step | its budget | ${STORM_KINDS.join(" | ")} |`,
    `|---|---|---|${STORM_KINDS.map(() => "---|").join("")}`,
    ...[...steps.values()].map(
      (line) => `| ${line.resource} | ${line.step} | ${line.budget} | ${STORM_KINDS.map((kind) => line.sent[kind] ?? "—").join(" | ")} |`,
    ),
  ];
}

afterAll(() => {
  process.stdout.write(`storm: what each step sent in each kind of storm, every one within its budget\n${stormTable(rows).join("\n")}\n`);
});

const objectOf = (values: Args): Args => Object.fromEntries(Object.entries(values).filter(([key]) => !CONTROL_INPUTS.has(key)));

async function checked(provider: ReturnType<typeof dynamicProvider>, inputs: Args): Promise<Args> {
  const result = await provider.check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

/** Changes done at once: outside a storm of waits that never end, the polls' clock (which does not wait) finds them done. */
const AT_ONCE = { changePropagationMs: 0 };

interface Stormed {
  readonly storm: ReturnType<typeof stormProcess>;
  readonly kind: StormKind;
  readonly resource: string;
  /** Where its requests go: the API's base path, and for writes of a zone joined together, the zone's changes. */
  readonly where: StormedAt;
}

/**
 * Runs `work`, a step of `plans`, in the storm where the kind applies to it (otherwise without
 * faults), and holds what it sent to `budget`, the engine's for those plans. Resolves to what the
 * step gave; undefined when it ended failing as its plan says it does in this storm.
 */
async function step<T>(at: Stormed, name: string, plans: readonly (readonly PlanEntry[])[], budget: number, work: () => Promise<T>): Promise<T | undefined> {
  const weather = weatherOf(at.kind, plans.flat(), at.where);
  if (weather === undefined) return work();
  const control = emulator.current;
  const injected = async (): Promise<number> => (weather.injects === undefined ? 0 : ((await control.stats()).faults.kinds[weather.injects] ?? 0));
  const injectedBefore = await injected();
  if (weather.faults !== undefined) await control.faults(weather.faults);
  if (weather.speed !== undefined) await control.speed(weather.speed);
  const said: string[] = [];
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (said.push(String(chunk)), true));
  const before = at.storm.sent();
  at.storm.on(true);
  let outcome: { readonly value: T } | { readonly error: unknown };
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { error };
  } finally {
    at.storm.on(false);
    stderr.mockRestore();
  }
  await control.clearFaults();
  if (weather.speed !== undefined) await control.speed(AT_ONCE);
  const sent = at.storm.sent() - before;
  const { resource, kind } = at;
  const failure = "error" in outcome ? (outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error))) : undefined;
  rows.push({ resource, step: name, kind, sent, budget, ...(failure !== undefined && { failed: true }) });
  expect({ resource, step: name, kind, sent: Math.min(sent, budget) }).toEqual({ resource, step: name, kind, sent });
  if (weather.injects !== undefined)
    expect({ resource, step: name, kind, injected: (await injected()) > injectedBefore }).toEqual({ resource, step: name, kind, injected: true });
  if (kind === "never done") {
    // Past its deadline a wait ends the step saying so: a poll fails it naming the work; a zone's change, accepted, leaves its writes made with a warning that whether they are done could not be read.
    expect(failure === undefined ? said.join("") : failure.message).toMatch(/not done after \d+s|not waiting longer/);
  } else if (failure !== undefined && !(failure instanceof ApiError && failure.outcome === "unknown" && unsettled(plans.flat()))) {
    // Only a create that cannot be read back or listed ends with its unknown outcome, as its plan says (its record tells svc-recover).
    throw failure;
  }
  return "value" in outcome ? outcome.value : undefined;
}

const withSamples = declarations.filter((declaration) => declaration.samples !== undefined);

/** A resource's life in the storm of `kind`: its parents made without faults, then create, read, update and delete, each stormed where the kind applies. */
async function life(declaration: ResourceDeclaration, kind: StormKind): Promise<void> {
  const control = emulator.current;
  await control.reset();
  if (kind === "never done") await control.speed(AT_ONCE);
  const storm = stormProcess(kind);
  const at: Stormed = { storm, kind, resource: typeKey(declaration), where: { base: manifestOf(declaration.api).emulatorBasePath ?? "" } };
  const provider = dynamicProvider(declaration, storm.runtime);
  const samples = declaration.samples!;
  const parents: Array<{ provider: ReturnType<typeof dynamicProvider>; id: string; outs: State }> = [];
  for (const parent of samples.parents ?? []) {
    const parentProvider = dynamicProvider(declarationFor(parent.type), storm.runtime);
    parents.push({ provider: parentProvider, ...(await parentProvider.create(await checked(parentProvider, parent.inputs))) });
  }
  const given = withParentOutputs(
    samples,
    parents.map(({ outs }) => outs),
  );
  const inputs = await checked(provider, given.inputs);
  const create = planStep("create", { declaration, olds: {}, news: objectOf(inputs) });
  const made = await step(at, "create", [create], budgetOf(create), () => provider.create(inputs));
  if (made === undefined) return;
  let state = made.outs;
  if (declaration.importable !== false) {
    const plan = planStep("read", { declaration, id: made.id, olds: state, news: state });
    const read = await step(at, "read", [plan], budgetOf(plan), () => provider.read(made.id, state));
    expect(read?.id).toBe(made.id);
  }
  const [update] = given.updates;
  if (update !== undefined) {
    const next = await checked(provider, applyChange(given.inputs, update));
    const diff = diffArgs(declaration, state, objectOf(next));
    if (diff.changed.length > 0 && diff.replaces.length === 0) {
      const plan = planStep("update", { declaration, id: made.id, olds: state, news: objectOf(next), diff });
      state = (await step(at, "update", [plan], budgetOf(plan), () => provider.update(made.id, state, next)))?.outs ?? state;
    }
  }
  const remove = planStep("delete", { declaration, id: made.id, olds: state, news: {} });
  await step(at, "delete", [remove], budgetOf(remove), () => provider.delete(made.id, state));
  for (const parent of parents.reverse()) await parent.provider.delete(parent.id, parent.outs);
}

describe.each(withSamples.map((declaration) => [typeKey(declaration), declaration] as const))("%s in a storm", (_key, declaration: ResourceDeclaration) => {
  it.each(STORM_KINDS)("of %s: creates, reads, updates and deletes, each step within its budget", (kind) => life(declaration, kind));
});

const TOGETHER = "dns:RecordSet × 8 together";

/** Eight record sets of one zone written together, in the storm of `kind`: each joint change spends from the pool of its writes' budgets. */
async function together(kind: StormKind): Promise<void> {
  const control = emulator.current;
  await control.reset();
  if (kind === "never done") await control.speed(AT_ONCE);
  const storm = stormProcess(kind);
  const at: Stormed = {
    storm,
    kind,
    resource: TOGETHER,
    where: { base: "", together: { changes: "/dns/v1/projects/default-project/managedZones/storm-zone/changes" } },
  };
  const zones = dynamicProvider(declarationFor("dns:ManagedZone"), storm.runtime);
  const recordSet = declarationFor("dns:RecordSet");
  const records = dynamicProvider(recordSet, storm.runtime);
  const zone = await zones.create(await checked(zones, { name: "storm-zone", dnsName: "storm.example." }));
  const all = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      checked(records, { managedZone: "storm-zone", name: `h${i}.storm.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] }),
    ),
  );
  const pooled = (plans: readonly (readonly PlanEntry[])[]): number => plans.reduce((sum, plan) => sum + budgetOf(plan), 0);
  const creates = all.map((news) => planStep("create", { declaration: recordSet, olds: {}, news: objectOf(news) }));
  const made = await step(at, "create", creates, pooled(creates), () => Promise.all(all.map((args) => records.create(args))));
  if (made === undefined) throw new Error(`${TOGETHER}: the creates ended without objects`);
  const next = await Promise.all(all.map((args) => checked(records, { ...args, ttl: 600 })));
  const updates = made.map(({ id, outs }, i) =>
    planStep("update", { declaration: recordSet, id, olds: outs, news: objectOf(next[i]!), diff: diffArgs(recordSet, outs, objectOf(next[i]!)) }),
  );
  const updated =
    (await step(at, "update", updates, pooled(updates), () => Promise.all(made.map(({ id, outs }, i) => records.update(id, outs, next[i]!))))) ?? made;
  const deletes = made.map(({ id }, i) => planStep("delete", { declaration: recordSet, id, olds: updated[i]!.outs, news: {} }));
  await step(at, "delete", deletes, pooled(deletes), () => Promise.all(made.map(({ id }, i) => records.delete(id, updated[i]!.outs))));
  await zones.delete(zone.id, zone.outs);
}

// No write of a zone's changes names an etag: a stale etag has nothing to refuse there.
it.each(STORM_KINDS.filter((kind) => kind !== "stale etag"))(
  "record sets written together in a storm of %s: each joint change spends from the pool of its writes' budgets",
  (kind) => together(kind),
);

it("an opt-in wait that never ends in a storm: a quota increase waited for up to 60 s is made, and the step says it waited no longer", async () => {
  const control = emulator.current;
  await control.reset();
  await control.speed(AT_ONCE);
  const declaration = declarationFor("quotas:QuotaPreference");
  const storm = stormProcess("never done");
  const at: Stormed = { storm, kind: "never done", resource: "quotas:QuotaPreference, waitForGrant 60", where: { base: "" } };
  const provider = dynamicProvider(declaration, storm.runtime);
  const inputs = await checked(provider, { ...declaration.samples!.inputs, preferredValue: "240", waitForGrant: 60 });
  const plan = planStep("create", { declaration, olds: {}, news: objectOf(inputs) });
  const made = await step(at, "create", [plan], budgetOf(plan), () => provider.create(inputs));
  expect(made?.outs).toMatchObject({ reconciling: true });
});

describe("what bounds a storm the budget does not see coming", () => {
  const limited = (): Response =>
    Response.json(
      { message: "API rate limit exceeded" },
      { status: 403, headers: { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000)) } },
    );

  it("the code host's published limits: a request limited again and again ends after the table's attempts, each spent from the budget", async () => {
    const budget = new Budget({ step: "call", resource: "svc.codehost.getRateLimit" }, FUNCTION_BUDGET.requests);
    let sent = 0;
    const client = createApiClient(
      { api: "codehost", baseUrl: "http://codehost.invalid", token: "t", authStyle: "bearer" },
      { rateLimits: codeHostRateLimits(), sleep: async () => undefined, log: () => undefined, fetch: async () => (sent++, limited()) },
    );
    await expect(client.send({ method: "GET", path: "repos/acme/app" }, budget)).rejects.toThrow(/primary rate limit .* still exceeded after 5 attempts/);
    expect({ sent, spent: budget.spent }).toEqual({ sent: PUBLISHED_LIMITS.attempts, spent: PUBLISHED_LIMITS.attempts });
  });

  it("a budget spent ends the step before its next attempt, naming the step, the resource and what was spent", async () => {
    const budget = new Budget({ step: "update", resource: "svc.calendar.AclRule c/user:ann@example.com" }, 3);
    let sent = 0;
    const client = createApiClient(
      { api: "calendar", baseUrl: "http://calendar.invalid", token: "t" },
      {
        sleep: async () => undefined,
        log: () => undefined,
        fetch: async () => (sent++, Response.json({ error: { code: 503, message: "busy" } }, { status: 503 })),
      },
    );
    await expect(client.send({ method: "GET", path: "calendars/c/acl/user:ann@example.com" }, budget)).rejects.toThrow(
      /svc\.calendar\.AclRule c\/user:ann@example\.com: its update sent 3 requests, all its budget .* and stops before GET \/calendars\/c\/acl\/user:ann@example\.com; the last failure: .*503/,
    );
    expect(sent).toBe(3);
  });
});
