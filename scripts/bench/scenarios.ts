/**
 * What the benchmark compares, by scenario: which programs (the engine's floor, a per-record
 * provider, this package), which steps, against an emulator of which speed, and the targets its
 * numbers are read against.
 */
import type { SpeedSettings } from "../../emulator/speed";
import type { Program, ProgramSpec } from "./programs";
import { setConfig } from "./programs";
import type { Check, Row } from "./table";
import { writeYamlProgram } from "./yamlProgram";
import { CHANGED, checkChangedPreview, ZONE, ZONE_MIN_COUNT, zoneTargets } from "./zoneScenario";

const FLOOR: ProgramSpec = { label: "floor", example: "bench-floor" };
const PER_RECORD: ProgramSpec = { label: "perRecord", example: "bench-floor", config: { provider: "perRecord" } };
const SVC: ProgramSpec = { label: "svc", example: "dns-many-records" };
/** The same program in YAML, through the provider plugin instead of dynamic resources. */
const PLUGIN: ProgramSpec = { label: "plugin", example: "dns-many-records", write: writeYamlProgram };

/**
 * The plugin against the dynamic path: the same work (the record sets and other objects written,
 * each once) and each step within 1.1x of its time. Their request counts are set beside the spread
 * of the rounds: a zone's writes are batched in timing windows, so the number of changes varies from
 * run to run on either path (work.ts).
 */
/** The plugin's targets, of the rows where both it and the dynamic provider ran (`--programs` may leave either out). */
const pluginTargets = (rows: readonly Row[]): string[] =>
  rows.filter((row) => row.measured["plugin"] !== undefined && row.measured["svc"] !== undefined).map(pluginTarget);

const pluginTarget = (row: Row): string => {
  const svc = row.measured["svc"]?.wallS ?? 0;
  const plugin = row.measured["plugin"]?.wallS ?? 0;
  const requests = (label: string): string => {
    const [fewest, most] = [row.fewestRequests[label] ?? 0, row.requests[label] ?? 0];
    return fewest === most ? String(most) : `${fewest}–${most}`;
  };
  const work = (label: string): string => `${row.work[label]?.recordSetWrites ?? 0} record sets + ${row.work[label]?.otherWrites ?? 0} other writes`;
  const sameWork = work("plugin") === work("svc");
  return (
    `${row.step}: plugin ${plugin.toFixed(1)} s / dynamic ${svc.toFixed(1)} s = ${(svc > 0 ? plugin / svc : 0).toFixed(2)}x (target ≤ 1.1x); ` +
    `written plugin ${work("plugin")}, dynamic ${work("svc")}${sameWork ? " (the same)" : " (DIFFERENT)"}; ` +
    `requests plugin ${requests("plugin")}, dynamic ${requests("svc")}`
  );
};

export interface Step {
  readonly name: string;
  readonly before?: (program: Program) => Promise<void>;
  readonly args: (parallel: number) => string[];
  readonly writes: boolean;
  /** What the step's output (stdout) shows, beside its numbers. */
  readonly check?: (stdout: string) => Check;
}

const up = (parallel: number): string[] => ["up", "--yes", "--skip-preview", "--parallel", String(parallel)];
const STEPS: Readonly<Record<string, Step>> = {
  up: { name: "up", args: up, writes: true },
  preview: { name: "preview", args: (parallel) => ["preview", "--expect-no-changes", "--parallel", String(parallel)], writes: false },
  refresh: { name: "refresh", args: (parallel) => ["refresh", "--yes", "--skip-preview", "--parallel", String(parallel)], writes: false },
  // A change of a few records in a big zone: the first ten records' TTL (900); their writes should go as one change.
  ten: { name: "10 records changed", before: (program) => setConfig(program, "ten", 1), args: up, writes: true },
  ttl: { name: "ttl update", before: (program) => setConfig(program, "ttl", 600), args: up, writes: true },
  data: { name: "record-data update", before: (program) => setConfig(program, "dataVersion", 2), args: up, writes: true },
  destroy: { name: "destroy", args: (parallel) => ["destroy", "--yes", "--skip-preview", "--parallel", String(parallel)], writes: true },
  // The zone's: 10 host records pointed elsewhere, previewed (which sets it names) and written; each sets them, so either runs alone.
  changedPreview: {
    name: "10 changed: preview",
    before: (program) => setConfig(program, "changed", CHANGED),
    args: (parallel) => ["preview", "--json", "--parallel", String(parallel)],
    writes: false,
    check: checkChangedPreview,
  },
  changedUp: { name: "10 changed: up", before: (program) => setConfig(program, "changed", CHANGED), args: up, writes: true },
};

