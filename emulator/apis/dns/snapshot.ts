/**
 * Cloud DNS's state as a snapshot (`--data-dir`): every zone with its record sets, change and
 * operation logs (with the times they complete, so a pending change is still pending after a
 * restart), IAM policy and DNSSEC keys; the policies and response policies with their rules; and
 * the counters that keep ids unique and lists in creation order.
 */
import { z } from "zod";
import { iamPolicySnapshotSchema } from "../../google/iam";
import { parseSnapshot, wireObject } from "../../persistence/snapshot-schema";
import type { StoredDnsKey } from "./dns-keys";
import { newZoneIamPolicy } from "./iam";
import type { Change, DnsKey, ManagedZone, Operation, Policy, ResourceRecordSet, ResponsePolicy, ResponsePolicyRule } from "./resources";
import { rrsetKey } from "./record-keys";
import type { DnsStore, ZoneEntry } from "./state";

const sequence = z.int().min(0);

const zoneSnapshot = z.object({
  project: z.string(),
  zone: wireObject<ManagedZone>(),
  creationSequence: sequence,
  rrsets: z.array(wireObject<ResourceRecordSet>()),
  changes: z.array(z.object({ change: wireObject<Omit<Change, "status" | "isServing">>(), completesAtMs: z.number() })),
  operations: z.array(z.object({ operation: wireObject<Omit<Operation, "status">>(), completesAtMs: z.number() })),
  nextOperationNumber: sequence,
  iam: iamPolicySnapshotSchema,
  /** The DNSKEY RDATA in base64: the digests are computed from it. */
  dnsKeys: z.array(z.object({ key: wireObject<Omit<DnsKey, "digests">>(), rdata: z.base64() })),
  nextDnsKeyNumber: sequence,
});

const dnsSnapshotSchema = z.object({
  zones: z.array(zoneSnapshot),
  policies: z.array(z.object({ project: z.string(), policy: wireObject<Policy>(), creationSequence: sequence })),
  responsePolicies: z.array(
    z.object({
      project: z.string(),
      responsePolicy: wireObject<ResponsePolicy>(),
      creationSequence: sequence,
      rules: z.array(z.object({ rule: wireObject<ResponsePolicyRule>(), creationSequence: sequence })),
    }),
  ),
  assignedIds: z.array(z.string()),
  lastCreationSequence: sequence,
});
type DnsSnapshot = z.input<typeof dnsSnapshotSchema>;

export function dnsSnapshot(store: DnsStore): DnsSnapshot {
  const { zones, policies, responsePolicies } = store.all();
  return {
    zones: zones.map((entry) => ({
      project: entry.project,
      zone: entry.zone,
      creationSequence: entry.creationSequence,
      rrsets: [...entry.rrsets.values()],
      changes: entry.changes,
      operations: entry.operations,
      nextOperationNumber: entry.nextOperationNumber,
      iam: entry.iam.snapshot(),
      dnsKeys: entry.dnsKeys.map(({ key, rdata }) => ({ key, rdata: rdata.toString("base64") })),
      nextDnsKeyNumber: entry.nextDnsKeyNumber,
    })),
    policies,
    responsePolicies: responsePolicies.map((entry) => ({ ...entry, rules: [...entry.rules.values()] })),
    ...store.counters(),
  };
}

export function restoreDns(store: DnsStore, snapshot: unknown): void {
  const data = parseSnapshot(dnsSnapshotSchema, snapshot, "dns");
  for (const saved of data.zones) {
    const iam = newZoneIamPolicy(saved.project, saved.zone.id);
    iam.load(saved.iam);
    const entry: ZoneEntry = {
      ...saved,
      rrsets: new Map(saved.rrsets.map((rrset) => [rrsetKey(rrset.name, rrset.type), rrset])),
      iam,
      dnsKeys: saved.dnsKeys.map(({ key, rdata }): StoredDnsKey => ({ key, rdata: Buffer.from(rdata, "base64") })),
    };
    store.addZone(entry);
  }
  for (const policy of data.policies) store.addPolicy(policy);
  for (const saved of data.responsePolicies) {
    store.addResponsePolicy({ ...saved, rules: new Map(saved.rules.map((stored) => [stored.rule.ruleName, stored])) });
  }
  store.setCounters(data);
}
