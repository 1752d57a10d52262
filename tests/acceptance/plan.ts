/**
 * What an acceptance run makes and changes, from the conformance samples of every declaration
 * (`samples` in provider/apis/<api>/*.ts): each resource with the parents its sample names, in one
 * stack; its updates, and the replacements that change only its names (`samples.names`: the new
 * object gets a new name of the run; a replacement into another project, zone or calendar needs an
 * object the run does not have, and is left to the emulator's conformance run, which checks its diff).
 * Nothing here names an API or a resource.
 */
import { createHash, createPrivateKey } from "node:crypto";
import type { Args, ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { typeKey } from "../../provider/engine/declaration/declaration";
import { declarationFor, declarations } from "../../provider/registry";
import { applyChange } from "../support/samples";
import { acceptanceName, type Seed } from "./names";

export type Profile = "full" | "smoke";

export interface PlanOptions {
  /** `full`: every update and runnable replacement; `smoke`: the first of each, per resource. */
  readonly profile: Profile;
  /** Type keys to run (default: every declaration). */
  readonly only?: readonly string[];
  /** The domain the run's zones are made under instead of the samples' (`example.com.`). */
  readonly dnsSuffix?: string;
  /** Sample values replaced by the account's own (a CI project's `vcs-a`, `acme`, `api-service`). */
  readonly rewrite?: Readonly<Record<string, string>>;
}

export type Expect = "update" | "replace" | "same";

export interface Step {
  readonly what: string;
  readonly expect: Expect;
  /** The resource's whole inputs after the step. */
  readonly inputs: Args;
}

export interface PlannedResource {
  /** The Pulumi resource name. */
  readonly name: string;
  readonly key: string;
  readonly inputs: Args;
  /** Resource names it lives in (made first); `{{parents[i].x}}` in its inputs is that parent's output x. */
  readonly parents: readonly string[];
  readonly importable: boolean;
  /** The id form an import by the engine's id takes, placeholders filled from the state. */
  readonly idFormat: string;
  /** Whether it is a parent of another, made for it (it takes no steps of its own). */
  readonly parentOnly: boolean;
  readonly steps: readonly Step[];
}

export interface AcceptancePlan {
  readonly resources: readonly PlannedResource[];
  /** Steps left out, and why. */
  readonly skipped: readonly string[];
}

/** Every string of a value, recursively. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}

/** Inputs without the project where it defaults to the settings' (the run's own), undefined kept (a removal). */
function withoutProject(declaration: ResourceDeclaration, change: Args): Args {
  return declaration.projectScoped === true ? Object.fromEntries(Object.entries(change).filter(([key]) => key !== "project")) : change;
}

/**
 * The renaming of one resource's samples: each value of a named input (its own and its parents')
 * gets a run name; a dotted name under another named one (a record under its zone's domain) keeps
 * its labels under the renamed domain; another dotted name gets the run name as its first label.
 */
function renamer(declaration: ResourceDeclaration, seed: Seed, options: PlanOptions): (text: string) => string {
  const samples = declaration.samples!;
  const named = new Set<string>();
  const collect = (of: ResourceDeclaration, changes: readonly Args[]): void => {
    for (const name of of.samples?.names ?? []) for (const change of changes) if (typeof change[name] === "string") named.add(change[name]);
  };
  collect(declaration, [samples.inputs, ...(samples.updates as Args[]), ...(samples.replacements as Args[])]);
  for (const parent of samples.parents ?? []) collect(declarationFor(parent.type), [parent.inputs]);
  const scope = typeKey(declaration);
  const dotted = [...named].filter((value) => value.includes(".")).sort((a, b) => a.length - b.length);
  const renamed = new Map<string, string>();
  for (const value of [...named].filter((value) => !value.includes("."))) renamed.set(value, acceptanceName(value, seed, scope));
  for (const value of dotted) {
    const under = dotted.find((domain) => domain !== value && value.endsWith(`.${domain}`) && renamed.has(domain));
    if (under !== undefined) {
      renamed.set(value, `${value.slice(0, -under.length)}${renamed.get(under)!}`);
      continue;
    }
    const [label = "", ...rest] = value.split(".");
    const suffix = value.endsWith(".") && options.dnsSuffix !== undefined ? options.dnsSuffix.replace(/^\.+/, "") : rest.join(".");
    renamed.set(value, `${acceptanceName(label, seed, scope)}.${suffix}`);
  }
  const keys = new Map<string, string>();
  return (text) => {
    // Key material the samples make at random is made from the seed instead, so a replay sends the same fingerprints.
    if (text.includes("PRIVATE KEY")) {
      if (!keys.has(text)) keys.set(text, seededKey(`${seed.unix}-${seed.rand}/${scope}/${keys.size}`));
      return keys.get(text)!;
    }
    const own = renamed.get(text);
    if (own !== undefined) return own;
    // A dotted value under a renamed domain that is not itself named (a rule's target, a CNAME's data).
    const domain = dotted.find((candidate) => text.endsWith(`.${candidate}`));
    if (domain !== undefined) return `${text.slice(0, -domain.length)}${renamed.get(domain)!}`;
    return options.rewrite?.[text] ?? text;
  };
}

/** An ed25519 private key (PKCS #8 PEM) from a seed: the DER of PKCS #8 for ed25519 is a fixed prefix and the 32 bytes. */
function seededKey(seed: string): string {
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), createHash("sha256").update(seed).digest()]);
  return createPrivateKey({ key: der, format: "der", type: "pkcs8" }).export({ type: "pkcs8", format: "pem" }).toString();
}

