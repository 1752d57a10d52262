/**
 * Runs a plan (plan/entries.ts): each entry by its kind, every request through `sendPlanned` on the
 * step's budget, a write sent again only by the one loop that does so (`guarded` in context.ts) with the retry
 * table's rounds. The only sender of the engine: no declaration, hook or step sends a request the
 * plan does not list. Resolves to the last answer, and the schema that parsed it (the caller reads
 * it once, never again).
 */
import { normalizeBindings, type IamPolicy } from "../../google/iamPolicy";
import type { MergeEntry, PlanEntry, PolicyEntry, SendEntry } from "../plan/entries";
import { runJoin } from "./batches";
import { sendPlanned, type Answer, type RunContext, guarded, roundsOf } from "./context";
import { runPoll } from "./polls";
import { runRead } from "./reads";
import { runAdopt, runReconcile } from "./reconcile";
import { runSettled } from "./settled";

export type { Answer, RunContext } from "./context";

async function runSend(entry: SendEntry, context: RunContext): Promise<Answer> {
  let request = entry.request;
  const once = async (): Promise<Answer> => ({ value: await sendPlanned(request, context), ...(request.schema !== undefined && { parsedBy: request.schema }) });
  const etag = entry.underEtag;
  const attempt =
    etag === undefined
      ? once
      : (): Promise<Answer> =>
          guarded<Answer>({
            loop: "etag",
            sleep: context.process.sleep,
            send: once,
            settle: async (error, _attempt, last) => {
              if (error.status !== 409) return undefined;
              // Changed meanwhile: read again, and go on only when the change still applies cleanly (planned anew from what is live).
              const live = await runRead(etag.reread, context);
              if (live.gone === true) throw new Error(`${etag.label} disappeared during the update`);
              const again = etag.replan(context.model?.stateOf(live, context.identity, context.known) ?? {}, last);
              if (again instanceof Error) throw again;
              if (!last) context.log(again.said);
              request = again.request;
              return { again: true };
            },
          });
  const lost = entry.whenLost;
  if (lost !== undefined) {
    // A lost or unreadable answer is settled by one read, in the table's `move` loop (never sent again):
    // found, the write took effect; otherwise its failure stands.
    return guarded<Answer>({
      loop: "move",
      sleep: context.process.sleep,
      send: attempt,
      settle: async (error) => {
        if (error.outcome !== "unknown") return undefined;
        let found: unknown;
        try {
          found = await sendPlanned(lost, context);
        } catch {
          return undefined;
        }
        context.log(`svc: ${entry.request.method} ${entry.request.path}: ${lost.note ?? "the answer was lost or unreadable; the write took effect"}`);
        return { done: { value: found, ...(lost.schema !== undefined && { parsedBy: lost.schema }) } };
      },
    });
  }
  const refused = entry.whenRefused;
  if (refused === undefined) return attempt();
  // Refused because something was attached meanwhile: `first` (a detach), then the request again, in the table's `refused` loop.
  return guarded<Answer>({
    loop: "refused",
    sleep: context.process.sleep,
    send: attempt,
    settle: async (error) => {
      if (error.status !== 400 || error.reason !== refused.reason) return undefined;
      await runPlan(refused.first, context);
      return { again: true };
    },
  });
}

/** GET, merge, PUT under `If-Match`; a 412 means the object changed meanwhile: merge into the new one. */
function runMerge(entry: MergeEntry, context: RunContext): Promise<Answer> {
  return guarded<Answer>({
    loop: "merge",
    sleep: context.process.sleep,
    send: async () => {
      const live = (await sendPlanned(entry.read, context)) as Record<string, unknown>;
      const write = {
        ...entry.write,
        headers: { "If-Match": String(live[entry.etagField]) },
        body: mergedInto(live, (entry.write.body ?? {}) as Record<string, unknown>),
      };
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

/** The live object with the changes in it: a changed field set, a removed one (null) left out. */
export function mergedInto(live: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...live };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

/**
 * Reads the policy, changes its unconditional bindings, writes it back under the etag read (no
 * write when nothing changes); a stale etag starts over from a fresh read. Writes to one policy are
 * serialized in the process. A copy of the write sent after the first landed gets a stale etag,
 * so the next cycle finds the change in place and ends without writing.
 */
function runPolicy(entry: PolicyEntry, context: RunContext): Promise<Answer> {
  return context.process.locks.run(`iam ${entry.read.path}`, () =>
    guarded<Answer>({
      loop: "policy",
      sleep: context.process.sleep,
      send: async () => {
        const current = (await sendPlanned(entry.read, context)) as IamPolicy;
        const conditional = (current.bindings ?? []).filter((binding) => binding.condition !== undefined);
        const unconditional = (current.bindings ?? []).filter((binding) => binding.condition === undefined);
        const bindings = entry.change(structuredClone(unconditional));
        if (JSON.stringify(normalizeBindings(bindings)) === JSON.stringify(normalizeBindings(unconditional)))
          return { value: current, ...(entry.read.schema !== undefined && { parsedBy: entry.read.schema }) };
        const body = { policy: { version: 3, etag: current.etag, bindings: [...bindings, ...conditional] } };
        return { value: await sendPlanned({ ...entry.write, body }, context), ...(entry.write.schema !== undefined && { parsedBy: entry.write.schema }) };
      },
      settle: async (error, attempt) => {
        if (error.status !== 409 && error.status !== 412) return undefined;
        context.log(`svc: the access policy of ${entry.label} changed meanwhile; reading it again (attempt ${attempt + 1})`);
        return { again: true };
      },
    }),
  );
}

/** Runs the entries in order; resolves to the last answer (a poll of the object itself gives its last read). */
export async function runPlan(entries: readonly PlanEntry[], context: RunContext): Promise<Answer> {
  let answer: Answer = { value: undefined };
  for (const entry of entries) {
    switch (entry.kind) {
      case "send":
        answer = await runSend(entry, context);
        break;
      case "merge":
        answer = await runMerge(entry, context);
        break;
      case "policy":
        answer = await runPolicy(entry, context);
        break;
      case "settled":
        answer = await runSettled(entry, context, answer.value);
        break;
      case "read": {
        // A read back only when the answer so far is not the whole object.
        answer = (entry.when === "answerNotObject" ? context.model?.objectOf(answer) : undefined) ?? (await runRead(entry, context));
        const refused = entry.refuse?.(answer.value);
        if (refused !== undefined) throw new Error(refused);
        break;
      }
      case "join":
        // The answer keeps the schema that parsed it (a write sent alone), so it is not parsed again.
        answer = await runJoin(entry, context, () => runPlan(entry.alone, context));
        break;
      case "poll": {
        const last = await runPoll(entry, answer, context);
        if (entry.objectAnswer) answer = { value: last.value, ...(last.parsedBy !== undefined && { parsedBy: last.parsedBy }) };
        break;
      }
      case "reconcile":
        answer = await runReconcile(entry, context, runPlan);
        break;
      case "adopt":
        answer = await runAdopt(entry, context, runPlan);
        break;
    }
  }
  return answer;
}