export interface ScenarioOptions {
  readonly count: number;
  readonly parallel: number;
  readonly latencyMs: number;
  readonly propagationMs: number;
}

export interface Scenario {
  readonly name: string;
  readonly defaultCount: number;
  /** The fewest N its steps make sense at (default 1). */
  readonly minCount?: number;
  /** What the state's bytes are counted per: the stack's resources (default: N + 1, the zone and its record sets) or its record sets. */
  readonly stateUnit?: "resource" | "record set";
  readonly programs: readonly ProgramSpec[];
  readonly steps: readonly Step[];
  readonly speed?: (options: ScenarioOptions) => SpeedSettings;
  /** Lines that read the rows against the scenario's targets (printed, not asserted: a benchmark); `stateBytes` per unit, of its first program. */
  readonly targets: (rows: readonly Row[], options: ScenarioOptions, stateBytes: number | undefined) => string[];
}

const writeBound = ({ count, parallel }: ScenarioOptions): number => 2 * Math.ceil(count / parallel) + 5;

export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  default: {
    name: "default",
    defaultCount: 500,
    programs: [FLOOR, SVC, PLUGIN],
    steps: [STEPS["up"]!, STEPS["preview"]!, STEPS["refresh"]!, STEPS["ttl"]!, STEPS["data"]!, STEPS["destroy"]!],
    targets: (rows, options) => [
      `write steps' request bound 2·⌈N/P⌉+5 = ${writeBound(options)} (N ${options.count}, P ${options.parallel})`,
      ...pluginTargets(rows),
    ],
  },
  // A service with real latency and slow propagation: where batching and not holding the engine's slots pay off.
  latency: {
    name: "latency",
    defaultCount: 500,
    programs: [FLOOR, PER_RECORD, SVC, PLUGIN],
    steps: [STEPS["up"]!, STEPS["refresh"]!, STEPS["ten"]!, STEPS["ttl"]!, STEPS["data"]!, STEPS["destroy"]!],
    speed: ({ latencyMs, propagationMs }) => ({ latencyMs, changePropagationMs: propagationMs }),
    targets: (rows, options) =>
      rows
        .map((row) => {
          const floor = row.measured["floor"]?.wallS ?? 0;
          const svc = row.measured["svc"]?.wallS ?? 0;
          const perRecord = row.measured["perRecord"]?.wallS ?? 0;
          const bound = 1.5 * (floor + (Math.ceil(options.count / options.parallel) * options.latencyMs) / 1000);
          const speedup = svc > 0 ? perRecord / svc : 0;
          const slower = row.measured["perRecord"] === undefined ? "" : `; per-record ${speedup.toFixed(1)}x slower`;
          const requests = row.requests["svc"] ?? 0;
          if (row.step === "refresh") return `refresh: svc ${svc.toFixed(1)} s, ${requests} requests (target ≤ 5)${slower}`;
          return `${row.step}: svc ${svc.toFixed(1)} s, bound 1.5·(floor + ⌈N/P⌉·latency) ${bound.toFixed(1)} s${slower}; svc requests ${requests}`;
        })
        .concat(pluginTargets(rows)),
  },
  // A large zone: every step completes, requests and memory stay bounded.
  scale: {
    name: "scale",
    defaultCount: 5000,
    programs: [FLOOR, SVC],
    steps: [STEPS["up"]!, STEPS["preview"]!, STEPS["refresh"]!, STEPS["ttl"]!, STEPS["destroy"]!],
    targets: (rows, options) =>
      rows.map((row) => {
        const floorMb = row.measured["floor"]?.peakRssMb.provider ?? 0;
        const svcMb = row.measured["svc"]?.peakRssMb.provider ?? 0;
        const target = row.step === "preview" ? "0" : row.step === "refresh" ? "≤ 10" : `≤ ${writeBound(options)}`;
        return `${row.step}: svc requests ${row.requests["svc"] ?? 0} (target ${target}), provider RSS ${svcMb.toFixed(0)} MB (target ≤ floor ${floorMb.toFixed(0)} + 60)`;
      }),
  },
  // Issue 61: a zone's N record sets as one ZoneRecords, against a service of real latency and propagation, checkpoints written.
  zone: {
    name: "zone",
    defaultCount: 5000,
    minCount: ZONE_MIN_COUNT,
    stateUnit: "record set",
    programs: [ZONE],
    steps: [STEPS["up"]!, STEPS["preview"]!, STEPS["refresh"]!, STEPS["ttl"]!, STEPS["changedPreview"]!, STEPS["changedUp"]!, STEPS["destroy"]!],
    speed: ({ latencyMs, propagationMs }) => ({ latencyMs, changePropagationMs: propagationMs }),
    targets: zoneTargets,
  },
};
