/**
 * The shared conformance run every resource goes through with the real
 * engine: up, an empty preview, an empty refresh, each in-place update (its
 * write request checked at the emulator to hold only what changed), each
 * replacement, import of the objects the stack forgot (no create request, then
 * an empty preview), and destroy.
 *
 * `npm test` runs, of the updates and the replacements, the first step of each target: the first
 * request's method and path, or, for a step that names no request, its change summary. Each field's
 * request body is proved for every sample without the engine (tests/emulator/conformance.test.ts);
 * what the engine adds (preview, up, convergence, replacement order) is the same for another field of
 * the same object. Updates of different objects next to each other share one engine round (`rounds`):
 * one preview, one `up` and one empty preview for all of them, each step's writes still compared
 * alone. `npm run test:campaign` runs every step, one round each (`SVC_CONFORMANCE=all`).
 */
import type { ConfigMap, OpMap, OutputMap } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "./emulatorControl";
import { writesDuring } from "./requests";
import type { TestStack } from "./stacks";

export interface ExpectedWrite {
  readonly method: string;
  readonly path: string;
  /** The whole request body: only what changed. */
  readonly body: unknown;
  /** The query, when it says what changed (an update mask); compared only when given. */
  readonly query?: Readonly<Record<string, string | readonly string[]>>;
}

export interface Step {
  readonly what: string;
  readonly config: ConfigMap;
  readonly changes: OpMap;
  /** Writes the step must make (other writes are allowed only for replacements). */
  readonly writes?: readonly ExpectedWrite[];
  /** What the emulator must show after the step's `up` (checks of the objects themselves). */
  readonly verify?: () => Promise<void>;
}

export interface ImportStep {
  readonly what: string;
  /** The state URN suffix of the resource to forget and import again, e.g. `::resolver-policy`. */
  readonly urnSuffix: string;
  /** The config key the example reads the import id from. */
  readonly configKey: string;
}

export interface ConformanceSpec {
  readonly created: number;
  /** Checks of the first `up`: its outputs, and what the emulator holds. */
  readonly afterUp?: (outputs: OutputMap) => Promise<void>;
  readonly updates: readonly Step[];
  readonly replaces: readonly Step[];
  readonly imports: readonly ImportStep[];
  /** What the emulator must hold after destroy. */
  readonly nothingLeft: (objects: Record<string, unknown>) => void;
}

/** The steps this run takes: every one in the campaign, the first of each target otherwise (see above). */
export function stepsToRun(updates: readonly Step[], replaces: readonly Step[], every = process.env["SVC_CONFORMANCE"] === "all"): Step[] {
  const steps = [...updates.map((step) => ["update", step] as const), ...replaces.map((step) => ["replace", step] as const)];
  if (every) return steps.map(([, step]) => step);
  const seen = new Set<string>();
  return steps.flatMap(([kind, step]) => {
    const first = step.writes?.[0];
    const target = `${kind} ${first === undefined ? JSON.stringify(step.changes) : `${first.method} ${first.path}`}`;
    if (seen.has(target)) return [];
    seen.add(target);
    return [step];
  });
}

/** A step that may share its engine round: an in-place update of one object, its requests named. */
function sharable(step: Step): boolean {
  const { same, update, ...others } = step.changes;
  return update === 1 && same !== undefined && Object.keys(others).length === 0 && (step.writes?.length ?? 0) > 0;
}

/** The object a request goes to, as the steps name their writes. */
const targetOf = (write: { readonly method: string; readonly path: string }): string => `${write.method} ${write.path}`;
const targets = (step: Step): Set<string> => new Set((step.writes ?? []).map(targetOf));

/**
 * The engine rounds of a run: the steps of `stepsToRun`, with neighbouring updates of different
 * objects (no request target and no config key in common) joined into one round, as a user's
 * change of several objects in one `up`. Replacements, and every step in the campaign, go alone.
 */
