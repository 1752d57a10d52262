/**
 * A step's requests as data: what `up` sends for a create, read, update, move or delete of one
 * object, worked out before anything is sent. The engine runs a plan (executor.ts) and `svc-plan`
 * prints the same plan, so the two cannot disagree. Where a request depends on an answer (a merged
 * PUT of the live object, an access policy's read-modify-write, work polled until done, a write
 * gathered with others into one request) the entry says so as data, and the executor does it.
 */
import type { z } from "zod";
import type { Binding } from "../../google/iamPolicy";
import type { PollKind } from "../../google/poll";
import type { RepeatRule } from "../../http/retry";
import type { LoopName } from "../../http/retryTable";
import type { HookContext } from "../declaration/declaration";
import type { QueryValues } from "../declaration/queries";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One request: what is sent, how a fault is handled, and how its answer is read. */
export interface PlannedRequest {
  readonly method: Method;
  /** Below the API's base address, percent-encoded as sent. */
  readonly path: string;
  readonly query?: QueryValues;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as sent; for a body made from an answer (a merge, a policy), what it holds. */
  readonly body?: unknown;
  /** After a 5xx, a timeout or a lost answer (http/retry.ts); a POST always says it. */
  readonly repeat?: RepeatRule;
  /** The answer's shape, checked in the call path; none: the answer is not read. */
  readonly schema?: z.ZodType;
  /** Sent to the API's channel base address (where push-notification channels are stopped). */
  readonly at?: "channelBase";
  /** For a reader of the plan: when or how it is sent. */
  readonly note?: string;
  /** The body (or a header) is made at run time from an answer: what is shown describes it (a merge of the changes, a policy with the grant). */
  readonly described?: true;
  /**
   * How many times it is sent, when not exactly once: `pages`, a listing read page by page (at
   * least once); `untilDone`, work polled while it is pending (not at all when it is done at once);
   * `whenNeeded`, once or not at all (a change only when there is something to change).
   */
  readonly sent?: "pages" | "untilDone" | "whenNeeded";
}

/** A request sent as it is. */
export interface SendEntry {
  readonly kind: "send";
  readonly request: PlannedRequest;
  /**
   * Under the stored etag (an update-mask PATCH that carries it): a 409 means the object changed
   * since; it is read again and the write goes on only when the change still applies cleanly.
   */
  readonly underEtag?: true;
  /** A refusal with this reason (400) means something was attached meanwhile: `first` runs, then the request once more. */
  readonly whenRefused?: { readonly reason: string; readonly first: readonly PlanEntry[] };
  /** The listing a create of a server-assigned id takes first: a lost answer is settled by what appeared since. */
  readonly listsCreated?: true;
  /** A lost or unreadable answer is settled by this read: found, the write took effect; otherwise the failure stands. */
  readonly whenLost?: PlannedRequest;
}

/**
 * The object read as the engine makes its state of it: the GET of the item, the listing it is found
 * in, its access policy, or nothing (the state is what was stored). `when` says when it is sent
 * other than always: `answerNotObject`, after a write whose answer turns out not to be the whole
 * object (a read back); `earlierRun`, before a create that this stack's interrupted run sent (its
 * ownership record names the id: what it made is adopted); `outcomeUnknown`, after a create whose
 * answer was lost (the object found as asked for is adopted, otherwise the create goes again).
 */
export interface ReadEntry {
  readonly kind: "read";
  readonly requests: readonly PlannedRequest[];
  readonly when?: "answerNotObject" | "earlierRun" | "outcomeUnknown";
}

/** GET the live object, merge `write.body` (the changes; null removes) into it, PUT it under `If-Match`; a 412: again. */
export interface MergeEntry {
  readonly kind: "merge";
  readonly read: PlannedRequest;
  readonly write: PlannedRequest;
  readonly etagField: string;
}

