/**
 * Creates, with the reconciliation of lost answers: a create whose outcome is unknown is never sent
 * again blindly (the object is read first, or for a server-assigned id the listing compared), and a
 * create that finds its object already made by this stack's interrupted run adopts it (ownership.ts).
 */
import type { Args, State } from "../declaration/declaration";
import { keyedLock } from "../../google/keyedLock";
import { diffArgs } from "./diff";
import type { Answer } from "../executor/executor";
import { guarded, roundsOf } from "../executor/guarded";
import { createParts, type CreateParts } from "../plan/planStep";
import { runCreate } from "./writeSteps";
import { listCreated } from "./readSteps";
import { fillTemplate } from "../declaration/template";
import { EngineCore } from "./engineCore";
import { dropRecord, keepRecord, mayAdopt, recordFile, recordFor, recordOf, stackOf, type Creator, type OwnershipRecord } from "../ownership/records";
import { ApiError } from "../../http/errors";

/**
 * A create met its object already made by this stack's own earlier, interrupted run (an ownership
 * record it may adopt by names the id): the object is adopted instead of failing as "already exists".
 */
export class OwnObjectFound extends Error {
  constructor(
    readonly id: string,
    readonly record: OwnershipRecord,
    /** The object as just read, when it was. */
    readonly existing?: State,
  ) {
    super(`${id} was made by this stack's interrupted run (its create was sent ${record.since})`);
    this.name = "OwnObjectFound";
  }
}

/** A create sent again after an unknown outcome, said in the log with `because` (the pause is the retry table's). */
function createAgain(attempt: number, log: (message: string) => void, because: string): { again: true } {
  log(`${because} (attempt ${attempt + 1} of ${roundsOf("create")})`);
  return { again: true };
}

export class ResourceCreates extends EngineCore {
  /** The create step's plan in its parts: the reconciliation's reads and listings, and the writes. */
  private createPlan(args: Args): CreateParts {
    return createParts(this.plan("create", { olds: {}, news: args, identity: this.context(this.knownIdentity(args), args).identity }));
  }

  private async post(plan: CreateParts, args: Args): Promise<Answer> {
    return runCreate(this.declaration, plan.writes, args, this.context(this.knownIdentity(args), args));
  }

  /** Reads the object by one of the create plan's reads; undefined when it does not exist. */
  private readFor(entry: CreateParts["readFirst"], identity: Readonly<Record<string, string>>, args: Args = {}): Promise<State | undefined> {
    return entry === undefined ? this.fetch(identity, args) : this.readBy([entry], identity, args);
  }

  /**
   * Creates the object. A create whose response was lost is never repeated
   * blindly: the object is looked for first, adopted if it is what was asked
   * for, and only created again when it is absent.
   */
  async create(args: Args, creator?: Creator): Promise<{ id: string; state: State }> {
    if (this.serverAssigned.length > 0) {
      // One create at a time per collection, so that after a lost answer the one new object in the listing is ours.
      return keyedLock(`${this.label} ${fillTemplate(this.declaration.paths.collection, this.context(this.knownIdentity(args), args).identity)}`, () =>
        this.createWithServerId(args, creator),
      );
    }
    const identity = this.identityOf(args);
    const id = this.idOf(identity);
    const plan = this.createPlan(args);
    // Read before this create's own record replaces it: only an earlier record this resource may adopt can claim an existing object.
    const found = recordOf(creator?.owner);
    const earlier = mayAdopt(found, creator?.nonce) ? found : undefined;
    // This resource's earlier run sent this create: what it made is settled by reading, not by sending it again.
    if (earlier?.id === id) {
      const existing = await this.readFor(plan.readFirst, identity, args);
      if (existing !== undefined) throw new OwnObjectFound(id, earlier, existing);
    }
    const written = creator === undefined ? undefined : recordFor(creator, { id, since: new Date().toISOString() });
    if (written !== undefined) keepRecord(written);
    try {
      return await this.createWithId(plan, args, identity, id, earlier, found);
    } catch (error) {
      if (written !== undefined && !(error instanceof OwnObjectFound)) settleRecord(written, found, error);
      throw error;
    }
  }

