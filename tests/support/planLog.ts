/**
 * What a step sent (the recording client's log, recorder.ts) held to the engine's plan of it
 * (provider/engine/plan/planStep.ts): every request the step sent is one the plan names, in the
 * plan's order, with its method, path, query and body exactly, plus at most the retries the retry
 * table allows it. Each entry says what it sent through its kind's descriptor (provider/engine/kinds/:
 * `requests` with a reading of the log), so no kind is named here: where a body is made from an
 * answer (a merged PUT, a policy with the grant, a change from the live set), the expected body is
 * worked out from the answer the log shows by the entry's own pure functions, and a step that sent
 * another body fails. A listing matches each of its pages, work polled until done none or more
 * checks, a request sent only when needed (a read back, a read once a process) one or none.
 */
import {
  ENTRY_KINDS,
  jointParts,
  kindOf,
  walkerOf,
  type BatchKind,
  type Nested,
  type PlanEntry,
  type PlannedRequest,
  type Registry,
} from "../../provider/engine/kinds";
import { jointRequests } from "../../provider/engine/plan/requests";
import { Cursor, PlanMismatch, pathPattern, words } from "./planCursor";
import type { Recorded, Recorder } from "./recorder";

/** The served checks of a joint request's pending work (a relay's), none or more. */
function takeServed(cursor: Cursor, batch: BatchKind, key: string, pending: readonly string[]): void {
  if (pending.length > 0) cursor.takeChecks(batch.served(key, pending));
}

/** Takes `request` from the log: a wait's checks (none or more; no answer), a listing's pages (its items), or the request and its retries (its answer). */
function take(cursor: Cursor, request: PlannedRequest): unknown {
  if (request.sent === "untilDone") {
    cursor.takeChecks(request);
    return undefined;
  }
  if (request.paging !== undefined) return cursor.takePages(request);
  const ifMatch = request.headers?.["If-Match"];
  return cursor.take(request, ifMatch === undefined ? {} : { ifMatch }).answer;
}

/**
 * Walks `entries` over the log, each by its kind's descriptor in `registry`, one resource at a time
 * (a joined write goes alone); resolves to the answer of the last request taken (a wait's checks
 * leave it), `previous` when none was.
 */
function walk(entries: readonly PlanEntry[], cursor: Cursor, previous: unknown, registry: Registry): unknown {
  const walker = walkerOf(registry);
  /** Each entry's requests, taken from the log in the order the entry asks their answers, then in its order; with what they answered, and the last answer. */
  const follow = (each: readonly PlanEntry[], before: unknown, answers: Map<PlannedRequest, unknown>): { requests: PlannedRequest[]; last: unknown } => {
    const all: PlannedRequest[] = [];
    let last = before;
    for (const entry of each) {
      const mine = new Map<PlannedRequest, unknown>();
      const answerOf = (request: PlannedRequest): unknown => {
        if (!mine.has(request)) mine.set(request, take(cursor, request));
        return mine.get(request);
      };
      const nested: Nested = {
        ...walker,
        // The entries inside the entry (a join's alone, a create's writes) are taken in turn; their answers are the entry's.
        requests: (inner, reading) => follow(inner, reading.before, mine).requests,
      };
      const requests = kindOf(registry, entry).requests(
        entry,
        { answerOf, before: last, alone: true, sent: { isNext: (request) => cursor.isNext(request) } },
        nested,
      );
      for (const request of requests) answerOf(request);
      const answered = requests.filter((request) => request.sent !== "untilDone");
      const final = answered[answered.length - 1];
      if (final !== undefined) last = mine.get(final);
      for (const [request, value] of mine) answers.set(request, value);
      all.push(...requests);
    }
    return { requests: all, last };
  };
  return follow(entries, previous, new Map()).last;
}

/** Where the log and the plan part, in words; undefined when the log follows the plan. */
export function planMismatch(basePath: string, plan: readonly PlanEntry[], log: readonly Recorded[], registry: Registry = ENTRY_KINDS): string | undefined {
  const cursor = new Cursor(log, basePath);
  try {
    walk(plan, cursor, undefined, registry);
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
export function jointMismatch(
  basePath: string,
  plans: readonly (readonly PlanEntry[])[],
  log: readonly Recorded[],
  registry: Registry = ENTRY_KINDS,
): string | undefined {
  const { own, joined } = jointParts(plans, registry);
  // The joint requests, each exactly; what the steps send of their own is not joined and is held to their plans alone.
  let remaining = [...log];
  for (const [key, entries] of joined) {
    const batch = entries[0]!.batch;
    const [joint] = jointRequests([entries], registry);
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
      walk(plan, cursor, undefined, registry);
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
