/**
 * Cloud DNS state: projects (implicit, created on first use) holding managed
 * zones (each with its record sets, change log, operation log, IAM policy
 * and DNSSEC keys), DNS server policies and response policies (each with
 * its rules). This is a plain container; the rules live in the handlers and
 * the change engine.
 */
import { randomBytes } from "node:crypto";
import type { IamPolicyState } from "../../google/iam";
import type { ApiStore } from "../../store";
import type { StoredDnsKey } from "./dns-keys";
import { isApex } from "./domain-names";
import type { Change, ManagedZone, Operation, Policy, ResourceRecordSet, ResponsePolicy, ResponsePolicyRule } from "./resources";
import { rrsetKey } from "./record-keys";
import { dnsSnapshot, restoreDns } from "./snapshot";

/** A change as stored: its wire form minus the status, which is derived from the clock when read. */
export interface StoredChange {
  change: Omit<Change, "status" | "isServing">;
  /** Epoch milliseconds at which the change reports `done`. */
  completesAtMs: number;
}

/** An operation as stored: its wire form minus the status, which is derived from the clock when read. */
export interface StoredOperation {
  operation: Omit<Operation, "status">;
  /** Epoch milliseconds at which the operation reports `done`. */
  completesAtMs: number;
}

export interface ZoneEntry {
  project: string;
  zone: ManagedZone;
  /** Creation order across the store; the sort key of managedZones.list. */
  creationSequence: number;
  /** Keyed by `rrsetKey(name, type)`. */
  rrsets: Map<string, ResourceRecordSet>;
  /** Append-only; a change's id is its index. */
  changes: StoredChange[];
  operations: StoredOperation[];
  nextOperationNumber: number;
  iam: IamPolicyState;
  /** Present while DNSSEC is on (or in transfer); a key's id is its number. */
  dnsKeys: StoredDnsKey[];
  nextDnsKeyNumber: number;
}

export interface PolicyEntry {
  project: string;
  policy: Policy;
  creationSequence: number;
}

export interface ResponsePolicyEntry {
  project: string;
  responsePolicy: ResponsePolicy;
  creationSequence: number;
  /** Keyed by rule name. */
  rules: Map<string, StoredRule>;
}

export interface StoredRule {
  rule: ResponsePolicyRule;
  /** The sort key of responsePolicyRules.list. */
  creationSequence: number;
}

export { rrsetKey };

/** The record sets Cloud DNS creates with a zone and that must always exist at its apex. */
export function isApexRecordSet(rrset: Pick<ResourceRecordSet, "name" | "type">, zone: ManagedZone): boolean {
  return (rrset.type === "SOA" || rrset.type === "NS") && isApex(rrset.name, zone.dnsName);
}

export interface ManagedZoneSummary {
  project: string;
  name: string;
  id: string;
  dnsName: string;
}

export interface ResourceRecordSetSummary {
  project: string;
  managedZone: string;
  name: string;
  type: string;
}

export interface PolicySummary {
  project: string;
  name: string;
  id: string;
}

export interface ResponsePolicySummary {
  project: string;
  responsePolicyName: string;
  id: string;
}

export interface ResponsePolicyRuleSummary {
  project: string;
  responsePolicy: string;
  ruleName: string;
  dnsName: string;
}

/** A type alias, not an interface, so it fits `ApiStore`'s `Record<string, unknown[]>`. */
export type DnsUserObjects = {
  managedZones: ManagedZoneSummary[];
  resourceRecordSets: ResourceRecordSetSummary[];
  policies: PolicySummary[];
  responsePolicies: ResponsePolicySummary[];
  responsePolicyRules: ResponsePolicyRuleSummary[];
};

export class DnsStore implements ApiStore {
  private zonesByProject = new Map<string, Map<string, ZoneEntry>>();
  private policiesByProject = new Map<string, Map<string, PolicyEntry>>();
  private responsePoliciesByProject = new Map<string, Map<string, ResponsePolicyEntry>>();
  private assignedIds = new Set<string>();
  private lastCreationSequence = 0;

  zones(project: string): ZoneEntry[] {
    const zones = [...(this.zonesByProject.get(project)?.values() ?? [])];
    return zones.sort((a, b) => a.creationSequence - b.creationSequence);
  }

  /** Cloud DNS addresses a zone by its name or by its numeric id. */
  findZone(project: string, nameOrId: string): ZoneEntry | undefined {
    return findByNameOrId(this.zonesByProject.get(project), nameOrId, (entry) => entry.zone.id);
  }

  addZone(entry: ZoneEntry): void {
    projectMap(this.zonesByProject, entry.project).set(entry.zone.name, entry);
  }

  removeZone(entry: ZoneEntry): void {
    this.zonesByProject.get(entry.project)?.delete(entry.zone.name);
  }

  nextCreationSequence(): number {
    this.lastCreationSequence += 1;
    return this.lastCreationSequence;
  }

  policies(project: string): PolicyEntry[] {
    return [...(this.policiesByProject.get(project)?.values() ?? [])].sort((a, b) => a.creationSequence - b.creationSequence);
  }

  /** A policy is addressed by its name or its numeric id. */
  findPolicy(project: string, nameOrId: string): PolicyEntry | undefined {
    return findByNameOrId(this.policiesByProject.get(project), nameOrId, (entry) => entry.policy.id);
  }

