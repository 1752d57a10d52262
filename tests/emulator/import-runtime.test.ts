/**
 * svc-import runs in its process's runtime: every listing and every read it makes goes through the
 * executor's one sender in that runtime's engine (its shared listings and windows: no engine
 * process of its own, none per listing), each listing on a budget of its own, named after it. The
 * same for the live zone a zone file is imported into.
 */
import * as executor from "../../provider/engine/executor/context";
import type { PlannedRequest } from "../../provider/engine/kinds";
import { FUNCTION_BUDGET } from "../../provider/http/retryTable";
import { ProviderRuntime } from "../../provider/runtime";
import { discover } from "../../tools/import/discover";
import { listZone } from "../../tools/import/zones/live";
import { providerEmulator } from "../support/providerEmulator";

const emulator = providerEmulator("import-runtime");
const PROJECT = "import-runtime-project";
const ZONE = "runtime-zone";

beforeAll(async () => {
  const base = `/dns/v1/projects/${PROJECT}/managedZones`;
  expect((await emulator.current.api("POST", base, { name: ZONE, dnsName: "runtime.example.", description: "" })).status).toBe(200);
  const additions = ["a", "b"].map((host) => ({ name: `${host}.runtime.example.`, type: "A", ttl: 300, rrdatas: ["192.0.2.1"] }));
  expect((await emulator.current.api("POST", `${base}/${ZONE}/changes`, { additions })).status).toBe(200);
});

/** Each request `work` planned through the executor's one sender, with the context it ran in. */
async function plannedDuring(work: () => Promise<unknown>): Promise<Array<{ request: PlannedRequest; context: executor.RunContext }>> {
  const planned = jest.spyOn(executor, "sendPlanned");
  try {
    await work();
    return planned.mock.calls.map(([request, context]) => ({ request, context }));
  } finally {
    planned.mockRestore();
  }
}

it("discovers a zone with every request in the runtime's engine, each listing on a budget of its own", async () => {
  const runtime = new ProviderRuntime();
  let found: string[] = [];
  const planned = await plannedDuring(async () => {
    const discovery = await discover("dns", { scope: { project: PROJECT }, select: { zone: [ZONE] }, runtime, progress: () => undefined });
    found = discovery.found.map((object) => object.id);
  });
  expect(found).toEqual(expect.arrayContaining([expect.stringContaining(ZONE), expect.stringContaining("a.runtime.example.")]));
  expect(planned.length).toBeGreaterThanOrEqual(3);
  expect(planned.filter(({ context }) => context.process !== runtime.engine).map(({ request }) => `${request.method} ${request.path}`)).toEqual([]);
  const listings = planned.filter(({ context }) => context.budget.owner.step === "listing");
  expect(listings.map(({ request }) => `${request.method} ${request.path}`).sort()).toEqual([
    `GET dns/v1/projects/${PROJECT}/managedZones`,
    `GET dns/v1/projects/${PROJECT}/managedZones/${ZONE}/rrsets`,
    `GET dns/v1/projects/${PROJECT}/policies`,
    `GET dns/v1/projects/${PROJECT}/responsePolicies`,
    // The zone's access policy, whose bindings are listed.
    `POST dns/v1/projects/${PROJECT}/managedZones/${ZONE}:getIamPolicy`,
  ]);
  for (const { request, context } of listings) {
    expect(context.budget.limit).toBe(FUNCTION_BUDGET.requests);
    expect(context.budget.owner.resource).toContain(request.path);
  }
  expect(new Set(listings.map(({ context }) => context.budget)).size).toBe(listings.length);
});

it("lists a zone file's live zone in the runtime's engine, on a budget of its own", async () => {
  const runtime = new ProviderRuntime();
  let rrsets = 0;
  const planned = await plannedDuring(async () => (rrsets = (await listZone(runtime, PROJECT, ZONE))?.rrsets.length ?? 0));
  expect(rrsets).toBe(4);
  expect(planned.map(({ request, context }) => [request.path, context.process === runtime.engine, context.budget.limit])).toEqual([
    [`dns/v1/projects/${PROJECT}/managedZones/${ZONE}/rrsets`, true, FUNCTION_BUDGET.requests],
  ]);
});
