/**
 * A step's requests as data: what `up` sends for a create, adoption, read, update, move or delete
 * of one object, worked out before anything is sent. The executor (engine/executor/) is the one
 * place they are sent, `svc-plan` prints the same entries, and the conformance run holds what was
 * sent to them, so the three cannot disagree. Where a request depends on an answer (a merged PUT of
 * the live object, a policy's read-modify-write, a change made from the live set, work polled until
 * done, writes joined into one request, a create settled by reading) the entry says so as data and
 * pure functions of the answer; it never sends anything itself. The lowest room (engineRooms.test.ts).
 */
import type { z } from "zod";
import type { Binding } from "../../google/iamPolicy";
import type { PollKind } from "../../google/poll";
import type { RepeatRule } from "../../http/retry";
import type { LoopName, WaitName } from "../../http/retryTable";
import type { Paging } from "./paging";
import type { WindowPolicy } from "./window";

export type { Paging } from "./paging";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request's query as sent: a list is a repeated parameter, sent once per value (http/query.ts). */
export type QueryValues = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/** One request: what is sent, how a fault is handled, and how its answer is read. */
export interface PlannedRequest {
  readonly method: Method;
  /** Below the API's base address, percent-encoded as sent. */
  readonly path: string;
  /** The query as sent (a listing's first page: its page size, its filters; later pages add the page token). */
  readonly query?: QueryValues;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as sent; for a body made from an answer (a merge, a policy, a change from the live set), what it holds. */
  readonly body?: unknown;
  /** After a 5xx, a timeout or a lost answer (http/retry.ts); a POST always says it. */
  readonly repeat?: RepeatRule;
  /** The answer's shape (a listing's: each item's), checked once in the call path; none: the answer is not read. */
  readonly schema?: z.ZodType;
  /** Sent to the API's channel base address (where push-notification channels are stopped). */
  readonly at?: "channelBase";
  /** The endpoint an API's per-endpoint limits count it against (`GET /repos/{owner}/{repo}`); default its method and path. */
  readonly endpoint?: string;
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
  /** A listing: read page by page. */
  readonly paging?: Paging;
  /** Work polled until done: the wait schedule of the retry table it is checked on. */
  readonly waits?: WaitName;
  /**
   * Sent at most once by a provider process (one `pulumi` command), its answer shared by every step
   * that plans it: what no write of this provider changes (a zone's ownership markers, which other
   * tools write), read for every create of a run.
   */
  readonly once?: true;
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

/** How an object is found in a listing's items (the declaration's `ListRead` says it): pure. */
export interface ListPick<E = unknown> {
  readonly match: (entry: E, identity: Readonly<Record<string, string>>) => boolean;
  /** The entry's key and the identity's, when they say the same as `match` (a shared listing's index, not a walk through it). */
  readonly key?: { readonly ofEntry: (entry: E) => string; readonly ofIdentity: (identity: Readonly<Record<string, string>>) => string };
  /** The wire object from the matching entry; default the entry itself. */
  readonly toWire?: (entry: E) => unknown;
  /** The object is the whole listing (a zone's record sets): `toWire` makes it of every item; `match` is not asked. */
  readonly whole?: true;
}

/**
 * How the object is read: the GET of the item; the item in a listing; the GET, or with other reads
 * of the collection that come at the same time one shared listing; its grant in an access policy;
 * or nothing (the state is what was stored, until an end it holds).
 */
export type ReadVia =
  | { readonly item: PlannedRequest }
  | { readonly list: PlannedRequest; readonly pick: ListPick }
  | { readonly item: PlannedRequest; readonly shared: PlannedRequest; readonly pick: ListPick }
  | { readonly policy: PlannedRequest; readonly find: (bindings: readonly Binding[]) => unknown }
  | { readonly stored: true; readonly until?: string };

/**
 * The object read as the engine makes its state of it. `when` says when it is sent other than
 * always: `answerNotObject`, after a write whose answer turns out not to be the whole object (a
 * read back).
 */
export interface ReadEntry {
  readonly kind: "read";
  readonly via: ReadVia;
  readonly note?: string;
  readonly when?: "answerNotObject";
  /** What the answer refuses of the step (a record set another tool claims), before anything after it is sent; undefined: nothing. */
  readonly refuse?: (value: unknown) => string | undefined;
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

/**
 * A write settled by reading: `read` shows what is live; `write(live)` is the write made from it
 * (undefined: nothing to write); `done(live)` says whether the live object shows the write done
 * (then its value is the answer). The first round writes from `believed` (what the state says is
 * live) without reading, when given. A refusal as stale (`staleStatuses`) or an unknown outcome
 * reads again and writes again from what is live, in the retry table's `loop`; a change the write
 * answers pending is waited for (`waits`). Pure: the executor sends.
 */
export interface SettledEntry {
  readonly kind: "settled";
  readonly read: PlannedRequest;
  readonly believed?: unknown;
  /**
   * The write made from what is live; several, sent in turn, where one request cannot carry it all
   * (a zone's changes within the API's per-change limits): a refusal or a lost answer of any of them
   * reads again and writes what is still missing. None: nothing to write. `before` (here, in `done`
   * and `answer`): the answer of the plan's entry before this one (a project's quota, read first).
   */
  readonly write: (live: unknown, before?: unknown) => PlannedRequest | readonly PlannedRequest[] | undefined;
  readonly done: (live: unknown, before?: unknown) => { readonly value: unknown; readonly parsedBy?: z.ZodType } | undefined;
  /** The write's answer as the step's answer, with the schema that parsed it when it was in an answer (default: the answer itself). */
  readonly answer?: (written: unknown, live: unknown, before?: unknown) => { readonly value: unknown; readonly parsedBy?: z.ZodType };
  /**
   * After the write, the work its answer describes: polled until done, or waited for as the joint
   * work of its key is (`served`: the relay of a zone's changes, which the next write may take over).
   */
  readonly waits?: PollEntry | { readonly served: BatchKind; readonly key: string; readonly request: PlannedRequest };
  readonly staleStatuses: readonly number[];
  readonly loop: LoopName;
  /** Words for the log: `record set www A`. */
  readonly label: string;
}

/** A settled entry's writes as a list (none, one or several). */
export const writesOf = (write: ReturnType<SettledEntry["write"]>): readonly PlannedRequest[] =>
  write === undefined ? [] : Array.isArray(write) ? (write as readonly PlannedRequest[]) : [write as PlannedRequest];

/** The answer of a read that found a listing's items (a settle's, a batch's), each item parsed by its schema. */
export type Items = readonly unknown[];

/**
 * Writes of one key gathered into one request (a zone's atomic change); an API that has them
 * brings its own, as data and pure functions: the joint request, the listing that settles a lost
 * one, which writes a listing shows done, the wait for the joint work to be done.
 */
export interface BatchKind {
  readonly name: string;
  /** The window the writes of one key gather in (engine/batching/windows.ts). */
  readonly window: WindowPolicy;
  /**
   * The tally of the writes gathered with `write` added, when it fits in one request (a per-request
   * limit); undefined when it does not. `tally` is undefined before the first write. Pure.
   */
  readonly admit: (tally: unknown, write: unknown) => unknown;
  /** The one request `writes` of `key` send together. */
  readonly joint: (key: string, writes: readonly unknown[]) => PlannedRequest;
  /** The listing that settles a joint request whose answer was lost. */
  readonly settleBy: (key: string) => PlannedRequest;
  /** Whether a listing shows `write` done, and its answer then (with the schema the listing parsed it by, when it is the object's). */
  readonly inPlace: (write: unknown, items: Items) => { readonly done: boolean; readonly value?: unknown; readonly parsedBy?: z.ZodType };
  /** Each write's answer from the joint answer, with the schema that parsed it when it was in the answer. */
  readonly resultOf: (write: unknown, answer: unknown) => { readonly value: unknown; readonly parsedBy?: z.ZodType };
  /** The joint work the answer leaves pending (its id), to wait for. */
  readonly pending: (answer: unknown) => string | undefined;
  /** The check of which pending works of `key` are done (a listing newest first, as far as `ids`). */
  readonly served: (key: string, ids: readonly string[]) => PlannedRequest;
  /** Which of `ids` the check's items show done (one it does not show is done). */
  readonly doneIn: (ids: readonly string[], items: Items) => ReadonlySet<string>;
  /** A refusal that can be one write's fault (the joint request is split to find it). */
  readonly splits: (status: number | undefined) => boolean;
  /** What a write takes out of and puts into the joint request, for a reader. */
  readonly parts: (write: unknown) => { readonly removes: readonly unknown[]; readonly adds: readonly unknown[] };
  /** The writes of one key added up, in words for a reader. */
  readonly summarize: (key: string, writes: readonly unknown[]) => string;
  /** Words for the log: `3 record changes of zone x` (no count: `record changes of zone x`). */
  readonly describe: (key: string, count?: number) => string;
}

/** A write that joins the others of its key arriving at the same time in one request (a zone's atomic change). */
export interface JoinEntry {
  readonly kind: "join";
  readonly batch: BatchKind;
  /** The key the writes of one request share (a zone's path). */
  readonly key: string;
  /** The write as data, for the batch and for a reader: what it deletes and adds. */
  readonly write: unknown;
  /** The joint request as a reader sees it (its body holds this write alone). */
  readonly request: PlannedRequest;
  /** What is sent when no other write comes with it. */
  readonly alone: readonly PlanEntry[];
}

/**
 * A create with its reconciliation. For an id the inputs name: `readFirst` when this stack's
 * interrupted run sent it (its ownership record names the id: what it made is adopted, by `adopt`),
 * the writes, and `settle` after a lost answer (as asked for, adopted; absent, created again). For a
 * server-assigned id: one create at a time per `lock` (the collection), `listBefore` first, and the
 * listing again after a lost answer (the one new object that is what was asked for is adopted).
 */
export interface ReconcileEntry {
  readonly kind: "reconcile";
  /** The inputs of the object asked for. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly create: readonly PlanEntry[];
  /** The create's answer as the object's wire form, when it is not the object (a policy's grant, a follow's builds). */
  readonly toWire?: (answer: unknown) => unknown;
  readonly readFirst?: ReadEntry;
  readonly settle?: ReadEntry;
  /** An object this stack's interrupted run made, converged with the program as an adoption is. */
  readonly adopt: AdoptEntry["then"];
  /** The server assigns the id (part of it): the create's answer says it. */
  readonly assigned?: true;
  readonly lock?: string;
  readonly listBefore?: PlannedRequest;
  /** What the listing's items are: the object's wire form (parsed as it in the listing), or another shape read as the object. */
  readonly listedAs?: "wire" | "other";
  /** A copy of the create makes no second object (an ACL rule: the scope is the rule): with no record, the one listed match is it. */
  readonly repeatable?: true;
}

/**
 * An adoption (`{ import }`): the object read, nothing created; what differs and can change in
 * place is then updated to match the program, by `then(existing)`'s plan (none when they agree).
 */
export interface AdoptEntry {
  readonly kind: "adopt";
  /** The object's id, and the inputs it is adopted with. */
  readonly id: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly read: ReadEntry;
  /** The error when no such object exists. */
  readonly absent: string;
  /** After the read: the update's plan from what exists, or why it cannot be adopted, or nothing to do. */
  readonly then: (
    existing: Readonly<Record<string, unknown>>,
  ) => { readonly update: readonly PlanEntry[]; readonly changed: readonly string[] } | { readonly refuse: string } | undefined;
  /** The update of every mutable input, for a reader: the most the adoption can send after its read. */
  readonly atMost: readonly PlanEntry[];
}

export type PlanEntry = SendEntry | MergeEntry | PolicyEntry | PollEntry | JoinEntry | SettledEntry | ReadEntry | ReconcileEntry | AdoptEntry;
