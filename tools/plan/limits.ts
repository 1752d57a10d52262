/**
 * Blast-radius limits: how much of a zone a run may delete or change, how many record sets in all,
 * and which record sets are critical (what the zone's delegation, its mail and its certificates hang
 * on). A share is of the record sets the stack manages in the zone before the run, and applies only
 * to a zone of at least ten: a small zone's every change is a large share (octoDNS's rule, whose
 * flat form gives false alarms on small zones). Each limit passed names the zone, the share and the
 * limit, or the record set.
 */
import type { ZoneFacts, ZoneSet } from "./recordSets";
import type { CriticalKind, CriticalRecordSet, LimitExceeded, LimitsReport, ZoneShare } from "./schema";

export interface Limits {
  readonly maxDeletePercent?: number | undefined;
  readonly maxUpdatePercent?: number | undefined;
  readonly maxChanges?: number | undefined;
  readonly critical?: boolean | undefined;
}

/** A zone with fewer managed record sets than this has no share limit. */
export const MINIMUM_MANAGED = 10;

export function anyLimit(limits: Limits): boolean {
  return limits.maxDeletePercent !== undefined || limits.maxUpdatePercent !== undefined || limits.maxChanges !== undefined || limits.critical === true;
}

const KIND_WORDS: Record<CriticalKind, string> = {
  "apex NS": "the zone's apex NS set",
  SOA: "the zone's SOA set",
  "delegation NS": "a delegation's NS set",
  NS: "an NS set",
  DS: "a DS set",
  MX: "an MX set",
  CAA: "a CAA set",
};

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const zoneKey = (set: Pick<ZoneSet, "project" | "zone">): string => `${set.project}/${set.zone}`;
const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function criticalKind(set: ZoneSet, dnsName: string | undefined): CriticalKind | undefined {
  switch (set.type) {
    case "SOA":
      return "SOA";
    case "NS": {
      const apex = set.apex ?? (dnsName === undefined ? undefined : sameName(set.name, dnsName));
      return apex === undefined ? "NS" : apex ? "apex NS" : "delegation NS";
    }
    case "DS":
    case "MX":
    case "CAA":
      return set.type;
    default:
      return undefined;
  }
}

export function zoneWords(zone: Pick<ZoneShare, "zone" | "project" | "dnsName">): string {
  return `zone ${zone.zone} (${zone.dnsName === undefined ? "" : `${zone.dnsName}, `}project ${zone.project})`;
}

/** A critical record set in words; `flagged` when `--fail-on critical` stops it. */
export function criticalWords(set: CriticalRecordSet, flagged: boolean): string {
  const where = `${set.resource}${set.property === undefined ? "" : `, ${set.property}`}`;
  return `${set.name} ${set.type} in zone ${set.zone} (project ${set.project}) is ${set.change === "delete" ? "deleted" : "changed"}, ${KIND_WORDS[set.kind]}${flagged ? " (--fail-on critical)" : ""}: ${where}`;
}

export function givenWords(given: LimitsReport["given"]): string {
  return [
    ...(given.maxDeletePercent === undefined ? [] : [`--max-delete-percent ${given.maxDeletePercent}`]),
    ...(given.maxUpdatePercent === undefined ? [] : [`--max-update-percent ${given.maxUpdatePercent}`]),
    ...(given.maxChanges === undefined ? [] : [`--max-changes ${given.maxChanges}`]),
    ...(given.critical ? ["--fail-on critical"] : []),
  ].join(", ");
}

/**
 * The run's record sets against the limits. `leftOut` is how many resources the run leaves as they are
 * and the preview does not list: a share counted without them would be of too few, so it is refused.
 */
