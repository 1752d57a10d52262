/**
 * policies.* handlers: DNS server policies of a project (inbound forwarding,
 * logging, alternative name servers, DNS64) bound to VPC networks.
 *
 * A policy is addressed by name or numeric id. Patch changes the fields
 * present (null clears one), update replaces them all; the result is checked
 * with the same schema as a new policy. A network can carry only one DNS
 * server policy, and a policy still bound to networks cannot be deleted.
 */
import type { ApiCall, ApiResult } from "../../api";
import { pathParam } from "../../api";
import { alreadyExists, invalidValue, notFound } from "../../google/errors";
import { paginateByCreation } from "./paging";
import { parseRequestBody } from "../../google/request-body";
import { ApiError } from "../../errors";
import type { DnsContext } from "./context";
import { checkNetworkBindings, networkKey } from "./networks";
import type { Policy } from "./resources";
import type { PolicyRequest } from "./policy-schemas";
import { policySchema, policyUpdateSchema } from "./policy-schemas";
import type { PolicyEntry } from "./state";

/** What Cloud DNS calls the body in its messages ("Invalid value for 'entity.policyResource.networks[0]'"). */
const ENTITY = "entity.policyResource";

const POLICY_MUTABLE_FIELDS = [
  "description",
  "enableInboundForwarding",
  "enableLogging",
  "networks",
  "alternativeNameServerConfig",
  "dns64Config",
] as const satisfies readonly (keyof PolicyRequest)[];

export function createPolicy(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const request = parseRequestBody(policySchema, call.body, ENTITY);
  const { store } = context;
  if (store.findPolicy(project, request.name) !== undefined) throw alreadyExists(ENTITY, request.name);
  const policy = toPolicy(request, store.allocateId());
  checkPolicyNetworks(context, project, policy, undefined);
  store.addPolicy({ project, policy, creationSequence: store.nextCreationSequence() });
  return { status: 200, body: policy };
}

export function getPolicy(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: requirePolicy(context, call).policy };
}

export function listPolicies(context: DnsContext, call: ApiCall): ApiResult {
  const project = pathParam(call, "project");
  const page = paginateByCreation(`dns.policies:${project}`, context.store.policies(project), call.query);
  return {
    status: 200,
    body: {
      kind: "dns#policiesListResponse",
      policies: page.items.map((entry) => entry.policy),
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
    },
  };
}

/** PATCH: present fields replace, null clears, absent fields stay. Answers PoliciesPatchResponse `{policy}`. */
export function patchPolicy(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: { policy: writePolicy(context, call, "patch") } };
}

/** PUT: the mutable fields become those of the body. Answers PoliciesUpdateResponse `{policy}`. */
export function updatePolicy(context: DnsContext, call: ApiCall): ApiResult {
  return { status: 200, body: { policy: writePolicy(context, call, "update") } };
}

export function deletePolicy(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requirePolicy(context, call);
  const networks = entry.policy.networks ?? [];
  if (networks.length > 0) {
    throw new ApiError({
      httpStatus: 400,
      reason: "resourceInUseByAnotherResource",
      message: `The policy '${entry.policy.name}' cannot be deleted because it is in use by ${networks.length} network(s): ${networks
        .map((network) => network.networkUrl)
        .join(", ")}. Remove its networks first.`,
    });
  }
  context.store.removePolicy(entry);
  return { status: 204 };
}

function requirePolicy(context: DnsContext, call: ApiCall): PolicyEntry {
  const project = pathParam(call, "project");
  const nameOrId = pathParam(call, "policy");
  const entry = context.store.findPolicy(project, nameOrId);
  if (entry === undefined) throw notFound("parameters.policy", nameOrId);
  return entry;
}

function writePolicy(context: DnsContext, call: ApiCall, mode: "patch" | "update"): Policy {
  const entry = requirePolicy(context, call);
  const request = parseRequestBody(policyUpdateSchema, call.body, ENTITY);
  if (Object.hasOwn(request, "name") && request.name !== entry.policy.name) throw invalidValue(`${ENTITY}.name`, request.name);
  const merged: Record<string, unknown> = structuredClone({ ...entry.policy });
  for (const field of POLICY_MUTABLE_FIELDS) {
    if (mode === "patch" && !Object.hasOwn(request, field)) continue;
    const value = request[field];
    if (value === null || value === undefined) delete merged[field];
    else merged[field] = value;
  }
  // The result must pass the same checks as a new policy.
  const policy = toPolicy(parseRequestBody(policySchema, merged, ENTITY), entry.policy.id);
  checkPolicyNetworks(context, entry.project, policy, entry);
  entry.policy = policy;
  return policy;
}

/** A network carries at most one DNS server policy. */
function checkPolicyNetworks(context: DnsContext, project: string, policy: Policy, self: PolicyEntry | undefined): void {
  const holders = new Map<string, string>();
  for (const other of context.store.policies(project)) {
    if (other === self) continue;
    for (const network of other.policy.networks ?? []) holders.set(networkKey(network.networkUrl), other.policy.name);
  }
  checkNetworkBindings(policy.networks ?? [], `${ENTITY}.networks`, "DNS server policy", (key) => holders.get(key));
}

/** The wire form, with Google's defaults and nested kinds; empty lists omitted. */
function toPolicy(request: PolicyRequest, id: string): Policy {
  const policy: Policy = {
    kind: "dns#policy",
    id,
    name: request.name,
    description: request.description ?? "",
    enableInboundForwarding: request.enableInboundForwarding ?? false,
    enableLogging: request.enableLogging ?? false,
  };
  const networks = request.networks ?? [];
  if (networks.length > 0) policy.networks = networks.map(({ networkUrl }) => ({ kind: "dns#policyNetwork", networkUrl }));
  if (request.alternativeNameServerConfig !== undefined) {
    policy.alternativeNameServerConfig = {
      kind: "dns#policyAlternativeNameServerConfig",
      targetNameServers: (request.alternativeNameServerConfig.targetNameServers ?? []).map((target) => ({
        kind: "dns#policyAlternativeNameServerConfigTargetNameServer",
        ...(target.ipv4Address !== undefined ? { ipv4Address: target.ipv4Address } : {}),
        ...(target.ipv6Address !== undefined ? { ipv6Address: target.ipv6Address } : {}),
        ...(target.forwardingPath !== undefined ? { forwardingPath: target.forwardingPath } : {}),
      })),
    };
    const outboundEndpoints = request.alternativeNameServerConfig.outboundEndpoints ?? [];
    if (outboundEndpoints.length > 0) {
      policy.alternativeNameServerConfig.outboundEndpoints = outboundEndpoints.map(({ name }) => ({
        kind: "dns#policyAlternativeNameServerConfigOutboundEndpoint",
        name: name ?? "",
      }));
    }
  }
  if (request.dns64Config !== undefined) {
    const { allQueries } = request.dns64Config.scope;
    policy.dns64Config = {
      kind: "dns#policyDns64Config",
      scope: { kind: "dns#policyDns64ConfigScope", ...(allQueries !== undefined ? { allQueries } : {}) },
    };
  }
  return policy;
}
