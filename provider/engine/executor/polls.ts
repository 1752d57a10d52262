/**
 * Work an answer describes, polled until done: the poll entry's checks on its kind's schedule of the
 * retry table, each spent from the step's budget, each answer parsed once (by the kind's schema in
 * the call path). Waiters of the same work (the resources of one change) share one poll (the
 * process's polls in progress: batching/polls.ts). A wait longer than 3 s is logged once with what
 * it waits for, and past its deadline it fails, or, an opt-in wait the program bounded, carries on
 * saying so.
 */
import type { Pending, PollKind } from "../../google/poll";
import { WAIT_NOTICES, WAITS } from "../../http/retryTable";
import type { PollEntry } from "../kinds";
import { fillTemplate } from "../declaration/template";
import { sendPlanned, type Answer, type RunContext } from "./context";

/** How often an opt-in wait says it is still waiting. */
const PROGRESS_EVERY_MS = WAIT_NOTICES.progressEveryMs;

/**
 * Waits until the work `answer` describes is done; at once when it is done or is no such work.
 * Resolves to the last answer read (the first when there was nothing to wait for).
 */
export async function runPoll(entry: PollEntry, answer: Answer, context: RunContext): Promise<Answer> {
  const first = entry.poll.pending(answer.value);
  if (first === undefined || (first.done && first.failure === undefined)) return answer;
  const path = fillTemplate(entry.template, { ...context.identity, id: first.id });
  // One poll per piece of work in the process: each check is spent from every waiter's budget.
  const last = await context.process.polls.shared(context.client, path, context.budget, (budget) =>
    pollUntilDone(entry, first, answer, path, { ...context, budget }),
  );
  const said = entry.outcome?.(last.value);
  if (said !== undefined) context.log(said);
  return last;
}

async function pollUntilDone(entry: PollEntry, first: Pending, answer: Answer, path: string, context: RunContext): Promise<Answer> {
  const kind: PollKind = entry.poll;
  const schedule = WAITS[kind.schedule];
  const { sleep, now } = context.process.polls.clock;
  const carryOn = entry.timeoutMs !== undefined;
  const timeoutMs = entry.timeoutMs ?? schedule.timeoutMs;
  const started = now();
  let current = first;
  let last = answer;
  let pause: number = schedule.firstPauseMs;
  let reportedAt: number | undefined;
  // An opt-in wait the program asked for says what it waits for at once, then how long so far every 10 s.
  if (carryOn && !first.done) {
    context.log(`svc: waiting up to ${Math.round(timeoutMs / 1000)}s for ${first.what} to ${kind.until}...`);
    reportedAt = started;
  }
  for (;;) {
    if (current.failure !== undefined) throw new Error(`${first.what} failed: ${current.failure}`);
    if (current.done) return last;
    if (carryOn && now() - started + pause > timeoutMs) {
      context.log(`svc: waited ${Math.round(timeoutMs / 1000)}s for ${first.what} to ${kind.until}; not waiting longer (a refresh shows the outcome later).`);
      return last;
    }
    await sleep(pause);
    const schema = entry.request.schema ?? kind.schema;
    last = { value: await sendPlanned({ ...entry.request, path, schema }, context), parsedBy: schema };
    current = kind.pending(last.value) ?? { ...first, done: true };
    const waited = now() - started;
    if (!carryOn && current.failure === undefined && !current.done && waited > timeoutMs) {
      throw new Error(`${first.what} was not done after ${Math.round(waited / 1000)}s`);
    }
    if (reportedAt === undefined && !current.done && waited > WAIT_NOTICES.reportAfterMs) {
      context.log(`svc: waiting for ${first.what} to ${kind.until}...`);
      reportedAt = now();
    } else if (carryOn && reportedAt !== undefined && !current.done && now() - reportedAt >= PROGRESS_EVERY_MS) {
      context.log(`svc: still waiting for ${first.what} to ${kind.until} (${Math.round(waited / 1000)}s so far)`);
      reportedAt = now();
    }
    pause = Math.min(pause * 2, schedule.maxPauseMs);
  }
}
