/**
 * The lifecycle every declared resource shares: create (with reconciliation of
 * lost responses), adopt (the `{ import }` option), read, update in place, and
 * delete. What each step sends is the declaration's data and hooks (stepRunner.ts);
 * here is when steps run: reconciliation of lost creates, adoption, reading back.
 */
import { ApiError } from "../http/errors";
import type { ApiClient } from "../http/client";
import { backoffDelay, DEFAULT_RETRY_POLICY } from "../http/retry";
import type { Args, HookContext, ResourceDeclaration, State } from "./declaration";
import { keyedLock } from "../google/keyedLock";
import { sharedListingsFor } from "./sharedListings";
import { diffArgs, type ArgsDiff } from "./diff";
import type { Answer } from "./plan/executor";
import { guarded } from "./plan/guarded";
import { runCreate, runDelete, runMove, runUpdate } from "./writeSteps";
import { listCreated, readWire } from "./readSteps";
import { fillTemplate } from "./template";
import { derivedDisagreements, pathValues } from "./derived";
import { ResourceIds } from "./resourceIds";
import { updateOf } from "./steps";

/**
 * How many times a create is sent in all when each outcome was unknown and
 * reading showed nothing: as many as the HTTP layer tries a request it may repeat.
 */
const CREATE_ATTEMPTS = DEFAULT_RETRY_POLICY.maxAttempts;

/** The pause before sending a create again, growing like the HTTP layer's backoff; said in the log with `because`. */
function pauseBeforeCreate(attempt: number, log: (message: string) => void, because: string): number {
  const delayMs = backoffDelay(DEFAULT_RETRY_POLICY, attempt);
  log(`${because} (attempt ${attempt + 1} of ${CREATE_ATTEMPTS}${delayMs >= 3000 ? `, in ${Math.round(delayMs / 1000)}s` : ""})`);
  return delayMs;
}

export class ResourceEngine extends ResourceIds {
  /** The API client, through which writes drop the shared listings they change (sharedListings.ts). */
  private readonly client: ApiClient;

  constructor(
    declaration: ResourceDeclaration,
    client: ApiClient,
    private readonly log: (message: string) => void,
    private readonly channelClient?: () => ApiClient,
  ) {
    super(declaration);
    this.client = sharedListingsFor(client).client;
  }

  /** What steps and hooks work with: the identity, and the path values derived from what is `known` (inputs or state). */
  private context(identity: Readonly<Record<string, string>>, known: Readonly<Record<string, unknown>> = {}): HookContext {
    return {
      client: this.client,
      identity: { ...pathValues(this.declaration, known), ...identity },
      log: this.log,
      ...(this.channelClient !== undefined && { channelClient: this.channelClient }),
    };
  }

  private stateOf(wire: unknown, identity: Readonly<Record<string, string>>, previous: State = {}): State {
    return this.stateOfParsed(this.declaration.wire.parse(wire), identity, previous);
  }

  /** The state of an answer, parsed by the wire schema once: in the call path when its request said so, else here. */
  private stateOfAnswer(answer: Answer, identity: Readonly<Record<string, string>>, previous: State = {}): State {
    return answer.parsedBy === this.declaration.wire ? this.stateOfParsed(answer.value, identity, previous) : this.stateOf(answer.value, identity, previous);
  }

  /** The state of a wire form the wire schema has already parsed. */
  private stateOfParsed(parsed: unknown, identity: Readonly<Record<string, string>>, previous: State = {}): State {
    // Absent members are dropped: the engine's wire format (a protobuf Struct) has no undefined.
    const state = Object.entries({ ...this.declaration.toState(parsed, previous), ...this.inputsOf(identity) }).filter(([, value]) => value !== undefined);
    return Object.fromEntries(state);
  }

  /** Reads the object; undefined when it does not exist. */
  async fetch(identity: Readonly<Record<string, string>>, previous: State = {}): Promise<State | undefined> {
    try {
      const answer = await readWire(this.declaration, previous, this.context(identity, previous));
      // Only a listing or a policy says "gone" by finding nothing (in an answer validated); otherwise only a 404 does.
      return answer === undefined ? undefined : this.stateOfAnswer(answer, identity, previous);
    } catch (error) {
      if (error instanceof ApiError && error.isNotFound) return undefined;
      throw error;
    }
  }

  private async post(args: Args): Promise<Answer> {
    return runCreate(this.declaration, args, this.context(this.knownIdentity(args), args));
  }

