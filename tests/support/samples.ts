/**
 * Reading a declaration's conformance samples: which inputs they must cover,
 * how a change applies, and what an in-place update may send.
 */
import { isDeepStrictEqual } from "node:util";
import type { Args, ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { CONTROL_INPUTS } from "../../provider/engine/plan/diff";
import { comparisonFor } from "../../provider/engine/plan/diff";

/** Inputs that change in place, and inputs whose change replaces (every input, for an API without update). */
export function inputKinds(declaration: ResourceDeclaration): { mutable: string[]; replacing: string[] } {
  const all = Object.keys(declaration.args.shape);
  const replacing = declaration.update === "none" ? all : all.filter((name) => declaration.immutable.includes(name));
  return { mutable: all.filter((name) => !replacing.includes(name)), replacing };
}

/** What is missing or misplaced in a declaration's samples; empty when they cover every input. */
export function sampleProblems(declaration: ResourceDeclaration): string[] {
  const samples = declaration.samples;
  if (samples === undefined) return ["it has no `samples`"];
  const { mutable, replacing } = inputKinds(declaration);
  const given = (changes: readonly Args[]): Set<string> =>
    new Set(changes.flatMap((change) => Object.keys(change).filter((name) => change[name] !== undefined)));
  const updated = given(samples.updates);
  const replaced = given(samples.replacements);
  const problems: string[] = [];
  for (const name of mutable) if (!updated.has(name)) problems.push(`no update gives the mutable input ${name} a new value`);
  for (const name of replacing) if (!replaced.has(name)) problems.push(`no replacement gives the immutable input ${name} a new value`);
  samples.updates.forEach((change, index) => {
    const names = Object.keys(change).filter((name) => replacing.includes(name));
    if (names.length > 0) problems.push(`updates[${index}] changes ${names.join(", ")}, which replace${names.length === 1 ? "s" : ""}`);
  });
  samples.replacements.forEach((change, index) => {
    if (!Object.keys(change).some((name) => replacing.includes(name))) problems.push(`replacements[${index}] changes no immutable input`);
  });
  return problems;
}

/** The inputs after a change: a value given replaces, `undefined` removes. */
export function applyChange(inputs: Args, change: Args): Args {
  const next: Args = { ...inputs };
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}

/**
 * Only what changed, in the API's terms: the top-level fields of the create body
 * that differ between the old and the new inputs, a removed field as null. It is
 * computed from the create body, not from the declaration's own patch body, so
 * a patch that carries more than the change fails.
 */
export function changedWireFields(declaration: ResourceDeclaration, olds: Args, news: Args): Record<string, unknown> {
  // What the engine and the provider pass beside the inputs (an owner, its nonce) never reaches the API.
  const object = (args: Args): Args => Object.fromEntries(Object.entries(args).filter(([key]) => !CONTROL_INPUTS.has(key)));
  const before = (declaration.toCreateBody?.(object(olds)) ?? {}) as Record<string, unknown>;
  const after = (declaration.toCreateBody?.(object(news)) ?? {}) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isDeepStrictEqual(before[field], after[field])) continue;
    changed[field] = after[field] === undefined ? null : after[field];
  }
  return changed;
}

/** Whether `value` occurs anywhere in `body` (deep equality), e.g. new record data inside an atomic change. */
export function carries(body: unknown, value: unknown): boolean {
  if (isDeepStrictEqual(body, value)) return true;
  if (Array.isArray(body)) return body.some((item) => carries(item, value));
  if (typeof body === "object" && body !== null) return Object.values(body).some((item) => carries(item, value));
  return false;
}

/** Entries of the emulator's object listing (`/_emulator/objects`) that `after` holds and `before` does not. */
export function addedObjects(before: Record<string, unknown>, after: Record<string, unknown>): Array<Record<string, unknown>> {
  const flatten = (objects: Record<string, unknown>): string[] =>
    Object.entries(objects).flatMap(([api, collections]) =>
      Object.entries(collections as Record<string, unknown[]>).flatMap(([collection, entries]) =>
        entries.map((entry) => JSON.stringify({ api, collection, entry })),
      ),
    );
  const remaining = flatten(before);
  const added: Array<Record<string, unknown>> = [];
  for (const key of flatten(after)) {
    const index = remaining.indexOf(key);
    if (index >= 0) remaining.splice(index, 1);
    else added.push((JSON.parse(key) as { entry: Record<string, unknown> }).entry);
  }
  return added;
}

/**
 * The value of the live object a merged PUT must send: the live object with only the changed
 * fields changed, a removed one (null) left out.
 */
export function mergedInto(live: Record<string, unknown>, changed: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...live };
  for (const [field, value] of Object.entries(changed)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

const PARENT_OUTPUT = /^\{\{parents\[(\d+)\]\.([A-Za-z][A-Za-z0-9]*)\}\}$/;

/**
 * Samples with `"{{parents[i].name}}"` strings replaced by that output of the i-th parent, for
 * inputs that name what a parent's API assigned (a secondary calendar's id).
 */
export function withParentOutputs<S extends object>(samples: S, parents: readonly Record<string, unknown>[]): S {
  const resolve = (value: unknown): unknown => {
    if (typeof value === "string") {
      const match = PARENT_OUTPUT.exec(value);
      if (match === null) return value;
      const output = parents[Number(match[1])]?.[match[2] ?? ""];
      if (output === undefined) throw new Error(`samples name ${value}, which no parent has`);
      return output;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, resolve(member)]));
    return value;
  };
  return resolve(samples) as S;
}

function valueAt(body: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((current, key) => (typeof current === "object" && current !== null ? (current as Record<string, unknown>)[key] : undefined), body);
}

/**
 * An update-mask PATCH as it must be: the mask paths of the inputs that differ between the old
 * and the new inputs (client-side inputs excluded), and a body of the new create body's values at
 * exactly those paths (a removed input: named in the mask, absent from the body).
 */
export function maskedWireFields(
  declaration: ResourceDeclaration,
  olds: Args,
  news: Args,
  paths: Readonly<Record<string, string>>,
): { mask: string[]; body: Record<string, unknown> } {
  const local: readonly string[] = [...(declaration.localInputs ?? []), ...Object.keys(declaration.requestOptions ?? {})];
  const changed = Object.keys(declaration.args.shape).filter(
    (name) =>
      !local.includes(name) &&
      !isDeepStrictEqual(olds[name], news[name]) &&
      !(declaration.equal?.[name] !== undefined && comparisonFor(declaration.equal[name])(olds[name], news[name], news)),
  );
  const mask = changed.map((name) => paths[name] ?? name);
  const whole = declaration.toCreateBody?.(news) ?? {};
  const body: Record<string, unknown> = {};
  for (const path of mask) {
    const value = valueAt(whole, path);
    if (value === undefined) continue;
    const keys = path.split(".");
    let at = body;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys[keys.length - 1] as string] = value;
  }
  return { mask, body };
}
