/**
 * The named custom-code points of a declaration (its `hooks`): what data cannot say, each with
 * why it is not data. DEVELOPERS.md lists them with their users.
 */
import type { ApiError } from "../../http/answer";
import type { Binding } from "../../google/iamPolicy";
import type { Args, PatchChange, State } from "./declaration";
import type { PlanEntry } from "../kinds";

type Identity = Readonly<Record<string, string>>;

/** The lifecycle step a refusal came from. */
export type RefusedStep = "create" | "update" | "delete";

export interface Hooks<A extends Args, W> {
  /**
   * Turns a create, update or delete the API refused (4xx) into an error that names the input and
   * the rule where the API's own message would not; undefined keeps the API's error.
   * Not data: which refusal means what is read from the API's reason and message text.
   */
  readonly explainRefusal?: (error: ApiError, args: A, step: RefusedStep) => Error | undefined;
  /**
   * The create's plan where data cannot say it (RecordSet: a write that joins the others of its
   * zone in one atomic change, or goes alone as a POST). The answer is the object's wire form; a
   * failure of unknown outcome is settled by the engine as for any create (read, adopt or create again).
   */
  readonly planCreate?: (args: A, identity: Identity) => readonly PlanEntry[];
  /**
   * The delete's plan where data cannot say it (RecordSet: joined into one change); a 404 counts
   * as deleted, as for any delete. Runs after `planBeforeDelete` and detaching.
   */
  readonly planDelete?: (state: State, identity: Identity) => readonly PlanEntry[];
  /**
   * The in-place update's plan where data cannot say it (RecordSet: record data through one atomic
   * change settled by reading back, a TTL alone by PATCH). Its answer is the object's new wire form
   * (taken as the state), or the answer a `wait` step polls, or nothing (then the object is read
   * back). `previous` is the stored state.
   * Not data: which request is sent depends on what changed, and the settling of a lost
   * answer compares the live object with the inputs.
   */
  readonly planUpdate?: (change: PatchChange<A>, args: A, identity: Identity, previous: State) => readonly PlanEntry[];
  /**
   * Work before the delete request (and before any detaching), on the stored state (ManagedZone
   * `forceDestroy`: deletes the zone's record sets in one change).
   * Not data: it lists and deletes other objects, settling lost answers by listing again.
   */
  readonly planBeforeDelete?: (state: State, identity: Identity) => readonly PlanEntry[];
  /**
   * The resource is a part of another resource's IAM policy: every step is the shared
   * read-modify-write cycle (google/iamPolicy.ts) with these transforms of the bindings.
   * Not data: what a grant adds or removes (a whole policy, a role, a member) is a function of the bindings.
   */
  readonly policy?: PolicyHook<A, W>;
}

export interface PolicyHook<A extends Args, W> {
  /** The path template of the resource whose policy is changed; `:getIamPolicy`/`:setIamPolicy` go to it. */
  readonly resource: string;
  /** Words for the log, an id-like template, e.g. `zone {managedZone}`. */
  readonly label: string;
  /** The bindings with this resource's grant in them (create, update). */
  readonly grant: (bindings: Binding[], args: A) => Binding[];
  /** The bindings without it (delete). */
  readonly revoke: (bindings: Binding[], state: State) => Binding[];
  /** This resource as found in the bindings, in its wire form; undefined when it is not there (gone). */
  readonly find: (bindings: readonly Binding[], known: State) => W | undefined;
}