function stepsOf(declaration: ResourceDeclaration, inputs: Args, rename: (change: Args) => Args, options: PlanOptions, skipped: string[]): Step[] {
  const samples = declaration.samples!;
  const key = typeKey(declaration);
  const names = new Set<string>(samples.names ?? []);
  const options_ = Object.keys(declaration.requestOptions ?? {});
  const updates = samples.updates.map((change, index) => ({ change: change, what: `${key} updates[${index}]`, replaces: false }));
  const replacements = samples.replacements.flatMap((change, index) => {
    const changed = Object.keys(change);
    const runnable = changed.length > 0 && changed.every((name) => names.has(name) && typeof (change as Args)[name] === "string");
    if (!runnable) {
      skipped.push(
        `${key} replacements[${index}] (${changed.join(", ")}): changes an input that is no name of the object (it may need an object or an account the run does not have; the emulator conformance run checks its diff)`,
      );
      return [];
    }
    return [{ change: change, what: `${key} replacements[${index}] (${changed.join(", ")})`, replaces: true }];
  });
  const chosen = options.profile === "full" ? [...updates, ...replacements] : [updates[0], replacements[0]].filter((step) => step !== undefined);
  if (options.profile === "smoke") {
    for (const step of [...updates.slice(1), ...replacements.slice(1)]) skipped.push(`${step.what}: the smoke profile takes the first of each`);
  }
  let current = inputs;
  return chosen.map(({ change, what, replaces }) => {
    current = applyChange(current, rename(change));
    const onlyOptions = Object.keys(change).every((name) => options_.includes(name));
    return { what, expect: replaces ? "replace" : onlyOptions ? "same" : "update", inputs: current };
  });
}

export function planAcceptance(seed: Seed, options: PlanOptions): AcceptancePlan {
  const skipped: string[] = [];
  const resources: PlannedResource[] = [];
  const chosen = declarations.filter(
    (declaration) => declaration.samples !== undefined && (options.only === undefined || options.only.includes(typeKey(declaration))),
  );
  for (const declaration of chosen) {
    const samples = declaration.samples!;
    const key = typeKey(declaration);
    const map = renamer(declaration, seed, options);
    const rename = (change: Args, of: ResourceDeclaration = declaration): Args => mapStrings(withoutProject(of, change), map) as Args;
    const base = `${declaration.module}-${declaration.name}`;
    const parents = (samples.parents ?? []).map((parent, index) => {
      const of = declarationFor(parent.type);
      return {
        name: `${base}-parent${index}`,
        key: parent.type,
        inputs: rename(parent.inputs, of),
        parents: [],
        importable: of.importable !== false,
        idFormat: of.id.format,
        parentOnly: true,
        steps: [],
      } satisfies PlannedResource;
    });
    const inputs = rename(samples.inputs);
    resources.push(...parents, {
      name: base,
      key,
      inputs,
      parents: parents.map((parent) => parent.name),
      importable: declaration.importable !== false,
      idFormat: declaration.id.format,
      parentOnly: false,
      steps: stepsOf(declaration, inputs, rename, options, skipped),
    });
    if (samples.together !== undefined) skipped.push(`${key} together: objects written at once are the emulator's conformance run's`);
  }
  return { resources, skipped };
}

/** The number of objects a plan makes at most: each resource, and a new one for each replacement. */
export function objectsMade(plan: AcceptancePlan): number {
  return plan.resources.reduce((total, resource) => total + 1 + resource.steps.filter((step) => step.expect === "replace").length, 0);
}

/** The rounds of a run: round r takes each resource's r-th step, so a run takes as many rounds as the longest list. */
export function roundsOf(plan: AcceptancePlan): number {
  return Math.max(0, ...plan.resources.map((resource) => resource.steps.length));
}

/** Every sample string the plan holds, for checks that each name of the run carries the prefix. */
export function planStrings(plan: AcceptancePlan): string[] {
  return plan.resources.flatMap((resource) => [...strings(resource.inputs), ...resource.steps.flatMap((step) => strings(step.inputs))]);
}
