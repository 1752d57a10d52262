/**
 * Runs a plan (its entries: kinds/): each entry by its kind's descriptor, with the step's runner:
 * every request through `sendPlanned` on the step's budget, a write sent again only by the one loop
 * that does so (`guarded` in context.ts) with the retry table's rounds. The only sender of the
 * engine: no declaration, hook or step sends a request the plan does not list. Resolves to the last
 * answer, and the schema that parsed it (the caller reads it once, never again).
 */
import { ENTRY_KINDS, kindOf, type PlanEntry, type Registry, type Runner } from "../kinds";
import { runJoin } from "./batches";
import { sendPlanned, type Answer, type RunContext, guarded } from "./context";
import { runPoll } from "./polls";
import { runRead } from "./reads";
import { runAdopt, runReconcile } from "./reconcile";
import { runSettled } from "./settled";

export type { Answer, RunContext } from "./context";

/** What the kinds run with in `context`: the executor's sender, loop and machinery. */
export function runnerOf(context: RunContext): Runner {
  const run = (entries: readonly PlanEntry[], inContext: RunContext = context): Promise<Answer> => runPlan(entries, inContext);
  return {
    send: async (request) => ({ value: await sendPlanned(request, context), ...(request.schema !== undefined && { parsedBy: request.schema }) }),
    guarded: (guard) => guarded({ ...guard, sleep: context.process.sleep }),
    run: (entries) => run(entries),
    locked: (key, work) => context.process.locks.run(key, work),
    read: (entry) => runRead(entry, context),
    poll: (entry, answer) => runPoll(entry, answer, context),
    settled: (entry, before) => runSettled(entry, context, before),
    // The answer keeps the schema that parsed it (a write sent alone), so it is not parsed again.
    join: (entry) => runJoin(entry, context, () => run(entry.alone)),
    reconcile: (entry) => runReconcile(entry, context, run),
    adopt: (entry) => runAdopt(entry, context, run),
    stateOf: (answer) => context.model?.stateOf(answer, context.identity, context.known) ?? {},
    objectOf: (answer) => context.model?.objectOf(answer),
    log: (message) => context.log(message),
    sleep: (ms) => context.process.sleep(ms),
    budget: context.budget,
  };
}

/** Runs the entries in order, each by its kind (`context.kinds`, default the engine's); resolves to the last answer. */
export async function runPlan(entries: readonly PlanEntry[], context: RunContext): Promise<Answer> {
  const registry: Registry = context.kinds ?? ENTRY_KINDS;
  const runner = runnerOf(context);
  let answer: Answer = { value: undefined };
  for (const entry of entries) answer = await kindOf(registry, entry).run(entry, answer, runner);
  return answer;
}
