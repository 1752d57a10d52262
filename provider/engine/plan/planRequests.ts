/**
 * The requests of each step from the declaration's data (steps.ts) and, where data cannot say it,
 * the plan its hook returns: the create, the update, the move and the delete, and the read (the GET
 * of the item, a listing the object is found in, the GET or with other reads of its collection one
 * shared listing, the access policy it is part of, or none: the state is what was stored). Pure:
 * nothing is sent here.
 */
import { z } from "zod";
import type { Binding } from "../../google/iamPolicy";
import { listingRequest } from "../../google/listing";
import type { Args, PatchChange, ResourceDeclaration, State } from "../declaration/declaration";
import { abandons, createTemplate, fillQuery, mergedQuery, optionQuery, updateOf } from "../declaration/steps";
import { fillTemplate, formatId } from "../declaration/template";
import { defaultPatchBody, maskedPatch } from "./diff";
import type { PlanEntry, PlannedRequest, ReadEntry, ReadVia, SendEntry } from "../kinds";
import { policyEntry, policyRead, shownGrant } from "./policyRequests";

export { policyEntry, policyRead } from "./policyRequests";

type Identity = Readonly<Record<string, string>>;

/** Where the create goes: the step's path (or the one its input chooses), else the collection. */
export function createPath(declaration: ResourceDeclaration, args: Args, identity: Identity): string {
  const { template, values } = createTemplate(declaration.steps?.create?.path, declaration.paths.collection, args, identity);
  return fillTemplate(template, values);
}

/** The wait a create or update answer may start (`steps.wait`), as entries: none unless declared (and, opt-in, asked for). */
export function waitEntries(declaration: ResourceDeclaration, step: "create" | "update", args: Args, identity: Identity): PlanEntry[] {
  const wait = declaration.steps?.wait;
  if (wait === undefined || !wait.after.includes(step)) return [];
  const given = wait.secondsInput === undefined ? undefined : args[wait.secondsInput];
  const seconds = typeof given === "number" ? given : undefined;
  if (wait.secondsInput !== undefined && seconds === undefined) return [];
  const kind = wait.poll;
  return [
    {
      kind: "poll",
      poll: wait.poll,
      template: wait.path,
      request: {
        method: "GET",
        path: describedPath(wait.path, { ...identity, id: `${UNSET}operation${UNSET}` }),
        // What polls the object itself reads the object: its checks are parsed as the object, once.
        schema: kind.pollsTheObject === true ? declaration.wire : kind.schema,
        sent: "untilDone",
        waits: kind.schedule,
        note: `polled until the work is done (${kind.name})`,
      },
      ...(seconds !== undefined && { timeoutMs: seconds * 1000 }),
      ...(wait.outcome !== undefined && { outcome: wait.outcome }),
      objectAnswer: kind.pollsTheObject === true,
    },
  ];
}

/** Marks a part not known yet (a server-assigned id before create), kept through percent-encoding. */
export const UNSET = "_svcplan_";

/** A path from a template for a reader: a part not known (a server-assigned id before create) stays a placeholder. */
export function describedPath(template: string, identity: Identity): string {
  const names = [...template.matchAll(/\{(\w+)\*?\}/g)].map((match) => match[1] ?? "");
  // A part not known (absent or empty) stays a placeholder; a known value that would name another object fails, as it would at up.
  const known = Object.fromEntries(
    names.map((name) => [name, identity[name] === undefined || identity[name] === "" ? `${UNSET}${name}${UNSET}` : identity[name]]),
  );
  return fillTemplate(template, known).replace(new RegExp(`${UNSET}(\\w+)${UNSET}`, "g"), "{$1}");
}

/**
 * The create: POST to the collection unless the create step says otherwise, then any wait; a hook's
 * plan or a policy's grant instead. `toWire` makes the object's wire form of the answer when the
 * answer is not the object (the grant found in the policy written, a create step's own `toWire`).
 */
