/**
 * The one retry table: how often a request is sent after a fault (by its repeat rule, in the HTTP
 * layer), how often each loop that sends a write again goes round (plan/guarded.ts), how long it
 * pauses, and the budget of a whole step. Every number that bounds a retry is here, with its
 * reason; the worst-case request count of each step (plan/worstCase.ts) is worked out from it.
 *
 * Loops nest (a merged PUT's loop sends a GET and a PUT, each retried by the HTTP layer), so their
 * budgets would multiply: the step budget bounds them all together. Every request a step sends,
 * each attempt of it, counts against it; work polled until done is bounded by its deadline instead.
 */
import type { RepeatRule } from "./retry";

/**
 * Attempts in all of one request after 5xx answers, timeouts, lost or unreadable answers, by its
 * repeat rule. A rate limit (429, a usage-limit 403) did nothing, so any request is sent again
 * after one, up to RATE_LIMITED_ATTEMPTS in all.
 */
export const REQUEST_ATTEMPTS: Readonly<Record<RepeatRule, { readonly attempts: number; readonly why: string }>> = {
  read: { attempts: 10, why: "a read has no effect: sent again until the service answers, within the request's wait budget" },
  idempotent: { attempts: 10, why: "sending it twice has the effect of once: sent again like a read" },
  settle: { attempts: 1, why: "a second copy could act twice: never sent again blindly; its loop settles it by reading first" },
};

/** Attempts in all of any request that the service keeps refusing as rate limited. */
export const RATE_LIMITED_ATTEMPTS = 10;

/** The HTTP layer's backoff between attempts of one request: full jitter, doubling from the base, capped; and its wait budget. */
export const REQUEST_BACKOFF = {
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  /** The most time one request waits between its attempts (a rate limit's Retry-After included). */
  maxTotalWaitMs: 5 * 60_000,
} as const;

/**
 * How a loop pauses before it goes round again: not at all; `backoff`, the request backoff after
 * an unknown outcome (a refusal as stale goes again at once: its next read is fresh); or
 * `contention`, a short backoff after any failure, where writers contend for one object.
 */
export type LoopPause = "none" | "backoff" | "contention";

export interface LoopRule {
  /** Rounds in all, the first included. */
  readonly attempts: number;
  readonly pause: LoopPause;
  readonly why: string;
}

/** The loops that send a write again (plan/guarded.ts), by what sends it again. */
export const LOOPS = {
  /** A create whose outcome is unknown and whose object reading does not find: created again. */
  create: { attempts: 10, pause: "backoff", why: "as many as the HTTP layer tries a request it may repeat; each round reads first, so none duplicates" },
  /** An update-mask PATCH under the stored etag refused as stale (409): read again, sent again when it still applies. */
  etag: { attempts: 3, pause: "none", why: "a change made meanwhile by someone else: past three, the object is changing too fast to write safely" },
  /** A merged PUT under If-Match refused as stale (412): the live object read and merged again. */
  merge: { attempts: 5, pause: "none", why: "each round reads the live object afresh; five conflicts in a row say another writer keeps changing it" },
  /** An access policy's read-modify-write refused as stale (409, 412). */
  policy: { attempts: 8, pause: "contention", why: "policies are shared by every grant of a resource: writers contend, so rounds pause a little and are more" },
  /** A change settled by reading (412: what it deletes changed; an unknown outcome): read, then sent again from what is live. */
  change: { attempts: 10, pause: "backoff", why: "as many as a request the HTTP layer may repeat; each round reads first" },
  /** A joint change of several writes whose outcome is unknown: settled by one listing; what is not in place goes again. */
  batch: { attempts: 10, pause: "backoff", why: "as a change; one listing settles every write of it" },
  /** A move whose answer was lost: one read at the destination settles it. */
  move: { attempts: 1, pause: "none", why: "a second move would not duplicate it, but its outcome must be known first: read, never resent" },
  /** A delete refused because something was attached meanwhile: detached, then the delete once more. */
  refused: { attempts: 2, pause: "none", why: "the refusal names what was attached; one detach answers it" },
} as const satisfies Record<string, LoopRule>;

export type LoopName = keyof typeof LOOPS;

/** A whole step (one create, read, update or delete of one object): its requests in all, every attempt counted. */
export const STEP_BUDGET = {
  requests: 40,
  why:
    "the most a fault storm may cost one object's step: above any step's requests without faults " +
    "(a listing's pages, a forceDestroy, a policy's read-modify-write), and above one request's ten attempts with their settling reads",
} as const;

/**
 * Bisection of a joint request refused as a whole: its halves are sent as joint requests of their
 * own, down to each write alone, so every write gets its own outcome. n writes cost at most
 * 2n − 1 joint requests and n requests alone, each with its own loop.
 */
export const SPLIT = { why: "a refusal of one write must not fail the others: the culprits are found by halves" } as const;

/** The pause before round `attempt + 1` of a loop (`attempt` ≥ 1) after a failure whose outcome is `unknown` or not. */
export function loopPauseMs(loop: LoopName, attempt: number, unknownOutcome: boolean, random: () => number = Math.random): number {
  const pause: LoopPause = LOOPS[loop].pause;
  if (pause === "none" || (pause === "backoff" && !unknownOutcome)) return 0;
  const [base, cap] = pause === "backoff" ? [REQUEST_BACKOFF.baseDelayMs, REQUEST_BACKOFF.maxDelayMs] : [100, 2000];
  const ceiling = Math.min(cap, base * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
