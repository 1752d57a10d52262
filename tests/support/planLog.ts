/**
 * What a step sent (the recording client's log, recorder.ts) held to the engine's plan of it
 * (provider/engine/plan/planStep.ts): every request the step sent is one the plan names, in the
 * plan's order, with its method, path, query and body exactly, plus at most the retries the retry
 * table allows it. Where a body is made from an answer (a merged PUT, a policy with the grant, a
 * change from the live set), the expected body is worked out here from the answer the log shows,
 * by the entry's own pure functions or, for a merge and a policy, written out again: a step that
 * sent another body fails. A listing matches each of its pages, work polled until done none or
 * more checks, a request sent when needed one or none.
 */
import { writesOf, type BatchKind, type JoinEntry, type PlanEntry } from "../../provider/engine/kinds";
import { jointRequests } from "../../provider/engine/plan/requests";
import { Cursor, PlanMismatch, pathPattern, words } from "./planCursor";
import type { Recorded, Recorder } from "./recorder";

/** The live object with the changes in it, written out here again: a changed field set, a removed one (null) left out. */
function merged(live: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const object = { ...live };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete object[field];
    else object[field] = value;
  }
  return object;
}

type Binding = { role: string; members: string[]; condition?: unknown };
const normalForm = (bindings: readonly Binding[]): string =>
  JSON.stringify(
    bindings
      .filter((binding) => binding.condition === undefined && binding.members.length > 0)
      .map((binding) => ({ role: binding.role, members: [...new Set(binding.members)].sort() }))
      .sort((a, b) => a.role.localeCompare(b.role)),
  );

/** The served checks of a joint request's pending work (a relay's), none or more. */
function takeServed(cursor: Cursor, batch: BatchKind, key: string, pending: readonly string[]): void {
  if (pending.length > 0) cursor.takeChecks(batch.served(key, pending));
}

/** Walks `entries` over the log; resolves to the last answer taken. */
function walk(entries: readonly PlanEntry[], cursor: Cursor, previous: unknown): unknown {
  let answer = previous;
  for (const entry of entries) {
    switch (entry.kind) {
      case "send":
        answer = entry.request.paging === undefined ? cursor.take(entry.request).answer : cursor.takePages(entry.request);
        break;
      case "read": {
        const { via } = entry;
        if ("stored" in via) break;
        const request = "policy" in via ? via.policy : "list" in via ? via.list : via.item;
        // A read back happens when the answer so far is not the whole object; one sent once a process, when no step sent it before.
        if ((entry.when === "answerNotObject" || request.once === true) && !cursor.isNext(request)) break;
        answer = request.paging === undefined ? cursor.take(request).answer : cursor.takePages(request);
        break;
      }
      case "merge": {
        const live = cursor.take(entry.read).answer as Record<string, unknown>;
        answer = cursor.take(entry.write, {
          body: merged(live, (entry.write.body ?? {}) as Record<string, unknown>),
          ifMatch: String(live[entry.etagField]),
        }).answer;
        break;
      }
      case "policy": {
        const policy = cursor.take(entry.read).answer as { etag: string; bindings?: Binding[] };
        const conditional = (policy.bindings ?? []).filter((binding) => binding.condition !== undefined);
        const unconditional = (policy.bindings ?? []).filter((binding) => binding.condition === undefined);
        const bindings = entry.change(structuredClone(unconditional));
        answer = policy;
        if (normalForm(bindings) !== normalForm(unconditional)) {
          answer = cursor.take(entry.write, { body: { policy: { version: 3, etag: policy.etag, bindings: [...bindings, ...conditional] } } }).answer;
        }
        break;
      }
      case "poll": {
        const pending = entry.poll.pending(answer);
        if (pending !== undefined && !pending.done) cursor.takeChecks(entry.request);
        break;
      }
      case "settled": {
        let live: unknown = entry.believed;
        if (live === undefined) {
          live = entry.read.paging === undefined ? cursor.take(entry.read).answer : cursor.takePages(entry.read);
          if (entry.done(live, answer) !== undefined) break;
        }
        const writes = writesOf(entry.write(live, answer));
        if (writes.length === 0) break;
        const answers = writes.map((write) => cursor.take(write).answer);
        const written = answers[answers.length - 1];
        const waits = entry.waits;
        if (waits !== undefined && "served" in waits) {
          const pending = answers.map((each) => waits.served.pending(each)).filter((id): id is string => id !== undefined);
          takeServed(cursor, waits.served, waits.key, pending);
        } else if (waits !== undefined && waits.poll.pending(written)?.done === false) cursor.takeChecks(waits.request);
        answer = written;
        break;
      }
      case "join":
        // One resource at a time joins nothing: the write goes alone.
        answer = walk(entry.alone, cursor, answer);
        break;
      case "reconcile":
        if (entry.listBefore !== undefined) cursor.takePages(entry.listBefore);
        answer = walk(entry.create, cursor, answer);
        break;
      case "adopt":
        // The objects of a conformance run agree with the program: the read, and no update.
        answer = walk([entry.read], cursor, answer);
        break;
    }
  }
  return answer;
}

