/**
 * The benchmark's rows: one per scenario, checkpoints mode, round and step, with each program's
 * measurements and requests; their medians over rounds; and the printed table.
 */
import { ROLES, type Measured, type Role } from "./processes";
import type { Work } from "./work";

/** A step's check of its output, e.g. which record sets a preview names. */
export interface Check {
  readonly ok: boolean;
  readonly says: string;
}

export interface Row {
  readonly scenario: string;
  readonly checkpoints: string;
  readonly round: number;
  readonly step: string;
  /** By program label (`floor`, `perRecord`, `svc`). */
  readonly measured: Readonly<Record<string, Measured>>;
  /** API requests the emulator saw during each program's step. */
  readonly requests: Readonly<Record<string, number>>;
  /** The same, in a summary the fewest of any round (with `requests` the most: the spread of the rounds). */
  readonly fewestRequests: Readonly<Record<string, number>>;
  /** The work those requests carried (work.ts); in a summary, the most of any round. */
  readonly work: Readonly<Record<string, Work>>;
  /** Those requests by kind (work.ts), e.g. `POST managedZones/:managedZone/changes`; in a summary, the round's with the most requests. */
  readonly kinds: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** What a step's own check found in each program's output (scenarios.ts); in a summary, a failing round's if any. */
  readonly checks: Readonly<Record<string, Check>>;
  /** The provider's requests per resource of the stack. */
  readonly requestsPerResource: number;
  /** The provider's wall time over the floor's (in a summary: the median of the rounds'). */
  readonly ratio: number;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const perRole = (value: (role: Role) => number): Record<Role, number> => Object.fromEntries(ROLES.map((role) => [role, value(role)])) as Record<Role, number>;

/** One row per scenario, checkpoints mode and step: medians of the rounds, and the most requests and memory of any. */
export function summarize(rows: readonly Row[]): Row[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.scenario} ${row.checkpoints} ${row.step}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [Row, ...Row[]];
    const labels = Object.keys(first.measured);
    const measured = Object.fromEntries(
      labels.map((label) => [
        label,
        {
          wallS: median(group.map((row) => row.measured[label]?.wallS ?? 0)),
          cpuS: median(group.map((row) => row.measured[label]?.cpuS ?? 0)),
          peakRssMb: perRole((role) => Math.max(...group.map((row) => row.measured[label]?.peakRssMb[role] ?? 0))),
          roleCpuS: perRole((role) => median(group.map((row) => row.measured[label]?.roleCpuS[role] ?? 0))),
        },
      ]),
    );
    const spread = (pick: (values: number[]) => number): Record<string, number> =>
      Object.fromEntries(labels.map((label) => [label, pick(group.map((row) => row.requests[label] ?? 0))]));
    const most = (key: keyof Work, label: string): number => Math.max(...group.map((row) => row.work[label]?.[key] ?? 0));
    const work = Object.fromEntries(
      labels.map((label) => [label, { recordSetWrites: most("recordSetWrites", label), otherWrites: most("otherWrites", label) }]),
    );
    const busiest = (label: string): Row => group.reduce((most, row) => ((row.requests[label] ?? 0) > (most.requests[label] ?? 0) ? row : most));
    const checks: Record<string, Check> = {};
    for (const label of labels) {
      const all = group.flatMap((row) => (row.checks[label] === undefined ? [] : [row.checks[label]]));
      const shown = all.find((check) => !check.ok) ?? all[0];
      if (shown !== undefined) checks[label] = shown;
    }
    return {
      ...first,
      round: 0,
      measured,
      requests: spread((values) => Math.max(...values)),
      fewestRequests: spread((values) => Math.min(...values)),
      work,
      kinds: Object.fromEntries(labels.map((label) => [label, busiest(label).kinds[label] ?? {}])),
      checks,
      requestsPerResource: Math.max(...group.map((row) => row.requestsPerResource)),
      ratio: median(group.map((row) => row.ratio)),
    };
  });
}

export function printRow(row: Row, header: boolean): void {
  const labels = Object.keys(row.measured);
  const cells = (values: readonly (string | number)[]): string =>
    values.map((value, index) => (index < 2 ? String(value).padEnd(index === 0 ? 8 : 19) : String(value).padStart(12))).join(" ");
  if (header) {
    console.log(
      cells([
        "ckpts",
        "step",
        ...labels.map((label) => `${label} s`),
        "svc/floor",
        ...labels.map((label) => `${label} cpu`),
        ...labels.filter((label) => label !== "floor").map((label) => `${label} req`),
        "svc req/res",
        ...labels.map((label) => `${label} MB p/e/pr`),
      ]),
    );
  }
  console.log(
    cells([
      row.checkpoints,
      row.step,
      ...labels.map((label) => (row.measured[label]?.wallS ?? 0).toFixed(1)),
      row.measured["floor"] === undefined || row.measured["svc"] === undefined ? "—" : row.ratio.toFixed(2),
      ...labels.map((label) => (row.measured[label]?.cpuS ?? 0).toFixed(1)),
      ...labels.filter((label) => label !== "floor").map((label) => row.requests[label] ?? 0),
      row.measured["svc"] === undefined ? "—" : row.requestsPerResource.toFixed(3),
      ...labels.map((label) => ROLES.map((role) => (row.measured[label]?.peakRssMb[role] ?? 0).toFixed(0)).join("/")),
    ]),
  );
  // Under the row, each program's requests by kind: the writes, the checks of a zone's changes and the reads tell apart.
  for (const label of labels.filter((label) => label !== "floor")) {
    const kinds = Object.entries(row.kinds[label] ?? {});
    if (kinds.length > 0) console.log(`${" ".repeat(28)}${label}: ${kinds.map(([kind, count]) => `${kind} ${count}`).join(", ")}`);
  }
}
