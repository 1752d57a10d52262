/**
 * Creates with their reconciliation (a reconcile entry), and adoptions (an adopt entry). A create
 * whose outcome is unknown is never sent again blindly: the object is read first, or for a
 * server-assigned id the listing compared, and what was made as asked for is adopted. A create that
 * finds its object already made by this stack's interrupted run adopts it (ownership/records.ts);
 * one another stack's record names is refused. Every request is the entry's: its reads, its
 * listing, its writes.
 */
import { ApiError } from "../../http/answer";
import { madeElsewhere, type OwnershipRecord } from "../ownership/records";
import type { AdoptEntry, PlanEntry, ReconcileEntry } from "../kinds";
import { sendPlanned, type Answer, type ObjectModel, type RunContext, guarded, roundsOf } from "./context";
import { runRead } from "./reads";

type State = Record<string, unknown>;
type RunPlan = (entries: readonly PlanEntry[], context: RunContext) => Promise<Answer>;

/** What a create made or adopted: the object's answer as its state, and its id. */
export interface Made {
  readonly id: string;
  readonly state: State;
}

function modelOf(context: RunContext): ObjectModel {
  if (context.model === undefined) throw new Error("a create or an adoption runs with its resource's model");
  return context.model;
}

function createAgain(attempt: number, context: RunContext, because: string): { again: true } {
  context.log(`${because} (attempt ${attempt + 1} of ${roundsOf("create")})`);
  return { again: true };
}

/** The create's answer as the object's wire form: the entry's transform when the answer is not the object (a policy's grant, a follow's builds). */
function wireOf(entry: ReconcileEntry, answer: Answer): Answer {
  return entry.toWire === undefined ? answer : { value: entry.toWire(answer.value) };
}

/** Runs a reconcile entry; resolves to the object's answer (its state, with the id in `madeId`). */
export async function runReconcile(entry: ReconcileEntry, context: RunContext, run: RunPlan): Promise<Answer> {
  const { lock } = entry;
  const made =
    entry.assigned !== true
      ? await createWithId(entry, context, run)
      : lock === undefined
        ? await createWithServerId(entry, context, run)
        : await context.process.locks.run(lock, () => createWithServerId(entry, context, run));
  return { value: made.state, madeId: made.id } as Answer;
}

/** The id a reconcile's answer carries (the create's, or the adopted object's). */
export function madeIdOf(answer: Answer): string | undefined {
  return (answer as { madeId?: string }).madeId;
}

async function createWithId(entry: ReconcileEntry, context: RunContext, run: RunPlan): Promise<Made> {
  const model = modelOf(context);
  const args = entry.args;
  const id = model.idOf(args);
  const { ownership } = context;
  // Read before this create's own record replaces it: only an earlier record this resource may adopt can claim an existing object.
  const found = ownership?.records.recordOf(ownership.creator.owner);
  const earlier = ownership !== undefined && ownership.records.mayAdopt(found, ownership.creator.nonce) ? found : undefined;
  if (earlier?.id === id && entry.readFirst !== undefined) {
    // This resource's earlier run sent this create: what it made is adopted, not made again.
    const existing = await runRead(entry.readFirst, context);
    if (existing.gone !== true) return adoptOwn(entry, id, earlier, model.stateOf(existing, context.identity, args), context, run);
  }
  const written = ownership === undefined ? undefined : ownership.records.recordFor(ownership.creator, { id, since: new Date().toISOString() });
  if (written !== undefined) ownership?.records.keep(written);
  let outcomeUnknown = false;
  try {
    return await guarded<Made>({
      loop: "create",
      sleep: context.process.sleep,
      send: async () => ({ id, state: model.stateOf(wireOf(entry, await run(entry.create, context)), context.identity, args) }),
      settle: async (error, attempt, last) => {
        const mayExist = error.outcome === "unknown" || (error.isConflict && outcomeUnknown);
        if (!mayExist) {
          const explained = model.explainRefusal(error, args, "create");
          if (explained !== undefined) throw explained;
          if (error.isConflict && earlier?.id === id && entry.readFirst !== undefined) {
            const existing = await runRead(entry.readFirst, context);
            if (existing.gone !== true) return { done: await adoptOwn(entry, id, earlier, model.stateOf(existing, context.identity, args), context, run) };
          }
          if (error.isConflict) {
            throw new Error(
              `${model.label} ${id} could not be created: the API reports a conflict (${error.apiMessage ?? error.message}). ` +
                `If ${id} already exists outside this stack, manage it with the resource option { import: "${id}" } or choose another name.` +
                (found?.id === id ? ` ${madeElsewhere(found)}` : ""),
            );
          }
          return undefined;
        }
        outcomeUnknown = true;
        if (entry.settle === undefined) return undefined;
        const read = await runRead(entry.settle, context);
        if (read.gone !== true) {
          const existing = model.stateOf(read, context.identity, args);
          const differs = model.differs(existing, args);
          if (differs.length === 0) {
            context.log(`svc: ${model.label} ${id}: the answer to the create was lost or unreadable; the object exists as requested and is adopted.`);
            return { done: { id, state: existing } };
          }
          throw new Error(
            `${model.label} ${id}: the create response was lost and an object with this id now exists ` +
              `that differs in ${differs.join(", ")}; it was not adopted. Inspect it, then import it or delete it. (${error.message})`,
          );
        }
        if (last) return { again: true };
        return createAgain(attempt, context, `svc: ${model.label} ${id}: the create failed with an unknown outcome and the object is absent; creating again`);
      },
    });
  } catch (error) {
    if (written !== undefined) settleRecord(context, written, found, error);
    throw error;
  }
}

