/**
 * The one loop that sends a write again: after a refusal as stale (the object changed since it was
 * read: an etag, a merged PUT, an access policy, a record set's deletion) or an unknown outcome (a
 * lost or unreadable answer the HTTP layer may not repeat). Each caller says how it settles a
 * failure; how many rounds and how long a pause come from the retry table (http/retryTable.ts), by
 * the loop's name, the same way for all of them. (The HTTP layer's own retries of a request it may
 * repeat are one level below, in http/client.ts; the step's budget bounds both together.)
 */
import { setTimeout as defaultSleep } from "node:timers/promises";
import { ApiError } from "../../http/errors";
import { LOOPS, loopPauseMs, type LoopName } from "../../http/retryTable";

/** What a failure comes to: send again, the write took effect (its answer), or undefined: it stands. */
export type Settled<T> = { readonly again: true } | { readonly done: T } | undefined;

export interface Guard<T> {
  /** Which loop of the retry table this is: its rounds and pauses. */
  readonly loop: LoopName;
  /** Sends the write (reading what it needs first). */
  readonly send: (attempt: number) => Promise<T>;
  /**
   * After an API failure of attempt `attempt` (`last`: no attempt is left, the failure then stands
   * unless it settles as done). Reads what it needs; may throw an error that explains better.
   */
  readonly settle: (error: ApiError, attempt: number, last: boolean) => Promise<Settled<T>>;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Rounds in all of `loop`. */
export const roundsOf = (loop: LoopName): number => LOOPS[loop].attempts;

export async function guarded<T>(guard: Guard<T>): Promise<T> {
  const sleep = guard.sleep ?? defaultSleep;
  const attempts = roundsOf(guard.loop);
  for (let attempt = 1; ; attempt++) {
    try {
      return await guard.send(attempt);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const last = attempt >= attempts;
      const settled = await guard.settle(error, attempt, last);
      if (settled === undefined) throw error;
      if ("done" in settled) return settled.done;
      if (last) throw error;
      const pauseMs = loopPauseMs(guard.loop, attempt, error.outcome === "unknown");
      if (pauseMs > 0) await sleep(pauseMs);
    }
  }
}
