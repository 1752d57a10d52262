/**
 * The acceptance run: the conformance suite of every resource (plan.ts) through the real engine in
 * one stack, against whatever the settings point at: create, an empty preview, an empty refresh,
 * rounds of updates and replacements (each previewed, applied, then an empty preview), import of
 * every importable object the stack forgets (no create sent), destroy. Each engine operation's HTTP
 * exchanges are one cassette file (provider/cassette.ts) when recording or replaying.
 */
import { LocalWorkspace, Stack, type ConfigMap, type EngineEvent, type OpMap } from "@pulumi/pulumi/automation";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { Cassette } from "../../provider/cassette";
import { formatId, placeholders } from "../../provider/engine/declaration/template";
import { changesOf, unexpectedChanges } from "./changes";
import type { AcceptancePlan, Expect, PlannedResource } from "./plan";
import { roundsOf } from "./plan";
import { engineSettings } from "./settings";

export type Mode = "record" | "replay" | "live";

export interface RunOptions {
  readonly mode: Mode;
  /** The run's cassette folder (one file per engine operation); unused live. */
  readonly folder: string;
  readonly plan: AcceptancePlan;
  /** The provider's settings: base URLs, project, credentials, as environment variables. */
  readonly env: Readonly<Record<string, string>>;
  readonly log: (line: string) => void;
}

const PROGRAM = path.join(__dirname, "program");

/** An engine operation's cassette: `<NN>-<operation>.json`. */
export function cassetteFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /^\d{2}-[a-z-]+\.json$/.test(name))
    .sort();
}

