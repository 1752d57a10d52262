/**
 * Record sets another tool claims in a zone it shares with Pulumi, read from that tool's own
 * ownership markers, so that this provider never changes, deletes or adopts them unless the program
 * opts in by name. Pure: what the markers say, from a zone's listing.
 *
 * - external-dns's TXT registry (kubernetes-sigs/external-dns, registry/txt/registry.go and
 *   registry/mapper/mapper.go): a TXT set whose data holds `heritage=external-dns` (with
 *   `external-dns/owner=<id>`). Named `<type>-<name>` (the type in lower case before the first label:
 *   `a-www.example.com.`) it claims that name and type; named as the record itself (the format before
 *   v0.12, still written beside the new one unless `--txt-new-format-only`) it claims every type at
 *   that name but AAAA (external-dns reads it so). Only the registry's default affixes are read: a
 *   deployment with `--txt-prefix` or `--txt-suffix` names its markers otherwise.
 * - octoDNS's OwnershipProcessor (octodns/processor/ownership.py): a TXT set `_owner.<TYPE>.<name>`
 *   (`_owner.<TYPE>` at the apex, `_wildcard` for `*`), whose data is `*octodns*` (or the value that
 *   deployment configured: any value claims, as octoDNS refuses to take over a foreign one).
 */
import { txtStrings } from "./rrdata";
import type { WireRecordSet } from "./recordSets/wire";

/** Who claims a record set, in words for a message: `external-dns (owner default)`, `octoDNS (*octodns*)`. */
export interface Claim {
  readonly owner: string;
  /** The marker's name and type, for a message. */
  readonly marker: string;
}

/** external-dns's types with a name prefix of their own (registry/mapper/mapper.go, supportedRecords). */
const EXTERNAL_DNS_TYPES = ["A", "AAAA", "CNAME", "NS", "MX", "PTR", "SRV", "NAPTR", "TXT", "DNAME"] as const;

/** The text of a TXT set's records (its strings joined). */
const texts = (set: WireRecordSet): string[] => (set.rrdatas ?? []).map((value) => txtStrings(value).join(""));

function externalDnsOwner(set: WireRecordSet): string | undefined {
  for (const text of texts(set)) {
    const labels = new Map(
      text.split(",").flatMap((token) => {
        const at = token.indexOf("=");
        return at < 0 ? [] : [[token.slice(0, at).trim(), token.slice(at + 1).trim()] as const];
      }),
    );
    if (labels.get("heritage") === "external-dns") return labels.get("external-dns/owner") ?? "(no owner id)";
  }
  return undefined;
}

const OCTODNS_MARKER = /^_owner\.([A-Za-z0-9]+)(?:\.(.+))?$/;

/** A claim's key: the absolute name (any case) and type. */
export const claimKey = (name: string, type: string): string => `${name.toLowerCase()} ${type.toUpperCase()}`;

/** A claim of every type at a name but AAAA (external-dns's older marker). */
const ANY_TYPE = "*";

/**
 * The record sets other tools claim in a zone, by key (claimKey), from its listing; and the markers
 * themselves (which belong to their tool). `dnsName` is the zone's (by default its apex SOA's name).
 */
export function claimsOf(rrsets: readonly WireRecordSet[], dnsName = rrsets.find((set) => set.type === "SOA")?.name ?? ""): Claims {
  const claims = new Map<string, Claim>();
  const markers = new Map<string, Claim>();
  const zone = dnsName.toLowerCase();
  for (const set of rrsets) {
    if (set.type !== "TXT") continue;
    const name = set.name.toLowerCase();
    const owner = externalDnsOwner(set);
    if (owner !== undefined) {
      const claim = { owner: `external-dns (owner ${owner})`, marker: `${set.name} TXT` };
      markers.set(claimKey(name, "TXT"), claim);
      const [first = "", ...rest] = name.split(".");
      const dash = first.indexOf("-");
      const typed = dash > 0 ? EXTERNAL_DNS_TYPES.find((type) => type.toLowerCase() === first.slice(0, dash)) : undefined;
      if (typed !== undefined) claims.set(claimKey([first.slice(dash + 1), ...rest].join("."), typed), claim);
      else claims.set(claimKey(name, ANY_TYPE), claim);
      continue;
    }
    const relative = name === zone ? "" : name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : undefined;
    const octo = relative === undefined ? null : OCTODNS_MARKER.exec(relative);
    if (octo !== null && octo !== undefined) {
      const [, type = "", under] = octo;
      const target = under === undefined ? zone : `${under.replace(/^_wildcard(?=\.|$)/, "*")}.${zone}`;
      const claim = { owner: `octoDNS (${texts(set).join(", ") || "no value"})`, marker: `${set.name} TXT` };
      markers.set(claimKey(name, "TXT"), claim);
      claims.set(claimKey(target, type), claim);
    }
  }
  return { claims, markers };
}

/** What a zone's markers claim: record sets by key, and the markers themselves (their tool's own). */
export interface Claims {
  readonly claims: ReadonlyMap<string, Claim>;
  readonly markers: ReadonlyMap<string, Claim>;
}

/** Who claims the record set `name` `type`, if another tool does (a marker is its tool's own too). */
export function claimOn(found: Claims, name: string, type: string): Claim | undefined {
  const exact = found.claims.get(claimKey(name, type));
  if (exact !== undefined) return exact;
  const legacy = type.toUpperCase() === "AAAA" ? undefined : found.claims.get(claimKey(name, ANY_TYPE));
  return legacy ?? found.markers.get(claimKey(name, type));
}

/** Words for a refusal: the set, who claims it, by which marker, and how to opt in. */
export function claimedWords(name: string, type: string, claim: Claim, optIn: string): string {
  return (
    `record set ${name} ${type} is claimed by ${claim.owner} (its marker ${claim.marker}): this stack does not change, delete or adopt it. ` +
    `Leave it to that tool, or take it over by name with ${optIn}.`
  );
}
