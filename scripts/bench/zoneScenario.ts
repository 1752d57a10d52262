/**
 * The zone scenario's parts (issue 61): N record sets in one `svc.dns.ZoneRecords`
 * (examples/dns-zone-records), the check that a preview of 10 changed records names exactly those
 * 10, and the targets its rows are read against. Its steps are in scenarios.ts beside the others.
 */
import type { ProgramSpec } from "./programs";
import { ROLES } from "./processes";
import type { ScenarioOptions } from "./scenarios";
import type { Check, Row } from "./table";

/** The example's record sets besides its `count` host records: the apex MX, TXT and CAA, `www` CNAME, `_sip` SRV. */
export const SITE_SETS = 5;
/** Host records the `10 changed` steps point elsewhere (the example's `changed`): host-0 to host-9. */
export const CHANGED = 10;
/** The fewest N the scenario runs at: the site's sets and the records it changes. */
export const ZONE_MIN_COUNT = SITE_SETS + CHANGED;

/** N record sets in all: the example's site sets and N - 5 host records (all of which the TTL step changes). */
export const ZONE: ProgramSpec = {
  label: "zone",
  example: "dns-zone-records",
  count: (count) => count - SITE_SETS,
  defaults: { ttl: 300, changed: 0 },
};

interface PreviewStep {
  readonly op: string;
  readonly urn: string;
  readonly oldState?: { inputs?: Record<string, unknown> };
  readonly newState?: { inputs?: Record<string, unknown> };
}

/**
 * What a `pulumi preview --json` changes: the record sets named in the ZoneRecords step, the keys
 * of `records` (the stored form, `"host-3 A"`) whose value differs between the state's inputs and
 * the program's (the dynamic host drops a provider's detailed diff: this is what the engine
 * compares and shows), and the steps of any other resource that is not `same`.
 */
export function changedSets(previewJson: string): { sets: string[]; others: string[] } {
  const steps = (JSON.parse(previewJson) as { steps?: PreviewStep[] }).steps ?? [];
  const isRecords = (step: PreviewStep): boolean => step.urn.endsWith("::records");
  const others = steps.filter((step) => !isRecords(step) && step.op !== "same").map((step) => `${step.op} ${step.urn.split("::").pop() ?? ""}`);
  const step = steps.find((each) => isRecords(each) && each.op !== "same");
  const before = (step?.oldState?.inputs?.["records"] ?? {}) as Record<string, unknown>;
  const after = (step?.newState?.inputs?.["records"] ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return { sets: keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort(), others };
}

/** The preview of the `10 changed` steps names host-0 A ... host-9 A, nothing else, and changes no other resource. */
export function checkChangedPreview(previewJson: string): Check {
  const expected = Array.from({ length: CHANGED }, (_, i) => `host-${i} A`).sort();
  const { sets, others } = changedSets(previewJson);
  const ok = JSON.stringify(sets) === JSON.stringify(expected) && others.length === 0;
  const named = sets.length <= 2 * CHANGED ? sets.join(", ") : `${sets.slice(0, CHANGED).join(", ")} and ${sets.length - CHANGED} more`;
  return {
    ok,
    says:
      `the preview changes ${sets.length} record sets (the state's inputs against the program's): ${named || "none"}` +
      (others.length === 0 ? "" : `, and ${others.join(", ")}`) +
      (ok ? " (exactly the 10 changed)" : ` (NOT exactly ${expected.join(", ")})`),
  };
}

const seconds = (row: Row): number => row.measured["zone"]?.wallS ?? 0;
const requestsOf = (row: Row): number => row.requests["zone"] ?? 0;
const met = (ok: boolean): string => (ok ? "met" : "MISSED");
const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;
const kinds = (row: Row): string =>
  Object.entries(row.kinds["zone"] ?? {})
    .map(([kind, count]) => `${count} ${kind}`)
    .join(", ");
const rss = (row: Row): string => ROLES.map((role) => `${role} ${(row.measured["zone"]?.peakRssMb[role] ?? 0).toFixed(0)}`).join(", ");
const cpu = (row: Row): string => ROLES.map((role) => `${role} ${(row.measured["zone"]?.roleCpuS[role] ?? 0).toFixed(1)}`).join(", ");

/** Each step against the targets, with every request it sent by kind (all count, the zone's own too) and peak RSS. */
export function zoneTargets(rows: readonly Row[], { count }: ScenarioOptions, stateBytes: number | undefined): string[] {
  const pages = Math.ceil(count / 1000);
  const lines = rows.map((row) => {
    const [s, requests] = [seconds(row), requestsOf(row)];
    const target = ((): string => {
      switch (row.step) {
        case "up":
          return `≤ 60 s ${met(s <= 60)}; ${plural(requests, "request")}, ≤ ⌈N/1000⌉ + 10 = ${pages + 10} ${met(requests <= pages + 10)}`;
        case "preview":
          return `≤ 10 s ${met(s <= 10)}; ${plural(requests, "request")}, 0 ${met(requests === 0)}`;
        case "refresh":
          return `${plural(requests, "request")}, ≤ ⌈N/1000⌉ + 3 = ${pages + 3} ${met(requests <= pages + 3)}`;
        case "ttl update":
          return `≤ 60 s ${met(s <= 60)}; ${plural(requests, "request")}`;
        case "10 changed: preview":
          return `${plural(requests, "request")}; ${row.checks["zone"]?.says ?? "not checked"}`;
        case "10 changed: up":
          return `≤ 10 s ${met(s <= 10)}; ${plural(requests, "request")}, ≤ 5 ${met(requests <= 5)}`;
        default:
          return plural(requests, "request");
      }
    })();
    return `${row.step}: ${s.toFixed(1)} s, ${target}. Requests: ${kinds(row) || "none"}. Peak RSS MB: ${rss(row)}. CPU s: ${cpu(row)}`;
  });
  if (stateBytes !== undefined) lines.push(`state after up: ${stateBytes.toFixed(0)} bytes per record set, ≤ 200 ${met(stateBytes <= 200)}`);
  return lines;
}
