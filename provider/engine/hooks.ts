/**
 * The named custom-code points of a declaration (its `hooks`): what data cannot say, each with
 * why it is not data. DEVELOPERS.md lists them with their users.
 */
import type { ApiError } from "../http/errors";
import type { Binding } from "../google/iamPolicy";
import type { Args, HookContext, PatchChange, State } from "./declaration";

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
   * Sends the create in a way data cannot say (RecordSet: gathered with others of its zone
   * into one atomic change); resolves to the object's wire form. An ApiError of unknown
   * outcome is settled by the engine as for any create (read, adopt or create again).
   */
  readonly applyCreate?: (args: A, context: HookContext) => Promise<unknown>;
  /**
   * Sends the delete in a way data cannot say (RecordSet: gathered into one change);
   * a 404 counts as deleted, as for any delete. Runs after `beforeDelete` and detaching.
   */
  readonly applyDelete?: (state: State, context: HookContext) => Promise<void>;
  /**
   * Sends an in-place update that is not one request (RecordSet: record data through one
   * atomic change settled by reading back, a TTL alone by PATCH). Returns the object's new
   * wire form (taken as the state, as an update's answer is), or the answer the `wait` step
   * polls, or nothing (then the object is read back). `previous` is the stored state.
   * Not data: which request is sent depends on what changed, and the settling of a lost
   * answer compares the live object with the inputs.
   */
  readonly applyUpdate?: (change: PatchChange<A>, args: A, context: HookContext, previous: State) => Promise<unknown>;
  /**
   * Runs before the delete request (and before any detaching), on the stored state
   * (ManagedZone `forceDestroy`: deletes the zone's record sets in one change).
   * Not data: it lists and deletes other objects, settling lost answers by listing again.
   */
  readonly beforeDelete?: (state: State, context: HookContext) => Promise<void>;
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
