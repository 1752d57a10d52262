/**
 * Every request in a fault storm: each time it is sent, it fails all but its last allowed attempt (a read with 503s, a
 * write with 429s, as the retry table lets every rule go again after a rate limit), and every step
 * of every resource still ends as it would, within its budget: what it sent, each attempt counted
 * at the wire, is at most the budget its plan gives it (plan/worstCase.ts). Polls of a zone's
 * operations and the relay's checks of a zone's changes are stormed too, and record sets written
 * together spend from their pooled budgets. The counts are printed (docs/performance.md lists a run).
 */
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { diffArgs } from "../../provider/engine/plan/diff";
import { planStep } from "../../provider/engine/plan/planStep";
import { budgetOf } from "../../provider/engine/plan/worstCase";
import { FUNCTION_BUDGET, PUBLISHED_LIMITS, RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS } from "../../provider/http/retryTable";
import { Budget } from "../../provider/http/retry";
import { createApiClient } from "../../provider/http/client";
import { codeHostRateLimits } from "../../provider/apis/codehost/limits";
import { declarationFor, declarations } from "../../provider/registry";
import { ProviderRuntime } from "../../provider/runtime";
import { CONTROL_INPUTS } from "../../provider/engine/plan/diff";
import { providerEmulator } from "../support/providerEmulator";
import { applyChange, withParentOutputs } from "../support/samples";

const emulator = providerEmulator("storm-token");

/** The storm: each distinct request (method, URL, body) fails all but its last allowed attempt; `on` while a step runs. */
function storm(): { runtime: ProviderRuntime; on: (yes: boolean) => void; sent: () => number } {
  const attempts = new Map<string, number>();
  let storming = false;
  let sent = 0;
  const runtime = new ProviderRuntime({
    client: {
      sleep: async () => undefined,
      log: () => undefined,
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        if (!storming) return fetch(request);
        sent++;
        const key = `${request.method} ${request.url} ${await request.clone().text()}`;
        const attempt = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, attempt);
        // A read fails with 5xx, which its rule retries; any other with 429, which every rule retries.
        const read = request.method === "GET";
        const allowed = read ? REQUEST_ATTEMPTS.read.attempts : RATE_LIMITED_ATTEMPTS;
        if (attempt < allowed) {
          const status = read ? 503 : 429;
          return Response.json(
            { error: { code: status, message: "a storm", status: read ? "UNAVAILABLE" : "RESOURCE_EXHAUSTED" } },
            { status, headers: { "retry-after": "0" } },
          );
        }
        // Its last allowed attempt goes through; the next time the same request is sent, the storm starts over.
        attempts.delete(key);
        return fetch(request);
      },
    },
  });
  return { runtime, on: (yes) => (storming = yes), sent: () => sent };
}

interface Row {
  readonly resource: string;
  readonly step: string;
  readonly sent: number;
  readonly budget: number;
}

const rows: Row[] = [];

afterAll(() => {
  const table = [
    "| resource | step | sent in the storm | its budget |",
    "|---|---|---|---|",
    ...rows.map((row) => `| ${row.resource} | ${row.step} | ${row.sent} | ${row.budget} |`),
  ];
  process.stdout.write(`storm: every step within its budget\n${table.join("\n")}\n`);
});

const objectOf = (values: Args): Args => Object.fromEntries(Object.entries(values).filter(([key]) => !CONTROL_INPUTS.has(key)));

