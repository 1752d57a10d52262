/**
 * What the policy pack holds a DNS resource to, from what CrossGuard shows a policy: the resource's
 * inputs as the engine has them after `check` (the new program's only: no old values, no deletions)
 * and its options. Pure: each rule takes a resource and the policy's configuration and returns the
 * violations' messages, so that the rules are tested without an engine (index.ts is the pack).
 */
import { decodeData, keyParts, toProgramRecords } from "../provider/apis/dns/zoneRecords/storedForm";
import { token } from "../provider/typeTokens";

/** A resource as a policy sees it: its type token, inputs and whether it is protected. */
export interface DnsResource {
  readonly type: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly protect: boolean;
}

/** The record types whose change or loss breaks a zone's delegation, mail or certificates (issue 63's list). */
export const CRITICAL_TYPES = ["NS", "SOA", "DS", "MX", "CAA"] as const;
/** Google's default TTL is 300; below 60 a resolver asks again every minute, and few providers recommend less. */
export const DEFAULT_MINIMUM_TTL = 60;
/** As svc-plan's share limits: a zone of fewer record sets is too small for a share to mean much (octoDNS's rule of 10). */
export const DEFAULT_MINIMUM_RECORD_SETS = 10;
/** What a ZoneRecords gives a set that names no TTL (its `defaultTtl`'s default). */
const ZONE_RECORDS_DEFAULT_TTL = 300;
/** A violation lists this many record sets, then how many more. */
const LISTED = 10;

type DnsKind = "RecordSet" | "ZoneRecords" | "ManagedZone";

/**
 * The DNS resource a type token names: the SDK's dynamic resource or the provider plugin's, by its
 * schema token (`svc:dns/recordSet:RecordSet`) or the short form the CLI shows and YAML writes (`svc:dns:RecordSet`).
 */
export function dnsKind(type: string): DnsKind | undefined {
  for (const kind of ["RecordSet", "ZoneRecords", "ManagedZone"] as const) {
    if (type === `pulumi-nodejs:dynamic/dns:${kind}` || type === token("dns", kind) || type === `svc:dns:${kind}`) return kind;
  }
  return undefined;
}

/** One record set of a ZoneRecords: its key as the state and svc-plan name it (`www A`), its type and TTL. */
interface ZoneSet {
  readonly key: string;
  readonly type: string;
  readonly ttl: number | undefined;
}

/**
 * The record sets of a ZoneRecords' `records`, in any form the engine holds them: the stored form
 * after `check` (`"www A": "300 192.0.2.1"`), the SDK's JSON text per set before it, or the nested map.
 */
export function zoneSets(props: Readonly<Record<string, unknown>>): ZoneSet[] {
  const defaultTtl = typeof props["defaultTtl"] === "number" ? props["defaultTtl"] : ZONE_RECORDS_DEFAULT_TTL;
  const records = props["records"];
  if (typeof records !== "object" || records === null) return [];
  const sets: ZoneSet[] = [];
  const flat = Object.values(records).every((value) => typeof value === "string");
  if (flat) {
    for (const [key, text] of Object.entries(records as Record<string, string>)) {
      const { type } = keyParts(key);
      sets.push({ key, type: type.toUpperCase(), ttl: decodeData(text)?.ttl ?? ttlOfJson(text) ?? defaultTtl });
    }
    return sets;
  }
  const nested = toProgramRecords(records) as Record<string, Record<string, { ttl?: unknown }>>;
  for (const [relative, types] of Object.entries(nested)) {
    for (const [type, data] of Object.entries(types)) {
      sets.push({ key: `${relative} ${type}`, type: type.toUpperCase(), ttl: typeof data?.ttl === "number" ? data.ttl : defaultTtl });
    }
  }
  return sets;
}

/** The TTL of the SDK's JSON text of a set (`{"ttl":60,"rrdatas":[...]}`), if it gives one. */
function ttlOfJson(text: string): number | undefined {
  try {
    const data = JSON.parse(text) as { ttl?: unknown };
    return typeof data.ttl === "number" ? data.ttl : undefined;
  } catch {
    return undefined;
  }
}

/** `a, b, c and 4 more`. */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, LISTED).join(", ");
  return items.length > LISTED ? `${shown} and ${items.length - LISTED} more` : shown;
}