  private createWithId(
    plan: CreateParts,
    args: Args,
    identity: Readonly<Record<string, string>>,
    id: string,
    earlier: OwnershipRecord | undefined,
    found: OwnershipRecord | undefined,
  ): Promise<{ id: string; state: State }> {
    let outcomeUnknown = false;
    return guarded<{ id: string; state: State }>({
      loop: "create",
      send: async () => ({ id, state: this.stateOfAnswer(await this.post(plan, args), identity, args) }),
      settle: async (error, attempt, last) => {
        const mayExist = error.outcome === "unknown" || (error.isConflict && outcomeUnknown);
        if (!mayExist) {
          const explained = this.declaration.hooks?.explainRefusal?.(error, args, "create");
          if (explained !== undefined) throw explained;
          if (error.isConflict && earlier?.id === id) throw new OwnObjectFound(id, earlier);
          if (error.isConflict) {
            throw new Error(
              `${this.label} ${id} could not be created: the API reports a conflict (${error.apiMessage ?? error.message}). ` +
                `If ${id} already exists outside this stack, manage it with the resource option { import: "${id}" } or choose another name.` +
                (found?.id === id ? ` ${madeElsewhere(found)}` : ""),
            );
          }
          return undefined;
        }
        outcomeUnknown = true;
        const existing = await this.readFor(plan.settle, identity);
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
        return createAgain(attempt, this.log, because);
      },
    });
  }

  /** Creates an object whose id the server assigns; a lost response is settled by comparing listings. */
  private async createWithServerId(args: Args, creator: Creator | undefined): Promise<{ id: string; state: State }> {
    const context = this.context(this.knownIdentity(args), args);
    const plan = this.createPlan(args);
    const list = async (): Promise<unknown[] | undefined> => listCreated(this.declaration, plan.listing, context);
    const keyOf = (wire: unknown): string => this.idOf(this.identityOf(args, this.listedState(wire, args)));
    const listed = await list();
    const before = listed?.map(keyOf);
    const made = (state: State): { id: string; state: State } => this.listedObject(state, args);
    const found = recordOf(creator?.owner);
    const own = this.ownFromEarlierRun(mayAdopt(found, creator?.nonce) ? found : undefined, listed ?? [], keyOf, args);
    if (own !== undefined) {
      const adopted = made(this.listedState(own.wire, args));
      this.log(`svc: ${this.label} ${adopted.id} was made by this stack's interrupted run (its create was sent ${own.since}); it is adopted, not made again.`);
      if (creator !== undefined) keepRecord(recordFor(creator, { id: adopted.id, since: own.since }));
      return adopted;
    }
    // What a same-named stack's record names and the program asks for: neither taken over nor made a second time.
    const theirs = found === undefined || mayAdopt(found, creator?.nonce) ? undefined : this.ownFromEarlierRun(found, listed ?? [], keyOf, args);
    if (theirs !== undefined && found !== undefined) {
      const id = keyOf(theirs.wire);
      throw new Error(
        `${this.label} ${id} exists and is what this resource asks for, but it is not this stack's to adopt. ${madeElsewhere(found)} ` +
          `To manage it here as well, use the resource option { import: "${id}" }; to make a new one, remove ${recordFile(found.owner)}.`,
      );
    }
    const since = new Date().toISOString();
    const written = creator === undefined || before === undefined ? undefined : recordFor(creator, { before, since });
    if (written !== undefined) keepRecord(written);
    let result: { id: string; state: State };
    try {
      result = await guarded<{ id: string; state: State }>({
        loop: "create",
        send: async () => made(this.stateOfAnswer(await this.post(plan, args), {}, args)),
        settle: async (error, attempt, last) => {
          if (error.outcome !== "unknown" || before === undefined) return undefined;
          const appeared = ((await list()) ?? []).filter((wire) => !before.includes(keyOf(wire)));
          if (appeared.length === 1) {
            const adopted = made(this.listedState(appeared[0], args));
            this.log(`svc: ${this.label}: the answer to the create was lost or unreadable; the new object ${adopted.id} is adopted.`);
            return { done: adopted };
          }
          if (appeared.length > 1) {
            throw new Error(
              `${this.label}: the create response was lost and ${appeared.length} new objects appeared meanwhile ` +
                `(${appeared.map(keyOf).join(", ")}); none was adopted. Delete the extra ones or import one. (${error.message})`,
            );
          }
          if (last) return { again: true };
          const because = `svc: ${this.label}: the create failed with an unknown outcome and nothing new exists; creating again`;
          return createAgain(attempt, this.log, because);
        },
      });
    } catch (error) {
      if (written !== undefined) settleRecord(written, found, error);
      throw error;
    }
    if (creator !== undefined) keepRecord(recordFor(creator, { id: result.id, since }));
    return result;
  }

