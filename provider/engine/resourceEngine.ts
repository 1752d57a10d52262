/**
 * The lifecycle every declared resource shares: create (creates.ts: with reconciliation of lost
 * responses), adopt (the `{ import }` option), read, update in place, and delete. What each step
 * sends is its plan (plan/), from the declaration's data and hooks; here is when steps run:
 * adoption, reading back.
 */
import { ApiError } from "../http/errors";
import type { Args, State } from "./declaration";
import { diffArgs, type ArgsDiff } from "./diff";
import type { Answer } from "./plan/executor";
import { runDelete, runMove, runUpdate } from "./writeSteps";
import { derivedDisagreements } from "./derived";
import { OwnObjectFound, ResourceCreates } from "./creates";
import { keepRecord, recordFor, type Creator } from "./ownership";
import { updateOf } from "./steps";

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
    const existing = read ?? (await this.fetch(identity, args));
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
