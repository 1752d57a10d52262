/**
 * What the engine did to each resource of an operation, from its events, to say which resource and
 * which field made a change summary differ from what the run expected: a summary alone
 * (`expected {"same":28}, got {"same":27,"update":1}`) names neither.
 */
import type { EngineEvent, OpType, StepEventMetadata } from "@pulumi/pulumi/automation";
import { isDeepStrictEqual } from "node:util";

export interface Change {
  /** The summary's word for it: a refresh that found other outputs is an `update`. */
  readonly kind: string;
  readonly fields: readonly string[];
}

const UNCHANGED: ReadonlySet<OpType> = new Set(["same", "read", "discard", "discard-replaced", "remove-pending-replace"]);

const shown = (value: unknown): string => (value === undefined ? "(none)" : JSON.stringify(value));

/**
 * The fields of a step and their old and new values: the inputs the engine names as changed, else
 * the outputs that differ (a refresh names none: it found other outputs), else the inputs that do.
 */
function fieldsOf(step: StepEventMetadata): string[] {
  const differing = (side: "inputs" | "outputs"): string[] => {
    const [old, next] = [step.old?.[side] ?? {}, step.new?.[side] ?? {}];
    return [...new Set([...Object.keys(old), ...Object.keys(next)])]
      .filter((name) => !name.startsWith("__") && !isDeepStrictEqual(old[name], next[name]))
      .map((name) => `${name} ${shown(old[name])} -> ${shown(next[name])}`);
  };
  if (step.diffs !== undefined && step.diffs.length > 0) {
    const [old, next] = [step.old?.inputs ?? {}, step.new?.inputs ?? {}];
    return step.diffs.map((name) => `${name} ${shown(old[name])} -> ${shown(next[name])}`);
  }
  const outputs = differing("outputs");
  return outputs.length > 0 ? outputs : differing("inputs");
}

/** Each resource's change in an operation, by its Pulumi name; unchanged resources are left out. */
export function changesOf(events: readonly EngineEvent[]): Map<string, Change> {
  const changes = new Map<string, Change>();
  for (const event of events) {
    const step = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (step === undefined || step.type.startsWith("pulumi:")) continue;
    const name = step.urn.slice(step.urn.lastIndexOf("::") + 2);
    const fields = UNCHANGED.has(step.op) ? [] : fieldsOf(step);
    // A step's later event (its outputs) says what it came to.
    if (UNCHANGED.has(step.op) || (step.op === "refresh" && fields.length === 0)) changes.delete(name);
    else changes.set(name, { kind: step.op === "refresh" ? "update" : step.op, fields });
  }
  return changes;
}

/**
 * The resources whose change is not the expected one (`expected`: by name, the rest unchanged), each
 * as `<type> <name> (<change>): <field> <old> -> <new>; ...`, the type from `keyOf`.
 */
export function unexpectedChanges(changes: ReadonlyMap<string, Change>, expected: ReadonlyMap<string, string>, keyOf: (name: string) => string): string[] {
  const names = [...new Set([...changes.keys(), ...expected.keys()])].sort();
  return names.flatMap((name) => {
    const [seen, wanted] = [changes.get(name), expected.get(name) ?? "same"];
    if ((seen?.kind ?? "same") === wanted) return [];
    const what = `${seen?.kind ?? "no change"}${wanted === "same" ? "" : `, expected ${wanted}`}`;
    return [`${keyOf(name)} ${name} (${what})${seen === undefined || seen.fields.length === 0 ? "" : `: ${seen.fields.join("; ")}`}`];
  });
}