async function checked(provider: ReturnType<typeof dynamicProvider>, inputs: Args): Promise<Args> {
  const result = await provider.check({}, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs ?? {};
}

/** Runs `work` in the storm and holds what it sent to `budget`. */
async function stormed<T>(weather: ReturnType<typeof storm>, resource: string, step: string, budget: number, work: () => Promise<T>): Promise<T> {
  const before = weather.sent();
  weather.on(true);
  try {
    return await work();
  } finally {
    weather.on(false);
    const sent = weather.sent() - before;
    rows.push({ resource, step, sent, budget });
    expect({ resource, step, sent: Math.min(sent, budget) }).toEqual({ resource, step, sent });
  }
}

const withSamples = declarations.filter((declaration) => declaration.samples !== undefined);

describe.each(withSamples.map((declaration) => [typeKey(declaration), declaration] as const))("%s in a storm", (_key, declaration: ResourceDeclaration) => {
  it("creates, reads, updates and deletes, each step within its budget", async () => {
    await emulator.current.reset();
    const weather = storm();
    const provider = dynamicProvider(declaration, weather.runtime);
    const samples = declaration.samples!;
    const parents: Array<{ provider: ReturnType<typeof dynamicProvider>; id: string; outs: State }> = [];
    for (const parent of samples.parents ?? []) {
      const parentProvider = dynamicProvider(declarationFor(parent.type), weather.runtime);
      parents.push({ provider: parentProvider, ...(await parentProvider.create(await checked(parentProvider, parent.inputs))) });
    }
    const given = withParentOutputs(
      samples,
      parents.map(({ outs }) => outs),
    );
    const inputs = await checked(provider, given.inputs);
    const key = typeKey(declaration);
    const made = await stormed(weather, key, "create", budgetOf(planStep("create", { declaration, olds: {}, news: objectOf(inputs) })), () =>
      provider.create(inputs),
    );
    let state = made.outs;
    if (declaration.importable !== false) {
      const read = await stormed(weather, key, "read", budgetOf(planStep("read", { declaration, id: made.id, olds: state, news: state })), () =>
        provider.read(made.id, state),
      );
      expect(read.id).toBe(made.id);
    }
    const [update] = given.updates;
    if (update !== undefined) {
      const next = await checked(provider, applyChange(given.inputs, update));
      const diff = diffArgs(declaration, state, objectOf(next));
      if (diff.changed.length > 0 && diff.replaces.length === 0) {
        const plan = planStep("update", { declaration, id: made.id, olds: state, news: objectOf(next), diff });
        state = (await stormed(weather, key, "update", budgetOf(plan), () => provider.update(made.id, state, next))).outs;
      }
    }
    await stormed(weather, key, "delete", budgetOf(planStep("delete", { declaration, id: made.id, olds: state, news: {} })), () =>
      provider.delete(made.id, state),
    );
    for (const parent of parents.reverse()) await parent.provider.delete(parent.id, parent.outs);
  });
});

it("record sets written together in a storm: each joint change spends from the pool of its writes' budgets", async () => {
  await emulator.current.reset();
  const weather = storm();
  const zones = dynamicProvider(declarationFor("dns:ManagedZone"), weather.runtime);
  const recordSet = declarationFor("dns:RecordSet");
  const records = dynamicProvider(recordSet, weather.runtime);
  const zone = await zones.create(await checked(zones, { name: "storm-zone", dnsName: "storm.example." }));
  const all = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      checked(records, { managedZone: "storm-zone", name: `h${i}.storm.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] }),
    ),
  );
  const pooled = (step: "create" | "update" | "delete", plans: ReturnType<typeof planStep>[]): number => plans.reduce((sum, plan) => sum + budgetOf(plan), 0);
  const made = await stormed(
    weather,
    "dns:RecordSet × 8 together",
    "create",
    pooled(
      "create",
      all.map((news) => planStep("create", { declaration: recordSet, olds: {}, news: objectOf(news) })),
    ),
    () => Promise.all(all.map((args) => records.create(args))),
  );
  const next = await Promise.all(all.map((args) => checked(records, { ...args, ttl: 600 })));
  const plans = made.map(({ id, outs }, i) =>
    planStep("update", { declaration: recordSet, id, olds: outs, news: objectOf(next[i]!), diff: diffArgs(recordSet, outs, objectOf(next[i]!)) }),
  );
  const updated = await stormed(weather, "dns:RecordSet × 8 together", "update", pooled("update", plans), () =>
    Promise.all(made.map(({ id, outs }, i) => records.update(id, outs, next[i]!))),
  );
  await stormed(
    weather,
    "dns:RecordSet × 8 together",
    "delete",
    pooled(
      "delete",
      made.map(({ id }, i) => planStep("delete", { declaration: recordSet, id, olds: updated[i]!.outs, news: {} })),
    ),
    () => Promise.all(made.map(({ id }, i) => records.delete(id, updated[i]!.outs))),
  );
  await zones.delete(zone.id, zone.outs);
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
