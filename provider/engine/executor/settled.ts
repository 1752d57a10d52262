/**
 * A settled entry run: the write made from what is live, settled by reading when it is refused as
 * stale or its answer is lost. The entry's read and its write function are all that is sent; the
 * first round writes from what the state believes is live, when it says.
 */
import { writesOf, type PlannedRequest, type SettledEntry } from "../kinds";
import { sendInTurn } from "./batches";
import { sendPlanned, type Answer, type RunContext, guarded } from "./context";
import { runPoll } from "./polls";

/** Runs a settled entry; `before` is the answer of the plan's entry before it (what its writes may be made with). */
export function runSettled(entry: SettledEntry, context: RunContext, before?: unknown): Promise<Answer> {
  let live: unknown = entry.believed;
  // Only the write is settled by reading; a read that fails fails the step as it is.
  let writing = false;
  return guarded<Answer>({
    loop: entry.loop,
    sleep: context.process.sleep,
    send: async (attempt) => {
      writing = false;
      if (live === undefined) {
        live = await sendPlanned(entry.read, context);
        const done = entry.done(live, before);
        if (done !== undefined) {
          if (attempt > 1) context.log(`svc: ${entry.label}: the write had taken effect; its answer was lost or unreadable`);
          return done;
        }
      }
      const writes = writesOf(entry.write(live, before));
      const [first] = writes;
      // Nothing to write (what is live is what was asked for): the answer is what is live.
      if (first === undefined) return entry.answer === undefined ? { value: undefined } : entry.answer(undefined, live, before);
      writing = true;
      const sendOne = async (write: PlannedRequest): Promise<Answer> => ({
        value: await sendPlanned(write, context),
        ...(write.schema !== undefined && { parsedBy: write.schema }),
      });
      const waits = entry.waits;
      let answer: Answer = { value: undefined };
      if (waits !== undefined && "served" in waits) {
        // Several writes of one key (a zone's changes in turn): their work is waited for once, after the last.
        const answers = await sendInTurn(waits.served, waits.key, writes, sendOne, context);
        answer = answers[answers.length - 1] ?? { value: undefined };
      } else {
        for (const write of writes) answer = await sendOne(write);
        if (waits !== undefined) await runPoll(waits, answer, context);
      }
      const written = answer.value;
      return entry.answer === undefined ? answer : entry.answer(written, live, before);
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