/** What this stack's interrupted run made, adopted as an import would be: what differs and can change in place is updated. */
async function adoptOwn(entry: ReconcileEntry, id: string, record: OwnershipRecord, existing: State, context: RunContext, run: RunPlan): Promise<Made> {
  const model = modelOf(context);
  context.log(`svc: ${model.label} ${id} already exists: this stack's interrupted run made it (its create was sent ${record.since}); it is adopted.`);
  const adopted = await converge(entry.adopt, id, existing, entry.args, context, run);
  // Now this resource's: a run killed before its state holds it leaves a record svc-recover can release.
  const { ownership } = context;
  if (ownership !== undefined) ownership.records.keep(ownership.records.recordFor(ownership.creator, { id, since: record.since }));
  return adopted;
}

/** After an adoption's read: refuse, update what differs, or take the object as it is. */
async function converge(then: AdoptEntry["then"], id: string, existing: State, args: State, context: RunContext, run: RunPlan): Promise<Made> {
  const model = modelOf(context);
  const decided = then(existing);
  if (decided === undefined) return { id, state: existing };
  if ("refuse" in decided) throw new Error(decided.refuse);
  context.log(`svc: ${model.label} ${id}: imported; updating ${decided.changed.join(", ")} to match the program.`);
  const answer = await run(decided.update, { ...context, known: existing });
  if (answer.gone === true) throw new Error(`${model.label} ${id} disappeared during the update`);
  // Updated to match the program: what is known besides the answer is the program's (as after any update), over what was read.
  return { id, state: model.stateOf(answer, context.identity, { ...existing, ...args }) };
}

/** Runs an adopt entry: the object read (it must exist), then converged with the program. */
export async function runAdopt(entry: AdoptEntry, context: RunContext, run: RunPlan): Promise<Answer> {
  const model = modelOf(context);
  const read = await runRead(entry.read, context);
  if (read.gone === true) throw new Error(entry.absent);
  const made = await converge(entry.then, entry.id, model.stateOf(read, context.identity, entry.args), entry.args, context, run);
  return { value: made.state, madeId: made.id } as Answer;
}

/** The state and id of a listed object (parsed in the listing: by the wire schema, or by the listing's own and then as the object), with the identity inputs its wire form leaves out. */
function listedObject(entry: ReconcileEntry, model: ObjectModel, item: unknown): Made {
  const listed = entry.listedAs === "wire" ? { value: item, parsedBy: model.wire } : { value: item };
  return model.made(entry.args, model.stateOf(listed, {}, entry.args));
}

async function createWithServerId(entry: ReconcileEntry, context: RunContext, run: RunPlan): Promise<Made> {
  const model = modelOf(context);
  const args = entry.args;
  const listing = entry.listBefore;
  const list = async (): Promise<readonly unknown[] | undefined> => (listing === undefined ? undefined : ((await sendPlanned(listing, context)) as unknown[]));
  const keyOf = (item: unknown): string => listedObject(entry, model, item).id;
  const listed = await list();
  const before = listed?.map(keyOf);
  const { ownership } = context;
  const found = ownership?.records.recordOf(ownership.creator.owner);
  const ours = ownership !== undefined && ownership.records.mayAdopt(found, ownership.creator.nonce) ? found : undefined;
  const own = ownFromEarlierRun(entry, model, ours, listed ?? []);
  if (own !== undefined) {
    const adopted = listedObject(entry, model, own.item);
    context.log(
      `svc: ${model.label} ${adopted.id} was made by this stack's interrupted run (its create was sent ${own.since}); it is adopted, not made again.`,
    );
    if (ownership !== undefined) ownership.records.keep(ownership.records.recordFor(ownership.creator, { id: adopted.id, since: own.since }));
    return adopted;
  }
  // What a same-named stack's record names and the program asks for: neither taken over nor made a second time.
  const theirs = found === undefined || ours !== undefined ? undefined : ownFromEarlierRun(entry, model, found, listed ?? []);
  if (theirs !== undefined && found !== undefined) {
    const id = keyOf(theirs.item);
    throw new Error(
      `${model.label} ${id} exists and is what this resource asks for, but it is not this stack's to adopt. ${madeElsewhere(found)} ` +
        `To manage it here as well, use the resource option { import: "${id}" }; to make a new one, remove ${ownership?.records.fileOf(found.owner) ?? "its record"}.`,
    );
  }
  const since = new Date().toISOString();
  const written = ownership === undefined || before === undefined ? undefined : ownership.records.recordFor(ownership.creator, { before, since });
  if (written !== undefined) ownership?.records.keep(written);
  let result: Made;
  try {
    result = await guarded<Made>({
      loop: "create",
      sleep: context.process.sleep,
      send: async () => model.made(args, model.stateOf(wireOf(entry, await run(entry.create, context)), {}, args)),
      settle: async (error, attempt, last) => {
        if (error.outcome !== "unknown" || before === undefined) return undefined;
        const appeared = ((await list()) ?? []).filter((item) => !before.includes(keyOf(item)));
        if (appeared.length === 1) {
          const adopted = listedObject(entry, model, appeared[0]);
          context.log(`svc: ${model.label}: the answer to the create was lost or unreadable; the new object ${adopted.id} is adopted.`);
          return { done: adopted };
        }
        if (appeared.length > 1) {
          throw new Error(
            `${model.label}: the create response was lost and ${appeared.length} new objects appeared meanwhile ` +
              `(${appeared.map(keyOf).join(", ")}); none was adopted. Delete the extra ones or import one. (${error.message})`,
          );
        }
        if (last) return { again: true };
        return createAgain(attempt, context, `svc: ${model.label}: the create failed with an unknown outcome and nothing new exists; creating again`);
      },
    });
  } catch (error) {
    if (written !== undefined) settleRecord(context, written, found, error);
    throw error;
  }
  if (ownership !== undefined) ownership.records.keep(ownership.records.recordFor(ownership.creator, { id: result.id, since }));
  return result;
}