  /**
   * Creates the object. A create whose response was lost is never repeated
   * blindly: the object is looked for first, adopted if it is what was asked
   * for, and only created again when it is absent.
   */
  async create(args: Args): Promise<{ id: string; state: State }> {
    if (this.serverAssigned.length > 0) {
      // One create at a time per collection, so that after a lost answer the one new object in the listing is ours.
      return keyedLock(`${this.label} ${fillTemplate(this.declaration.paths.collection, this.context(this.knownIdentity(args), args).identity)}`, () =>
        this.createWithServerId(args),
      );
    }
    const identity = this.identityOf(args);
    const id = this.idOf(identity);
    let outcomeUnknown = false;
    return guarded<{ id: string; state: State }>({
      attempts: CREATE_ATTEMPTS,
      send: async () => ({ id, state: this.stateOfAnswer(await this.post(args), identity, args) }),
      settle: async (error, attempt, last) => {
        const mayExist = error.outcome === "unknown" || (error.isConflict && outcomeUnknown);
        if (!mayExist) {
          const explained = this.declaration.hooks?.explainRefusal?.(error, args, "create");
          if (explained !== undefined) throw explained;
          if (error.isConflict) {
            throw new Error(
              `${this.label} ${id} could not be created: the API reports a conflict (${error.apiMessage ?? error.message}). ` +
                `If ${id} already exists outside this stack, manage it with the resource option { import: "${id}" } or choose another name.`,
            );
          }
          return undefined;
        }
        outcomeUnknown = true;
        const existing = await this.fetch(identity);
        if (existing !== undefined) {
          const difference = diffArgs(this.declaration, existing, args);
          if (difference.changed.length === 0) {
            this.log(`svc: ${this.label} ${id}: the answer to the create was lost or unreadable; the object exists as requested and is adopted.`);
            return { done: { id, state: existing } };
          }
          throw new Error(
            `${this.label} ${id}: the create response was lost and an object with this id now exists ` +
              `that differs in ${difference.changed.join(", ")}; it was not adopted. Inspect it, then import it or delete it. (${error.message})`,
          );
        }
        if (last) return { again: true };
        const because = `svc: ${this.label} ${id}: the create failed with an unknown outcome and the object is absent; creating again`;
        return { again: true, pauseMs: pauseBeforeCreate(attempt, this.log, because) };
      },
    });
  }

  /** Creates an object whose id the server assigns; a lost response is settled by comparing listings. */
  private async createWithServerId(args: Args): Promise<{ id: string; state: State }> {
    const context = this.context(this.knownIdentity(args), args);
    const list = async (): Promise<unknown[] | undefined> => listCreated(this.declaration, context);
    const keyOf = (wire: unknown): string => this.idOf(this.identityOf(args, this.stateOf(wire, {}, args)));
    const before = (await list())?.map(keyOf);
    const made = (state: State): { id: string; state: State } => {
      const identity = this.identityOf(args, state);
      return { id: this.idOf(identity), state: { ...state, ...this.inputsOf(identity) } };
    };
    return guarded<{ id: string; state: State }>({
      attempts: CREATE_ATTEMPTS,
      send: async () => made(this.stateOfAnswer(await this.post(args), {}, args)),
      settle: async (error, attempt, last) => {
        if (error.outcome !== "unknown" || before === undefined) return undefined;
        const appeared = ((await list()) ?? []).filter((wire) => !before.includes(keyOf(wire)));
        if (appeared.length === 1) {
          const found = made(this.stateOf(appeared[0], {}, args));
          this.log(`svc: ${this.label}: the answer to the create was lost or unreadable; the new object ${found.id} is adopted.`);
          return { done: found };
        }
        if (appeared.length > 1) {
          throw new Error(
            `${this.label}: the create response was lost and ${appeared.length} new objects appeared meanwhile ` +
              `(${appeared.map(keyOf).join(", ")}); none was adopted. Delete the extra ones or import one. (${error.message})`,
          );
        }
        if (last) return { again: true };
        const because = `svc: ${this.label}: the create failed with an unknown outcome and nothing new exists; creating again`;
        return { again: true, pauseMs: pauseBeforeCreate(attempt, this.log, because) };
      },
    });
  }

