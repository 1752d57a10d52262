/**
 * The one retry table: every number that bounds how often a request is sent, how long anything
 * waits, and how much a step may send, each with its reason. The HTTP layer reads a request's
 * attempts by its own repeat rule, and its client its concurrency, attempt timeout and limiter's
 * heartbeat; the loops that send a write again (`guarded` in engine/executor/context.ts)
 * read their rounds and pauses by name; the pollers and the relay of a zone's changes read their
 * pauses, deadlines and reports; the batching windows, listings and occupancy (engine/batching/)
 * read their quiet times, probes and patience; an API's published rate-limit rules read their
 * attempts and waits, and the code host's client its published limits; and a step's budget
 * (retry.ts, Budget) is worked out from its plan with these numbers (STEP_BUDGET).
 * Nothing else holds a retry count, a pause, a deadline or a timing bound
 * (tests/unit/retryTableNumbers.test.ts keeps http/ and engine/batching/ to that).
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

/** A request whose access token the service refused (401): sent once more with a fresh token. */
export const TOKEN_REFUSED = { resends: 1, why: "a token expired or revoked on the way: one fresh token settles it; a second 401 is a real refusal" } as const;

/** The HTTP layer's backoff between attempts of one request: full jitter, doubling from the base, capped; and its wait budget. */
export const REQUEST_BACKOFF = {
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  /** The most time one request waits between its attempts (a rate limit's Retry-After included). */
  maxTotalWaitMs: 5 * 60_000,
} as const;

/**
 * One API client's requests (http/client.ts), unless its client is given others: how many are in
 * flight at once, how long one attempt may take, and which waits the log reports.
 */
export const CLIENT = {
  /** Requests of one API in flight at once, across all resources of a deployment. */
  concurrency: 8,
  /** The timeout of one attempt: past it, its outcome is unknown, and the request's repeat rule decides. */
  attemptTimeoutMs: 30_000,
  /** A wait before an attempt (a backoff, a rate limit) this long or longer is said in the log. */
  logWaitsOverMs: 3000,
  why: "a few in flight per API keep a deployment's bursts under per-user limits; an answer after 30 s is lost; a user sees long waits, not each backoff",
} as const;

