/**
 * The package's policy pack (Pulumi CrossGuard): `pulumi preview --policy-pack
 * node_modules/pulumi-svc/dist/policy` (docs/policy.md). The engine starts it in its own folder
 * (dist/policy, with its PulumiPolicy.yaml and package.json, written by the build); each policy's
 * rule is in rules.ts. A policy's configuration and enforcement level are the policy config file's
 * (`--policy-pack-config`), keyed by the policy's name.
 */
import { PolicyPack, type ResourceValidationArgs, type ResourceValidationPolicy } from "@pulumi/policy";
import {
  CRITICAL_TYPES,
  DEFAULT_MINIMUM_RECORD_SETS,
  DEFAULT_MINIMUM_TTL,
  criticalRecordSetViolations,
  dnsKind,
  exclusiveZoneRecordsWarnings,
  minimumTtlViolations,
  zoneDeletionViolations,
  type DnsResource,
} from "./rules";

/** A resource policy over the DNS resources: the rule's messages, each reported against the resource. */
function dnsPolicy<Config extends object>(
  policy: Omit<ResourceValidationPolicy, "validateResource">,
  rule: (resource: DnsResource, config: Partial<Config>) => string[],
): ResourceValidationPolicy {
  return {
    ...policy,
    validateResource: (args: ResourceValidationArgs, reportViolation) => {
      if (dnsKind(args.type) === undefined) return;
      const resource = { type: args.type, props: args.props, protect: args.opts.protect };
      for (const message of rule(resource, args.getConfig<Partial<Config>>())) reportViolation(message, args.urn);
    },
  };
}

new PolicyPack("pulumi-svc-dns", {
  description: "pulumi-svc's DNS record sets: a minimum TTL, critical record sets protected, zone-wide deletions protected.",
  policies: [
    dnsPolicy<{ minimumTtl: number }>(
      {
        name: "svc-dns-minimum-ttl",
        description: "Every record set's TTL (a RecordSet's ttl, each set of a ZoneRecords) is at least minimumTtl seconds.",
        enforcementLevel: "mandatory",
        configSchema: { properties: { minimumTtl: { type: "integer", minimum: 0, default: DEFAULT_MINIMUM_TTL } } },
      },
      (resource, config) => minimumTtlViolations(resource, config.minimumTtl ?? DEFAULT_MINIMUM_TTL),
    ),
    dnsPolicy<{ types: string[] }>(
      {
        name: "svc-dns-critical-record-sets",
        description:
          "A critical record set (by default NS, SOA, DS, MX, CAA) is protected, so that removing it from the program or replacing it stops at " +
          "preview; a change of its data in place is svc-plan's --fail-on critical (a policy sees no old values).",
        enforcementLevel: "mandatory",
        configSchema: { properties: { types: { type: "array", items: { type: "string" }, default: [...CRITICAL_TYPES] } } },
      },
      (resource, config) => criticalRecordSetViolations(resource, config.types ?? CRITICAL_TYPES),
    ),
    dnsPolicy<{ minimumRecordSets: number }>(
      {
        name: "svc-dns-zone-deletion",
        description:
          "What deletes a zone's record sets all at once is protected: a ZoneRecords of at least minimumRecordSets sets, a ManagedZone with " +
          "forceDestroy. The share of a zone a run's changes delete is svc-plan's --max-delete-percent (a policy sees no deletion).",
        enforcementLevel: "mandatory",
        configSchema: { properties: { minimumRecordSets: { type: "integer", minimum: 1, default: DEFAULT_MINIMUM_RECORD_SETS } } },
      },
      (resource, config) => zoneDeletionViolations(resource, config.minimumRecordSets ?? DEFAULT_MINIMUM_RECORD_SETS),
    ),
    dnsPolicy(
      {
        name: "svc-dns-exclusive-zone-records",
        description: "An exclusive ZoneRecords deletes every record set of its zone that it does not list, whoever made it.",
        enforcementLevel: "advisory",
      },
      (resource) => exclusiveZoneRecordsWarnings(resource),
    ),
  ],
});
