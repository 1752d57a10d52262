/** The response-policy tests' shared set-up. */
import type { ResponsePolicy, ResponsePolicyRule } from "../../emulator/apis/dns/resources";
import type { TestEmulator } from "./helpers";
import { PROJECT, rrset, startEmulator } from "./helpers";

export const RESPONSE_POLICIES = `/dns/v1/projects/${PROJECT}/responsePolicies`;
export const NETWORK = "https://www.googleapis.com/compute/v1/projects/test-project/global/networks/default";
export const CLUSTER = "projects/test-project/locations/us-central1/clusters/main";
export const rulesOf = (responsePolicy: string) => `${RESPONSE_POLICIES}/${responsePolicy}/rules`;

export let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await emulator.request("POST", "/_emulator/reset");
});

export async function createResponsePolicy(body: Record<string, unknown>): Promise<ResponsePolicy> {
  const result = await emulator.request<ResponsePolicy>("POST", RESPONSE_POLICIES, { body });
  if (result.status !== 200) throw new Error(`creating response policy: ${result.status} ${result.text}`);
  return result.body;
}

export async function createRule(responsePolicy: string, body: Record<string, unknown>): Promise<ResponsePolicyRule> {
  const result = await emulator.request<ResponsePolicyRule>("POST", rulesOf(responsePolicy), { body });
  if (result.status !== 200) throw new Error(`creating rule: ${result.status} ${result.text}`);
  return result.body;
}

export const localRule = (ruleName: string, dnsName: string, ...records: ReturnType<typeof rrset>[]) => ({
  ruleName,
  dnsName,
  localData: { localDatas: records },
});
