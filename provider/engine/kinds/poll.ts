/**
 * `poll`: work the previous answer describes, polled until done on its kind's wait schedule; nothing
 * when it is done already. The executor polls (executor/polls.ts): one poll per piece of work in
 * the process, shared by its waiters.
 */
import type { PollKind } from "../../google/poll";
import { entryKind } from "./kind";
import { waitBudget, type PlannedRequest } from "./request";

declare module "./kind" {
  interface EntryKinds {
    poll: PollEntry;
  }
}

/** Work the previous answer describes, polled until done (`sent: untilDone`); nothing when it is done already. */
export interface PollEntry {
  readonly kind: "poll";
  readonly poll: PollKind;
  /** The work's path, `{id}` standing for the work's id; `request` is how a reader sees it. */
  readonly template: string;
  readonly request: PlannedRequest;
  /** An opt-in wait's bound: past it the step carries on, saying so. */
  readonly timeoutMs?: number;
  /** Words for the log about the last answer once the work is done. */
  readonly outcome?: (answer: unknown) => string | undefined;
  /** What is polled is the object itself: the last read is its newest state. */
  readonly objectAnswer: boolean;
}

export const poll = entryKind<PollEntry>({
  async run(entry, previous, runner) {
    const last = await runner.poll(entry, previous);
    // What polls the object itself reads its newest state; other work leaves the answer as it was.
    return entry.objectAnswer ? { value: last.value, ...(last.parsedBy !== undefined && { parsedBy: last.parsedBy }) } : previous;
  },
  // With a log, the checks only when the answer before left the work pending.
  requests(entry, reading) {
    if (reading.sent === undefined) return [entry.request];
    const pending = entry.poll.pending(reading.before);
    return pending !== undefined && !pending.done ? [entry.request] : [];
  },
  worstCase: () => 0,
  budget: (entry) => waitBudget(entry.request, entry.timeoutMs),
});