const setNames = (sets: readonly ZoneSet[]): string => listed(sets.map((set) => `records["${set.key}"]`));

/** svc-dns-minimum-ttl: every record set's TTL at least `minimumTtl` seconds. */
export function minimumTtlViolations(resource: DnsResource, minimumTtl: number): string[] {
  const kind = dnsKind(resource.type);
  const fix = `give each a TTL of ${minimumTtl} seconds or more, or lower the policy's "minimumTtl"`;
  if (kind === "RecordSet") {
    const ttl = resource.props["ttl"];
    if (typeof ttl === "number" && ttl < minimumTtl) {
      return [`ttl ${ttl} is below the minimum TTL of ${minimumTtl} seconds (policy config "minimumTtl"): give ttl: ${minimumTtl} or more`];
    }
  } else if (kind === "ZoneRecords") {
    const low = zoneSets(resource.props).filter((set) => set.ttl !== undefined && set.ttl < minimumTtl);
    if (low.length > 0) {
      const ttls = listed(low.map((set) => `records["${set.key}"] ttl ${set.ttl}`));
      return [`${low.length} record set(s) below the minimum TTL of ${minimumTtl} seconds (policy config "minimumTtl"): ${ttls}; ${fix}`];
    }
  }
  return [];
}

const UNPROTECTED = "removing it from the program or replacing it deletes";

/** svc-dns-critical-record-sets: a critical record set (by type) is protected, so that its deletion stops at preview. */
export function criticalRecordSetViolations(resource: DnsResource, types: readonly string[]): string[] {
  if (resource.protect) return [];
  const critical = new Set(types.map((type) => type.toUpperCase()));
  const said = `(policy config "types": ${[...critical].join(", ")})`;
  const kind = dnsKind(resource.type);
  const why = "give it the resource option `protect: true`; a change of the data in place is what `svc-plan --fail-on critical` stops";
  if (kind === "RecordSet") {
    const type = resource.props["type"];
    if (typeof type === "string" && critical.has(type.toUpperCase())) {
      return [`this ${type.toUpperCase()} record set is critical ${said} and not protected: ${UNPROTECTED} it; ${why}`];
    }
  } else if (kind === "ZoneRecords") {
    const sets = zoneSets(resource.props).filter((set) => critical.has(set.type));
    if (sets.length > 0) {
      return [`holds critical record sets ${said} and is not protected: ${UNPROTECTED} ${setNames(sets)}; ${why}`];
    }
  }
  return [];
}

/**
 * svc-dns-zone-deletion: what deletes a zone's record sets all at once is protected: a ZoneRecords of
 * at least `minimumRecordSets` sets (its deletion deletes every one of them) and a ManagedZone with
 * `forceDestroy` (its deletion deletes every set in the zone, whoever made it).
 */
export function zoneDeletionViolations(resource: DnsResource, minimumRecordSets: number): string[] {
  if (resource.protect) return [];
  const kind = dnsKind(resource.type);
  const fix = "give it the resource option `protect: true` (to delete it on purpose: `pulumi state unprotect <urn>`, then the change)";
  if (kind === "ManagedZone" && resource.props["forceDestroy"] === true) {
    return [`forceDestroy is true and the zone is not protected: ${UNPROTECTED} every record set in the zone (100% of it); ${fix}, or leave forceDestroy off`];
  }
  if (kind === "ZoneRecords") {
    const count = zoneSets(resource.props).length;
    if (count >= minimumRecordSets) {
      return [
        `manages ${count} record sets (policy config "minimumRecordSets": ${minimumRecordSets}) and is not protected: ${UNPROTECTED} all ${count} (100% of what it manages); ${fix}`,
      ];
    }
  }
  return [];
}

/** svc-dns-exclusive-zone-records (advisory): an exclusive ZoneRecords deletes the zone's sets it does not list. */
export function exclusiveZoneRecordsWarnings(resource: DnsResource): string[] {
  if (dnsKind(resource.type) !== "ZoneRecords" || resource.props["exclusive"] !== true) return [];
  return [
    "exclusive is true: the create, and `up --refresh` after it, delete every record set of the zone this resource does not list, " +
      "whoever made it; how many a run deletes is not visible to a policy: bound it with `svc-plan --max-delete-percent`",
  ];
}
