/**
 * Cloud DNS in the web console: projects -> managed zones -> record sets (each with the changes
 * that wrote it), the zone's changes and IAM policy; policies; response policies -> rules. Each
 * node's JSON is what the API's read answers.
 */
import type { ObjectGroup, ObjectNode, ObjectTree } from "../../console/tree";
import { answerOf, bodyOf, decodedPath, isAtOrUnder, nodeKey, responseOf } from "../../console/tree";
import type { LoggedRequest } from "../../recorder";
import { renderChange } from "./change-engine";
import type { DnsContext } from "./context";
import { canonicalName } from "./domain-names";
import { getManagedZone } from "./managed-zones";
import { getPolicy } from "./policies";
import type { ResourceRecordSet } from "./resources";
import { getResponsePolicy, getResponsePolicyRule } from "./response-policies";
import { DNS_PREFIX } from "./routes";
import type { PolicyEntry, ResponsePolicyEntry, StoredChange, ZoneEntry } from "./state";

const projectPath = (project: string): string => `${DNS_PREFIX}/projects/${project}`;

/** A zone's requests name it by name or by id. */
function zoneTouched(entry: ZoneEntry, request: LoggedRequest, below = ""): boolean {
  const path = decodedPath(request);
  const zones = `${projectPath(entry.project)}/managedZones`;
  return [entry.zone.name, entry.zone.id].some((name) => isAtOrUnder(path, `${zones}/${name}${below}`));
}

function namesRecordSet(value: unknown, rrset: ResourceRecordSet): boolean {
  if (value === null || typeof value !== "object") return false;
  const { name, type } = value as { name?: unknown; type?: unknown };
  return typeof name === "string" && canonicalName(name) === canonicalName(rrset.name) && type === rrset.type;
}

/** Its own path, a create that names it, or a change that adds or deletes it. */
function recordSetTouched(entry: ZoneEntry, rrset: ResourceRecordSet, request: LoggedRequest): boolean {
  if (!zoneTouched(entry, request)) return false;
  const path = decodedPath(request);
  if (path.endsWith(`/rrsets/${rrset.name}/${rrset.type}`) || path.endsWith(`/rrsets/${canonicalName(rrset.name)}/${rrset.type}`)) return true;
  const body = bodyOf(request);
  if (request.request.method !== "POST" || body === undefined) return false;
  if (path.endsWith("/rrsets")) return namesRecordSet(body, rrset);
  if (!path.endsWith("/changes")) return false;
  return [body["additions"], body["deletions"]].some((list) => Array.isArray(list) && list.some((item) => namesRecordSet(item, rrset)));
}

function zoneNode(context: DnsContext, entry: ZoneEntry): ObjectNode {
  const { project, zone } = entry;
  // From the stored change, not its rendering: a change of 1,000 additions is not copied for a summary.
  const changeNodes = (changes: readonly StoredChange[] = entry.changes): ObjectNode[] =>
    changes.map((stored) => {
      const { change } = stored;
      const status = context.now().getTime() >= stored.completesAtMs ? "done" : "pending";
      return {
        key: nodeKey("change", zone.id, change.id),
        kind: "change",
        label: `change ${change.id}`,
        summary: `${status}: +${change.additions?.length ?? 0} −${change.deletions?.length ?? 0}, ${change.startTime}`,
        wire: () => renderChange(stored, context.now()),
        touchedBy: (request) =>
          zoneTouched(entry, request, `/changes/${change.id}`) ||
          (zoneTouched(entry, request, "/changes") && request.request.method === "POST" && responseOf(request)?.["id"] === change.id),
      };
    });
  const recordSets = (): ObjectNode[] =>
    // In the order the API lists them (by name and type).
    [...entry.rrsets.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, rrset]) => ({
        key: nodeKey("rrset", zone.id, canonicalName(rrset.name), rrset.type),
        kind: "record set",
        label: `${rrset.name} ${rrset.type}`,
        summary: `ttl ${rrset.ttl}: ${(rrset.rrdatas ?? ["(routing policy)"]).join(", ")}`,
        wire: () => entry.rrsets.get(`${canonicalName(rrset.name)} ${rrset.type}`) ?? rrset,
        touchedBy: (request) => recordSetTouched(entry, rrset, request),
        groups: () => [{ title: "changes", nodes: changeNodes(entry.changes.filter((stored) => namesInChange(stored.change, rrset))) }],
      }));
  return {
    key: nodeKey("zone", zone.id),
    kind: "managed zone",
    label: `${zone.name} (${zone.dnsName})`,
    summary: `${zone.visibility}, ${entry.rrsets.size} record sets, ${entry.changes.length} changes`,
    wire: () => answerOf(getManagedZone, context, { project, managedZone: zone.name }),
    touchedBy: (request) =>
      zoneTouched(entry, request) ||
      (request.request.method === "POST" && decodedPath(request) === `${projectPath(project)}/managedZones` && bodyOf(request)?.["name"] === zone.name),
    groups: () => [
      { title: "record sets", nodes: recordSets() },
      { title: "changes", nodes: changeNodes().reverse() },
      {
        title: "IAM policy",
        nodes: [
          {
            key: nodeKey("iam", zone.id),
            kind: "IAM policy",
            label: `IAM policy of ${zone.name}`,
            summary: `${entry.iam.read(3).bindings?.length ?? 0} bindings, etag ${entry.iam.etag}`,
            wire: () => entry.iam.read(3),
            touchedBy: (request) => [":getIamPolicy", ":setIamPolicy", ":testIamPermissions"].some((verb) => zoneTouched(entry, request, verb)),
          },
        ],
      },
    ],
  };
}