export function planCreate(declaration: ResourceDeclaration, args: Args, identity: Identity): { writes: PlanEntry[]; toWire?: (answer: unknown) => unknown } {
  const { hooks = {} } = declaration;
  if (hooks.policy !== undefined) {
    const policy = hooks.policy;
    const known = { ...args, ...identity };
    return {
      writes: [policyEntry(policy, identity, (bindings) => policy.grant(bindings, args), shownGrant(policy, args))],
      toWire: (answer) => {
        const found = policy.find((answer as { bindings?: Binding[] }).bindings ?? [], known);
        if (found === undefined) throw new Error(`the access policy written does not hold the grant (${formatId(policy.label, identity)})`);
        return found;
      },
    };
  }
  const toWire = declaration.steps?.create?.toWire;
  const converted = toWire === undefined ? {} : { toWire: (answer: unknown) => toWire(answer, args) };
  if (hooks.planCreate !== undefined)
    return { writes: [...hooks.planCreate(args, identity), ...waitEntries(declaration, "create", args, identity)], ...converted };
  const step = declaration.steps?.create ?? {};
  const request: PlannedRequest = {
    method: step.method ?? "POST",
    path: createPath(declaration, args, identity),
    ...withQuery(mergedQuery(optionQuery(declaration.requestOptions, "create", args), fillQuery(step.query, args))),
    ...(declaration.toCreateBody !== undefined && { body: declaration.toCreateBody(args) }),
    // A second copy could create a second object (or fail with a conflict): the engine settles by reading.
    repeat: step.repeat ?? "settle",
    ...(step.answer !== "ignored" && { schema: step.answer ?? declaration.wire }),
  };
  return { writes: [send(request), ...waitEntries(declaration, "create", args, identity)], ...converted };
}

function withQuery(query: ReturnType<typeof mergedQuery>): { query?: NonNullable<ReturnType<typeof mergedQuery>> } {
  return query === undefined ? {} : { query };
}

/** The move of an object to the move step's new value: one POST; the object keeps its server id there. */
export function planMove(declaration: ResourceDeclaration, args: Args, identity: Identity): PlannedRequest | undefined {
  const { move } = updateOf(declaration.update);
  if (move === undefined) return undefined;
  return {
    method: "POST",
    path: fillTemplate(move.path, identity),
    ...withQuery(fillQuery(move.query, args)),
    repeat: "settle",
    schema: declaration.wire,
    note: `moves the object to the new ${move.field}, keeping its id`,
  };
}

/**
 * The in-place change (local inputs left out by the caller), by the update's kind or the hook's plan,
 * then any wait. `previous` is the stored state, whose etag an update-mask PATCH carries.
 */
export function planUpdate(declaration: ResourceDeclaration, change: PatchChange<Args>, args: Args, identity: Identity, previous: State): PlanEntry[] {
  const { hooks = {} } = declaration;
  const waits = waitEntries(declaration, "update", args, identity);
  const update = updateOf(declaration.update).send;
  // A write whose answer is the work a wait polls is read by the work's schema, once, in the call path.
  const work = (request: PlannedRequest): PlannedRequest =>
    waits[0]?.kind === "poll" && request.schema === undefined ? { ...request, schema: waits[0].poll.schema } : request;
  if (update === "policy" && hooks.policy !== undefined) {
    const policy = hooks.policy;
    return [policyEntry(policy, identity, (bindings) => policy.grant(bindings, args), shownGrant(policy, args)), ...waits];
  }
  if (update === "planned" && hooks.planUpdate !== undefined) return [...hooks.planUpdate(change, args, identity, previous), ...waits];
  if (update === "none" || update === "policy" || update === "planned") throw new Error(`the update is ${update}: no request can be planned for it`);
  const path = fillTemplate(declaration.paths.item, identity);
  const options = mergedQuery(optionQuery(declaration.requestOptions, "update", args));
  if (update === "PUT") return [send(work({ method: "PUT", path, ...withQuery(options), ...bodyOf(declaration.toCreateBody?.(args)) })), ...waits];
  if (update === "PATCH") return [send(work({ method: "PATCH", path, ...withQuery(options), body: defaultPatchBody(change) })), ...waits];
  if ("patch" in update) {
    const { mask, body } = maskedPatch(declaration, update, change, args, previous);
    const query = { ...options, ...fillQuery(update.query, args), [update.maskParam ?? "updateMask"]: mask.join(",") };
    return [send(work({ method: "PATCH", path, query, body })), ...waits];
  }
  const etagField = update.putMerged.etagField ?? "etag";
  const merge: PlanEntry = {
    kind: "merge",
    read: { method: "GET", path, schema: z.looseObject({ [etagField]: z.string().min(1) }), note: `reads the live object and its ${etagField}` },
    write: {
      method: "PUT",
      path,
      ...withQuery(mergedQuery(options, fillQuery(update.putMerged.query, args))),
      headers: { "If-Match": `<the ${etagField} read>` },
      body: defaultPatchBody(change),
      described: true,
      // Guarded by the etag: a copy after the first landed gets a 412 and is merged again.
      repeat: "idempotent",
      // The answer is the object as written: the engine's state, with no read after it.
      schema: declaration.wire,
      note: "the live object with only these fields changed (a 412 reads it again and merges again)",
    },
    etagField,
  };
  return [merge, ...waits];
}