/** Where the log and the plan part, in words; undefined when the log follows the plan. */
export function planMismatch(basePath: string, plan: readonly PlanEntry[], log: readonly Recorded[]): string | undefined {
  const cursor = new Cursor(log, basePath);
  try {
    walk(plan, cursor, undefined);
  } catch (error) {
    if (error instanceof PlanMismatch) return error.message;
    throw error;
  }
  return cursor.at === log.length ? undefined : `sent beyond the plan: ${log.slice(cursor.at).map(words).join("; ")}`;
}

/**
 * The joint plan of steps that run at the same time: each step's own requests in any order, and
 * for each key its joined writes as one joint request with the served checks of its pending work.
 */
export function jointMismatch(basePath: string, plans: readonly (readonly PlanEntry[])[], log: readonly Recorded[]): string | undefined {
  const joined = new Map<string, JoinEntry[]>();
  const own: PlanEntry[][] = [];
  for (const plan of plans) {
    const flat = plan.flatMap((entry) => (entry.kind === "reconcile" ? [...entry.create] : [entry]));
    const joins = flat.filter((entry): entry is JoinEntry => entry.kind === "join");
    for (const join of joins) joined.set(join.key, [...(joined.get(join.key) ?? []), join]);
    const rest = flat.filter((entry) => entry.kind !== "join");
    if (rest.length > 0) own.push(rest);
  }
  // The joint requests, each exactly; what the steps send of their own is not joined and is held to their plans alone.
  let remaining = [...log];
  for (const [key, entries] of joined) {
    const batch = entries[0]!.batch;
    const [joint] = jointRequests([entries]);
    const index = remaining.findIndex((recorded) => recorded.method === joint!.method && pathPattern(basePath, joint!.path).test(recorded.path));
    if (index < 0) return `the joint request of ${key} was not sent`;
    const cursor = new Cursor(remaining.slice(index), basePath);
    try {
      const written = cursor.take(joint!);
      const pending = batch.pending(written.answer);
      takeServed(cursor, batch, key, pending === undefined ? [] : [pending]);
    } catch (error) {
      if (error instanceof PlanMismatch) return error.message;
      throw error;
    }
    remaining = [...remaining.slice(0, index), ...remaining.slice(index + cursor.at)];
  }
  for (const plan of own) {
    const cursor = new Cursor(remaining, basePath);
    try {
      walk(plan, cursor, undefined);
    } catch (error) {
      if (error instanceof PlanMismatch) return error.message;
      throw error;
    }
    remaining = remaining.slice(cursor.at);
  }
  return remaining.length === 0 ? undefined : `sent beyond the joint plan: ${remaining.map(words).join("; ")}`;
}

/** Runs `work` and holds what the recording client saw meanwhile to `plan`; resolves to what `work` gave. */
export async function followsPlan<T>(recording: Recorder, basePath: string, plan: readonly PlanEntry[], work: () => Promise<T>): Promise<T> {
  const before = recording.recorded.length;
  const result = await work();
  expect(planMismatch(basePath, plan, recording.recorded.slice(before))).toBeUndefined();
  return result;
}

/** Runs `work`, steps of several resources at the same time, and holds what was sent meanwhile to their joint plan. */
export async function followsJointPlan<T>(recording: Recorder, basePath: string, plans: readonly (readonly PlanEntry[])[], work: () => Promise<T>): Promise<T> {
  const before = recording.recorded.length;
  const result = await work();
  expect(jointMismatch(basePath, plans, recording.recorded.slice(before))).toBeUndefined();
  return result;
}
