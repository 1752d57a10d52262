/**
 * One poller for work an API finishes after answering: a long-running operation of the newer
 * APIs, an object the service is still reconciling, or a kind an API brings of its own (in its
 * folder, provider/apis/<api>/). Pauses start short and grow;
 * a wait longer than 3 s is logged once with what it waits for, and a wait past the timeout is an
 * error that says so.
 */
import { setTimeout as defaultSleep } from "node:timers/promises";
import { z } from "zod";
import type { ApiClient } from "../http/client";
import { outsideStepBudget } from "../http/stepBudget";

/** Pending work as read from an answer: its id, whether it is done, and words for the log. */
export interface Pending {
  readonly id: string;
  readonly done: boolean;
  /** e.g. `operation 12`. */
  readonly what: string;
  /** Why the work failed, when the answer says it did (a long-running operation's `error`). */
  readonly failure?: string;
}

/** How one kind of pending work reads and how fast it is polled. */
export interface PollKind {
  /** Its name for a reader of a plan, e.g. `operation`. */
  readonly name: string;
  readonly schema: z.ZodType;
  /** The pending work an answer describes; undefined when the answer is not such work (nothing to wait for). */
  readonly pending: (answer: unknown) => Pending | undefined;
  readonly firstPauseMs: number;
  readonly maxPauseMs: number;
  /** The verb for the log: "finish", "be done". */
  readonly until: string;
  /** What is polled is the object itself (not an operation about it): the last read is its newest state. */
  readonly pollsTheObject?: boolean;
}

const longRunningWire = z.looseObject({
  name: z.string(),
  done: z.boolean().optional(),
  error: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).optional(),
});

const reconcilingWire = z.looseObject({ name: z.string(), reconciling: z.boolean().optional() });

/** The kinds of work Google APIs share. */
export const POLL_KINDS = {
  /** A long-running operation (`google.longrunning.Operation`): `name`, `done`, and `error` when it failed. */
  operation: {
    name: "operation",
    schema: longRunningWire,
    pending: (answer) => {
      const parsed = longRunningWire.safeParse(answer);
      if (!parsed.success) return undefined;
      const { name, done, error } = parsed.data;
      const failure = error === undefined ? undefined : `${error.message ?? "failed"}${error.code === undefined ? "" : ` (code ${error.code})`}`;
      return { id: name, done: done === true, what: `operation ${name}`, ...(failure !== undefined && { failure }) };
    },
    firstPauseMs: 200,
    maxPauseMs: 5000,
    until: "finish",
  },
  /** A declarative-friendly resource (AIP-128) whose `reconciling` is true while the service acts on it. */
  reconciling: {
    name: "reconciling",
    schema: reconcilingWire,
    pending: (answer) => {
      const parsed = reconcilingWire.safeParse(answer);
      if (!parsed.success) return undefined;
      return { id: parsed.data.name, done: parsed.data.reconciling !== true, what: parsed.data.name };
    },
    firstPauseMs: 250,
    maxPauseMs: 5000,
    until: "be decided",
    pollsTheObject: true,
  },
} satisfies Record<string, PollKind>;

export interface WaitOptions {
  readonly client: ApiClient;
  readonly log: (message: string) => void;
  /** Where the work is read, given its id. */
  readonly pathOf: (id: string) => string;
  readonly timeoutMs?: number;
  /** Past the timeout: `fail` (default), or `carryOn`, saying so in the log (an opt-in wait the program bounded). */
  readonly onTimeout?: "fail" | "carryOn";
  readonly sleep?: (ms: number) => Promise<void>;
  /** The clock the timeout is measured on (tests pass the one their `sleep` advances). */
  readonly clock?: () => number;
}

/** How often an opt-in wait says it is still waiting. */
const PROGRESS_EVERY_MS = 10_000;

/** Polls in progress per client and path: every waiter of one piece of work shares one poll. */
const polls = new WeakMap<ApiClient, Map<string, Promise<unknown>>>();

/**
 * Waits until the work `answer` describes is done; returns at once when it is done or is no
 * such work. Resolves to the last answer read (the first one when there was nothing to wait
 * for). Waiters of the same work (the resources of one batched change) share one poll.
 */
export async function waitFor(kind: PollKind, answer: unknown, options: WaitOptions): Promise<unknown> {
  const first = kind.pending(answer);
  if (first === undefined || (first.done && first.failure === undefined)) return answer;
  const path = options.pathOf(first.id);
  let inProgress = polls.get(options.client);
  if (inProgress === undefined) {
    inProgress = new Map();
    polls.set(options.client, inProgress);
  }
  const shared = inProgress;
  let poll = shared.get(path);
  if (poll === undefined) {
    poll = pollUntilDone(kind, first, answer, options).finally(() => shared.delete(path));
    shared.set(path, poll);
  }
  return poll;
}

async function pollUntilDone(kind: PollKind, first: Pending, answer: unknown, options: WaitOptions): Promise<unknown> {
  const { client, log, pathOf, timeoutMs = 10 * 60_000, onTimeout = "fail", sleep = defaultSleep, clock = Date.now } = options;
  const started = clock();
  let current = first;
  let last = answer;
  let pause = kind.firstPauseMs;
  let reportedAt: number | undefined;
  // An opt-in wait the program asked for says what it waits for at once, then how long so far every 10 s.
  if (onTimeout === "carryOn" && !first.done) {
    log(`svc: waiting up to ${Math.round(timeoutMs / 1000)}s for ${first.what} to ${kind.until}...`);
    reportedAt = started;
  }
  for (;;) {
    if (current.failure !== undefined) throw new Error(`${first.what} failed: ${current.failure}`);
    if (current.done) return last;
    if (onTimeout === "carryOn" && clock() - started + pause > timeoutMs) {
      log(`svc: waited ${Math.round(timeoutMs / 1000)}s for ${first.what} to ${kind.until}; not waiting longer (a refresh shows the outcome later).`);
      return last;
    }
    await sleep(pause);
    // Bounded by the wait's deadline, not by the budget of the step that waits.
    last = await outsideStepBudget(() => client.send({ method: "GET", path: pathOf(first.id), schema: kind.schema }));
    current = kind.pending(last) ?? { ...first, done: true };
    const waited = clock() - started;
    if (onTimeout === "fail" && current.failure === undefined && !current.done && waited > timeoutMs) {
      throw new Error(`${first.what} was not done after ${Math.round(waited / 1000)}s`);
    }
    if (reportedAt === undefined && !current.done && waited > 3000) {
      log(`svc: waiting for ${first.what} to ${kind.until}...`);
      reportedAt = clock();
    } else if (onTimeout === "carryOn" && reportedAt !== undefined && !current.done && clock() - reportedAt >= PROGRESS_EVERY_MS) {
      log(`svc: still waiting for ${first.what} to ${kind.until} (${Math.round(waited / 1000)}s so far)`);
      reportedAt = clock();
    }
    pause = Math.min(pause * 2, kind.maxPauseMs);
  }
}