function bodyOf(body: unknown): { body?: unknown } {
  return body === undefined ? {} : { body };
}

/**
 * The delete: the hook's work first (a zone emptied), a detach when something is attached, then
 * DELETE of the item unless the delete step says otherwise; nothing for an API without a delete.
 */
export function planDelete(declaration: ResourceDeclaration, state: State, identity: Identity): PlanEntry[] {
  const known = { ...state, ...identity };
  const { hooks = {} } = declaration;
  if (hooks.policy !== undefined) {
    const policy = hooks.policy;
    return [policyEntry(policy, identity, (bindings) => policy.revoke(bindings, known), "(the policy read, without this resource's grant)")];
  }
  const step = declaration.steps?.delete ?? {};
  if (abandons(step)) return [];
  const before = hooks.planBeforeDelete?.(known, identity) ?? [];
  const remove: PlanEntry[] =
    hooks.planDelete !== undefined
      ? [...hooks.planDelete(known, identity)]
      : [
          send({
            method: step.method ?? "DELETE",
            path: fillTemplate(step.path ?? declaration.paths.item, identity),
            ...withQuery(mergedQuery(optionQuery(declaration.requestOptions, "delete", known), fillQuery(step.query, known))),
            ...bodyOf(bodyFromState(step.bodyFromState, known)),
            ...(step.repeat !== undefined && { repeat: step.repeat }),
            ...(step.answer !== undefined && { schema: step.answer }),
            ...(step.at === "channelBase" && { at: "channelBase" as const, note: "sent to the API's channel base address" }),
          }),
        ];
  const detach = declaration.steps?.detachBeforeDelete;
  if (detach === undefined) return [...before, ...remove];
  const empty = send({
    method: "PATCH",
    path: fillTemplate(declaration.paths.item, identity),
    body: Object.fromEntries(detach.fields.map((field) => [field, []])),
    note: "detaches first: the API refuses to delete while they are attached",
  });
  const attached = detach.fields.some((field) => Array.isArray(known[field]) && (known[field] as unknown[]).length > 0);
  // Attached meanwhile, outside Pulumi: the refusal says so, and the detach and delete go once more.
  const [last, ...rest] = [...remove].reverse();
  const guardedLast = last?.kind === "send" ? { ...last, whenRefused: { reason: detach.inUseReason, first: [empty] } } : last;
  return [...before, ...(attached ? [empty] : []), ...[...rest].reverse(), ...(guardedLast === undefined ? [] : [guardedLast])];
}

/** A body naming the object, each field from the state field given; undefined when the step sends none. */
export function bodyFromState(fields: Readonly<Record<string, string>> | undefined, state: State): Record<string, unknown> | undefined {
  return fields === undefined ? undefined : Object.fromEntries(Object.entries(fields).map(([field, from]) => [field, state[from]]));
}

/** The GET of the item, its answer parsed by the wire schema in the call path. */
export function itemRead(declaration: ResourceDeclaration, identity: Identity): PlannedRequest {
  return { method: "GET", path: fillTemplate(declaration.paths.item, identity), schema: declaration.wire };
}

/** How one object is read (`known`: its inputs or stored state, which a policy's grant and a stored read take their values from). */
export function readVia(declaration: ResourceDeclaration, identity: Identity, known: Readonly<Record<string, unknown>> = {}): ReadVia {
  const policy = declaration.hooks?.policy;
  if (policy !== undefined) {
    const all = { ...known, ...identity };
    return { policy: policyRead(fillTemplate(policy.resource, identity)), find: (bindings) => policy.find(bindings, all) };
  }
  const read = declaration.steps?.read;
  if (read === "stored") return { stored: true };
  if (read !== undefined && "storedUntil" in read) return { stored: true, until: read.storedUntil };
  if (read !== undefined && "list" in read) {
    const { list } = read;
    return { list: listingRequest(fillTemplate(list.path, identity), list.field, list.paging, list.entry, { note: "every page" }), pick: list };
  }
  if (read !== undefined && "sharedListing" in read) {
    const list = read.sharedListing;
    const shared = listingRequest(fillTemplate(list.path, identity), list.field, list.paging, list.entry, {
      note: "with the other reads of the collection that come at the same time (a refresh): one listing for all",
    });
    return { item: itemRead(declaration, identity), shared, pick: list };
  }
  return { item: itemRead(declaration, identity) };
}

export const send = (request: PlannedRequest): SendEntry => ({ kind: "send", request });

/** The read of the object, with `note` for a reader. */
export const read = (via: ReadVia, note: string, when?: ReadEntry["when"]): ReadEntry => ({ kind: "read", via, note, ...(when !== undefined && { when }) });