export function checkLimits(facts: readonly ZoneFacts[], limits: Limits, leftOut: number): LimitsReport {
  const shareFlag = limits.maxDeletePercent !== undefined ? "--max-delete-percent" : limits.maxUpdatePercent !== undefined ? "--max-update-percent" : undefined;
  if (shareFlag !== undefined && leftOut > 0) {
    throw new Error(
      `${shareFlag} needs every record set the stack manages, and this preview leaves out the ${leftOut} resources it does not change: ` +
        "give the output of `pulumi preview --json --show-sames` (svc-plan adds --show-sames when it runs the preview itself)",
    );
  }
  const sets = facts.flatMap((fact) => fact.sets);
  const dnsNames = new Map(facts.flatMap((fact) => fact.names).map((name) => [zoneKey(name), name.dnsName]));
  const byZone = new Map<string, ZoneSet[]>();
  for (const set of sets) byZone.set(zoneKey(set), [...(byZone.get(zoneKey(set)) ?? []), set]);

  const zones = [...byZone.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, each]): ZoneShare => {
      const count = (change: ZoneSet["change"]): number => each.filter((set) => set.change === change).length;
      const [deletions, updates, additions] = [count("delete"), count("update"), count("add")];
      const managed = each.length - additions;
      const dnsName = dnsNames.get(key);
      return {
        project: each[0]?.project ?? "",
        zone: each[0]?.zone ?? "",
        ...(dnsName !== undefined && { dnsName }),
        managed,
        deletions,
        updates,
        additions,
        deletePercent: percent(deletions, managed),
        updatePercent: percent(updates, managed),
        sharesApply: managed >= MINIMUM_MANAGED,
      };
    });

  const critical = sets
    .flatMap((set): CriticalRecordSet[] => {
      if (set.change !== "update" && set.change !== "delete") return [];
      const kind = criticalKind(set, dnsNames.get(zoneKey(set)));
      if (kind === undefined) return [];
      const { project, zone, name, type, change, resource, property, urn } = set;
      return [{ project, zone, name, type, kind, change, resource, ...(property !== undefined && { property }), urn }];
    })
    .sort((a, b) => zoneKey(a).localeCompare(zoneKey(b)) || a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.urn.localeCompare(b.urn));

  const exceeded: LimitExceeded[] = [];
  for (const zone of zones.filter((each) => each.sharesApply)) {
    const shares = [
      { limit: "max-delete-percent", allowed: limits.maxDeletePercent, part: zone.deletions, actual: zone.deletePercent, verb: "deletes" },
      { limit: "max-update-percent", allowed: limits.maxUpdatePercent, part: zone.updates, actual: zone.updatePercent, verb: "changes" },
    ] as const;
    for (const { limit, allowed, part, actual, verb } of shares) {
      // Compared as counts, not as rounded percentages: 13 of 40 is more than 32.5 only if it is.
      if (allowed === undefined || part * 100 <= allowed * zone.managed) continue;
      exceeded.push({
        limit,
        allowed,
        actual,
        project: zone.project,
        zone: zone.zone,
        words: `${zoneWords(zone)}: the run ${verb} ${part} of its ${zone.managed} managed record sets (${actual}%), more than --${limit} ${allowed}`,
      });
    }
  }
  const recordSetChanges = sets.filter((set) => set.change !== "same").length;
  if (limits.maxChanges !== undefined && recordSetChanges > limits.maxChanges) {
    exceeded.push({
      limit: "max-changes",
      allowed: limits.maxChanges,
      actual: recordSetChanges,
      words: `the run changes ${recordSetChanges} record set${recordSetChanges === 1 ? "" : "s"} (additions, changes and deletions), more than --max-changes ${limits.maxChanges}`,
    });
  }
  if (limits.critical === true) {
    for (const set of critical) exceeded.push({ limit: "critical", project: set.project, zone: set.zone, recordSet: set, words: criticalWords(set, true) });
  }
  return {
    given: {
      ...(limits.maxDeletePercent !== undefined && { maxDeletePercent: limits.maxDeletePercent }),
      ...(limits.maxUpdatePercent !== undefined && { maxUpdatePercent: limits.maxUpdatePercent }),
      ...(limits.maxChanges !== undefined && { maxChanges: limits.maxChanges }),
      critical: limits.critical === true,
    },
    recordSetChanges,
    zones,
    critical,
    exceeded,
  };
}
