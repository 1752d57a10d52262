/**
 * What a kind of plan entry is to the engine: one descriptor per kind, in a file of kinds/ beside
 * the entry's type, through which the executor runs the entry, svc-plan and the conformance run read
 * what it sends, and the budget counts what it may send. No dispatcher names a kind: each goes
 * through the registry (index.ts, `ENTRY_KINDS`, written by `npm run generate` from the files of
 * kinds/), so a new kind is one file here. What a kind needs to run is given to it (`Runner`, the
 * executor's): kinds/ imports nothing of the engine's other rooms.
 */
import type { z } from "zod";
import type { ApiError } from "../../http/answer";
import type { Budget } from "../../http/retry";
import type { LoopName } from "../../http/retryTable";
import type { AdoptEntry } from "./adopt";
import type { JoinEntry } from "./join";
import type { PollEntry } from "./poll";
import type { ReadEntry } from "./read";
import type { ReconcileEntry } from "./reconcile";
import type { PlannedRequest } from "./request";
import type { SettledEntry } from "./settled";

/**
 * Each kind's entry type by the kind's name: each kind's file adds its own
 * (`declare module "./kind" { interface EntryKinds { send: SendEntry } }`), and the registry is
 * checked complete against it by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each kind's file
export interface EntryKinds {}

/** An entry of a step's plan, of any kind. */
export type PlanEntry = EntryKinds[keyof EntryKinds];

/** An answer and the schema that parsed it (undefined: none did, or it is not the object's). */
export interface Answer {
  readonly value: unknown;
  readonly parsedBy?: z.ZodType;
  /** A read found no object (a listing or a policy without it; a 404 of the item). */
  readonly gone?: true;
}

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
  /** How it pauses between rounds: the process's (`context.process.sleep`; a replay's does not wait). */
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * What a kind runs with, the executor's (`runnerOf` in executor/executor.ts makes it of a step's context): the one
 * sender of planned requests, the one loop that sends a write again, the nested plan, and the runs
 * of the kinds whose machinery is the executor's (reads, polls, settled writes, batches, creates).
 */
export interface Runner {
  /** Sends a planned request on the step's budget; its answer parsed once, by its schema, in the call path. */
  send(request: PlannedRequest): Promise<Answer>;
  /** The one loop that sends a write again, with the process's pauses. */
  guarded<T>(guard: Omit<Guard<T>, "sleep">): Promise<T>;
  /** Runs `entries` in order, the answer of the last the result (an entry's own plan: a detach, what a write sends alone). */
  run(entries: readonly PlanEntry[]): Promise<Answer>;
  /** Runs `work` with no other work of `key` in the process at the same time (writes to one policy). */
  locked<T>(key: string, work: () => Promise<T>): Promise<T>;
  read(entry: ReadEntry): Promise<Answer>;
  poll(entry: PollEntry, answer: Answer): Promise<Answer>;
  /** `before`: the answer of the entry before it (what its writes may be made with). */
  settled(entry: SettledEntry, before: unknown): Promise<Answer>;
  join(entry: JoinEntry): Promise<Answer>;
  reconcile(entry: ReconcileEntry): Promise<Answer>;
  adopt(entry: AdoptEntry): Promise<Answer>;
  /** The resource's state of an answer (what a write is planned anew from); empty without the resource's model. */
  stateOf(answer: Answer): Readonly<Record<string, unknown>>;
  /** The answer as the whole object, when it is one (a write's answer that needs no read back). */
  objectOf(answer: Answer): Answer | undefined;
  log(message: string): void;
  sleep(ms: number): Promise<void>;
  /** The step's: every attempt of every request is spent from it. */
  readonly budget: Budget;
}

