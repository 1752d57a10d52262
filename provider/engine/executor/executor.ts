/**
 * Runs a plan (entries.ts): each request through the API's one call path, in order, a merged PUT
 * and an access policy's read-modify-write through the one loop that sends a write again
 * (guarded.ts), polls through the poller, joined writes through their batch. Resolves to the last
 * answer, and the schema that parsed it (the caller reads it once, never again).
 */
import { z } from "zod";
import { keyedLock } from "../../google/keyedLock";
import { normalizeBindings, type IamPolicy } from "../../google/iamPolicy";
import { waitFor } from "../../google/poll";
import type { RequestSpec } from "../../http/client";
import { ApiError } from "../../http/errors";
import type { HookContext } from "../declaration/declaration";
import { fillTemplate } from "../declaration/template";
import type { MergeEntry, PlanEntry, PlannedRequest, PolicyEntry, ReadEntry, SendEntry, SettledEntry } from "../plan/entries";
import { guarded, roundsOf } from "./guarded";

/** An answer and the schema that parsed it (undefined: none did, or it is not the object's). */
export interface Answer {
  readonly value: unknown;
  readonly parsedBy?: z.ZodType;
  /** A read found no object (a listing or a policy without it; a 404 of the item). */
  readonly gone?: true;
}

/** How the engine reads the object of a `read` entry, and tells whether a write's answer is the whole object. */
export interface ObjectReader {
  /** The object's wire form by the entry's requests; undefined when it is gone. */
  readonly read: (entry: ReadEntry, context: HookContext) => Promise<Answer | undefined>;
  /** The answer as the whole object, parsed once; undefined when it is not. */
  readonly objectOf: (answer: Answer) => Answer | undefined;
}

/** What a write under an etag needs to settle a 409: read the object again, and decide whether the write still applies. */
export interface EtagRecheck {
  /** Reads again; throws when the write no longer applies (naming what conflicts), else resolves to the body to send next. */
  readonly recover: (last: boolean) => Promise<PlannedRequest>;
}

export interface RunOptions {
  /** For `underEtag` entries. */
  readonly etag?: EtagRecheck;
  /** For `read` entries. */
  readonly reader?: ObjectReader;
}

/** Sends one planned request through the call path (the channel base address when it says so). */
export function sendPlanned(request: PlannedRequest, context: HookContext): Promise<unknown> {
  const client = request.at === "channelBase" ? (context.channelClient?.() ?? context.client) : context.client;
  const spec = {
    method: request.method,
    path: request.path,
    ...(request.query !== undefined && { query: request.query }),
    ...(request.headers !== undefined && { headers: request.headers }),
    ...(request.body !== undefined && { body: request.body }),
    ...(request.repeat !== undefined && { repeat: request.repeat }),
    ...(request.schema !== undefined && { schema: request.schema }),
  } as RequestSpec<unknown>;
  return client.send(spec);
}

async function runSend(entry: SendEntry, context: HookContext, options: RunOptions): Promise<Answer> {
  let request = entry.request;
  const once = async (): Promise<Answer> => ({ value: await sendPlanned(request, context), ...(request.schema !== undefined && { parsedBy: request.schema }) });
  const etag = options.etag;
  const attempt =
    entry.underEtag === true && etag !== undefined
      ? (): Promise<Answer> =>
          guarded<Answer>({
            loop: "etag",
            send: once,
            settle: async (error, _attempt, last) => {
              if (error.status !== 409) return undefined;
              request = await etag.recover(last);
              return { again: true };
            },
          })
      : once;
  const lost = entry.whenLost;
  if (lost !== undefined) return settledByReading(entry.request, lost, attempt, context);
  const refused = entry.whenRefused;
  if (refused === undefined) return attempt();
  // Refused because something was attached meanwhile: `first` (a detach), then the request again, in the table's `refused` loop.
  return guarded<Answer>({
    loop: "refused",
    send: attempt,
    settle: async (error) => {
      if (error.status !== 400 || error.reason !== refused.reason) return undefined;
      await runPlan(refused.first, context);
      return { again: true };
    },
  });
}

/** A write whose lost answer is settled by one read: found, it took effect (said in the log); otherwise its failure stands. */
async function settledByReading(request: PlannedRequest, lost: PlannedRequest, attempt: () => Promise<Answer>, context: HookContext): Promise<Answer> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError) || error.outcome !== "unknown") throw error;
    let found: unknown;
    try {
      found = await sendPlanned(lost, context);
    } catch {
      throw error;
    }
    context.log(`svc: ${request.method} ${request.path}: ${lost.note ?? "the answer was lost or unreadable; the write took effect"}`);
    return { value: found, ...(lost.schema !== undefined && { parsedBy: lost.schema }) };
  }
}

/** Runs a read entry: unless it is on a fault path (run by the create's reconciliation) or the answer so far is the object. */
async function runRead(entry: ReadEntry, answer: Answer, context: HookContext, reader: ObjectReader | undefined): Promise<Answer> {
  if (entry.when === "earlierRun" || entry.when === "outcomeUnknown") return answer;
  if (reader === undefined) throw new Error("a plan that reads the object runs with the engine's reader");
  const object = entry.when === "answerNotObject" ? reader.objectOf(answer) : undefined;
  return object ?? (await reader.read(entry, context)) ?? { value: undefined, gone: true };
}

