/**
 * responsePolicies.* and responsePolicyRules.* handlers.
 *
 * A response policy (addressed by name or numeric id) is bound to VPC
 * networks and GKE clusters and holds rules; it cannot be deleted while it
 * holds rules or is still bound. A rule (addressed by name) matches a DNS
 * name and either bypasses the response policy (`behavior`) or answers with
 * its own record sets (`localData`), never both and never neither. Local
 * data follows the record-set rules, must be named at or under the rule's
 * `dnsName`, and may not hold SOA or NS records.
 *
 * Patch changes the fields present (null clears one), update replaces them
 * all; the result is checked with the same schema as a new object.
 */
import type { ApiCall, ApiResult } from "../../api";
import { pathParam } from "../../api";
import { ApiError } from "../../errors";
import { alreadyExists, badRequest, invalidValue, notFound } from "../../google/errors";
import { paginateByCreation } from "./paging";
import { parseRequestBody } from "../../google/request-body";
import { describeRecordSet } from "./change-engine";
import type { DnsContext } from "./context";
import { canonicalName, isInZone } from "./domain-names";
import { checkNetworkBindings, networkKey } from "./networks";
import { checkRecordData, cnameConflict, toRecordSet } from "./record-rules";
import type { ResourceRecordSet, ResponsePolicy, ResponsePolicyRule } from "./resources";
import type { ResourceRecordSetRequest } from "./schemas";
import type { ResponsePolicyRequest, ResponsePolicyRuleRequest } from "./policy-schemas";
import { responsePolicyRuleSchema, responsePolicyRuleUpdateSchema, responsePolicySchema, responsePolicyUpdateSchema } from "./policy-schemas";
import type { ResponsePolicyEntry, StoredRule } from "./state";

const POLICY_ENTITY = "entity.responsePolicy";
const RULE_ENTITY = "entity.responsePolicyRule";

const RESPONSE_POLICY_MUTABLE_FIELDS = ["description", "networks", "gkeClusters", "labels"] as const;
const RULE_MUTABLE_FIELDS = ["dnsName", "behavior", "localData"] as const;

// ---------------------------------------------------------------- response policies

export function createResponsePolicy(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const request = parseRequestBody(responsePolicySchema, call.body, POLICY_ENTITY);
  const { store } = context;
  if (store.findResponsePolicy(project, request.responsePolicyName) !== undefined) {
    throw alreadyExists(POLICY_ENTITY, request.responsePolicyName);
  }
  const responsePolicy = toResponsePolicy(request, store.allocateId());
  checkResponsePolicyNetworks(context, project, responsePolicy, undefined);
  store.addResponsePolicy({ project, responsePolicy, creationSequence: store.nextCreationSequence(), rules: new Map() });
  return { status: 200, body: responsePolicy };
}

export function getResponsePolicy(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: requireResponsePolicy(context, call).responsePolicy };
}

