/**
 * One poller for work an API finishes after answering: a DNS zone operation,
 * a DNS record change, a long-running operation of the newer APIs. Pauses
 * start short and grow; a wait longer than 3 s is logged once with what it
 * waits for, and a wait past the timeout is an error that says so.
 */
import { z } from "zod";
import type { ApiClient } from "../http/client";

/** Pending work as read from an answer: its id, whether it is done, and words for the log. */
export interface Pending {
  readonly id: string;
  readonly done: boolean;
  /** e.g. `zone operation 12 (update)`. */
  readonly what: string;
  /** Why the work failed, when the answer says it did (a long-running operation's `error`). */
  readonly failure?: string;
}

/** How one kind of pending work reads and how fast it is polled. */
export interface PollKind {
  readonly schema: z.ZodType;
  /** The pending work an answer describes; undefined when the answer is not such work (nothing to wait for). */
  readonly pending: (answer: unknown) => Pending | undefined;
  readonly firstPauseMs: number;
  readonly maxPauseMs: number;
  /** The verb for the log: "finish", "be done". */
  readonly until: string;
}

export const operationWire = z.looseObject({ id: z.string(), status: z.enum(["pending", "done"]), type: z.string().optional() });
export const changeWire = z.looseObject({ id: z.string(), status: z.enum(["pending", "done"]) });
const longRunningWire = z.looseObject({
  name: z.string(),
  done: z.boolean().optional(),
  error: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).optional(),
});

export const POLL_KINDS = {
  /** A DNS zone operation (`managedZoneOperations`): `id`, `status` pending or done. */
  zoneOperation: {
    schema: operationWire,
    pending: (answer) => {
      const parsed = operationWire.safeParse(answer);
      if (!parsed.success) return undefined;
      const { id, status, type } = parsed.data;
      return { id, done: status === "done", what: `zone operation ${id} (${type ?? "update"})` };
    },
    firstPauseMs: 200,
    maxPauseMs: 5000,
    until: "finish",
  },
  /** A DNS record change (`changes`): `id`, `status` pending or done; every answer of changes.create is one. */
  change: {
    schema: changeWire,
    pending: (answer) => {
      const { id, status } = changeWire.parse(answer);
      return { id, done: status === "done", what: `record change ${id}` };
    },
    firstPauseMs: 50,
    maxPauseMs: 2000,
    until: "be done",
  },
  /** A long-running operation (`google.longrunning.Operation`): `name`, `done`, and `error` when it failed. */
  operation: {
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
} satisfies Record<string, PollKind>;

export type PollKindName = keyof typeof POLL_KINDS;

export interface WaitOptions {
  readonly client: ApiClient;
  readonly log: (message: string) => void;
  /** Where the work is read, given its id. */
  readonly pathOf: (id: string) => string;
  readonly timeoutMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls in progress per client and path: every waiter of one piece of work shares one poll. */
const polls = new WeakMap<ApiClient, Map<string, Promise<void>>>();

/**
 * Waits until the work `answer` describes is done; returns at once when it is done or is no
 * such work. Waiters of the same work (the resources of one batched change) share one poll.
 */
export async function waitFor(kind: PollKind, answer: unknown, options: WaitOptions): Promise<void> {
  const first = kind.pending(answer);
  if (first === undefined || (first.done && first.failure === undefined)) return;
  const path = options.pathOf(first.id);
  let inProgress = polls.get(options.client);
  if (inProgress === undefined) {
    inProgress = new Map();
    polls.set(options.client, inProgress);
  }
  const shared = inProgress;
  let poll = shared.get(path);
  if (poll === undefined) {
    poll = pollUntilDone(kind, first, options).finally(() => shared.delete(path));
    shared.set(path, poll);
  }
  return poll;
}

async function pollUntilDone(kind: PollKind, first: Pending, options: WaitOptions): Promise<void> {
  const { client, log, pathOf, timeoutMs = 10 * 60_000, sleep = defaultSleep } = options;
  const started = Date.now();
  let current = first;
  let pause = kind.firstPauseMs;
  let reported = false;
  for (;;) {
    if (current.failure !== undefined) throw new Error(`${first.what} failed: ${current.failure}`);
    if (current.done) return;
    await sleep(pause);
    current = kind.pending(await client.send({ method: "GET", path: pathOf(first.id), schema: kind.schema })) ?? { ...first, done: true };
    const waited = Date.now() - started;
    if (current.failure === undefined && !current.done && waited > timeoutMs) {
      throw new Error(`${first.what} was not done after ${Math.round(waited / 1000)}s`);
    }
    if (!reported && !current.done && waited > 3000) {
      log(`svc: waiting for ${first.what} to ${kind.until}...`);
      reported = true;
    }
    pause = Math.min(pause * 2, kind.maxPauseMs);
  }
}
