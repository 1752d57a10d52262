/**
 * Each step of a declaration's samples as the engine plans it: create, read, its worst update
 * (the sample update whose plan may send the most), delete. For the budget table and the storm test.
 */
import type { Args, ResourceDeclaration, State } from "../../provider/engine/declaration/declaration";
import { formatId, placeholders } from "../../provider/engine/declaration/template";
import { diffArgs } from "../../provider/engine/plan/diff";
import type { PlanEntry } from "../../provider/engine/kinds";
import { planStep, type PlannedStep } from "../../provider/engine/plan/planStep";
import { plansWorstCase } from "../../provider/engine/plan/worstCase";

/** Sample inputs as a program's check leaves them: defaults applied, a parent's output and the default project filled in. */
export function inputsOf(declaration: ResourceDeclaration, sample: Args): Args {
  const filled = JSON.parse(JSON.stringify(sample).replace(/\{\{parents\[\d+\]\.\w+\}\}/g, "c_0123abcd@group.calendar.google.com")) as Args;
  const withProject = declaration.projectScoped === true && filled["project"] === undefined ? { ...filled, project: "p" } : filled;
  return declaration.args.parse(withProject);
}

export function idOf(declaration: ResourceDeclaration, inputs: Args): string {
  const part = (name: string): string => (typeof inputs[name] === "string" ? inputs[name] : `${name}-1`);
  return formatId(declaration.id.format, Object.fromEntries(placeholders(declaration.id.format).map((name) => [name, part(name)])));
}

export function stepPlans(declaration: ResourceDeclaration): Array<{ step: PlannedStep; plan: PlanEntry[] }> {
  const samples = declaration.samples;
  if (samples === undefined) return [];
  const inputs = inputsOf(declaration, samples.inputs);
  const id = idOf(declaration, inputs);
  const state: State = inputs;
  const updates = samples.updates
    .map((change) => inputsOf(declaration, { ...(samples.inputs as Args), ...(change as Args) }))
    .map((news) => ({ news, diff: diffArgs(declaration, state, news) }))
    .filter(({ diff }) => diff.changed.length > 0 && diff.replaces.length === 0)
    .map(({ news, diff }) => planStep("update", { declaration, id, olds: state, news, diff }))
    .sort((a, b) => plansWorstCase(b) - plansWorstCase(a));
  return [
    { step: "create", plan: planStep("create", { declaration, olds: {}, news: inputs }) },
    { step: "read", plan: planStep("read", { declaration, id, olds: state, news: state }) },
    ...(updates[0] === undefined ? [] : [{ step: "update" as const, plan: updates[0] }]),
    { step: "delete", plan: planStep("delete", { declaration, id, olds: state, news: {} }) },
  ];
}
