/**
 * Rules a record set must satisfy inside its zone, with the reasons the
 * Cloud DNS error-messages page lists (invalid, invalidRecordCount,
 * invalidZoneApex, wildcardNotAllowed, recordTypeDisallowedAtZoneApex,
 * cnameResourceRecordSetConflict). `path` names the record set in the
 * request, e.g. `entity.rrset` or `entity.change.additions[2]`.
 */
import { isIPv4, isIPv6 } from "node:net";
import { badRequest, invalidValue } from "../../google/errors";
import { isApex, isDomainName, isInZone, isWildcard } from "./domain-names";
import { hasLongString } from "./record-data";
import type { ManagedZone, ResourceRecordSet } from "./resources";
import type { ResourceRecordSetRequest } from "./schemas";

/** The wire form of a validated request record set; empty lists are omitted as Google omits them. */
export function toRecordSet(request: ResourceRecordSetRequest): ResourceRecordSet {
  const rrset: ResourceRecordSet = { kind: "dns#resourceRecordSet", name: request.name, type: request.type, ttl: request.ttl };
  if (request.rrdatas !== undefined && request.rrdatas.length > 0) rrset.rrdatas = [...request.rrdatas];
  if (request.signatureRrdatas !== undefined && request.signatureRrdatas.length > 0) {
    rrset.signatureRrdatas = [...request.signatureRrdatas];
  }
  if (request.routingPolicy !== undefined) rrset.routingPolicy = structuredClone(request.routingPolicy);
  return rrset;
}

/** Checks one record set on its own, against its zone (not against the zone's other record sets). */
export function checkRecordSet(rrset: ResourceRecordSet, zone: ManagedZone, path: string): void {
  const { name, type } = rrset;
  if (!isInZone(name, zone.dnsName)) throw invalidValue(`${path}.name`, name);
  checkRecordData(rrset, path);

  const atApex = isApex(name, zone.dnsName);
  if (type === "SOA" && !atApex) throw apexViolation(path, "SOA");
  if (type === "NS" && isWildcard(name)) {
    throw badRequest("wildcardNotAllowed", `The resource record set '${path}' has the wrong type to be a wildcard: NS.`);
  }
  if (type === "CNAME" && atApex) {
    throw badRequest(
      "recordTypeDisallowedAtZoneApex",
      `The resource record set '${path}' is invalid because a CNAME cannot exist at the zone apex alongside the SOA and NS record sets.`,
    );
  }
}

/**
 * The checks of a record set that need no zone: its records are there (or a
 * routing policy instead), well formed, and as many as its type allows.
 * Also used for the local data of response policy rules.
 */
export function checkRecordData(rrset: ResourceRecordSet, path: string): void {
  const { type } = rrset;
  const records = rrset.rrdatas ?? [];
  // A record set answers either statically (rrdatas) or dynamically (routingPolicy), never both.
  if (rrset.routingPolicy !== undefined && records.length > 0) {
    throw invalidValue(`${path}.routingPolicy`, rrset.routingPolicy);
  }
  if (rrset.routingPolicy === undefined && records.length === 0) throw invalidValue(`${path}.rrdatas`, records);
  records.forEach((record, index) => {
    // Google names the list "rrdata" in these messages.
    if (!isValidRecordData(type, record)) throw invalidValue(`${path}.rrdata[${index}]`, record);
  });

  if ((type === "CNAME" || type === "SOA") && records.length > 1) {
    throw badRequest("invalidRecordCount", `The resource record set '${path}' is only permitted to have one record because it is of type ${type}.`);
  }
}

export function apexViolation(path: string, type: "SOA" | "NS") {
  return badRequest(
    "invalidZoneApex",
    `The resource record set '${path}' is invalid because a zone must contain exactly one resource record set of type '${type}' at the apex.`,
  );
}

export function cnameConflict(path: string, name: string) {
  return badRequest(
    "cnameResourceRecordSetConflict",
    `The resource record set '${path}' is invalid because the DNS name '${name}' may have either one CNAME resource record set or resource record sets of other types, but not both.`,
  );
}

/** Light syntax checks of the types whose data is easy to get wrong; other types only need to be non-empty. */
function isValidRecordData(type: string, record: string): boolean {
  const fields = record.trim().split(/\s+/);
  switch (type) {
    case "A":
      return isIPv4(record);
    case "AAAA":
      return isIPv6(record);
    case "CNAME":
    case "NS":
    case "PTR":
      return isDomainName(record, { allowWildcard: false });
    case "MX":
      return fields.length === 2 && isUint16(fields[0]) && isHostOrRoot(fields[1]);
    case "SRV":
      return fields.length === 4 && isUint16(fields[0]) && isUint16(fields[1]) && isUint16(fields[2]) && isHostOrRoot(fields[3]);
    case "TXT":
    case "SPF":
      // A character-string holds at most 255 octets (RFC 1035 3.3); the service refuses a longer one rather than split it.
      return record.trim().length > 0 && !hasLongString(record);
    default:
      return record.trim().length > 0;
  }
}

function isUint16(field: string | undefined): boolean {
  return field !== undefined && /^\d{1,5}$/.test(field) && Number(field) <= 65535;
}

/** MX and SRV targets are absolute names, or "." for "no service". */
function isHostOrRoot(field: string | undefined): boolean {
  return field === "." || (field !== undefined && isDomainName(field, { allowWildcard: false }));
}
