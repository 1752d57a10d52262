/**
 * The writes of a step as the engine runs them: the step's plan (plan/planWrites.ts) through the
 * executor, with what the plan leaves to the engine: an access policy's grant found in the policy
 * written, a create answer turned into the object, the refusal explained by the declaration, a lost
 * move settled by reading the object at its destination, an etag conflict checked against what the
 * update changes.
 */
import { ApiError } from "../http/errors";
import type { Args, HookContext, PatchChange, ResourceDeclaration, State } from "./declaration";
import { concurrentChange, conflictError } from "./concurrentChange";
import { requestsOf } from "./plan/entries";
import { runPlan, sendPlanned, type Answer } from "./plan/executor";
import { guarded } from "./plan/guarded";
import { planCreate, planDelete, planMove, planUpdate } from "./plan/planWrites";
import { abandons, updateOf } from "./steps";
import { fillTemplate, formatId } from "./template";

/** How many times an update under an etag is sent when the object keeps changing meanwhile. */
const ETAG_ATTEMPTS = 3;

/** Runs the create's plan; resolves to the object's wire form (and the schema that parsed it, when it is the object). */
export async function runCreate(declaration: ResourceDeclaration, args: Args, context: HookContext): Promise<Answer> {
  const answer = await runPlan(planCreate(declaration, args, context.identity), context);
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

/**
 * Runs an in-place change's plan (local inputs left out). Under an etag, a 409 (changed meanwhile)
 * reads the object again: when the change still applies cleanly it goes again under the new etag;
 * otherwise it fails naming each property, never overwriting the other change blindly. Other
 * refusals are explained by the declaration's explainRefusal where it knows them.
 */
export async function runUpdate(
  declaration: ResourceDeclaration,
  change: PatchChange<Args>,
  args: Args,
  context: HookContext,
  previous: State,
  guard: EtagGuard,
): Promise<Answer> {
  const plan = planUpdate(declaration, change, args, context.identity, previous);
  let stored = previous;
  const recover = async (last: boolean): Promise<ReturnType<typeof requestsOf>[number]> => {
    const live = await guard.reread();
    if (live === undefined) throw new Error(`${guard.label} disappeared during the update`);
    const { drifted, conflicts } = concurrentChange(declaration, change, stored, live, args);
    if (conflicts.length > 0) throw conflictError(guard.label, conflicts, stored, live, args);
    if (!last) {
      guard.log(
        `svc: ${guard.label} was changed outside this stack since it was last read (etag mismatch${drifted.length > 0 ? `: ${drifted.join(", ")}` : ""}); ` +
          `${[...Object.keys(change.set), ...change.cleared].join(", ")} still apply cleanly, so the update is sent again under the new etag.`,
      );
    }
    stored = live;
    const [again] = requestsOf(planUpdate(declaration, change, args, context.identity, stored));
    if (again === undefined) throw new Error(`${guard.label}: the update has no request to send again`);
    return again;
  };
  try {
    return await runPlan(plan, context, { etag: { recover, attempts: ETAG_ATTEMPTS } });
  } catch (error) {
    const underEtag = plan.some((entry) => entry.kind === "send" && entry.underEtag === true);
    if (error instanceof ApiError && error.outcome === "rejected" && !(underEtag && error.status === 409)) {
      throw declaration.hooks?.explainRefusal?.(error, args, "update") ?? error;
    }
    throw error;
  }
}

/**
 * Moves the object to the new value of the move step's field; resolves to the identity at the
 * destination. A lost answer is settled by reading the object there: found, it moved; otherwise
 * the failure stands (a second move would not duplicate it, but the outcome must be known first).
 */
export async function runMove(declaration: ResourceDeclaration, args: Args, context: HookContext): Promise<Record<string, string>> {
  const { move } = updateOf(declaration.update);
  const request = planMove(declaration, args, context.identity);
  if (move === undefined || request === undefined) throw new Error("the declaration has no move step");
  const destination = { ...context.identity, [move.field]: String(args[move.field]) };
  await guarded({
    attempts: 1,
    send: () => sendPlanned(request, context),
    settle: async (error) => {
      if (error.outcome !== "unknown") return undefined;
      try {
        await sendPlanned({ method: "GET", path: fillTemplate(declaration.paths.item, destination), schema: declaration.wire }, context);
      } catch {
        return undefined;
      }
      context.log(`svc: the answer to the move was lost or unreadable; the object is at ${move.field} ${destination[move.field]}`);
      return { done: undefined };
    },
  });
  return destination;
}

/** Runs the delete's plan (a 404 is the caller's business); `abandon` leaves the object and says so. */
export async function runDelete(declaration: ResourceDeclaration, state: State, label: string, context: HookContext): Promise<void> {
  const known = { ...state, ...context.identity };
  const step = declaration.steps?.delete;
  if (declaration.hooks?.policy === undefined && abandons(step)) {
    const words = step === "abandon" ? "the API cannot delete it, so it remains (abandoned)" : step.abandon(known);
    context.log(`svc: ${label}: ${words}; it is no longer managed by this stack.`);
    return;
  }
  try {
    await runPlan(planDelete(declaration, state, context.identity), context);
  } catch (error) {
    const explained = error instanceof ApiError && !error.isNotFound ? declaration.hooks?.explainRefusal?.(error, known, "delete") : undefined;
    throw explained ?? error;
  }
}
