/**
 * The requests of each lifecycle step, from the declaration's data (steps.ts)
 * and its named hooks. resourceEngine.ts decides when to run them (create with
 * reconciliation, adopt, read back); this file decides what is sent (the read
 * step is in readSteps.ts).
 */
import { z } from "zod";
import { modifyPolicy, type PolicyTarget } from "../google/iamPolicy";
import { POLL_KINDS, waitFor, type PollKind } from "../google/poll";
import { ApiError } from "../http/errors";
import { underEtag } from "./concurrentChange";
import type { Args, HookContext, PatchChange, PolicyHook, ResourceDeclaration, State } from "./declaration";
import { abandons, createTemplate, fillQuery, mergedQuery, optionQuery, updateOf, type UpdateKind } from "./steps";
import { defaultPatchBody, maskedPatch } from "./updateBodies";
import { fillTemplate, formatId } from "./template";

/** A merged PUT whose object keeps changing meanwhile is reported after this many reads. */
const PUT_MERGED_ATTEMPTS = 5;

export function policyTarget(hook: PolicyHook<Args, unknown>, context: HookContext): PolicyTarget {
  return {
    client: context.client,
    resource: fillTemplate(hook.resource, context.identity),
    label: formatId(hook.label, context.identity),
    log: context.log,
  };
}

/** Where the create goes: the step's path (or the one its input chooses), else the collection. */
export function createPath(declaration: ResourceDeclaration, args: Args, identity: Readonly<Record<string, string>>): string {
  const { template, values } = createTemplate(declaration.steps?.create?.path, declaration.paths.collection, args, identity);
  return fillTemplate(template, values);
}

/** Sends the create; resolves to the object in its wire form. */
export async function sendCreate(declaration: ResourceDeclaration, args: Args, context: HookContext): Promise<unknown> {
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    const written = await modifyPolicy(policyTarget(policy, context), (bindings) => policy.grant(bindings, args));
    const found = policy.find(written.bindings ?? [], { ...args, ...context.identity });
    if (found === undefined) throw new Error(`the access policy written does not hold the grant (${formatId(policy.label, context.identity)})`);
    return found;
  }
  const step = declaration.steps?.create ?? {};
  const applyCreate = declaration.hooks?.applyCreate;
  if (applyCreate !== undefined) {
    const wire = await applyCreate(args, context);
    return waitAfter(declaration, "create", wire, context, args);
  }
  const answer = await context.client.send({
    method: step.method ?? "POST",
    path: createPath(declaration, args, context.identity),
    query: mergedQuery(optionQuery(declaration.requestOptions, "create", args), fillQuery(step.query, args)),
    body: declaration.toCreateBody?.(args),
    // A second copy could create a second object (or fail with a conflict): create() settles by reading.
    repeat: step.repeat ?? "settle",
    ...(step.answer !== "ignored" && { schema: step.answer ?? declaration.wire }),
  });
  const newest = await waitAfter(declaration, "create", answer, context, args);
  return step.toWire === undefined ? newest : step.toWire(newest, args);
}

/** GET, merge, PUT under `If-Match`; a 412 means the object changed meanwhile: merge into the new one. */
async function putMerged(
  declaration: ResourceDeclaration,
  changes: Args,
  options: Extract<UpdateKind, { putMerged: unknown }>["putMerged"],
  args: Args,
  context: HookContext,
): Promise<unknown> {
  const path = fillTemplate(declaration.paths.item, context.identity);
  const etagField = options.etagField ?? "etag";
  const attempts = options.attempts ?? PUT_MERGED_ATTEMPTS;
  const liveWire = z.looseObject({ [etagField]: z.string().min(1) });
  return underEtag({
    attempts,
    isConflict: (error) => error.status === 412,
    send: async () => {
      const live: Record<string, unknown> = await context.client.send({ method: "GET", path, schema: liveWire });
      const merged: Record<string, unknown> = { ...live };
      for (const [field, value] of Object.entries(changes)) {
        if (value === null) delete merged[field];
        else merged[field] = value;
      }
      return context.client.send({
        method: "PUT",
        path,
        query: mergedQuery(optionQuery(declaration.requestOptions, "update", args), fillQuery(options.query, args)),
        headers: { "If-Match": String(live[etagField]) },
        body: merged,
        // Guarded by the etag: a copy after the first landed gets a 412 and is merged again.
        repeat: "idempotent",
        // The answer is the object as written: the engine's state, with no read after it.
        schema: declaration.wire,
      });
    },
    // The next attempt reads the live object again: a merge needs nothing else.
    recover: async (attempt, last) => {
      if (!last) context.log(`svc: ${path} changed meanwhile (412 on If-Match); reading it again to merge the change (attempt ${attempt + 1} of ${attempts})`);
    },
  });
}

