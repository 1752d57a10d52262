/**
 * The lifecycle as data: what each step sends where it differs from the
 * collection/item pattern (create = POST to the collection, read = GET of the
 * item, update = PATCH of the changes, delete = DELETE of the item). The
 * engine (plan/planStep.ts, run by executor/executor.ts) turns these into requests; what data cannot say is
 * one of the named hooks in declaration.ts.
 */
import type { z } from "zod";
import type { Paging } from "../../google/listing";
import type { PollKind } from "../../google/poll";
import type { RepeatRule } from "../../http/retry";
import type { ListPick } from "../kinds";

export { mergedQuery, fillQuery, createTemplate, optionQuery } from "./template";
export type { QueryValues, RequestStep, RequestOption, FromInput, QuerySpec, ChosenPath } from "./template";
import type { ChosenPath, QuerySpec } from "./template";

type Values = Readonly<Record<string, unknown>>;

/** The create request. Default: POST to `paths.collection`, body `toCreateBody`, answer the wire object, repeat `settle`. */
export interface CreateStep<A> {
  /** `PATCH` for a singleton the service always has: the create adopts it (an update mask in `query`). */
  readonly method?: "POST" | "PUT" | "PATCH";
  /**
   * Path template (identity names); a custom verb is part of it (`.../events/watch`). Default
   * `paths.collection`. A `ChosenPath` when an input chooses the collection (filled from the inputs).
   */
  readonly path?: string | ChosenPath;
  /** Query parameters: fixed (`{ updateMask: "enablement" }`), or from the inputs (a client-chosen `quotaPreferenceId`). */
  readonly query?: QuerySpec;
  /**
   * Default `settle`: the engine reads back after an unknown outcome. `idempotent` only where a
   * copy cannot make a second object (an add keyed by its content).
   */
  readonly repeat?: RepeatRule;
  /** The answer's shape; default the wire schema; `ignored` when the API answers nothing useful. */
  readonly answer?: z.ZodType | "ignored";
  /** The wire object from the answer, when the answer is not the object itself. */
  readonly toWire?: (answer: unknown, args: A) => unknown;
}

/** A read through a listing (the API has no read of one object): the entry that matches (`match`, `key`, `toWire`, `whole`), or gone. */
export interface ListRead<E = unknown> extends ListPick<E> {
  /** Path template. */
  readonly path: string;
  /** The member holding the items of a Google list page (read to the last page); absent: the answer is an array. */
  readonly field?: string;
  readonly entry: z.ZodType<E>;
  /** Page parameters of a Google list (`field` given): e.g. DNS's `maxResults`. */
  readonly paging?: Paging;
}

/**
 * A read of an object that is a whole collection (a zone's record sets as one resource): every page
 * of the listing, every item parsed by `entry`, and the object made of them by `toWire`.
 */
export function wholeListing<E>(read: Omit<ListRead<E>, "match" | "key" | "toWire" | "whole"> & { readonly toWire: (items: readonly E[]) => unknown }): {
  readonly list: ListRead;
} {
  const { toWire, ...rest } = read;
  return { list: { ...rest, match: () => true, whole: true, toWire: toWire as (entry: unknown) => unknown } as unknown as ListRead };
}

/** Erases a listing read's entry type, so declarations of any entry fit the one `steps` type. */
export function fromListing<E>(read: ListRead<E>): { readonly list: ListRead } {
  return { list: read as unknown as ListRead };
}

/**
 * Reads of the item that come together (a refresh) answered from one listing of the
 * collection (batching/listings.ts); a read alone is still the GET of the item.
 */
export function sharedListing<E>(read: ListRead<E>): { readonly sharedListing: ListRead } {
  return { sharedListing: read as unknown as ListRead };
}

/**
 * How the object is read. Default: GET of `paths.item`, 404 = gone. `stored`: the API has
 * no read (the state is what was stored; drift is not seen). `list`: through a listing.
 * `storedUntil`: no read either, but the object ends by itself at a time the state holds
 * (a push-notification channel's expiration, an ISO date-time or Unix ms): present until
 * then, gone after, so a refresh drops it and the next `up` makes a new one. Such an object
 * can be imported by its id: what the program says is taken as what exists.
 * `sharedListing`: the GET of the item, or with other reads of the collection one listing.
 */
export type ReadStep = "stored" | { readonly list: ListRead } | { readonly sharedListing: ListRead } | { readonly storedUntil: string };

interface DeleteRequestBase {
  /** Default `paths.item`. */
  readonly path?: string;
  /**
   * `channelBase`: the request goes to the API's channel base address (`svc:<api>ChannelBaseUrl`,
   * default the API's base address), where push-notification channels are stopped.
   */
  readonly at?: "channelBase";
  readonly query?: QuerySpec;
  /** A body naming the object (a channel stop, an SSH key's removal): each body field from a state field. */
  readonly bodyFromState?: Readonly<Record<string, string>>;
  readonly answer?: z.ZodType;
}

/** The delete request. Default: DELETE of `paths.item`; a POST (a custom verb such as `stop`) must state its repeat rule. */
export type DeleteRequest = DeleteRequestBase &
  ({ readonly method: "POST"; readonly repeat: RepeatRule } | { readonly method?: "DELETE"; readonly repeat?: RepeatRule });