/**
 * The object this resource's interrupted run made, when its ownership record and the listing say
 * so: the id the record names, or the one object made since the record's listing that is what the
 * program asks for. Several such objects are refused: which one is ours cannot be told.
 */
function ownFromEarlierRun(
  entry: ReconcileEntry,
  model: ObjectModel,
  record: OwnershipRecord | undefined,
  listed: readonly unknown[],
): { item: unknown; since: string } | undefined {
  if (record === undefined) return undefined;
  const candidates = listed.filter((item) => {
    const object = listedObject(entry, model, item);
    if (record.id !== undefined ? object.id !== record.id : record.before === undefined || record.before.includes(object.id)) return false;
    return model.differs(object.state, entry.args).length === 0;
  });
  if (candidates.length > 1) {
    throw new Error(
      `${model.label}: this stack's interrupted run (its create was sent ${record.since}) left ${candidates.length} objects that are what the program asks for ` +
        `(${candidates.map((item) => listedObject(entry, model, item).id).join(", ")}); which is this resource's cannot be told. Delete the extra ones, or import one with { import }.`,
    );
  }
  return candidates[0] === undefined ? undefined : { item: candidates[0], since: record.since };
}

/**
 * What an interrupted create of this resource made, when it exists (what `svc-recover` needs to
 * complete a pending create): the id its inputs name, or for a server-assigned id the one the
 * ownership record it may adopt names or made since its listing. Without any record (the folder
 * lost with a runner), a create the API repeats without making a second object (an ACL rule: the
 * scope is the rule) made the one listed object that is what it asks for. An object a record of a
 * same-named stack names is that stack's, not this create's. Reads only.
 */
export async function findMade(entry: ReconcileEntry, context: RunContext): Promise<Made | { none: string }> {
  const model = modelOf(context);
  const { ownership } = context;
  const found = ownership?.records.recordOf(ownership.creator.owner);
  const ours = ownership !== undefined && ownership.records.mayAdopt(found, ownership.creator.nonce) ? found : undefined;
  const theirs = found !== undefined && ours === undefined ? ` ${madeElsewhere(found)}` : "";
  if (entry.assigned !== true) {
    const id = model.idOf(entry.args);
    if (theirs !== "" && found?.id === id) return { none: `${id} is not this create's.${theirs}` };
    if (entry.readFirst === undefined) return { none: "the create cannot be read back" };
    const read = await runRead(entry.readFirst, context);
    return read.gone === true ? { none: "the create never reached the service" } : { id, state: model.stateOf(read, context.identity, entry.args) };
  }
  const listed = entry.listBefore === undefined ? [] : ((await sendPlanned(entry.listBefore, context)) as unknown[]);
  const own = ownFromEarlierRun(entry, model, ours, listed);
  if (own !== undefined) return listedObject(entry, model, own.item);
  if (found === undefined && entry.repeatable === true) {
    const asked = listed.filter((item) => model.differs(listedObject(entry, model, item).state, entry.args).length === 0);
    if (asked.length === 1) return listedObject(entry, model, asked[0]);
  }
  return { none: found === undefined ? "no record of this create on this machine tells its object apart" : `nothing this create made exists.${theirs}` };
}

/**
 * After a create failed: with an unknown outcome the object may exist, and no state will hold it
 * (the engine keeps no failed create), so its record is released; a refusal made nothing, so the
 * record that stood before it stands again.
 */
function settleRecord(context: RunContext, written: OwnershipRecord, previous: OwnershipRecord | undefined, error: unknown): void {
  const records = context.ownership?.records;
  if (records === undefined) return;
  if (error instanceof ApiError && error.outcome === "unknown") records.keep({ ...written, released: true });
  else if (previous !== undefined) records.keep(previous);
  else records.drop(written.owner, written.id);
}
