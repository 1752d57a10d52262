/**
 * The writes of a step as the engine runs them: the step's plan (plan/planStep.ts) through the
 * executor, with what the plan leaves to the engine: an access policy's grant found in the policy
 * written, a create answer turned into the object, the refusal explained by the declaration, an
 * etag conflict checked against what the update changes.
 */
import { ApiError } from "../../http/errors";
import type { Args, HookContext, ResourceDeclaration, State } from "../declaration/declaration";
import { concurrentChange, conflictError } from "./concurrentChange";
import type { PlanEntry, PlannedRequest } from "../plan/entries";
import { runPlan, type Answer, type ObjectReader } from "../executor/executor";
import { planStep, type StepFacts } from "../plan/planStep";
import { abandons, updateOf } from "../declaration/steps";
import { formatId } from "../declaration/template";

/** Runs the create's writes (its plan without the reconciliation's reads); resolves to the object's wire form (and the schema that parsed it, when it is the object). */
export async function runCreate(declaration: ResourceDeclaration, writes: readonly PlanEntry[], args: Args, context: HookContext): Promise<Answer> {
  const answer = await runPlan(writes, context);
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    const written = answer.value as { bindings?: Parameters<typeof policy.find>[0] };
    const found = policy.find(written.bindings ?? [], { ...args, ...context.identity });
    if (found === undefined) throw new Error(`the access policy written does not hold the grant (${formatId(policy.label, context.identity)})`);
    return { value: found };
  }
  const toWire = declaration.steps?.create?.toWire;
  return toWire === undefined ? answer : { value: toWire(answer.value, args) };
}

/** What an update under an etag needs: how to read the object again, and the state its etag came from. */
export interface EtagGuard {
  readonly label: string;
  readonly reread: () => Promise<State | undefined>;
  readonly log: (message: string) => void;
}

/** The request the update's plan sends under the stored etag, planned anew from `stored`. */
function underEtag(facts: StepFacts, stored: State): PlannedRequest | undefined {
  const entry = planStep("update", { ...facts, olds: stored }).find((candidate) => candidate.kind === "send" && candidate.underEtag === true);
  return entry?.kind === "send" ? entry.request : undefined;
}

/**
 * Runs the update step's plan (`facts`: what planStep planned it from). Under an etag, a 409
 * (changed meanwhile) reads the object again: when the change still applies cleanly it goes again
 * under the new etag, planned anew from what was read; otherwise it fails naming each property,
 * never overwriting the other change blindly. Other refusals are explained by the declaration's
 * explainRefusal where it knows them.
 */
export async function runUpdate(facts: StepFacts, context: HookContext, reader: ObjectReader, guard: EtagGuard): Promise<Answer> {
  const { declaration, olds, news, diff } = facts;
  const plan = planStep("update", facts);
  // What the write changes: neither client-side inputs nor the place a move changes.
  const local = [...(declaration.localInputs ?? []), ...[updateOf(declaration.update).move?.field ?? []].flat()];
  const change = {
    set: Object.fromEntries(Object.entries(diff?.patch.set ?? {}).filter(([field]) => !local.includes(field))),
    cleared: (diff?.patch.cleared ?? []).filter((field) => !local.includes(field)),
  };
  let stored = olds;
  const recover = async (last: boolean): Promise<PlannedRequest> => {
    const live = await guard.reread();
    if (live === undefined) throw new Error(`${guard.label} disappeared during the update`);
    const { drifted, conflicts } = concurrentChange(declaration, change, stored, live, news);
    if (conflicts.length > 0) throw conflictError(guard.label, conflicts, stored, live, news);
    if (!last) {
      guard.log(
        `svc: ${guard.label} was changed outside this stack since it was last read (etag mismatch${drifted.length > 0 ? `: ${drifted.join(", ")}` : ""}); ` +
          `${[...Object.keys(change.set), ...change.cleared].join(", ")} still apply cleanly, so the update is sent again under the new etag.`,
      );
    }
    stored = live;
    const again = underEtag(facts, stored);
    if (again === undefined) throw new Error(`${guard.label}: the update has no request to send again`);
    return again;
  };
  try {
    return await runPlan(plan, context, { etag: { recover }, reader });
  } catch (error) {
    const etagged = plan.some((entry) => entry.kind === "send" && entry.underEtag === true);
    if (error instanceof ApiError && error.outcome === "rejected" && !(etagged && error.status === 409)) {
      throw declaration.hooks?.explainRefusal?.(error, news, "update") ?? error;
    }
    throw error;
  }
}

/** Runs the delete step's plan (a 404 is the caller's business); `abandon` leaves the object and says so. */
export async function runDelete(facts: StepFacts, label: string, context: HookContext): Promise<void> {
  const { declaration, olds: state } = facts;
  const known = { ...state, ...context.identity };
  const step = declaration.steps?.delete;
  if (declaration.hooks?.policy === undefined && abandons(step)) {
    const words = step === "abandon" ? "the API cannot delete it, so it remains (abandoned)" : step.abandon(known);
    context.log(`svc: ${label}: ${words}; it is no longer managed by this stack.`);
    return;
  }
  try {
    await runPlan(planStep("delete", facts), context);
  } catch (error) {
    const explained = error instanceof ApiError && !error.isNotFound ? declaration.hooks?.explainRefusal?.(error, known, "delete") : undefined;
    throw explained ?? error;
  }
}