/** ResponsePoliciesListResponse has no `kind`. */
export function listResponsePolicies(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const page = paginateByCreation(`dns.responsePolicies:${project}`, context.store.responsePolicies(project), call.query);
  return {
    status: 200,
    body: {
      responsePolicies: page.items.map((entry) => entry.responsePolicy),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

export function patchResponsePolicy(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: { responsePolicy: writeResponsePolicy(context, call, "patch") } };
}

export function updateResponsePolicy(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: { responsePolicy: writeResponsePolicy(context, call, "update") } };
}

export function deleteResponsePolicy(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireResponsePolicy(context, call);
  const { responsePolicy } = entry;
  const name = responsePolicy.responsePolicyName;
  if (entry.rules.size > 0) {
    throw new ApiError({
      httpStatus: 400,
      reason: "containerNotEmpty",
      message: `The response policy '${name}' cannot be deleted because it is not empty: it holds ${entry.rules.size} rule(s).`,
    });
  }
  const bindings = [
    ...(responsePolicy.networks ?? []).map((network) => network.networkUrl),
    ...(responsePolicy.gkeClusters ?? []).map((cluster) => cluster.gkeClusterName),
  ];
  if (bindings.length > 0) {
    throw new ApiError({
      httpStatus: 400,
      reason: "resourceInUseByAnotherResource",
      message: `The response policy '${name}' cannot be deleted because it is in use by networks or GKE clusters: ${bindings.join(", ")}.`,
    });
  }
  context.store.removeResponsePolicy(entry);
  return { status: 204 };
}

function requireResponsePolicy(context: DnsContext, call: ApiCall): ResponsePolicyEntry {
  const project = pathParam(call, "project");
  const nameOrId = pathParam(call, "responsePolicy");
  const entry = context.store.findResponsePolicy(project, nameOrId);
  if (entry === undefined) throw notFound("parameters.responsePolicy", nameOrId);
  return entry;
}

function writeResponsePolicy(context: DnsContext, call: ApiCall, mode: "patch" | "update"): ResponsePolicy {
  const entry = requireResponsePolicy(context, call);
  const request = parseRequestBody(responsePolicyUpdateSchema, call.body, POLICY_ENTITY);
  const name = entry.responsePolicy.responsePolicyName;
  if (Object.hasOwn(request, "responsePolicyName") && request.responsePolicyName !== name) {
    throw invalidValue(`${POLICY_ENTITY}.responsePolicyName`, request.responsePolicyName);
  }
  const merged: Record<string, unknown> = structuredClone({ ...entry.responsePolicy });
  for (const field of RESPONSE_POLICY_MUTABLE_FIELDS) {
    if (mode === "patch" && !Object.hasOwn(request, field)) continue;
    const value = request[field];
    if (value === null || value === undefined) delete merged[field];
    else merged[field] = value;
  }
  const responsePolicy = toResponsePolicy(parseRequestBody(responsePolicySchema, merged, POLICY_ENTITY), entry.responsePolicy.id);
  checkResponsePolicyNetworks(context, entry.project, responsePolicy, entry);
  entry.responsePolicy = responsePolicy;
  return responsePolicy;
}

/** A network carries at most one response policy. */
function checkResponsePolicyNetworks(context: DnsContext, project: string, responsePolicy: ResponsePolicy, self: ResponsePolicyEntry | undefined): void {
  const holders = new Map<string, string>();
  for (const other of context.store.responsePolicies(project)) {
    if (other === self) continue;
    for (const network of other.responsePolicy.networks ?? []) {
      holders.set(networkKey(network.networkUrl), other.responsePolicy.responsePolicyName);
    }
  }
  checkNetworkBindings(responsePolicy.networks ?? [], `${POLICY_ENTITY}.networks`, "response policy", (key) => holders.get(key));
}

function toResponsePolicy(request: ResponsePolicyRequest, id: string): ResponsePolicy {
  const responsePolicy: ResponsePolicy = { kind: "dns#responsePolicy", id, responsePolicyName: request.responsePolicyName };
  if (request.description !== undefined) responsePolicy.description = request.description;
  const networks = request.networks ?? [];
  if (networks.length > 0) {
    responsePolicy.networks = networks.map(({ networkUrl }) => ({ kind: "dns#responsePolicyNetwork", networkUrl }));
  }
  const clusters = request.gkeClusters ?? [];
  if (clusters.length > 0) {
    responsePolicy.gkeClusters = clusters.map(({ gkeClusterName }) => ({ kind: "dns#responsePolicyGKECluster", gkeClusterName }));
  }
  if (request.labels !== undefined) responsePolicy.labels = { ...request.labels };
  return responsePolicy;
}

// ---------------------------------------------------------------- rules

export function createResponsePolicyRule(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireResponsePolicy(context, call);
  const rule = toRule(parseRequestBody(responsePolicyRuleSchema, call.body, RULE_ENTITY));
  if (entry.rules.has(rule.ruleName)) throw alreadyExists(RULE_ENTITY, rule.ruleName);
  checkDnsNameFree(entry, rule, undefined);
  entry.rules.set(rule.ruleName, { rule, creationSequence: context.store.nextCreationSequence() });
  return { status: 200, body: rule };
}

export function getResponsePolicyRule(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireResponsePolicy(context, call);
  return { status: 200, body: requireRule(entry, call).rule };
}

/** ResponsePolicyRulesListResponse has no `kind`. Rules are listed in creation order. */
export function listResponsePolicyRules(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireResponsePolicy(context, call);
  const page = paginateByCreation(
    `dns.responsePolicyRules:${entry.project}/${entry.responsePolicy.id}`,
    [...entry.rules.values()].sort((a, b) => a.creationSequence - b.creationSequence),
    call.query,
  );
  return {
    status: 200,
    body: {
      responsePolicyRules: page.items.map((stored) => stored.rule),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

export function patchResponsePolicyRule(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: { responsePolicyRule: writeRule(context, call, "patch") } };
}

export function updateResponsePolicyRule(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: { responsePolicyRule: writeRule(context, call, "update") } };
}

export function deleteResponsePolicyRule(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireResponsePolicy(context, call);
  const { rule } = requireRule(entry, call);
  entry.rules.delete(rule.ruleName);
  return { status: 204 };
}

function requireRule(entry: ResponsePolicyEntry, call: ApiCall): StoredRule {
  const ruleName = pathParam(call, "responsePolicyRule");
  const stored = entry.rules.get(ruleName);
  if (stored === undefined) throw notFound("parameters.responsePolicyRule", ruleName);
  return stored;
}

function writeRule(context: DnsContext, call: ApiCall, mode: "patch" | "update"): ResponsePolicyRule {
  const entry = requireResponsePolicy(context, call);
  const stored = requireRule(entry, call);
  const existing = stored.rule;
  const request = parseRequestBody(responsePolicyRuleUpdateSchema, call.body, RULE_ENTITY);
  if (Object.hasOwn(request, "ruleName") && request.ruleName !== existing.ruleName) {
    throw invalidValue(`${RULE_ENTITY}.ruleName`, request.ruleName);
  }
  const merged: Record<string, unknown> = structuredClone({ ...existing });
  for (const field of RULE_MUTABLE_FIELDS) {
    if (mode === "patch" && !Object.hasOwn(request, field)) continue;
    const value = request[field];
    if (value === null || value === undefined) delete merged[field];
    else merged[field] = value;
  }
  const rule = toRule(parseRequestBody(responsePolicyRuleSchema, merged, RULE_ENTITY));
  checkDnsNameFree(entry, rule, existing);
  stored.rule = rule;
  return rule;
}

/** One rule per DNS name in a response policy. */
function checkDnsNameFree(entry: ResponsePolicyEntry, rule: ResponsePolicyRule, self: ResponsePolicyRule | undefined): void {
  for (const { rule: other } of entry.rules.values()) {
    if (other !== self && canonicalName(other.dnsName) === canonicalName(rule.dnsName)) {
      throw alreadyExists(`${RULE_ENTITY}.dnsName`, rule.dnsName);
    }
  }
}

/** Validates the rule's answer (behavior XOR local data) and returns its wire form. */
function toRule(request: ResponsePolicyRuleRequest): ResponsePolicyRule {
  const rule: ResponsePolicyRule = { kind: "dns#responsePolicyRule", ruleName: request.ruleName, dnsName: request.dnsName };
  // `behaviorUnspecified` is the enum's zero value: it says nothing.
  const bypasses = request.behavior === "bypassResponsePolicy";
  if (bypasses && request.localData !== undefined) {
    throw invalidValue(`${RULE_ENTITY}.behavior`, request.behavior, "A rule either has a behavior or answers with localData, not both.");
  }
  if (bypasses) {
    rule.behavior = "bypassResponsePolicy";
    return rule;
  }
  if (request.localData === undefined) {
    throw badRequest(
      "required",
      `The '${RULE_ENTITY}.behavior' or '${RULE_ENTITY}.localData' parameter is required but was missing: a rule either bypasses the response policy or answers with local data.`,
    );
  }
  rule.localData = { localDatas: checkLocalData(request.localData.localDatas ?? [], request.dnsName) };
  return rule;
}

function checkLocalData(requested: readonly ResourceRecordSetRequest[], dnsName: string): ResourceRecordSet[] {
  const path = `${RULE_ENTITY}.localData.localDatas`;
  if (requested.length === 0) throw badRequest("required", `The '${path}' parameter is required but was missing.`);
  const rrsets = requested.map(toRecordSet);
  const seen = new Map<string, Set<string>>();
  rrsets.forEach((rrset, index) => {
    const itemPath = `${path}[${index}]`;
    if (rrset.type === "SOA" || rrset.type === "NS") {
      throw invalidValue(`${itemPath}.type`, rrset.type, "Local data may not hold SOA or NS records.");
    }
    if (!isInZone(rrset.name, dnsName)) {
      throw invalidValue(`${itemPath}.name`, rrset.name, `Local data must be named at or under the rule's dnsName '${dnsName}'.`);
    }
    if (rrset.routingPolicy !== undefined) {
      throw invalidValue(`${itemPath}.routingPolicy`, rrset.routingPolicy, "Local data answers with rrdatas only.");
    }
    checkRecordData(rrset, itemPath);
    const name = canonicalName(rrset.name);
    const types = seen.get(name) ?? new Set<string>();
    if (types.has(rrset.type)) {
      throw invalidValue(itemPath, describeRecordSet(rrset), "The local data holds this record set more than once.");
    }
    types.add(rrset.type);
    seen.set(name, types);
    if (types.has("CNAME") && types.size > 1) throw cnameConflict(itemPath, rrset.name);
  });
  return rrsets;
}