/** An IAM policy's read-modify-write: `change` on its unconditional bindings, written under its etag, none when nothing changes. */
export interface PolicyEntry {
  readonly kind: "policy";
  readonly read: PlannedRequest;
  readonly write: PlannedRequest;
  readonly change: (bindings: Binding[]) => Binding[];
  /** Words for the log, e.g. `zone prod`. */
  readonly label: string;
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

/** A write that joins the others of its key arriving at the same time in one request (a zone's atomic change). */
export interface JoinEntry {
  readonly kind: "join";
  readonly batch: Batch;
  /** The key the writes of one request share (a zone's path). */
  readonly key: string;
  /** The write as data, for the batch and for a reader: what it deletes and adds. */
  readonly write: unknown;
  /** The joint request as a reader sees it (its body holds this write alone). */
  readonly request: PlannedRequest;
  /** What is sent when no other write comes with it. */
  readonly alone: readonly PlanEntry[];
}

/** Writes of one key gathered into one request; an API that has them brings its own (DNS: a zone's change). */
export interface Batch {
  /** Sends the write with the others of its key, or alone through `runAlone`; resolves to its answer. */
  readonly add: (entry: JoinEntry, context: HookContext, runAlone: () => Promise<BatchAnswer>) => Promise<BatchAnswer>;
  /** The requests that `writes` of `key` arriving together send: what the batch sends, and what a reader and the conformance run compare. */
  readonly joint: (key: string, writes: readonly unknown[]) => readonly PlannedRequest[];
  /** What a write takes out of and puts into the joint request, for a reader. */
  readonly parts: (write: unknown) => { readonly removes: readonly unknown[]; readonly adds: readonly unknown[] };
  /** The writes of one key added up, in words for a reader. */
  readonly summarize: (key: string, writes: readonly unknown[]) => string;
}

/** A joined write's answer, and the schema that parsed it in the call path (none: not parsed yet). */
export interface BatchAnswer {
  readonly value: unknown;
  readonly parsedBy?: z.ZodType;
}

/**
 * A write whose outcome is settled by reading when its answer is lost or it is refused as stale:
 * `settle` reads (the object, a listing) and says whether the write took effect; when it did not,
 * the entry is planned again from what was read.
 */
export interface SettledEntry {
  readonly kind: "settled";
  /** The requests of the normal path, in order: what a reader sees and what is sent first. */
  readonly requests: readonly PlannedRequest[];
  /** What settling a failure reads before the next round (when the rounds' requests do not read it themselves). */
  readonly settleBy?: readonly PlannedRequest[];
  /** Runs the requests (after a settle, from what was read); resolves to the answer. */
  readonly run: (context: HookContext, attempt: number) => Promise<unknown>;
  /**
   * Whether a failure is settled by reading, and how: send again (after the loop's pause), the write
   * took effect (its answer), or undefined: the failure stands. Past the last attempt, "again" is the failure.
   */
  readonly settle: (context: HookContext, failure: SettleFailure) => Promise<{ readonly again: true } | { readonly done: unknown } | undefined>;
  /** The retry table's loop it goes round in (its rounds and pauses). */
  readonly loop: LoopName;
}

/** A failure a settled entry may settle: a refusal by status, or an outcome not known. */
export interface SettleFailure {
  readonly status?: number;
  readonly unknownOutcome: boolean;
  readonly message: string;
  readonly attempt: number;
  readonly last: boolean;
}

export type PlanEntry = SendEntry | MergeEntry | PolicyEntry | PollEntry | JoinEntry | SettledEntry | ReadEntry;

/**
 * Every request of a plan as a reader sees it, in order: a joined write as its joint request, or
 * with `alone` as what it sends when no other write comes with it.
 */
export function requestsOf(entries: readonly PlanEntry[], options: { readonly alone?: boolean } = {}): PlannedRequest[] {
  return entries.flatMap((entry): PlannedRequest[] => {
    switch (entry.kind) {
      case "send":
        return [entry.request];
      case "merge":
      case "policy":
        return [entry.read, entry.write];
      case "poll":
        return [entry.request];
      case "join":
        return options.alone === true ? requestsOf(entry.alone, options) : [entry.request];
      case "settled":
        return [...entry.requests];
      case "read":
        // A read with a `when` is on a fault path (an earlier run's object, a lost answer, an answer that is not the object): not sent when nothing fails.
        return entry.when === undefined ? [...entry.requests] : [];
    }
  });
}

export const send = (request: PlannedRequest): SendEntry => ({ kind: "send", request });

/**
 * The requests of step plans that run at the same time (the resources of one `up` step): each
 * plan's requests of its own, then, for each key, the joint requests of the writes joined under it.
 */
export function jointRequests(plans: readonly (readonly PlanEntry[])[]): PlannedRequest[] {
  const own: PlannedRequest[] = [];
  const joined = new Map<string, JoinEntry[]>();
  for (const entry of plans.flat()) {
    if (entry.kind === "join") joined.set(entry.key, [...(joined.get(entry.key) ?? []), entry]);
    else own.push(...requestsOf([entry]));
  }
  return [
    ...own,
    ...[...joined].flatMap(
      ([key, entries]) =>
        entries[0]?.batch.joint(
          key,
          entries.map((entry) => entry.write),
        ) ?? [],
    ),
  ];
}

/** The read of the object, each request with `note` for a reader. */
export const read = (requests: readonly PlannedRequest[], note: string, when?: ReadEntry["when"]): ReadEntry => ({
  kind: "read",
  requests: requests.map((request) => ({ ...request, note })),
  ...(when !== undefined && { when }),
});
