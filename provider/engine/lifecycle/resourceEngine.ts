/**
 * The lifecycle every declared resource shares: create (creates.ts: with reconciliation of lost
 * responses), adopt (the `{ import }` option), read, update in place, and delete. What each step
 * sends is its plan (plan/), from the declaration's data and hooks; here is when steps run:
 * adoption, reading back.
 */
import { ApiError } from "../../http/errors";
import type { Args, State } from "../declaration/declaration";
import { diffArgs, type ArgsDiff } from "./diff";
import { runDelete, runUpdate } from "./writeSteps";
import { derivedDisagreements } from "../declaration/derived";
import { OwnObjectFound, ResourceCreates } from "./creates";
import { keepRecord, recordFor, type Creator } from "../ownership/records";
import { updateOf } from "../declaration/steps";

export class ResourceEngine extends ResourceCreates {
  /**
   * Creates the object; when it exists already because this stack's interrupted run made it (its
   * ownership record says so), adopts it as an import would: it must agree on every input that
   * cannot change in place, and what differs otherwise is updated to match the program.
   */
  override async create(args: Args, creator?: Creator): Promise<{ id: string; state: State }> {
    try {
      return await super.create(args, creator);
    } catch (error) {
      if (!(error instanceof OwnObjectFound)) throw error;
      this.log(
        `svc: ${this.label} ${error.id} already exists: this stack's interrupted run made it (its create was sent ${error.record.since}); it is adopted.`,
      );
      const adopted = await this.adopt(error.id, args, error.existing);
      // Now this resource's: a run killed before its state holds it leaves a record svc-recover can release.
      if (creator !== undefined) keepRecord(recordFor(creator, { id: adopted.id, since: error.record.since }));
      return adopted;
    }
  }

  /**
   * Adopts an existing object for `{ import: id }`: it must exist and agree on
   * every immutable input; mutable inputs that differ are converged with one update.
   */
  async adopt(importId: string, args: Args, read?: State): Promise<{ id: string; state: State }> {
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
    // What a caller has just read (an interrupted run's object) is not read twice.
    const existing = read ?? (await this.readBy(this.plan("adopt", { olds: {}, news: args, importId, identity }), identity, args));
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

  /** Reads the object for refresh by the read step's plan; undefined when it is gone. */
  async read(id: string, previous: State = {}): Promise<State | undefined> {
    const identity = this.identityIn(id, previous);
    return this.readBy(this.plan("read", { id, olds: previous, news: previous, identity }), identity, previous);
  }

  /**
   * Applies an in-place change of what changed: the update step's plan (a move, the write the
   * update kind or hook says, the read back where the answer is not the object). `previous` is the
   * stored state (its etag guards an update that declares one; a hook may send what it says the
   * object holds).
   */
  async update(id: string, args: Args, patch: ArgsDiff["patch"], previous: State = {}): Promise<State> {
    const { send, move } = updateOf(this.declaration.update);
    if (send === "none") throw new Error(`${this.label} cannot be updated in place`);
    const stored = this.identityIn(id, previous);
    // A move's request goes where the object is; what follows it, where it went.
    const identity = move !== undefined && move.field in patch.set ? { ...stored, [move.field]: String(args[move.field]) } : stored;
    const facts = { declaration: this.declaration, id, olds: previous, news: args, diff: { patch }, identity: stored };
    const guard = { label: `${this.label} ${id}`, reread: () => this.fetch(identity, previous), log: this.log };
    const answer = await runUpdate(facts, this.context(identity, args), this.reader(args), guard);
    if (answer.gone === true) throw new Error(`${this.label} ${id} disappeared during the update`);
    return this.stateOfAnswer(answer, identity, args);
  }

  /** Deletes the object by the delete step's plan; one already gone counts as deleted. */
  async delete(id: string, state: State = {}): Promise<void> {
    const identity = this.identityIn(id, state);
    try {
      const context = this.context(identity, state);
      await runDelete({ declaration: this.declaration, id, olds: state, news: {}, identity: context.identity }, `${this.label} ${id}`, context);
    } catch (error) {
      if (error instanceof ApiError && error.isNotFound) return;
      throw error;
    }
  }
}