export function rounds(updates: readonly Step[], replaces: readonly Step[], every = process.env["SVC_CONFORMANCE"] === "all"): Step[][] {
  const steps = stepsToRun(updates, replaces, every);
  if (every) return steps.map((step) => [step]);
  const result: Step[][] = [];
  for (const step of steps) {
    const current = result.at(-1);
    const joins =
      current !== undefined &&
      updates.includes(step) &&
      sharable(step) &&
      current.every(
        (other) =>
          updates.includes(other) &&
          sharable(other) &&
          other.changes["same"] === step.changes["same"] &&
          ![...targets(step)].some((target) => targets(other).has(target)) &&
          !Object.keys(step.config).some((key) => key in other.config),
      );
    if (joins) current.push(step);
    else result.push([step]);
  }
  return result;
}

/** What the preview and the `up` of a round must report: its steps' changes together. */
function roundChanges(round: readonly Step[]): OpMap {
  const [only] = round;
  if (round.length === 1 && only !== undefined) return only.changes;
  const same = (round[0]?.changes["same"] ?? 0) - (round.length - 1);
  return { same, update: round.length };
}

function label(step: string, error: unknown): Error {
  const cause = error instanceof Error ? error.message : String(error);
  return new Error(`conformance step "${step}": ${cause}`);
}

async function run(step: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    throw label(step, error);
  }
}

export async function runConformance(test: TestStack, emulator: RunningEmulator, spec: ConformanceSpec): Promise<void> {
  const { stack } = test;
  let total = spec.created;

  await run("up", async () => {
    const up = await stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: spec.created });
    await spec.afterUp?.(up.outputs);
  });
  await run("preview after up", async () => {
    expect((await stack.preview()).changeSummary).toEqual({ same: total });
  });
  await run("refresh", async () => {
    expect((await stack.refresh()).summary.resourceChanges).toEqual({ same: total });
  });

  for (const round of rounds(spec.updates, spec.replaces)) {
    await run(round.map((step) => step.what).join("; "), async () => {
      const changes = roundChanges(round);
      await stack.setAllConfig(Object.assign({}, ...round.map((step) => step.config)) as ConfigMap);
      expect((await stack.preview()).changeSummary).toEqual(changes);
      let made: OpMap | undefined;
      const writes = await writesDuring(emulator, async () => {
        made = (await stack.up()).summary.resourceChanges;
      });
      expect(made).toEqual(changes);
      // No write but the steps' own when they name them (a replacement may write more), and each
      // step's writes alone, in their order (the objects of a round are written in any order).
      if (round.every((step) => step.writes !== undefined)) {
        const ofRound = new Set(round.flatMap((step) => [...targets(step)]));
        expect(writes.filter((write) => !ofRound.has(targetOf(write)))).toEqual([]);
      }
      for (const step of round) {
        if (step.writes === undefined) continue;
        const expected = step.writes;
        const own = writes.filter((write) => targets(step).has(targetOf(write)));
        expect({
          step: step.what,
          writes: own.map(({ method, path, body, query }, i) => ({ method, path, body, ...(expected[i]?.query !== undefined && { query }) })),
        }).toEqual({ step: step.what, writes: expected });
      }
      for (const step of round) await step.verify?.();
      expect((await stack.preview()).changeSummary).toEqual({ same: total });
    });
  }

  // The imports go together: each forgotten object is adopted by the same `up`, none of them created
  // (three engine runs in all, not three per import). Forgotten last first, so that a resource is
  // dropped from the state before one it depends on.
  if (spec.imports.length > 0) {
    await run(`imports: ${spec.imports.map((step) => step.what).join("; ")}`, async () => {
      const ids = new Map<string, string>();
      for (const step of [...spec.imports].reverse()) ids.set(step.configKey, await test.forget(step.urnSuffix));
      const forgotten = spec.imports.length;
      total -= forgotten;
      expect((await stack.preview()).changeSummary).toEqual({ same: total, create: forgotten });
      await stack.setAllConfig(Object.fromEntries([...ids].map(([key, id]) => [key, { value: id }])));
      const creates = (
        await writesDuring(emulator, async () => {
          expect((await stack.up()).summary.resourceChanges).toEqual({ same: total, create: forgotten });
        })
      ).filter((request) => request.method === "POST" && !request.path.includes(":"));
      expect(creates).toEqual([]);
      total += forgotten;
      expect((await stack.preview()).changeSummary).toEqual({ same: total });
    });
  }

  await run("destroy", async () => {
    await stack.destroy();
    spec.nothingLeft(await emulator.objects());
  });
}
