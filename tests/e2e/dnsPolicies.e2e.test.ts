/** Conformance of DNS policies, response policies and rules with the real engine. */
import { runConformance } from "../support/conformance";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";

const BASE = "/dns/v1/projects/e2e-project";

const suite = engineSuite();

it("Policy, ResponsePolicy and ResponsePolicyRule pass the conformance run", async () => {
  const test = suite.track(await openStack("dns-policies", suite.emulator));
  await runConformance(test, suite.emulator, {
    created: 5,
    updates: [
      {
        what: "policy description in place",
        config: { policyDescription: { value: "Resolver policy, reviewed" } },
        changes: { same: 4, update: 1 },
        writes: [{ method: "PATCH", path: `${BASE}/policies/corp-resolver`, body: { description: "Resolver policy, reviewed" } }],
      },
      {
        what: "policy logging in place",
        config: { policyLogging: { value: "true" } },
        changes: { same: 4, update: 1 },
        writes: [{ method: "PATCH", path: `${BASE}/policies/corp-resolver`, body: { enableLogging: true } }],
      },
      {
        what: "policy inbound forwarding in place",
        config: { inboundForwarding: { value: "false" } },
        changes: { same: 4, update: 1 },
        writes: [{ method: "PATCH", path: `${BASE}/policies/corp-resolver`, body: { enableInboundForwarding: false } }],
      },
      {
        what: "policy networks replaced as a whole list",
        config: { policyNetwork: { value: "corp-eu" } },
        changes: { same: 4, update: 1 },
        writes: [
          {
            method: "PATCH",
            path: `${BASE}/policies/corp-resolver`,
            body: { networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp-eu" }] },
          },
        ],
      },
      {
        what: "policy alternative name server in place",
        config: { resolver: { value: "10.0.0.54" } },
        changes: { same: 4, update: 1 },
        writes: [
          {
            method: "PATCH",
            path: `${BASE}/policies/corp-resolver`,
            body: { alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "10.0.0.54" }] } },
          },
        ],
      },
      {
        what: "response policy description and labels in place",
        config: { responsePolicyDescription: { value: "Internal answers" }, team: { value: "platform" } },
        changes: { same: 4, update: 1 },
        writes: [
          {
            method: "PATCH",
            path: `${BASE}/responsePolicies/corp-overrides`,
            body: { description: "Internal answers", labels: { team: "platform" } },
          },
        ],
      },
      {
        what: "response policy networks in place",
        config: { responsePolicyNetwork: { value: "corp-eu" } },
        changes: { same: 4, update: 1 },
        writes: [
          {
            method: "PATCH",
            path: `${BASE}/responsePolicies/corp-overrides`,
            body: { networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp-eu" }] },
          },
        ],
      },
      {
        what: "rule local data in place",
        config: { apiAddress: { value: "10.1.2.4" } },
        changes: { same: 4, update: 1 },
        writes: [
          {
            method: "PATCH",
            path: `${BASE}/responsePolicies/corp-overrides/rules/internal-api`,
            body: { localData: { localDatas: [{ name: "api.corp.example.", type: "A", ttl: 300, rrdatas: ["10.1.2.4"] }] } },
          },
        ],
      },
    ],
    replaces: [
      { what: "policy name replaces the policy", config: { policyName: { value: "corp-resolver-2" } }, changes: { same: 4, replace: 1 } },
      { what: "rule name replaces the rule", config: { ruleName: { value: "internal-api-v2" } }, changes: { same: 4, replace: 1 } },
      {
        what: "response policy name replaces it and its rules",
        config: { responsePolicyName: { value: "corp-overrides-2" } },
        changes: { same: 2, replace: 3 },
      },
    ],
    imports: [
      { what: "import the policy", urnSuffix: "::resolver-policy", configKey: "policyImport" },
      { what: "import the rule", urnSuffix: "::internal-api", configKey: "ruleImport" },
    ],
    nothingLeft: (objects) =>
      expect(objects).toEqual(
        expect.objectContaining({
          dns: expect.objectContaining({ policies: [], responsePolicies: [], responsePolicyRules: [] }),
        }),
      ),
  });
});
