/**
 * What `check` holds a zone's records map to before any request, each failure named by the record
 * set's path (`records.www.A.rrdatas[0]`) and the rule: a name relative to the zone, a known type,
 * record data of that type (the same grammar as RecordSet's), no CNAME beside another type, no
 * wildcard delegation, the zone's own apex SOA and NS left to the API.
 */
import { excerpt } from "../../../engine/declaration/excerpt";
import { dnsNameProblem } from "../names";
import { RECORD_TYPES, rrdataFailures } from "../rrdataSyntax";
import { APEX } from "./model";
import type { ProgramRecords } from "./storedForm";

interface Failure {
  readonly property: string;
  readonly reason: string;
}

const TYPES: ReadonlySet<string> = new Set(RECORD_TYPES);

/** What is wrong with a name relative to the zone, or undefined. */
export function relativeNameProblem(name: string): string | undefined {
  if (name === APEX) return undefined;
  if (name === "") return 'it is empty: give "@" for the zone\'s apex';
  if (name.endsWith(".")) {
    return `it ends with a dot, which makes it absolute: give names relative to the zone's DNS name without the dot, e.g. ${JSON.stringify(name.replace(/\.+$/, "") || "www")}, or "@" for the apex`;
  }
  return dnsNameProblem(`${name}.`, { wildcard: true, root: false });
}

/** The failures of a records map; `property` is the input's name (`records`). */
export function recordsFailures(records: ProgramRecords, property = "records"): Failure[] {
  const failures: Failure[] = [];
  const seen = new Map<string, string>();
  for (const [name, types] of Object.entries(records)) {
    const at = `${property}.${name}`;
    const problem = relativeNameProblem(name);
    if (problem !== undefined) {
      failures.push({
        property: at,
        reason: `${excerpt(name)} is not a name relative to the zone (labels of letters, digits, dashes and underscores, e.g. "www", "a.b", "*.dev", or "@" for the apex): ${problem}`,
      });
      continue;
    }
    const same = seen.get(name.toLowerCase());
    if (same !== undefined)
      failures.push({ property: at, reason: `names ${JSON.stringify(same)} again (DNS names compare without regard to case): give each name once` });
    seen.set(name.toLowerCase(), name);
    const given = Object.keys(types);
    if (given.length === 0)
      failures.push({ property: at, reason: `names no record type: give at least one, e.g. { A: { rrdatas: ["192.0.2.1"] } }, or leave the name out` });
    if (given.includes("CNAME") && given.length > 1) {
      failures.push({
        property: at,
        reason: `a CNAME cannot stand beside another type at one name (${given.filter((type) => type !== "CNAME").join(", ")}); keep the CNAME alone or move the others to another name`,
      });
    }
  }
  const sets = Object.entries(records).flatMap(([relative, types]) => Object.entries(types).map(([type, data]) => ({ relative, type, data })));
  for (const { relative, type, data } of sets) {
    const at = `${property}.${relative}.${type}`;
    if (!TYPES.has(type)) {
      failures.push({ property: at, reason: `${excerpt(type)} is not a record type; give one of ${RECORD_TYPES.join(", ")} (upper case)` });
      continue;
    }
    if (relative === APEX && (type === "SOA" || type === "NS")) {
      failures.push({
        property: at,
        reason: `the zone's apex ${type} record set is the API's (made with the zone, deleted with it) and is never managed here; leave it out`,
      });
      continue;
    }
    // A delegation names one zone cut; the API refuses a wildcard NS set (wildcardNotAllowed).
    if (type === "NS" && relative.startsWith("*")) {
      failures.push({ property: at, reason: `an NS record set cannot have a wildcard name; give the delegated name itself, e.g. "sub"` });
    }
    failures.push(...rrdataFailures(type, data.rrdatas, `${at}.rrdatas`));
  }
  return failures;
}
