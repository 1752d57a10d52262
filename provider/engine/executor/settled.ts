/**
 * A settled entry run: the write made from what is live, settled by reading when it is refused as
 * stale or its answer is lost. The entry's read and its write function are all that is sent; the
 * first round writes from what the state believes is live, when it says.
 */
import type { SettledEntry } from "../plan/entries";
import { runJoinedWait } from "./batches";
import { sendPlanned, type Answer, type RunContext, guarded } from "./context";
import { runPoll } from "./polls";

export function runSettled(entry: SettledEntry, context: RunContext): Promise<Answer> {
  let live: unknown = entry.believed;
  // Only the write is settled by reading; a read that fails fails the step as it is.
  let writing = false;
  return guarded<Answer>({
    loop: entry.loop,
    send: async (attempt) => {
      writing = false;
      if (live === undefined) {
        live = await sendPlanned(entry.read, context);
        const done = entry.done(live);
        if (done !== undefined) {
          if (attempt > 1) context.log(`svc: ${entry.label}: the write had taken effect; its answer was lost or unreadable`);
          return done;
        }
      }
      const write = entry.write(live);
      if (write === undefined) return { value: undefined };
      writing = true;
      const written = await sendPlanned(write, context);
      const answer: Answer = { value: written, ...(write.schema !== undefined && { parsedBy: write.schema }) };
      const waits = entry.waits;
      if (waits !== undefined) {
        if ("served" in waits) await runJoinedWait(waits.served, waits.key, answer.value, context);
        else await runPoll(waits, answer, context);
      }
      return entry.answer === undefined ? answer : entry.answer(written, live);
    },
    settle: async (failure, _attempt, last) => {
      if (!writing || (!entry.staleStatuses.includes(failure.status ?? 0) && failure.outcome !== "unknown")) return undefined;
      if (!last) {
        context.log(
          failure.outcome === "unknown"
            ? `svc: ${entry.label}: the write's outcome is unknown (${failure.message}); reading what is live to settle it`
            : `svc: ${entry.label} changed meanwhile (${failure.status ?? "?"}); reading it again`,
        );
      }
      live = undefined;
      return { again: true };
    },
  });
}
