/**
 * `svc.quotas` functions against the in-process emulator: every page of the
 * quota infos (one request per page), one quota info, preferences filtered and
 * ordered across pages with the unreachable locations reported, and arguments
 * refused (naming them) before any request.
 */
import { createEmulator } from "../../emulator/server";
import { ProviderRuntime } from "../../provider/runtime";
import { getQuotaInfo, getQuotaInfos, getQuotaPreferences } from "../../provider/apis/quotas/functions";
import * as sdkQuotas from "../../sdk/quotas";

const TOKEN = "quotas-unit-token";
const env = { ...process.env };
const emulator = createEmulator({ tokens: [TOKEN], quotas: { unreachable: ["us-moon1"] } });
let url = "";
/** The test's provider process: its settings the environment set below, its clients not waiting between attempts. */
const runtime = new ProviderRuntime({ client: { sleep: async () => undefined, log: () => undefined } });

beforeAll(async () => {
  url = await emulator.listen(0, "127.0.0.1");
  process.env["SVC_EMULATOR_URL"] = url;
  process.env["SVC_QUOTAS_TOKEN"] = TOKEN;
});
afterAll(async () => {
  process.env = { ...env };
  await emulator.close();
});

async function logged(pathPrefix: string): Promise<Array<{ path: string; query: Record<string, string> }>> {
  const answer = (await (await fetch(`${url}/_emulator/requests?pathPrefix=${encodeURIComponent(pathPrefix)}`)).json()) as {
    requests: Array<{ path: string; query: Record<string, string> }>;
  };
  return answer.requests;
}

it("reads every page of a service's quota infos, typed", async () => {
  const infos = await getQuotaInfos.on(runtime)({ project: "fn-project", service: "compute.googleapis.com", pageSize: 3 });
  expect(infos.map((info) => info.quotaId)).toEqual([
    "CPUS-ALL-REGIONS-per-project",
    "CPUS-per-project-region",
    "DISKS-TOTAL-GB-per-project-region",
    "GPUS-ALL-REGIONS-per-project",
    "INSTANCES-per-project-region",
    "NETWORKS-per-project",
    "ReadRequestsPerMinutePerProject",
    "SUBNETWORKS-per-network",
  ]);
  expect((await logged("/v1/projects/fn-project/locations/global/services/")).map((request) => request.query["pageSize"])).toEqual(["3", "3", "3"]);
  const fixed = infos.find((info) => info.quotaId === "SUBNETWORKS-per-network");
  expect([fixed?.isFixed, fixed?.quotaIncreaseEligibility?.isEligible, fixed?.quotaIncreaseEligibility?.ineligibilityReason]).toEqual([
    true,
    false,
    "NOT_SUPPORTED",
  ]);
});

it("reads one quota info of a folder through v1beta", async () => {
  const info = await sdkQuotas.getQuotaInfo({
    folder: "456789012345",
    apiVersion: "v1beta",
    service: "compute.googleapis.com",
    quotaId: "CPUS-per-project-region",
  });
  expect([info.name, info.containerType, info.dimensions]).toEqual([
    "folders/456789012345/locations/global/services/compute.googleapis.com/quotaInfos/CPUS-per-project-region",
    "FOLDER",
    ["region"],
  ]);
});

it("lists preferences filtered and ordered across pages, and reports the unreachable locations", async () => {
  const parent = `${url}/v1/organizations/123456789012/locations/global/quotaPreferences`;
  for (const [id, quotaId] of [
    ["n", "NETWORKS-per-project"],
    ["c", "CPUS-ALL-REGIONS-per-project"],
    ["g", "GPUS-ALL-REGIONS-per-project"],
  ]) {
    const made = await fetch(`${parent}?quotaPreferenceId=${id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ service: "compute.googleapis.com", quotaId, quotaConfig: { preferredValue: "9007199254740993" } }),
    });
    expect(made.status).toBe(200);
  }
  const result = await getQuotaPreferences.on(runtime)({
    organization: "123456789012",
    orderBy: "quota_id desc",
    filter: 'service="compute.googleapis.com"',
    pageSize: 2,
  });
  expect(result.quotaPreferences.map((preference) => preference.quotaId)).toEqual([
    "NETWORKS-per-project",
    "GPUS-ALL-REGIONS-per-project",
    "CPUS-ALL-REGIONS-per-project",
  ]);
  expect(result.quotaPreferences[0]?.quotaConfig.preferredValue).toBe("9007199254740993");
  expect(result.unreachable).toEqual(["us-moon1"]);
});

it.each([
  ["no parent", { service: "compute.googleapis.com" }, /project is required: give exactly one of project, folder or organization/],
  ["two parents", { project: "fn-project", folder: "1", service: "compute.googleapis.com" }, /folder cannot be given together with project/],
  ["an unknown version", { project: "fn-project", apiVersion: "v2", service: "compute.googleapis.com" }, /apiVersion must be "v1" or "v1beta"/],
])("refuses %s before any request, naming the argument", async (_what, args, message) => {
  const before = (await logged("/v1")).length + (await logged("/v1beta")).length;
  await expect(getQuotaInfos.on(runtime)(args as never)).rejects.toThrow(message);
  await expect(getQuotaInfo.on(runtime)({ ...(args as object), quotaId: "x" } as never)).rejects.toThrow(message);
  expect((await logged("/v1")).length + (await logged("/v1beta")).length).toBe(before);
});