/** The client-side limiter of an API that opts in (http/requestLimiter.ts, Bottleneck). */
export const LIMITER = {
  /** Bottleneck checks its reservoirs on this heartbeat; a bucket refills one step per beat, never more often. */
  heartbeatMs: 50,
  why: "a bucket's refill comes at most this late; a shorter beat only wakes the process more often",
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

/** The loops that send a write again (`guarded` in engine/executor/context.ts), by what sends it again. */
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

/** The pauses of a loop's `contention` rounds: a short backoff, doubling from the base, capped. */
export const CONTENTION_BACKOFF = { baseDelayMs: 100, maxDelayMs: 2000 } as const;

/**
 * How work the service finishes after answering is waited for: checks whose pauses start short and
 * double up to the longest, until the deadline. A wait's most checks follow from these (checksWithin).
 */
export interface WaitSchedule {
  readonly firstPauseMs: number;
  readonly maxPauseMs: number;
  /** Past it, the wait fails (or, an opt-in wait the program bounded, carries on saying so). */
  readonly timeoutMs: number;
  readonly why: string;
}

/** The wait schedules, by name: a poll kind names its own (google/poll.ts, an API's service), the relay of a zone's changes `quick`. */
export const WAITS = {
  operation: {
    firstPauseMs: 200,
    maxPauseMs: 5000,
    timeoutMs: 10 * 60_000,
    why: "long-running operations take seconds to minutes: checks thin out to one every 5 s",
  },
  reconciling: {
    firstPauseMs: 250,
    maxPauseMs: 5000,
    timeoutMs: 10 * 60_000,
    why: "an object the service reconciles (a quota grant) is decided in seconds to minutes",
  },
  quick: {
    firstPauseMs: 400,
    maxPauseMs: 2000,
    timeoutMs: 10 * 60_000,
    why:
      "a record change is served in a second or a few: the first check comes when the newest change is 400 ms old, then pauses double " +
      "(a change served in 2 s: 3 checks, where a first pause of 50 ms took 6: docs/performance.md)",
  },
} as const satisfies Record<string, WaitSchedule>;

export type WaitName = keyof typeof WAITS;

/** A wait's checks at most: its pauses, from the first doubling to the longest, that fit in `timeoutMs` (the schedule's by default), and the first check. */
export function checksWithin(schedule: WaitSchedule, timeoutMs: number = schedule.timeoutMs): number {
  let checks = 1;
  for (let waited = 0, pause = schedule.firstPauseMs; waited + pause <= timeoutMs; waited += pause, pause = Math.min(2 * pause, schedule.maxPauseMs)) checks++;
  return checks;
}

/**
 * The relay of a zone's changes (engine/batching/relay.ts): the last write of a zone on its way
 * waits for the zone's changes to be done, checking on the `quick` schedule, after a patience in
 * which the engine's next write of the zone may take the wait over.
 */
export const RELAY = {
  /** The patience of the first holder of a key, before any gap between handovers was seen. */
  firstPatienceMs: 200,
  minPatienceMs: 50,
  maxPatienceMs: 2000,
  /** Patience in gaps between handovers. */
  gapsOfPatience: 3,
  /**
   * The least patience, in the longest recent handovers (a holder's wait for its successor), even
   * when the engine looks idle: at 2,000 record sets with checkpoints written the engine took up to
   * 2.5 s to send a zone's next write after a batch returned, longer than it owes a refill (1 s).
   */
  handoversOfPatience: 2,
  /** The longest handover that counts: past it a successor came after other work of the engine, not at its pace. */
  maxHandoverMs: 10_000,
  /** A holder still waiting this long after its first check says so in the log. */
  reportAfterMs: 3000,
  /** How often a patient holder looks whether the engine went idle. */
  idleProbeMs: 10,
  /** The weight of a new handover in the longest recent one, when it is shorter (a slow engine stays slow). */
  handoverWeight: 0.2,
  /** The weight of a new gap between handovers in their smoothed gap. */
  gapWeight: 0.3,
  schedule: "quick",
  why: "a holder keeps an engine slot only until the engine sends the next write of its zone, which takes the wait over",
} as const satisfies { readonly schedule: WaitName } & Record<string, unknown>;

/** The reports of a polled wait (engine/executor/polls.ts). */
export const WAIT_NOTICES = {
  /** A wait this long is said in the log once, with what it waits for. */
  reportAfterMs: 3000,
  /** An opt-in wait the program bounded says this often that it still waits. */
  progressEveryMs: 10_000,
  why: "a user must see why `up` waits, once it is long enough to notice, and not a line per check",
} as const;

/**
 * The windows in which a zone's writes and a collection's reads gather into one request (engine/batching/):
 * the engine sends a step's writes in bursts, spread by its checkpoint writes; a full burst goes at once, so these bound the partial ones.
 */
export const BATCH_WINDOWS = {
  zone: {
    /** The first quiet time: longer than the gaps between one burst's arrivals with checkpoints written (tens of ms). */
    quietMs: 60,
    /** Down to this, a chain of writes one at a time (each waiting for the last) is delayed by almost nothing. */
    minQuietMs: 2,
    /** Up to this, an engine slowed by its checkpoints still fills a window rather than sending it half full. */
    maxQuietMs: 1000,
    /** At the latest, a window goes this long after it opened: a write never waits on others for longer. */
    maxWaitMs: 3000,
    why: "a zone's change is one request for a whole burst of writes: worth a short wait for the burst, never a long one",
  },
  listing: {
    quietMs: 20,
    minQuietMs: 2,
    maxQuietMs: 250,
    maxWaitMs: 500,
    why: "a refresh sends its reads at once: a short window gathers them; a read alone waits no more than half a second",
  },
} as const;

/** How the windows adapt to the engine (engine/batching/windowsReducer.ts). */
export const WINDOW_ADAPTATION = {
  /** After this many windows went at once at a confirmed level, the next waits a probe again (a probe holds every running write). */
  reprobeEvery: 16,
  /** The shortest probe: a window whose writes came in one burst shows no pace. */
  leastProbeMs: 25,
  /** A window that filled shows the engine's pace: the quiet time need not exceed this many of the gaps between its arrivals. */
  gapsOfQuiet: 4,
  why: "a level confirmed once may change (the engine slows with its state): it is probed again now and then, not at every window",
} as const;

/** A listing that answered reads of a collection (engine/batching/listings.ts). */
export const LISTING = {
  /** How long after the last read it answered (or after it was taken) a listing answers the next, when nothing was written under it. */
  maxAgeMs: 10_000,
  why: "the reads of one refresh, however long the engine takes over them (at 2,000 record sets, seconds apart); a write under it drops it at once",
} as const;

/**
 * How long after an operation ended the engine still sends the one that takes its place
 * (engine/batching/occupancy.ts): a few of the refill times it showed, within these bounds.
 */
export const REFILL = {
  maxMs: 1000,
  minMs: 25,
  /** Patience in refill times. */
  refillsOfPatience: 4,
  /** The weight of a new refill time in the smoothed one. */
  weight: 0.2,
  why: "an engine writing a checkpoint after each operation sends the next one by one: a window waits for them, but not at the end of a run",
} as const;

/**
 * An API's published rate-limit rules (http/rateLimitRules.ts; the code host's are its own):
 * attempts of a request it keeps limiting, the least wait after a secondary limit that names none,
 * and the longest single wait honoured (a primary window is an hour; its end, plus clock skew).
 */
export const PUBLISHED_LIMITS = {
  attempts: 5,
  secondaryMinWaitMs: 60_000,
  maxWaitMs: 65 * 60_000,
  why: "a limit the API publishes says when it resets: waiting for it is right, up to its window; past five limits in a row it is not a passing burst",
} as const;

/**
 * The request limits an API publishes (the code host's secondary limits, apis/codehost/limits.ts), which its
 * client's limiter (http/requestLimiter.ts) keeps requests under: in flight at once, points per minute (a read
 * costs `readPoints`, another method `writePoints`), content-creating requests per minute and per
 * hour, and the least time between two writes.
 */
export const PUBLISHED_REQUEST_LIMITS = {
  maxConcurrent: 100,
  pointsPerMinute: 900,
  readPoints: 1,
  writePoints: 5,
  creationsPerMinute: 80,
  creationsPerHour: 500,
  writeSpacingMs: 1000,
  /** Length of a minute (tests scale it with the emulator's clock). */
  minuteMs: 60_000,
  why: "the code host publishes them and answers a request over them with a secondary limit: kept under, none is refused for them",
} as const;

/**
 * A step's budget from its plan (engine/plan/worstCase.ts `budgetOf`, which says how: a request's attempts under faults, a loop's further
 * rounds without, a wait's checks): a listing's pages counted at most, the step's token exchanges besides a refused token's.
 */
export const STEP_BUDGET = {
  pages: 10,
  tokenExchanges: 2,
  why:
    "10 pages of 1,000 hold a zone's default quota of record sets (10,000), the largest collection (a page past them is granted as its answer shows it); a step starts without a token once, and an " +
    "hour's token is refreshed at most once in its longest wait (10 min); a bad round of faults per request and every round of contention fit, an outage does not",
} as const;

/** A read function's call (engine/functions/readFunction.ts): its requests in all, a listing's every page and their retries among them. */
export const FUNCTION_BUDGET = {
  requests: 1000,
  why: "a function reads a listing to its end: a hundred pages of a large account, each with its retries, and no more",
} as const;

/** The pause before round `attempt + 1` of a loop (`attempt` ≥ 1) after a failure whose outcome is `unknown` or not. */
export function loopPauseMs(loop: LoopName, attempt: number, unknownOutcome: boolean, random: () => number = Math.random): number {
  const pause: LoopPause = LOOPS[loop].pause;
  if (pause === "none" || (pause === "backoff" && !unknownOutcome)) return 0;
  const { baseDelayMs, maxDelayMs } = pause === "backoff" ? REQUEST_BACKOFF : CONTENTION_BACKOFF;
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
