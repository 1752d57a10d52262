/**
 * The Cloud DNS v1 route table: every method of the spec at its documented
 * path.
 */
import type { ApiCall, ApiResult, ApiRoute, HttpMethod } from "../../api";
import { createChange, getChange, listChanges } from "./changes";
import type { DnsContext } from "./context";
import { getDnsKey, listDnsKeys } from "./dns-keys";
import { getZoneIamPolicy, setZoneIamPolicy, testZoneIamPermissions } from "./iam";
import {
  createManagedZone,
  deleteManagedZone,
  getManagedZone,
  getManagedZoneOperation,
  listManagedZoneOperations,
  listManagedZones,
  patchManagedZone,
  updateManagedZone,
} from "./managed-zones";
import { createPolicy, deletePolicy, getPolicy, listPolicies, patchPolicy, updatePolicy } from "./policies";
import { getProject } from "./projects";
import { createRecordSet, deleteRecordSet, getRecordSet, listRecordSets, patchRecordSet } from "./record-sets";
import {
  createResponsePolicy,
  createResponsePolicyRule,
  deleteResponsePolicy,
  deleteResponsePolicyRule,
  getResponsePolicy,
  getResponsePolicyRule,
  listResponsePolicies,
  listResponsePolicyRules,
  patchResponsePolicy,
  patchResponsePolicyRule,
  updateResponsePolicy,
  updateResponsePolicyRule,
} from "./response-policies";

export const DNS_PREFIX = "/dns/v1";
const PROJECT = `${DNS_PREFIX}/projects/:project`;
const ZONES = `${PROJECT}/managedZones`;
const ZONE = `${ZONES}/:managedZone`;
const POLICIES = `${PROJECT}/policies`;
const RESPONSE_POLICIES = `${PROJECT}/responsePolicies`;
const RULES = `${RESPONSE_POLICIES}/:responsePolicy/rules`;

export function dnsRoutes(context: DnsContext): ApiRoute[] {
  const route = (method: HttpMethod, pattern: string, operation: string, handler: (context: DnsContext, call: ApiCall) => ApiResult): ApiRoute => ({
    method,
    pattern,
    operation,
    handle: (call) => handler(context, call),
  });
  /** A Google custom method (`resource:verb`, always POST). */
  const customMethod = (pattern: string, operation: string, routerPath: string, handler: (context: DnsContext, call: ApiCall) => ApiResult): ApiRoute => ({
    ...route("POST", pattern, operation, handler),
    routerPath,
  });

  return [
    route("GET", PROJECT, "dns.projects.get", getProject),

    route("POST", ZONES, "dns.managedZones.create", createManagedZone),
    route("GET", ZONES, "dns.managedZones.list", listManagedZones),
    route("GET", ZONE, "dns.managedZones.get", getManagedZone),
    route("PATCH", ZONE, "dns.managedZones.patch", patchManagedZone),
    route("PUT", ZONE, "dns.managedZones.update", updateManagedZone),
    route("DELETE", ZONE, "dns.managedZones.delete", deleteManagedZone),

    route("GET", `${ZONE}/operations`, "dns.managedZoneOperations.list", listManagedZoneOperations),
    route("GET", `${ZONE}/operations/:operation`, "dns.managedZoneOperations.get", getManagedZoneOperation),

    route("POST", `${ZONE}/rrsets`, "dns.resourceRecordSets.create", createRecordSet),
    route("GET", `${ZONE}/rrsets`, "dns.resourceRecordSets.list", listRecordSets),
    route("GET", `${ZONE}/rrsets/:name/:type`, "dns.resourceRecordSets.get", getRecordSet),
    route("PATCH", `${ZONE}/rrsets/:name/:type`, "dns.resourceRecordSets.patch", patchRecordSet),
    route("DELETE", `${ZONE}/rrsets/:name/:type`, "dns.resourceRecordSets.delete", deleteRecordSet),

    route("POST", `${ZONE}/changes`, "dns.changes.create", createChange),
    route("GET", `${ZONE}/changes`, "dns.changes.list", listChanges),
    route("GET", `${ZONE}/changes/:changeId`, "dns.changes.get", getChange),

    route("GET", `${ZONE}/dnsKeys`, "dns.dnsKeys.list", listDnsKeys),
    route("GET", `${ZONE}/dnsKeys/:dnsKeyId`, "dns.dnsKeys.get", getDnsKey),

    customMethod(`${ZONE}:getIamPolicy`, "dns.managedZones.getIamPolicy", zoneCustomMethodRouterPath("getIamPolicy"), getZoneIamPolicy),
    customMethod(`${ZONE}:setIamPolicy`, "dns.managedZones.setIamPolicy", zoneCustomMethodRouterPath("setIamPolicy"), setZoneIamPolicy),
    customMethod(`${ZONE}:testIamPermissions`, "dns.managedZones.testIamPermissions", zoneCustomMethodRouterPath("testIamPermissions"), testZoneIamPermissions),

    route("POST", POLICIES, "dns.policies.create", createPolicy),
    route("GET", POLICIES, "dns.policies.list", listPolicies),
    route("GET", `${POLICIES}/:policy`, "dns.policies.get", getPolicy),
    route("PATCH", `${POLICIES}/:policy`, "dns.policies.patch", patchPolicy),
    route("PUT", `${POLICIES}/:policy`, "dns.policies.update", updatePolicy),
    route("DELETE", `${POLICIES}/:policy`, "dns.policies.delete", deletePolicy),

    route("POST", RESPONSE_POLICIES, "dns.responsePolicies.create", createResponsePolicy),
    route("GET", RESPONSE_POLICIES, "dns.responsePolicies.list", listResponsePolicies),
    route("GET", `${RESPONSE_POLICIES}/:responsePolicy`, "dns.responsePolicies.get", getResponsePolicy),
    route("PATCH", `${RESPONSE_POLICIES}/:responsePolicy`, "dns.responsePolicies.patch", patchResponsePolicy),
    route("PUT", `${RESPONSE_POLICIES}/:responsePolicy`, "dns.responsePolicies.update", updateResponsePolicy),
    route("DELETE", `${RESPONSE_POLICIES}/:responsePolicy`, "dns.responsePolicies.delete", deleteResponsePolicy),

    route("POST", RULES, "dns.responsePolicyRules.create", createResponsePolicyRule),
    route("GET", RULES, "dns.responsePolicyRules.list", listResponsePolicyRules),
    route("GET", `${RULES}/:responsePolicyRule`, "dns.responsePolicyRules.get", getResponsePolicyRule),
    route("PATCH", `${RULES}/:responsePolicyRule`, "dns.responsePolicyRules.patch", patchResponsePolicyRule),
    route("PUT", `${RULES}/:responsePolicyRule`, "dns.responsePolicyRules.update", updateResponsePolicyRule),
    route("DELETE", `${RULES}/:responsePolicyRule`, "dns.responsePolicyRules.delete", deleteResponsePolicyRule),
  ];
}

/** find-my-way needs the parameter before a custom method bounded by a regex and the colon doubled. */
function zoneCustomMethodRouterPath(verb: string): string {
  return `${ZONES}/:managedZone(^[^:]+)::${verb}`;
}