  addPolicy(entry: PolicyEntry): void {
    projectMap(this.policiesByProject, entry.project).set(entry.policy.name, entry);
  }

  removePolicy(entry: PolicyEntry): void {
    this.policiesByProject.get(entry.project)?.delete(entry.policy.name);
  }

  responsePolicies(project: string): ResponsePolicyEntry[] {
    return [...(this.responsePoliciesByProject.get(project)?.values() ?? [])].sort((a, b) => a.creationSequence - b.creationSequence);
  }

  /** A response policy is addressed by its name or its numeric id. */
  findResponsePolicy(project: string, nameOrId: string): ResponsePolicyEntry | undefined {
    return findByNameOrId(this.responsePoliciesByProject.get(project), nameOrId, (entry) => entry.responsePolicy.id);
  }

  addResponsePolicy(entry: ResponsePolicyEntry): void {
    projectMap(this.responsePoliciesByProject, entry.project).set(entry.responsePolicy.responsePolicyName, entry);
  }

  removeResponsePolicy(entry: ResponsePolicyEntry): void {
    this.responsePoliciesByProject.get(entry.project)?.delete(entry.responsePolicy.responsePolicyName);
  }

  /**
   * A fresh uint64 (kept below 2^63 so it also fits signed 64-bit clients),
   * as Google's zone, policy and response-policy ids are; unique across the store.
   */
  allocateId(): string {
    for (;;) {
      const id = (randomBytes(8).readBigUInt64BE() & 0x7fff_ffff_ffff_ffffn).toString();
      if (!this.assignedIds.has(id) && id !== "0") {
        this.assignedIds.add(id);
        return id;
      }
    }
  }

  /** Every zone, policy and response policy of every project, each kind in creation order. */
  all(): { zones: ZoneEntry[]; policies: PolicyEntry[]; responsePolicies: ResponsePolicyEntry[] } {
    const flat = <Entry extends { creationSequence: number }>(byProject: Map<string, Map<string, Entry>>): Entry[] =>
      [...byProject.values()].flatMap((entries) => [...entries.values()]).sort((a, b) => a.creationSequence - b.creationSequence);
    return { zones: flat(this.zonesByProject), policies: flat(this.policiesByProject), responsePolicies: flat(this.responsePoliciesByProject) };
  }

  /** What keeps ids unique and lists in creation order across a restart. */
  counters(): { assignedIds: string[]; lastCreationSequence: number } {
    return { assignedIds: [...this.assignedIds], lastCreationSequence: this.lastCreationSequence };
  }

  setCounters(counters: { assignedIds: readonly string[]; lastCreationSequence: number }): void {
    this.assignedIds = new Set(counters.assignedIds);
    this.lastCreationSequence = counters.lastCreationSequence;
  }

  snapshot(): unknown {
    return dnsSnapshot(this);
  }

  restore(snapshot: unknown): void {
    this.reset();
    restoreDns(this, snapshot);
  }

  reset(): void {
    this.zonesByProject.clear();
    this.policiesByProject.clear();
    this.responsePoliciesByProject.clear();
    this.assignedIds.clear();
    this.lastCreationSequence = 0;
  }

  userObjects(): DnsUserObjects {
    const managedZones: ManagedZoneSummary[] = [];
    const resourceRecordSets: ResourceRecordSetSummary[] = [];
    for (const [project, zones] of this.zonesByProject) {
      for (const entry of zones.values()) {
        const { zone } = entry;
        managedZones.push({ project, name: zone.name, id: zone.id, dnsName: zone.dnsName });
        for (const rrset of entry.rrsets.values()) {
          if (isApexRecordSet(rrset, zone)) continue;
          resourceRecordSets.push({ project, managedZone: zone.name, name: rrset.name, type: rrset.type });
        }
      }
    }
    const policies: PolicySummary[] = [];
    for (const [project, entries] of this.policiesByProject) {
      for (const { policy } of entries.values()) policies.push({ project, name: policy.name, id: policy.id });
    }
    const responsePolicies: ResponsePolicySummary[] = [];
    const responsePolicyRules: ResponsePolicyRuleSummary[] = [];
    for (const [project, entries] of this.responsePoliciesByProject) {
      for (const { responsePolicy, rules } of entries.values()) {
        const { responsePolicyName, id } = responsePolicy;
        responsePolicies.push({ project, responsePolicyName, id });
        for (const { rule } of rules.values()) {
          responsePolicyRules.push({ project, responsePolicy: responsePolicyName, ruleName: rule.ruleName, dnsName: rule.dnsName });
        }
      }
    }
    return { managedZones, resourceRecordSets, policies, responsePolicies, responsePolicyRules };
  }
}

function projectMap<Entry>(byProject: Map<string, Map<string, Entry>>, project: string): Map<string, Entry> {
  let entries = byProject.get(project);
  if (entries === undefined) {
    entries = new Map();
    byProject.set(project, entries);
  }
  return entries;
}

function findByNameOrId<Entry>(entries: Map<string, Entry> | undefined, nameOrId: string, idOf: (entry: Entry) => string): Entry | undefined {
  if (entries === undefined) return undefined;
  if (/^\d+$/.test(nameOrId)) {
    for (const entry of entries.values()) if (idOf(entry) === nameOrId) return entry;
    return undefined;
  }
  return entries.get(nameOrId);
}