function namesInChange(change: unknown, rrset: ResourceRecordSet): boolean {
  const { additions, deletions } = change as { additions?: unknown[]; deletions?: unknown[] };
  return [...(additions ?? []), ...(deletions ?? [])].some((item) => namesRecordSet(item, rrset));
}

function policyNode(context: DnsContext, { project, policy }: PolicyEntry): ObjectNode {
  return {
    key: nodeKey("policy", policy.id),
    kind: "policy",
    label: policy.name,
    summary: `${policy.networks?.length ?? 0} networks`,
    wire: () => answerOf(getPolicy, context, { project, policy: policy.name }),
    touchedBy: (request) =>
      [policy.name, policy.id].some((name) => isAtOrUnder(decodedPath(request), `${projectPath(project)}/policies/${name}`)) ||
      (request.request.method === "POST" && decodedPath(request) === `${projectPath(project)}/policies` && bodyOf(request)?.["name"] === policy.name),
  };
}

function responsePolicyNode(context: DnsContext, entry: ResponsePolicyEntry): ObjectNode {
  const { project, responsePolicy } = entry;
  const name = responsePolicy.responsePolicyName;
  const base = `${projectPath(project)}/responsePolicies`;
  const touched = (request: LoggedRequest, below = ""): boolean =>
    [name, responsePolicy.id].some((id) => isAtOrUnder(decodedPath(request), `${base}/${id}${below}`));
  return {
    key: nodeKey("responsePolicy", responsePolicy.id),
    kind: "response policy",
    label: name,
    summary: `${entry.rules.size} rules`,
    wire: () => answerOf(getResponsePolicy, context, { project, responsePolicy: name }),
    touchedBy: (request) =>
      touched(request) || (request.request.method === "POST" && decodedPath(request) === base && bodyOf(request)?.["responsePolicyName"] === name),
    groups: () => [
      {
        title: "rules",
        nodes: [...entry.rules.values()].map(({ rule }) => ({
          key: nodeKey("rule", responsePolicy.id, rule.ruleName),
          kind: "response policy rule",
          label: `${rule.ruleName} (${rule.dnsName})`,
          summary: rule.behavior ?? "localData",
          wire: () => answerOf(getResponsePolicyRule, context, { project, responsePolicy: name, responsePolicyRule: rule.ruleName }),
          touchedBy: (request) =>
            touched(request, `/rules/${rule.ruleName}`) ||
            (request.request.method === "POST" && touched(request, "/rules") && bodyOf(request)?.["ruleName"] === rule.ruleName),
        })),
      },
    ],
  };
}

export function dnsObjects(context: DnsContext): ObjectTree {
  return () => {
    const { zones, policies, responsePolicies } = context.store.all();
    const projects = [...new Set([...zones, ...policies, ...responsePolicies].map((entry) => entry.project))].sort();
    const nodes = projects.map((project): ObjectNode => ({
      key: nodeKey("project", project),
      kind: "project",
      label: project,
      wire: () => ({ project }),
      touchedBy: (request) => isAtOrUnder(decodedPath(request), projectPath(project)),
      groups: (): ObjectGroup[] => [
        { title: "managed zones", nodes: zones.filter((entry) => entry.project === project).map((entry) => zoneNode(context, entry)) },
        { title: "policies", nodes: policies.filter((entry) => entry.project === project).map((entry) => policyNode(context, entry)) },
        {
          title: "response policies",
          nodes: responsePolicies.filter((entry) => entry.project === project).map((entry) => responsePolicyNode(context, entry)),
        },
      ],
    }));
    return [{ title: "projects", nodes }];
  };
}