/** The parts each provider process of an operation recorded, joined into its cassette. */
function joinParts(file: string, startedAt: number): void {
  const folder = path.dirname(file);
  const parts = readdirSync(folder).filter((name) => name.startsWith(`${path.basename(file)}.`) && name.endsWith(".part.json"));
  const cassettes = parts.map((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as Cassette);
  const joined: Cassette = {
    recordedAt: Math.min(startedAt, ...cassettes.map((cassette) => cassette.recordedAt)),
    interactions: cassettes.flatMap((cassette) => cassette.interactions),
  };
  for (const name of parts) rmSync(path.join(folder, name));
  writeFileSync(file, `${JSON.stringify(joined, null, 1)}\n`);
}

/** What the replay of an operation asked that its cassette lacks. */
function takeMisses(file: string): string[] {
  const folder = path.dirname(file);
  const names = readdirSync(folder).filter((name) => name.startsWith(`${path.basename(file)}.`) && name.endsWith(".misses.json"));
  const misses = names.flatMap((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as string[]);
  for (const name of names) rmSync(path.join(folder, name));
  return misses;
}

function expectEqual(what: string, actual: unknown, expected: unknown, details: () => string[] = () => []): void {
  if (isDeepStrictEqual(actual, expected)) return;
  const lines = details();
  throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}${lines.map((line) => `\n  ${line}`).join("")}`);
}

/** A change summary without zero counts, as the engine reports it. */
function counts(entries: Partial<Record<Expect | "create" | "delete", number>>): OpMap {
  return Object.fromEntries(Object.entries(entries).filter(([, count]) => count !== undefined && count > 0));
}

interface ResourceConfig {
  readonly name: string;
  readonly key: string;
  readonly inputs: Record<string, unknown>;
  readonly parents: readonly string[];
  readonly import?: string;
}

export async function runAcceptance(options: RunOptions): Promise<{ operations: number }> {
  const { plan, mode, folder, log } = options;
  const home = mkdtempSync(path.join(os.tmpdir(), "svc-acceptance-"));
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: `file://${path.join(home, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "acceptance",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    NODE_COMPILE_CACHE: path.join(os.tmpdir(), "svc-node-compile-cache"),
    ...engineSettings(options.env),
  };
  mkdirSync(path.join(home, "state"));
  if (mode !== "live") mkdirSync(folder, { recursive: true });
  const workspace = await LocalWorkspace.create({ workDir: PROGRAM, pulumiHome: path.join(home, "home"), envVars });
  const stackName = `acc${process.pid}`;
  const stack = await Stack.create(stackName, workspace);
  const current = new Map<string, ResourceConfig>(
    plan.resources.map((resource) => [resource.name, { name: resource.name, key: resource.key, inputs: resource.inputs, parents: resource.parents }]),
  );
  const setResources = (): Promise<void> => stack.setAllConfig({ resources: { value: JSON.stringify([...current.values()]) } } satisfies ConfigMap);
  let sequence = 0;
  // Each operation's engine events: which resource changed, and how, when a summary is not the expected one.
  let events: EngineEvent[] = [];
  const onEvent = (event: EngineEvent): void => void events.push(event);
  const keyOf = (name: string): string => plan.resources.find((resource) => resource.name === name)?.key ?? "?";
  const changed =
    (expected: ReadonlyMap<string, string> = new Map()) =>
    (): string[] =>
      unexpectedChanges(changesOf(events), expected, keyOf);
  const operation = async <T>(kind: string, work: () => Promise<T>): Promise<{ result: T; file: string }> => {
    events = [];
    const file = path.join(folder, `${String(++sequence).padStart(2, "0")}-${kind}.json`);
    if (mode !== "live") {
      workspace.envVars["SVC_CASSETTE"] = file;
      workspace.envVars["SVC_CASSETTE_MODE"] = mode;
      if (mode === "replay" && !existsSync(file))
        throw new Error(`replay: ${path.basename(folder)} has no cassette ${path.basename(file)}: record the run again`);
    }
    const startedAt = Date.now();
    log(`${path.basename(file, ".json")}`);
    try {
      const result = await work();
      return { result, file };
    } catch (error) {
      const misses = mode === "replay" ? takeMisses(file) : [];
      if (misses.length > 0) throw new Error(`${kind}: ${misses.join("\n")}`, { cause: error });
      throw new Error(`${kind}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      if (mode === "record") joinParts(file, startedAt);
      if (mode === "replay") {
        const misses = takeMisses(file);
        if (misses.length > 0) throw new Error(`${kind}: ${misses.join("\n")}`);
      }
    }
  };
  // The stack itself is one of the resources the engine counts.
  const total = plan.resources.length + 1;
  try {
    await setResources();
    const up = await operation("up", () => stack.up({ onEvent }));
    expectEqual(
      "the first up",
      up.result.summary.resourceChanges,
      { create: total },
      changed(new Map(plan.resources.map((resource) => [resource.name, "create"]))),
    );
    expectEqual("the preview after up", (await operation("preview", () => stack.preview({ onEvent }))).result.changeSummary, { same: total }, changed());
    expectEqual(
      "the refresh after up",
      (await operation("refresh", () => stack.refresh({ onEvent }))).result.summary.resourceChanges,
      { same: total },
      changed(),
    );

    for (let round = 0; round < roundsOf(plan); round++) {
      const stepping = plan.resources.flatMap((resource) => (resource.steps[round] === undefined ? [] : [[resource, resource.steps[round]!] as const]));
      for (const [resource, step] of stepping) current.set(resource.name, { ...current.get(resource.name)!, inputs: step.inputs });
      await setResources();
      const by = (kind: Expect): number => stepping.filter(([, step]) => step.expect === kind).length;
      const changes = counts({ same: total - by("update") - by("replace"), update: by("update"), replace: by("replace") });
      const what = `round ${round + 1} (${stepping.map(([, step]) => step.what).join("; ")})`;
      const stepped = changed(new Map(stepping.map(([resource, step]) => [resource.name, step.expect])));
      expectEqual(`the preview of ${what}`, (await operation("preview", () => stack.preview({ onEvent }))).result.changeSummary, changes, stepped);
      expectEqual(`the up of ${what}`, (await operation("up", () => stack.up({ onEvent }))).result.summary.resourceChanges, changes, stepped);
      expectEqual(`the preview after ${what}`, (await operation("preview", () => stack.preview({ onEvent }))).result.changeSummary, { same: total }, changed());
    }

    // Every importable object is forgotten at once and adopted again by one `up`, sending no create.
    const deployment = await stack.exportStack();
    const state = (deployment.deployment as { resources: Array<{ urn: string; id?: string; outputs?: Record<string, unknown> }> }).resources;
    const importable = plan.resources.filter((resource) => resource.importable);
    const forgotten = new Set(importable.map((resource) => resource.name));
    const urnName = (urn: string): string => urn.slice(urn.lastIndexOf("::") + 2);
    const ids = new Map<string, string>();
    for (const entry of state) {
      if (!forgotten.has(urnName(entry.urn))) continue;
      const resource = plan.resources.find((candidate) => candidate.name === urnName(entry.urn))!;
      ids.set(resource.name, importIdOf(resource, entry.id ?? "", entry.outputs ?? {}));
    }
    await stack.importStack({
      ...deployment,
      deployment: { ...(deployment.deployment as object), resources: state.filter((entry) => !forgotten.has(urnName(entry.urn))) },
    });
    for (const [name, id] of ids) current.set(name, { ...current.get(name)!, import: id });
    await setResources();
    const kept = total - ids.size;
    const imported = changed(new Map([...ids.keys()].map((name) => [name, "import"])));
    expectEqual(
      "the preview of the imports",
      (await operation("preview-import", () => stack.preview({ onEvent }))).result.changeSummary,
      counts({ same: kept, create: ids.size }),
      imported,
    );
    const adopted = await operation("up-import", () => stack.up({ onEvent }));
    expectEqual("the up of the imports", adopted.result.summary.resourceChanges, counts({ same: kept, create: ids.size }), imported);
    if (mode !== "live") {
      const creates = (JSON.parse(readFileSync(adopted.file, "utf8")) as Cassette).interactions
        .map((interaction) => interaction.request)
        .filter((request) => request.method === "POST" && !new URL(request.url).pathname.includes(":") && !request.url.includes("/token"));
      const reads = creates.filter((request) => !/\/(changes|follow|checkout-key|watch|stop)$/.test(new URL(request.url).pathname));
      if (reads.length > 0) throw new Error(`the imports sent creates: ${reads.map((request) => `${request.method} ${request.url}`).join(", ")}`);
    }
    expectEqual(
      "the preview after the imports",
      (await operation("preview", () => stack.preview({ onEvent }))).result.changeSummary,
      { same: total },
      changed(),
    );

    const destroyed = await operation("destroy", () => stack.destroy({ onEvent }));
    expectEqual(
      "destroy",
      destroyed.result.summary.resourceChanges,
      { delete: total },
      changed(new Map(plan.resources.map((resource) => [resource.name, "delete"]))),
    );
    return { operations: sequence };
  } finally {
    await workspace.removeStack(stackName, { force: true }).catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
    rmSync(path.join(PROGRAM, `Pulumi.${stackName}.yaml`), { force: true });
  }
}

/** The id an import by the engine takes: the id form filled from the state (an object that moved is where it is now), else the state's id. */
function importIdOf(resource: PlannedResource, id: string, outputs: Record<string, unknown>): string {
  const names = placeholders(resource.idFormat);
  if (!names.every((name) => typeof outputs[name] === "string" && outputs[name] !== "")) return id;
  return formatId(resource.idFormat, Object.fromEntries(names.map((name) => [name, String(outputs[name])])));
}
