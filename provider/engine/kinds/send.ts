/**
 * `send`: a request sent as it is; under the stored etag (an update-mask PATCH that carries it) a
 * 409 reads the object again and the write goes on, planned anew, only when the change still
 * applies cleanly; a refusal that says something was attached meanwhile detaches first and sends
 * it once more; a lost answer settled by one read.
 */
import { LOOPS } from "../../http/retryTable";
import { entryKind, type Answer, type PlanEntry } from "./kind";
import { readRequests, type ReadEntry } from "./read";
import { loopBudget, requestBudget, requestOnce, requestsOnce, requestsWorstCase, requestWorstCase, type PlannedRequest } from "./request";

declare module "./kind" {
  interface EntryKinds {
    send: SendEntry;
  }
}

/** A request sent as it is. */
export interface SendEntry {
  readonly kind: "send";
  readonly request: PlannedRequest;
  /**
   * Under the stored etag (an update-mask PATCH that carries it): a 409 means the object changed
   * since; it is read again (`reread`) and the write goes on, planned anew from what is live
   * (`replan`), only when the change still applies cleanly (else its error, naming each property).
   */
  readonly underEtag?: EtagGuard;
  /** A refusal with this reason (400) means something was attached meanwhile: `first` runs, then the request once more. */
  readonly whenRefused?: { readonly reason: string; readonly first: readonly PlanEntry[] };
  /** A lost or unreadable answer is settled by this read: found, the write took effect; otherwise the failure stands. */
  readonly whenLost?: PlannedRequest;
}

/** An update under the stored etag: how it is read again after a 409, and planned anew from the live state. */
export interface EtagGuard {
  readonly reread: ReadEntry;
  /** The request from the live state, with the words for the log; or why it no longer applies. `last`: no round is left. */
  readonly replan: (live: Readonly<Record<string, unknown>>, last: boolean) => { readonly request: PlannedRequest; readonly said: string } | Error;
  /** `svc.x.Y id`, for messages. */
  readonly label: string;
}

export const send = entryKind<SendEntry>({
  async run(entry, _previous, runner) {
    let request = entry.request;
    const once = (): Promise<Answer> => runner.send(request);
    const etag = entry.underEtag;
    const attempt =
      etag === undefined
        ? once
        : (): Promise<Answer> =>
            runner.guarded<Answer>({
              loop: "etag",
              send: once,
              settle: async (error, _attempt, last) => {
                if (error.status !== 409) return undefined;
                // Changed meanwhile: read again, and go on only when the change still applies cleanly (planned anew from what is live).
                const live = await runner.read(etag.reread);
                if (live.gone === true) throw new Error(`${etag.label} disappeared during the update`);
                const again = etag.replan(runner.stateOf(live), last);
                if (again instanceof Error) throw again;
                if (!last) runner.log(again.said);
                request = again.request;
                return { again: true };
              },
            });
    const lost = entry.whenLost;
    if (lost !== undefined) {
      // A lost or unreadable answer is settled by one read, in the table's `move` loop (never sent again):
      // found, the write took effect; otherwise its failure stands.
      return runner.guarded<Answer>({
        loop: "move",
        send: attempt,
        settle: async (error) => {
          if (error.outcome !== "unknown") return undefined;
          let found: Answer;
          try {
            found = await runner.send(lost);
          } catch {
            return undefined;
          }
          runner.log(`svc: ${entry.request.method} ${entry.request.path}: ${lost.note ?? "the answer was lost or unreadable; the write took effect"}`);
          return { done: found };
        },
      });
    }
    const refused = entry.whenRefused;
    if (refused === undefined) return attempt();
    // Refused because something was attached meanwhile: `first` (a detach), then the request again, in the table's `refused` loop.
    return runner.guarded<Answer>({
      loop: "refused",
      send: attempt,
      settle: async (error) => {
        if (error.status !== 400 || error.reason !== refused.reason) return undefined;
        await runner.run(refused.first);
        return { again: true };
      },
    });
  },
  requests: (entry) => [entry.request],
  worstCase(entry, nested) {
    // A lost answer is settled in the `move` loop: its rounds of the write, one read after the last.
    const once =
      entry.whenLost === undefined ? requestWorstCase(entry.request) : LOOPS.move.attempts * requestWorstCase(entry.request) + requestWorstCase(entry.whenLost);
    // Under an etag, each round after a 409 reads the object again first.
    if (entry.underEtag !== undefined)
      return LOOPS.etag.attempts * once + (LOOPS.etag.attempts - 1) * requestsWorstCase(readRequests(entry.underEtag.reread.via));
    if (entry.whenRefused !== undefined) return LOOPS.refused.attempts * once + (LOOPS.refused.attempts - 1) * nested.worstCase(entry.whenRefused.first);
    return once;
  },
  budget(entry, nested) {
    // The `move` loop's one round: the write, and the read that settles a lost answer.
    const once = requestBudget(entry.request) + (entry.whenLost === undefined ? 0 : requestBudget(entry.whenLost));
    // Under an etag, each further round reads the object again and writes again.
    if (entry.underEtag !== undefined) return loopBudget("etag", once, requestsOnce(readRequests(entry.underEtag.reread.via)) + requestOnce(entry.request));
    // Refused: what it runs first (a detach), then the write again.
    if (entry.whenRefused !== undefined) return loopBudget("refused", once, nested.once(entry.whenRefused.first) + requestOnce(entry.request));
    return once;
  },
  nested: (entry) => entry.whenRefused?.first ?? [],
  loops: (entry) => (entry.underEtag === undefined ? [] : ["etag"]),
});
