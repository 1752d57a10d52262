/**
 * `svc.dns.ResponsePolicyRule`: one rule of a response policy — local data
 * served for a name, or a behavior (bypass the policy), never both.
 */
import { z } from "zod";
import { sharedListing } from "../../engine/declaration/steps";
import { DNS_PAGING } from "./service";
import { declare } from "../../engine/declaration/declaration";
import { isAtOrUnder, projectId, ruleDnsName, zoneName } from "./names";
import { localRecordSet } from "./shapes";
import { API_PREFIX, withoutKinds } from "./wire";

export const responsePolicyRuleArgs = z.object({
  project: projectId.optional().meta({ description: "The project. Defaults to `svc:project` / `SVC_PROJECT`." }),
  responsePolicy: zoneName.meta({ description: "The response policy's name (its `responsePolicyName`)." }),
  ruleName: zoneName.meta({ description: "The rule's name." }),
  dnsName: ruleDnsName.meta({
    description: "The name the rule matches, fully qualified with a trailing dot (may start with `*.`). A policy has one rule per name.",
  }),
  behavior: z
    .enum(["behaviorUnspecified", "bypassResponsePolicy"], {
      error: (issue) => `must be "bypassResponsePolicy" (or "behaviorUnspecified"); got ${JSON.stringify(issue.input)}`,
    })
    .optional()
    .meta({ description: "`bypassResponsePolicy`: answer normally for this name. Give this or `localData`, never both." }),
  localData: z
    .object({ localDatas: z.array(localRecordSet).min(1, { error: "must hold at least one record set" }) })
    .optional()
    .meta({ description: "The record sets to answer with (`localDatas`). Give this or `behavior`, never both." }),
});
export type ResponsePolicyRuleArgs = z.infer<typeof responsePolicyRuleArgs>;

const ruleWire = z.looseObject({
  ruleName: z.string(),
  dnsName: z.string(),
  behavior: z.string().optional(),
  localData: z.looseObject({ localDatas: z.array(z.looseObject({})).optional() }).optional(),
});

export const responsePolicyRule = declare<ResponsePolicyRuleArgs, z.infer<typeof ruleWire>>({
  module: "dns",
  name: "ResponsePolicyRule",
  api: "dns",
  args: responsePolicyRuleArgs,
  immutable: ["project", "responsePolicy", "ruleName"],
  // A response policy has one rule per DNS name: a renamed rule can only exist once the old one is gone.
  deleteBeforeReplace: true,
  projectScoped: true,
  id: {
    format: "projects/{project}/responsePolicies/{responsePolicy}/rules/{ruleName}",
    importFormats: ["{project}/{responsePolicy}/{ruleName}", "{responsePolicy}/{ruleName}"],
  },
  paths: {
    collection: `${API_PREFIX}/responsePolicies/{responsePolicy}/rules`,
    item: `${API_PREFIX}/responsePolicies/{responsePolicy}/rules/{ruleName}`,
  },
  wire: ruleWire,
  crossCheck: ({ dnsName, behavior, localData }) => {
    const failures: { property: string; reason: string }[] = [];
    if ((behavior === undefined) === (localData === undefined)) {
      failures.push({ property: "localData", reason: 'give exactly one of localData (records to answer with) or behavior ("bypassResponsePolicy")' });
    }
    const typesByName = new Map<string, Set<string>>();
    localData?.localDatas.forEach(({ name, type }, index) => {
      const property = `localData.localDatas[${index}]`;
      if (!isAtOrUnder(name, dnsName)) {
        failures.push({
          property: `${property}.name`,
          reason: `must be the rule's dnsName ${JSON.stringify(dnsName)} or a name below it (ending with ".${dnsName}"); got ${JSON.stringify(name)}`,
        });
      }
      const types = typesByName.get(name.toLowerCase()) ?? new Set<string>();
      if (types.has(type)) {
        failures.push({ property, reason: `repeats the ${type} record set of ${JSON.stringify(name)}: give each name and type once, with all its records` });
      } else if (types.has("CNAME") || (type === "CNAME" && types.size > 0)) {
        failures.push({ property, reason: `a name with a CNAME holds no other record sets; ${JSON.stringify(name)} has ${[...types, type].join(" and ")}` });
      }
      types.add(type);
      typesByName.set(name.toLowerCase(), types);
    });
    return failures;
  },
  toCreateBody: ({ project: _project, responsePolicy: _policy, ...rule }) => rule,
  toState: (rule) => ({
    ruleName: rule.ruleName,
    dnsName: rule.dnsName,
    behavior: rule.behavior,
    localData: withoutKinds(rule.localData),
  }),
  // patch answers {responsePolicyRule}: the new state without a read.
  update: { send: "PATCH", answer: { member: "responsePolicyRule" } },
  steps: {
    // A refresh reads every rule at once: one listing of the response policy answers them.
    read: sharedListing({
      path: `${API_PREFIX}/responsePolicies/{responsePolicy}/rules`,
      field: "responsePolicyRules",
      entry: ruleWire,
      match: (rule, identity) => rule.ruleName === identity["ruleName"],
      key: { ofEntry: (rule) => rule.ruleName, ofIdentity: ({ ruleName = "" }) => ruleName },
      paging: DNS_PAGING,
    }),
  },
  outputs: {},
  adoption: {
    list: { path: `${API_PREFIX}/responsePolicies/{responsePolicy}/rules`, field: "responsePolicyRules", paging: DNS_PAGING },
    under: { type: "dns:ResponsePolicy", from: { responsePolicy: "responsePolicyName" } },
    identity: { ruleName: "ruleName" },
    naming: "{responsePolicy}_{ruleName}",
  },
  docs: {
    summary: "One rule of a response policy: local data served for a name, or a behavior (bypass the policy), never both.",
    example:
      'new svc.dns.ResponsePolicyRule("api", { responsePolicy: overrides.responsePolicyName, ruleName: "api", dnsName: "api.example.com.",\n' +
      '  localData: { localDatas: [{ name: "api.example.com.", type: "A", ttl: 60, rrdatas: ["10.0.0.10"] }] } });',
  },
  samples: {
    parents: [{ type: "dns:ResponsePolicy", inputs: { responsePolicyName: "rule-overrides" } }],
    inputs: {
      responsePolicy: "rule-overrides",
      ruleName: "internal-api",
      dnsName: "api.corp.example.",
      localData: { localDatas: [{ name: "api.corp.example.", type: "A", ttl: 300, rrdatas: ["10.1.2.3"] }] },
    },
    names: ["ruleName"],
    updates: [
      { dnsName: "api2.corp.example.", localData: { localDatas: [{ name: "api2.corp.example.", type: "A", ttl: 300, rrdatas: ["10.1.2.3"] }] } },
      { localData: { localDatas: [{ name: "api2.corp.example.", type: "A", ttl: 60, rrdatas: ["10.1.2.4"] }] } },
      { behavior: "bypassResponsePolicy", localData: undefined },
    ],
    replacements: [{ project: "other-project" }, { responsePolicy: "other-overrides" }, { ruleName: "internal-api-v2" }],
  },
});