  /**
   * Adopts an existing object for `{ import: id }`: it must exist and agree on
   * every immutable input; mutable inputs that differ are converged with one update.
   */
  async adopt(importId: string, args: Args): Promise<{ id: string; state: State }> {
    if (this.declaration.importable === false) {
      throw new Error(`${this.label} cannot be imported: the API offers no way to read it back, so the import could not be checked.`);
    }
    const identity = this.parseImportId(importId, args);
    for (const [name, value] of Object.entries(identity)) {
      if (!this.serverAssigned.includes(name) && args[name] !== undefined && args[name] !== value) {
        throw new Error(
          `${this.label}: the import id "${importId}" names ${name} "${value}" but the program sets ${name} ${JSON.stringify(args[name])}; make them agree.`,
        );
      }
    }
    const disagreements = derivedDisagreements(this.declaration, identity, args);
    if (disagreements.length > 0) {
      throw new Error(`${this.label}: the import id "${importId}" names ${disagreements.join(", ")}; make them agree.`);
    }
    const id = this.idOf(identity);
    const existing = await this.fetch(identity, args);
    if (existing === undefined) {
      throw new Error(`${this.label}: cannot import "${importId}": no such object exists (${id}). Remove the import option to create it.`);
    }
    const difference = diffArgs(this.declaration, existing, { ...args, ...identity });
    const fixed = updateOf(this.declaration.update).send === "none" ? difference.changed : difference.replaces;
    if (fixed.length > 0) {
      const detail = fixed.map((field) => `${field}: existing ${JSON.stringify(existing[field])}, program ${JSON.stringify(args[field])}`).join("; ");
      throw new Error(
        `${this.label}: cannot import "${importId}": these properties cannot change in place and differ (${detail}). ` +
          `Change the program to match the existing object.`,
      );
    }
    if (difference.changed.length === 0) return { id, state: existing };
    this.log(`svc: ${this.label} ${id}: imported; updating ${difference.changed.join(", ")} to match the program.`);
    return { id, state: await this.update(id, { ...args, ...identity }, difference.patch, existing) };
  }

  /** Reads the object for refresh; undefined when it is gone. */
  async read(id: string, previous: State = {}): Promise<State | undefined> {
    return this.fetch(this.identityIn(id, previous), previous);
  }

  /**
   * The object as an update's answer shows it, when the answer is the whole object (see
   * `update.answer`); undefined when it must be read back: work a `wait` step polled, a
   * policy written, an answer declared partial or not of the wire's shape. Parsed by the wire
   * schema once: in the call path when the request said so, else here.
   */
  private updatedWire(answer: Answer): { parsed: unknown } | undefined {
    const { steps = {}, hooks = {} } = this.declaration;
    const declared = updateOf(this.declaration.update).answer;
    if (answer.value === undefined || hooks.policy !== undefined || declared === "partial") return undefined;
    if (steps.wait?.after.includes("update") === true) return undefined;
    const member = declared?.member;
    if (member === undefined && answer.parsedBy === this.declaration.wire) return { parsed: answer.value };
    const candidate = member === undefined ? answer.value : (answer.value as Record<string, unknown> | null)?.[member];
    const parsed = this.declaration.wire.safeParse(candidate);
    return parsed.success ? { parsed: parsed.data } : undefined;
  }

  /**
   * Applies an in-place change of what changed (the update kind or hook says how); the new
   * state is the update's answer when that is the whole object, otherwise read back.
   * `previous` is the stored state (its etag guards an update that declares one; a hook may send
   * what it says the object holds).
   */
  async update(id: string, args: Args, patch: ArgsDiff["patch"], previous: State = {}): Promise<State> {
    let identity = this.identityIn(id, previous);
    const { send, move } = updateOf(this.declaration.update);
    if (send === "none") throw new Error(`${this.label} cannot be updated in place`);
    const local = this.declaration.localInputs ?? [];
    const moved = move?.field;
    if (moved !== undefined && moved in patch.set) {
      // One move request: the object keeps its server id at its new place; the rest is changed there.
      identity = await runMove(this.declaration, args, this.context(identity, args));
    }
    const change = {
      set: Object.fromEntries(Object.entries(patch.set).filter(([field]) => !local.includes(field) && field !== moved)),
      cleared: patch.cleared.filter((field) => !local.includes(field)),
    };
    // A change of client-side inputs alone needs no request: reading back records it.
    if (Object.keys(change.set).length > 0 || change.cleared.length > 0) {
      const guard = { label: `${this.label} ${id}`, reread: () => this.fetch(identity, previous), log: this.log };
      const answer = await runUpdate(this.declaration, change, args, this.context(identity, args), previous, guard);
      const wire = this.updatedWire(answer);
      if (wire !== undefined) return this.stateOfParsed(wire.parsed, identity, args);
    }
    const state = await this.fetch(identity, args);
    if (state === undefined) throw new Error(`${this.label} ${id} disappeared during the update`);
    return state;
  }

  /** Deletes the object; one already gone counts as deleted. */
  async delete(id: string, state: State = {}): Promise<void> {
    const identity = this.identityIn(id, state);
    try {
      await runDelete(this.declaration, state, `${this.label} ${id}`, this.context(identity, state));
    } catch (error) {
      if (error instanceof ApiError && error.isNotFound) return;
      throw error;
    }
  }
}