  /**
   * The object this resource's interrupted run made, when its ownership record and the listing say
   * so: the id the record names, or the one object made since the record's listing that is what the
   * program asks for. Several such objects are refused: which one is ours cannot be told.
   */
  private ownFromEarlierRun(
    record: OwnershipRecord | undefined,
    listed: readonly unknown[],
    keyOf: (wire: unknown) => string,
    args: Args,
  ): { wire: unknown; since: string } | undefined {
    if (record === undefined) return undefined;
    const candidates = listed.filter((wire) => {
      const key = keyOf(wire);
      if (record.id !== undefined ? key !== record.id : (record.before ?? []).includes(key) || record.before === undefined) return false;
      // Compared whole: with the identity of its collection (a rule's calendar) that the wire form leaves out.
      return diffArgs(this.declaration, this.listedObject(this.listedState(wire, args), args).state, args).changed.length === 0;
    });
    if (candidates.length > 1) {
      throw new Error(
        `${this.label}: this stack's interrupted run (its create was sent ${record.since}) left ${candidates.length} objects that are what the program asks for ` +
          `(${candidates.map(keyOf).join(", ")}); which is this resource's cannot be told. Delete the extra ones, or import one with { import }.`,
      );
    }
    return candidates[0] === undefined ? undefined : { wire: candidates[0], since: record.since };
  }

  /**
   * What an interrupted create of this resource made, when it exists (what `svc-recover` needs to
   * complete a pending create): the id its inputs name, or for a server-assigned id the one the
   * ownership record it may adopt names or made since its listing. Without any record (the folder
   * lost with a runner), a create the API repeats without making a second object (an ACL rule: the
   * scope is the rule) made the one listed object that is what it asks for. An object a record of a
   * same-named stack names is that stack's, not this create's.
   */
  async madeBy(args: Args, creator: Creator | undefined): Promise<{ id: string; state: State } | { none: string }> {
    const found = recordOf(creator?.owner);
    const ours = mayAdopt(found, creator?.nonce) ? found : undefined;
    const theirs = found !== undefined && ours === undefined ? ` ${madeElsewhere(found)}` : "";
    if (this.serverAssigned.length === 0) {
      const identity = this.identityOf(args);
      const id = this.idOf(identity);
      if (theirs !== "" && found?.id === id) return { none: `${id} is not this create's.${theirs}` };
      const state = await this.fetch(identity, args);
      return state === undefined ? { none: "the create never reached the service" } : { id, state };
    }
    const context = this.context(this.knownIdentity(args), args);
    const keyOf = (wire: unknown): string => this.idOf(this.identityOf(args, this.listedState(wire, args)));
    const listed = (await listCreated(this.declaration, this.createPlan(args).listing, context)) ?? [];
    const own = this.ownFromEarlierRun(ours, listed, keyOf, args);
    if (own !== undefined) return this.listedObject(this.listedState(own.wire, args), args);
    if (found === undefined && this.declaration.steps?.create?.repeat === "idempotent") {
      const asked = listed.filter((wire) => diffArgs(this.declaration, this.listedObject(this.listedState(wire, args), args).state, args).changed.length === 0);
      if (asked.length === 1) return this.listedObject(this.listedState(asked[0], args), args);
    }
    return { none: found === undefined ? "no record of this create on this machine tells its object apart" : `nothing this create made exists.${theirs}` };
  }

  /** The state of a listed object: the listing parsed each with the wire schema already, unless it lists another shape. */
  private listedState(listed: unknown, args: Args): State {
    return this.declaration.steps?.findCreated?.entry === undefined ? this.stateOfParsed(listed, {}, args) : this.stateOf(listed, {}, args);
  }

  /** An object of a listing or a create's answer, with its id and the identity inputs its wire form leaves out. */
  private listedObject(state: State, args: Args): { id: string; state: State } {
    const identity = this.identityOf(args, state);
    return { id: this.idOf(identity), state: { ...state, ...this.inputsOf(identity) } };
  }
}

/** Why a record of the same names is not this stack's: for the messages of a create and of svc-recover. */
function madeElsewhere(record: OwnershipRecord): string {
  return (
    `A record on this machine says a run of a stack named ${stackOf(record.owner)} made it (its create was sent ${record.since}), ` +
    "but this stack's state does not hold it: a same-named stack of another backend, or one removed and made again. " +
    "If this stack's own run was killed, run svc-recover first."
  );
}

/**
 * After a create failed: with an unknown outcome the object may exist, and no state will hold it
 * (the engine keeps no failed create), so its record is released; a refusal made nothing, so the
 * record that stood before it stands again.
 */
function settleRecord(written: OwnershipRecord, previous: OwnershipRecord | undefined, error: unknown): void {
  if (error instanceof ApiError && error.outcome === "unknown") keepRecord({ ...written, released: true });
  else if (previous !== undefined) keepRecord(previous);
  else dropRecord(written.owner, written.id);
}