/** GET, merge, PUT under `If-Match`; a 412 means the object changed meanwhile: merge into the new one. */
function runMerge(entry: MergeEntry, context: HookContext): Promise<Answer> {
  const changes = (entry.write.body ?? {}) as Record<string, unknown>;
  return guarded<Answer>({
    loop: "merge",
    send: async () => {
      const live = (await sendPlanned(entry.read, context)) as Record<string, unknown>;
      const merged: Record<string, unknown> = { ...live };
      for (const [field, value] of Object.entries(changes)) {
        if (value === null) delete merged[field];
        else merged[field] = value;
      }
      const write = { ...entry.write, headers: { "If-Match": String(live[entry.etagField]) }, body: merged };
      return { value: await sendPlanned(write, context), ...(write.schema !== undefined && { parsedBy: write.schema }) };
    },
    // The next attempt reads the live object again: a merge needs nothing else.
    settle: async (error, attempt, last) => {
      if (error.status !== 412) return undefined;
      if (!last) {
        context.log(
          `svc: ${entry.read.path} changed meanwhile (412 on If-Match); reading it again to merge the change (attempt ${attempt + 1} of ${roundsOf("merge")})`,
        );
      }
      return { again: true };
    },
  });
}

/**
 * Reads the policy, changes its unconditional bindings, writes it back under the etag read (no
 * write when nothing changes); a stale etag starts over from a fresh read. Writes to one policy are
 * serialized in the process. A copy of the write sent after the first landed gets a stale etag,
 * so the next cycle finds the change in place and ends without writing.
 */
function runPolicy(entry: PolicyEntry, context: HookContext): Promise<Answer> {
  return keyedLock(`iam ${entry.read.path}`, () =>
    guarded<Answer>({
      loop: "policy",
      send: async () => {
        const current = (await sendPlanned(entry.read, context)) as IamPolicy;
        const conditional = (current.bindings ?? []).filter((binding) => binding.condition !== undefined);
        const unconditional = (current.bindings ?? []).filter((binding) => binding.condition === undefined);
        const bindings = entry.change(structuredClone(unconditional));
        if (JSON.stringify(normalizeBindings(bindings)) === JSON.stringify(normalizeBindings(unconditional)))
          return { value: current, parsedBy: entry.read.schema };
        const body = { policy: { version: 3, etag: current.etag, bindings: [...bindings, ...conditional] } };
        return { value: await sendPlanned({ ...entry.write, body }, context), parsedBy: entry.write.schema };
      },
      settle: async (error, attempt) => {
        if (error.status !== 409 && error.status !== 412) return undefined;
        context.log(`svc: the access policy of ${entry.label} changed meanwhile; reading it again (attempt ${attempt + 1})`);
        return { again: true };
      },
    }),
  );
}

function runSettled(entry: SettledEntry, context: HookContext): Promise<Answer> {
  return guarded<Answer>({
    loop: entry.loop,
    send: async (attempt) => ({ value: await entry.run(context, attempt) }),
    settle: async (error, attempt, last) => {
      const settled = await entry.settle(context, {
        ...(error.status !== undefined && { status: error.status }),
        unknownOutcome: error.outcome === "unknown",
        message: error.message,
        attempt,
        last,
      });
      if (settled === undefined || "again" in settled) return settled;
      return { done: { value: settled.done } };
    },
  });
}

/** Runs the entries in order; resolves to the last answer (a poll of the object itself gives its last read). */
export async function runPlan(entries: readonly PlanEntry[], context: HookContext, options: RunOptions = {}): Promise<Answer> {
  let answer: Answer = { value: undefined };
  for (const entry of entries) {
    switch (entry.kind) {
      case "send":
        answer = await runSend(entry, context, options);
        break;
      case "merge":
        answer = await runMerge(entry, context);
        break;
      case "policy":
        answer = await runPolicy(entry, context);
        break;
      case "settled":
        answer = await runSettled(entry, context);
        break;
      case "read":
        answer = await runRead(entry, answer, context, options.reader);
        break;
      case "join":
        // The answer keeps the schema that parsed it (a write sent alone), so it is not parsed again.
        answer = await entry.batch.add(entry, context, () => runPlan(entry.alone, context));
        break;
      case "poll": {
        const last = await waitFor(entry.poll, answer.value, {
          client: context.client,
          log: context.log,
          pathOf: (id) => fillTemplate(entry.template, { ...context.identity, id }),
          ...(entry.timeoutMs !== undefined && { timeoutMs: entry.timeoutMs, onTimeout: "carryOn" as const }),
        });
        const said = entry.outcome?.(last);
        if (said !== undefined) context.log(said);
        if (entry.objectAnswer) answer = { value: last };
        break;
      }
    }
  }
  return answer;
}
