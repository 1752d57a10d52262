/**
 * The conformance run's steps of several objects at the same time (`samples.together`), for a
 * resource whose writes of one key join into one request (a zone's atomic change): the objects are
 * made together; then at once the first is updated, the second deleted and another made; then the
 * rest are deleted together. Each time what the recording client saw must be the joint plan of the steps
 * (each key's joined writes as one request, `jointRequests`), and a read must show what the steps
 * said. Nothing here names a resource.
 */
import type { Args, ResourceDeclaration, State } from "../../provider/engine/declaration/declaration";
import type { DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { diffArgs } from "../../provider/engine/plan/diff";
import type { PlanEntry } from "../../provider/engine/kinds";
import { planStep, type PlannedStep, type StepFacts } from "../../provider/engine/plan/planStep";
import { checked, step } from "./conformanceChecks";
import { followsJointPlan } from "./planLog";
import type { Recorder } from "./recorder";
import { applyChange } from "./samples";

type Together = NonNullable<NonNullable<ResourceDeclaration["samples"]>["together"]>;

interface Made {
  readonly id: string;
  readonly outs: State;
}

export async function runTogether(
  declaration: ResourceDeclaration,
  provider: DynamicProvider,
  api: Recorder,
  basePath: string,
  objectOf: (values: Args) => Args,
  together: Together,
): Promise<void> {
  const plan = (kind: PlannedStep, facts: Omit<StepFacts, "declaration">): PlanEntry[] => planStep(kind, { declaration, ...facts, news: objectOf(facts.news) });
  const inputs = await Promise.all(together.inputs.map((given) => checked(provider, given as Args)));
  const [first, second] = inputs;
  if (first === undefined || second === undefined) throw new Error("samples.together needs at least two objects: one updated, one deleted");

  const made: Made[] = await step("made together", () =>
    followsJointPlan(
      api,
      basePath,
      inputs.map((news) => plan("create", { olds: {}, news })),
      () => Promise.all(inputs.map((news) => provider.create(news))),
    ),
  );
  const [updated, deleted, ...kept] = made as [Made, Made, ...Made[]];

  const next = await checked(provider, applyChange(together.inputs[0] as Args, together.update));
  const added = await checked(provider, together.added);
  const [afterUpdate, , fresh] = await step("one updated, one deleted and one made at once", async () => {
    const diff = diffArgs(declaration, updated.outs, next);
    expect(diff.replaces).toEqual([]);
    const plans = [
      plan("update", { id: updated.id, olds: updated.outs, news: next, diff }),
      plan("delete", { id: deleted.id, olds: deleted.outs, news: {} }),
      plan("create", { olds: {}, news: added }),
    ];
    return followsJointPlan(api, basePath, plans, () =>
      Promise.all([provider.update(updated.id, updated.outs, next), provider.delete(deleted.id, deleted.outs), provider.create(added)] as const),
    );
  });
  await step("each read shows what its step did", async () => {
    expect(await provider.read(updated.id, afterUpdate.outs)).toEqual({ id: updated.id, props: afterUpdate.outs });
    expect(await provider.diff(updated.id, afterUpdate.outs, next)).toEqual({ changes: false });
    expect((await provider.read(deleted.id, deleted.outs)).id).toBeUndefined();
    expect(await provider.read(fresh.id, fresh.outs)).toEqual({ id: fresh.id, props: fresh.outs });
  });

  const left = [{ id: updated.id, outs: afterUpdate.outs }, fresh, ...kept];
  await step("the rest deleted together", async () => {
    const plans = left.map(({ id, outs }) => plan("delete", { id, olds: outs, news: {} }));
    await followsJointPlan(api, basePath, plans, () => Promise.all(left.map(({ id, outs }) => provider.delete(id, outs))));
    for (const { id, outs } of left) expect((await provider.read(id, outs)).id).toBeUndefined();
  });
}