/** What a walk of a plan's requests knows when nothing is sent (svc-plan) or what was sent is read back (the conformance run). */
export interface Reading {
  /** The answer of `request`, sent before by the entry (a read a write is made from); undefined when not known. */
  answerOf(request: PlannedRequest): unknown;
  /** The answer of the entry before the one walked (a project's quota, read first). */
  readonly before?: unknown;
  /** Each joined write as what it sends alone (one step at a time), not as its joint request. */
  readonly alone?: boolean;
  /**
   * A log of what was sent, read back (the conformance run): `answerOf` gives each answer as the
   * log shows it (asked in the order of sending), and an entry lists the requests as they were sent,
   * worked out from the answers (a merge's body from the live object, no write when a policy
   * already holds the change, a wait's checks only while its work is pending); a request sent only
   * when needed (a read back, a read sent once a process) listed when it came next. Absent
   * (svc-plan): nothing was sent, and each request stands for what it will be.
   */
  readonly sent?: SentLog;
}

/** What a log of sent requests tells an entry beyond the answers. */
export interface SentLog {
  /** Whether `request` is what was sent next (by its method and path). */
  isNext(request: PlannedRequest): boolean;
}

/** A request as svc-plan shows it: sent only on a condition (an adoption's update), or a write joined with others of its key. */
export interface Shown {
  readonly request: PlannedRequest;
  readonly onlyIf?: string;
  readonly joined?: JoinEntry;
}

/** The entries inside an entry (a join's `alone`, a create's writes, a detach before a delete), walked through the same registry. */
export interface Nested {
  requests(entries: readonly PlanEntry[], reading: Reading): PlannedRequest[];
  describe(entries: readonly PlanEntry[], reading: Reading): Shown[];
  worstCase(entries: readonly PlanEntry[]): number;
  budget(entries: readonly PlanEntry[]): number;
  /** What the entries send without faults at most (each listing's pages counted; a wait's checks not): a loop's further round. */
  once(entries: readonly PlanEntry[]): number;
}

/** One kind of plan entry, all the engine knows of it. */
export interface EntryKind<E> {
  /** Runs the entry after `previous`, the answer of the entry before it; resolves to the answer after it. */
  run(entry: E, previous: Answer, runner: Runner): Promise<Answer>;
  /** What is sent when nothing fails, in order, each request as sent (polls' checks and listings' pages stand for each of theirs). */
  requests(entry: E, reading: Reading, nested: Nested): PlannedRequest[];
  /** What svc-plan shows of it, when more than its requests (a joined write, an adoption's update only if it differs). */
  describe?(entry: E, reading: Reading, nested: Nested): Shown[];
  /** The most attempts it can send under faults (every request at its most attempts, every loop at its most rounds), its waits aside. */
  worstCase(entry: E, nested: Nested): number;
  /**
   * Its share of the step's budget, from the retry table (STEP_BUDGET says how): every request at its
   * attempts under faults, a loop's further rounds at what they send without faults, its waits'
   * checks (each by its schedule and deadline) and one check's faults.
   */
  budget(entry: E, nested: Nested): number;
  /** The entries it runs as parts of a joint plan of several steps at once (a create: its writes); absent: itself. */
  parts?(entry: E): readonly PlanEntry[];
  /** The joined write it is, in a joint plan: one request per key with the others of its key. */
  joint?(entry: E): JoinEntry | undefined;
  /** The entries inside it, run by it (a create's writes, a detach before a refused write goes again); absent: none. */
  nested?(entry: E): readonly PlanEntry[];
  /** The retry table's loops that send its write again after a stale refusal (an etag, a merge's If-Match, a policy's cycle); absent: none. */
  loops?(entry: E): readonly LoopName[];
}

/** A kind's descriptor, typed by its entry (the registry's generator finds each `entryKind(...)` export). */
export const entryKind = <E>(kind: EntryKind<E>): EntryKind<E> => kind;

/** The descriptors by kind name: the engine's (`ENTRY_KINDS`), or more for a test. */
export type Registry = Readonly<Record<string, EntryKind<never>>>;

/** The descriptor of `entry`'s kind in `registry`; a kind it lacks is an error that says where kinds are added. */
export function kindOf<E extends { readonly kind: string }>(registry: Registry, entry: E): EntryKind<E> {
  const kind = registry[entry.kind];
  if (kind === undefined)
    throw new Error(`no descriptor for plan entries of kind "${entry.kind}": a kind is a file of provider/engine/kinds/, then \`npm run generate\``);
  return kind;
}