/** Fields emptied (one PATCH) before a delete the API refuses while they hold something, e.g. `networks`. */
export interface Detach {
  readonly fields: readonly string[];
  /** The refusal's reason when something was attached meanwhile: detach, then delete again. */
  readonly inUseReason: string;
}

/** Work the API finishes after answering a create or update, polled until done. */
export interface WaitStep {
  readonly after: readonly ("create" | "update")[];
  /** The kind of work polled: a shared one (google/poll.ts `POLL_KINDS`) or the API's own. */
  readonly poll: PollKind;
  /** Where the work is read: a template of identity names and `{id}`, the work's id (`{id*}`: a name of several segments). */
  readonly path: string;
  /**
   * An opt-in wait: the input giving the seconds to wait (e.g. `waitForGrant`); left out, no wait.
   * Past them the resource carries on, saying so, instead of failing.
   */
  readonly secondsInput?: string;
  /** Words for the log about the last answer once the work is done (e.g. a partial grant); undefined: nothing to say. */
  readonly outcome?: (answer: unknown) => string | undefined;
}

/** For server-assigned ids: the listing in which a create whose answer was lost is found. */
export interface FindCreated {
  /** Default `paths.collection`. */
  readonly path?: string;
  /** As in ListRead; absent: the answer is an array. */
  readonly field?: string;
  /** The list answers in proto3 JSON (AIP-158): a page without items leaves the field out. */
  readonly omitsEmptyList?: boolean;
  /** Default the wire schema. */
  readonly entry?: z.ZodType;
}

/**
 * An input that changes in place by moving the object (an event to another calendar): one
 * request, after which the object keeps its server id under the input's new value. The id
 * keeps the value the object was created with (an id never changes); reads, updates and
 * deletes take the input's current value from the state.
 */
export interface MoveStep {
  /** The input (an id placeholder) the move changes. */
  readonly field: string;
  /** Path template, filled with the identity before the move; the verb is part of it (`.../move`). */
  readonly path: string;
  /** Query parameters naming the destination, e.g. `{ destination: { input: "calendarId" } }`. */
  readonly query: QuerySpec;
}

/**
 * What an update's answer holds. Default: the object itself, taken as the new state when it
 * is a whole wire object (so an update is one request); `{ member }`: the object is that member
 * of the answer (`{ policy: {...} }`); `partial`: the answer does not show the whole object,
 * so the object is read back. Work polled by a `wait` step is always followed by a read.
 */
export type UpdateAnswer = { readonly member: string } | "partial";

export interface Steps<A> {
  readonly create?: CreateStep<A>;
  readonly read?: ReadStep;
  /**
   * `abandon`: the API has no delete; destroy leaves the object and says so, in the
   * declaration's words when given (`{ abandon: (state) => "... remains at 100" }`).
   */
  readonly delete?: DeleteRequest | "abandon" | { readonly abandon: (state: Values) => string };
  readonly detachBeforeDelete?: Detach;
  readonly wait?: WaitStep;
  readonly findCreated?: FindCreated;
}

/**
 * `PATCH`: a body of the changes (removed fields as null). `PUT`: the whole create body.
 * `updateMask`: a PATCH of the changed fields with `?<maskParam>=a,b` naming them (a removed
 * field is named and left out of the body), under the stored etag when declared. `putMerged`: GET the live object, merge the
 * changes into it, PUT it with `If-Match: <etag>`; a 412 (changed meanwhile) reads again,
 * as often as the retry table's `merge` loop says. `policy`: the access-policy hook's grant, written into the policy.
 * `planned`: the `planUpdate` hook's plan. `none`: every change replaces.
 */
export type UpdateKind =
  | "PATCH"
  | "PUT"
  | "none"
  /** The access-policy hook writes the grant (every step of the resource is the policy's read-modify-write). */
  | "policy"
  /** The `planUpdate` hook plans it: which request depends on what changed. */
  | "planned"
  | {
      readonly patch: "updateMask";
      readonly maskParam?: string;
      readonly query?: QuerySpec;
      /**
       * The mask path of an input where it is not the input's name (`preferredValue` ->
       * `quotaConfig.preferredValue`); the body is the create body cut down to the masked paths.
       */
      readonly paths?: Readonly<Record<string, string>>;
      /**
       * The state field holding the etag, sent in the body: the service refuses the write
       * (409 ABORTED) when the object changed since; the engine then reads it again and
       * goes on only when the change still applies cleanly.
       */
      readonly etagField?: string;
    }
  | { readonly putMerged: { readonly etagField?: string; readonly query?: QuerySpec } };

/**
 * The one place an update is configured: how the change is sent (`send`, an UpdateKind), what
 * the answer holds (`answer`, default the object) and an input that changes by moving the
 * object (`move`). A bare UpdateKind says `send` alone. What data cannot say goes through the
 * `planUpdate` hook (with `send: "planned"`).
 */
export interface UpdateStep {
  readonly send: UpdateKind;
  readonly answer?: UpdateAnswer;
  readonly move?: MoveStep;
}

export type UpdateDeclaration = UpdateKind | UpdateStep;

/** The update as its three parts, whichever form it was declared in. */
export function updateOf(update: UpdateDeclaration): UpdateStep {
  return typeof update === "object" && "send" in update ? update : { send: update };
}

/** Whether destroy leaves the object (the API has no delete). */
export function abandons(step: Steps<unknown>["delete"]): step is "abandon" | { readonly abandon: (state: Values) => string } {
  return step === "abandon" || (typeof step === "object" && "abandon" in step);
}