/**
 * Moves the object to the new value of the move step's field (`POST .../move?destination=`);
 * resolves to the identity at the destination. A lost answer is settled by reading the object
 * there: found, it moved; otherwise the failure stands (a second move would not duplicate it,
 * but the outcome must be known before anything else is sent).
 */
export async function sendMove(declaration: ResourceDeclaration, args: Args, context: HookContext): Promise<Record<string, string>> {
  const { move } = updateOf(declaration.update);
  if (move === undefined) throw new Error("the declaration has no move step");
  const destination = { ...context.identity, [move.field]: String(args[move.field]) };
  try {
    await context.client.send({
      method: "POST",
      path: fillTemplate(move.path, context.identity),
      query: fillQuery(move.query, args),
      repeat: "settle",
      schema: declaration.wire,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.outcome !== "unknown") throw error;
    try {
      await context.client.send({ method: "GET", path: fillTemplate(declaration.paths.item, destination), schema: declaration.wire });
    } catch {
      throw error;
    }
    context.log(`svc: the answer to the move was lost or unreadable; the object is at ${move.field} ${destination[move.field]}`);
  }
  return destination;
}

/**
 * Sends an in-place change (local inputs already left out); resolves to the answer the wait
 * step polls. `previous` is the stored state, whose etag guards an update that declares one.
 */
export async function sendUpdate(
  declaration: ResourceDeclaration,
  change: PatchChange<Args>,
  args: Args,
  context: HookContext,
  previous: State = {},
): Promise<unknown> {
  const { hooks } = declaration;
  const update = updateOf(declaration.update).send;
  const policy = hooks?.policy;
  let answer: unknown;
  if (policy !== undefined) {
    await modifyPolicy(policyTarget(policy, context), (bindings) => policy.grant(bindings, args));
  } else if (hooks?.applyUpdate !== undefined) {
    answer = await hooks.applyUpdate(change, args, context, previous);
  } else {
    const path = fillTemplate(declaration.paths.item, context.identity);
    const changes = (): Args => defaultPatchBody(change);
    if (update === "none") throw new Error("the API has no update: every change replaces the object");
    const options = mergedQuery(optionQuery(declaration.requestOptions, "update", args));
    if (update === "PUT") answer = await context.client.send({ method: "PUT", path, query: options, body: declaration.toCreateBody?.(args) });
    else if (update === "PATCH") answer = await context.client.send({ method: "PATCH", path, query: options, body: changes() });
    else if ("patch" in update) {
      const { mask, body } = maskedPatch(declaration, update, change, args, previous);
      answer = await context.client.send({
        method: "PATCH",
        path,
        query: { ...options, ...fillQuery(update.query, args), [update.maskParam ?? "updateMask"]: mask.join(",") },
        body,
      });
    } else {
      answer = await putMerged(declaration, changes(), update.putMerged, args, context);
    }
  }
  await waitAfter(declaration, "update", answer, context, args);
  return answer;
}

/**
 * Waits for the work a create or update answer describes, when the declaration says to (and, for
 * an opt-in wait, the inputs). Resolves to the answer to go on with: the object's last read when
 * what is polled is the object itself, else the answer given.
 */
export async function waitAfter(
  declaration: ResourceDeclaration,
  step: "create" | "update",
  answer: unknown,
  context: HookContext,
  args: Args,
): Promise<unknown> {
  const wait = declaration.steps?.wait;
  if (wait === undefined || !wait.after.includes(step)) return answer;
  const given = wait.secondsInput === undefined ? undefined : args[wait.secondsInput];
  const seconds = typeof given === "number" ? given : undefined;
  if (wait.secondsInput !== undefined && seconds === undefined) return answer;
  const kind: PollKind = POLL_KINDS[wait.poll];
  const last = await waitFor(kind, answer, {
    client: context.client,
    log: context.log,
    pathOf: (id) => fillTemplate(wait.path, { ...context.identity, id }),
    ...(seconds !== undefined && { timeoutMs: seconds * 1000, onTimeout: "carryOn" as const }),
  });
  const said = wait.outcome?.(last);
  if (said !== undefined) context.log(said);
  return kind.pollsTheObject === true ? last : answer;
}

/**
 * Empties the declared fields, deletes, and on an in-use refusal (attached
 * meanwhile, outside Pulumi) empties them again and deletes again.
 */
async function deleteDetached(declaration: ResourceDeclaration, state: State, send: () => Promise<unknown>, context: HookContext): Promise<void> {
  const detach = declaration.steps?.detachBeforeDelete;
  if (detach === undefined) {
    await send();
    return;
  }
  const empty = async (): Promise<void> => {
    const body = Object.fromEntries(detach.fields.map((field) => [field, []]));
    await context.client.send({ method: "PATCH", path: fillTemplate(declaration.paths.item, context.identity), body });
  };
  if (detach.fields.some((field) => Array.isArray(state[field]) && (state[field] as unknown[]).length > 0)) await empty();
  try {
    await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || error.reason !== detach.inUseReason) throw error;
    await empty();
    await send();
  }
}

