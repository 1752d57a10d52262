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
import { isDeepStrictEqual } from "node:util";
import type { BatchKind, JoinEntry, PlanEntry, PlannedRequest } from "../../provider/engine/plan/entries";
import { jointRequests } from "../../provider/engine/plan/requests";
import { defaultRepeatRule } from "../../provider/http/retry";
import { RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS, TOKEN_REFUSED } from "../../provider/http/retryTable";
import type { Recorded, Recorder } from "./recorder";

class PlanMismatch extends Error {}

const FAULTS = new Set([408, 500, 502, 503, 504]);

/** Whether a request that ended in `status` may go again as the attempt after `attempts` (and `resends` fresh tokens), by the retry table. */
function mayGoAgain(request: PlannedRequest, status: number, attempts: number, resends: number): boolean {
  if (status === 401) return resends < TOKEN_REFUSED.resends;
  if (status === 429) return attempts < RATE_LIMITED_ATTEMPTS;
  return FAULTS.has(status) && attempts < REQUEST_ATTEMPTS[request.repeat ?? defaultRepeatRule(request.method)].attempts;
}

/** A planned path as a pattern: a placeholder (`{operation}`, a part the server assigns) matches one segment. */
function pathPattern(basePath: string, path: string): RegExp {
  const escaped = `${basePath}/${path}`.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\\?\{\w+\\?\}|\{\w+\}/g, "[^/]+")}$`);
}

const queryOf = (request: PlannedRequest): Record<string, string> =>
  Object.fromEntries(Object.entries(request.query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));

const asSent = (body: unknown): unknown => (body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown));

/** A body as sent against the expected one; a time the body takes from the clock (Unix ms, a channel's expiration) was read a moment apart. */
function sameBody(sent: unknown, expected: unknown): boolean {
  if (typeof sent === "string" && typeof expected === "string" && /^\d{13}$/.test(sent) && /^\d{13}$/.test(expected)) {
    return Math.abs(Number(sent) - Number(expected)) < 60_000;
  }
  if (Array.isArray(sent) && Array.isArray(expected)) return sent.length === expected.length && sent.every((item, index) => sameBody(item, expected[index]));
  if (typeof sent === "object" && sent !== null && typeof expected === "object" && expected !== null && !Array.isArray(sent) && !Array.isArray(expected)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(expected)]);
    return [...keys].every((key) => sameBody((sent as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]));
  }
  return isDeepStrictEqual(sent, expected);
}

const words = (request: { method: string; path: string; query?: unknown; body?: unknown }): string =>
  `${request.method} ${request.path}${request.query === undefined || Object.keys(request.query as object).length === 0 ? "" : ` ?${JSON.stringify(request.query)}`}${request.body === undefined ? "" : ` ${JSON.stringify(request.body)}`}`;

/** What the next request must be, beyond its method and path. */
interface Expected {
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  readonly ifMatch?: string;
}

class Cursor {
  at = 0;

  constructor(
    readonly log: readonly Recorded[],
    readonly basePath: string,
  ) {}

  peek(): Recorded | undefined {
    return this.log[this.at];
  }

  /** Whether the next request is `planned` by its method and path. */
  isNext(planned: PlannedRequest): boolean {
    const next = this.peek();
    return next !== undefined && next.method === planned.method && pathPattern(this.basePath, planned.path).test(next.path);
  }

  /** Takes the next request, which must be `planned` with `expected` (its own query and body unless given), and its retries. */
  take(planned: PlannedRequest, expected: Expected = {}): Recorded {
    const next = this.peek();
    const query = expected.query ?? queryOf(planned);
    const body = "body" in expected ? expected.body : asSent(planned.body);
    const want = { method: planned.method, path: `${this.basePath}/${planned.path}`, query, body };
    if (next === undefined) throw new PlanMismatch(`the plan's ${words(want)} was not sent; nothing was sent after the request before it`);
    const fits =
      this.isNext(planned) &&
      isDeepStrictEqual(next.query, query) &&
      sameBody(next.body, body) &&
      (expected.ifMatch === undefined || next.ifMatch === expected.ifMatch);
    if (!fits)
      throw new PlanMismatch(
        `the plan's ${words(want)}${expected.ifMatch === undefined ? "" : ` (If-Match ${expected.ifMatch})`} was not sent next; sent: ${words(next)}`,
      );
    this.at++;
    // The retries the table allows it: the same request again, after an answer its rule retries.
    let last = next;
    let attempts = 1;
    let resends = 0;
    while (mayGoAgain(planned, last.status, attempts, resends)) {
      const again = this.peek();
      if (again === undefined || again.method !== last.method || again.path !== last.path || !sameBody(again.body, last.body)) break;
      if (last.status === 401) resends++;
      else attempts++;
      this.at++;
      last = again;
    }
    return last;
  }

  /** A listing: its first page, then each page the answers say is next. */
  takePages(planned: PlannedRequest): unknown[] {
    const pageParam = planned.paging?.pageParam ?? "pageToken";
    const field = planned.paging?.field;
    let page = this.take(planned);
    const items = (answer: unknown): unknown[] =>
      field === undefined ? ((answer as unknown[]) ?? []) : (((answer as Record<string, unknown>)?.[field] as unknown[]) ?? []);
    const all = [...items(page.answer)];
    for (let token = (page.answer as { nextPageToken?: string })?.nextPageToken; token !== undefined && token !== "" && this.isNext(planned);) {
      page = this.take(planned, { query: { ...queryOf(planned), [pageParam]: token } });
      all.push(...items(page.answer));
      token = (page.answer as { nextPageToken?: string })?.nextPageToken;
    }
    return all;
  }

  /** Work polled until done: none or more checks of it. */
  takeChecks(planned: PlannedRequest, expected: Expected = {}): void {
    while (this.isNext(planned) && isDeepStrictEqual(this.peek()?.query, expected.query ?? queryOf(planned))) this.take(planned, expected);
  }
}

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
        // A read back happens when the answer so far is not the whole object.
        if (entry.when === "answerNotObject" && !cursor.isNext(request)) break;
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
          if (entry.done(live) !== undefined) break;
        }
        const write = entry.write(live);
        if (write === undefined) break;
        const written = cursor.take(write).answer;
        const waits = entry.waits;
        if (waits !== undefined && "served" in waits) {
          const pending = waits.served.pending(written);
          takeServed(cursor, waits.served, waits.key, pending === undefined ? [] : [pending]);
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