/** A body naming the object, each field from the state field given; undefined when the step sends none. */
export function bodyFromState(fields: Readonly<Record<string, string>> | undefined, state: State): Record<string, unknown> | undefined {
  return fields === undefined ? undefined : Object.fromEntries(Object.entries(fields).map(([field, from]) => [field, state[from]]));
}

/** Deletes the object (a 404 is the caller's business); `abandon` leaves it and says so. */
export async function sendDelete(declaration: ResourceDeclaration, state: State, label: string, context: HookContext): Promise<void> {
  const known = { ...state, ...context.identity };
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    await modifyPolicy(policyTarget(policy, context), (bindings) => policy.revoke(bindings, known));
    return;
  }
  const step = declaration.steps?.delete ?? {};
  if (abandons(step)) {
    const words = step === "abandon" ? "the API cannot delete it, so it remains (abandoned)" : step.abandon(known);
    context.log(`svc: ${label}: ${words}; it is no longer managed by this stack.`);
    return;
  }
  await declaration.hooks?.beforeDelete?.(known, context);
  const client = step.at === "channelBase" ? (context.channelClient?.() ?? context.client) : context.client;
  const applyDelete = declaration.hooks?.applyDelete;
  const send = (): Promise<unknown> =>
    applyDelete !== undefined
      ? applyDelete(known, context)
      : client.send({
          method: step.method ?? "DELETE",
          path: fillTemplate(step.path ?? declaration.paths.item, context.identity),
          query: mergedQuery(optionQuery(declaration.requestOptions, "delete", known), fillQuery(step.query, known)),
          body: bodyFromState(step.bodyFromState, known),
          ...(step.repeat !== undefined && { repeat: step.repeat }),
          ...(step.answer !== undefined && { schema: step.answer }),
        } as Parameters<HookContext["client"]["send"]>[0]);
  try {
    await deleteDetached(declaration, known, send, context);
  } catch (error) {
    const explained = error instanceof ApiError && !error.isNotFound ? declaration.hooks?.explainRefusal?.(error, known, "delete") : undefined;
    throw explained ?? error;
  }
}
