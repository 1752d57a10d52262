/**
 * The lifecycle every declared resource shares: create (with the reconciliation of lost answers
 * and of this stack's interrupted runs), adopt (the `{ import }` option), read, update in place and
 * delete, and what an interrupted create made (svc-recover). Each step is its plan (plan/planStep.ts)
 * run by the executor on a budget of its own (plan/worstCase.ts); here is only what a step makes of
 * the answer, composed of the resource's ids (ids.ts) and its model (objectModel, below).
 */
import type { ApiClient } from "../../http/client";
import { Budget } from "../../http/retry";
import { ApiError, answers } from "../../http/answer";
import type { Args, ResourceDeclaration, State } from "../declaration/declaration";
import { derivedDisagreements, pathValues } from "../declaration/template";
import { abandons, updateOf } from "../declaration/steps";
import type { EngineProcess } from "../batching/engineProcess";
import { runPlan, type Answer, type RunContext } from "../executor/executor";
import { findMade, madeIdOf } from "../executor/reconcile";
import type { ObjectModel } from "../executor/context";
import type { Creator, OwnershipRecords } from "../ownership/records";
import type { PlanEntry } from "../kinds";
import { planStep, type PlannedStep, type StepFacts } from "../plan/planStep";
import { budgetOf } from "../plan/worstCase";
import { ResourceIds } from "./ids";
import { diffArgs, type ArgsDiff } from "../plan/diff";

/** What a resource's steps run with: the API's clients (as the settings now give them), the log, the process's parts. */
export interface ResourceDeps {
  readonly client: () => ApiClient;
  readonly channelClient?: () => ApiClient;
  readonly log: (message: string) => void;
  readonly process: EngineProcess;
  readonly ownership?: OwnershipRecords;
}

export class Resource {
  readonly ids: ResourceIds;
  readonly model: ObjectModel;

  constructor(
    readonly declaration: ResourceDeclaration,
    private readonly deps: ResourceDeps,
  ) {
    this.ids = new ResourceIds(declaration);
    this.model = objectModel(declaration, this.ids);
  }

  get label(): string {
    return this.ids.label;
  }

  /** The step's plan, and the context it runs in: the identity with the path values of what is known, and a budget of its own. */
  private prepared(
    step: PlannedStep,
    facts: Omit<StepFacts, "declaration">,
    known: State,
    what: string,
    creator?: Creator,
  ): { plan: PlanEntry[]; context: RunContext } {
    const identity = { ...pathValues(this.declaration, known), ...facts.identity };
    const plan = planStep(step, { declaration: this.declaration, ...facts, identity });
    const { channelClient, ownership } = this.deps;
    const context: RunContext = {
      client: this.deps.client(),
      identity,
      log: this.deps.log,
      budget: new Budget({ step, resource: `${this.label} ${what}` }, budgetOf(plan)),
      process: this.deps.process,
      model: this.model,
      known,
      ...(channelClient !== undefined && { channelClient }),
      ...(creator !== undefined && ownership !== undefined && { ownership: { creator, records: ownership } }),
    };
    return { plan, context };
  }

  private run(step: PlannedStep, facts: Omit<StepFacts, "declaration">, known: State, what: string, creator?: Creator): Promise<Answer> {
    const { plan, context } = this.prepared(step, facts, known, what, creator);
    return runPlan(plan, context);
  }

  /** The identity a create knows: its inputs among the id's parts, and those the server assigns left out. */
  private createIdentity(args: Args): Record<string, string> {
    return this.ids.serverAssigned.length > 0 ? this.ids.knownIdentity(args) : this.ids.identityOf(args);
  }

  /**
   * Creates the object. A create whose answer was lost is never repeated blindly: the object is
   * looked for first, adopted if it is what was asked for, and only created again when it is absent;
   * one this stack's interrupted run made is adopted and converged with the program.
   */
  async create(args: Args, creator?: Creator): Promise<{ id: string; state: State }> {
    const identity = this.createIdentity(args);
    const what = this.ids.serverAssigned.length > 0 ? "(new)" : this.ids.idOf(identity);
    const answer = await this.run("create", { olds: {}, news: args, identity }, args, what, creator);
    return { id: madeIdOf(answer) ?? what, state: answer.value as State };
  }

  /**
   * Adopts an existing object for `{ import: id }`: it must exist and agree on every immutable
   * input; mutable inputs that differ are converged with one update.
   */
  async adopt(importId: string, args: Args): Promise<{ id: string; state: State }> {
    if (this.declaration.importable === false) {
      throw new Error(`${this.label} cannot be imported: the API offers no way to read it back, so the import could not be checked.`);
    }
    const identity = this.ids.parseImportId(importId, args);
    for (const [name, value] of Object.entries(identity)) {
      if (!this.ids.serverAssigned.includes(name) && args[name] !== undefined && args[name] !== value) {
        throw new Error(
          `${this.label}: the import id "${importId}" names ${name} "${value}" but the program sets ${name} ${JSON.stringify(args[name])}; make them agree.`,
        );
      }
    }
    const disagreements = derivedDisagreements(this.declaration, identity, args);
    if (disagreements.length > 0) throw new Error(`${this.label}: the import id "${importId}" names ${disagreements.join(", ")}; make them agree.`);
    const id = this.ids.idOf(identity);
    const answer = await this.run("adopt", { olds: {}, news: args, importId, identity }, args, id);
    return { id: madeIdOf(answer) ?? id, state: answer.value as State };
  }

  /** Reads the object for refresh by the read step's plan; undefined when it is gone. */
  async read(id: string, previous: State = {}): Promise<State | undefined> {
    const identity = this.ids.identityIn(id, previous);
    const answer = await this.run("read", { id, olds: previous, news: previous, identity }, previous, id);
    return answer.gone === true ? undefined : this.model.stateOf(answer, identity, previous);
  }

  /**
   * Reads the object once (a tool's read of what it found); what state its answer makes as known
   * with `previous` (a resource may show only the fields a program manages), for as many as asked.
   * Undefined when it does not exist.
   */
  async readOnce(id: string): Promise<((previous: State) => State) | undefined> {
    const identity = this.ids.identityIn(id, {});
    const answer = await this.run("read", { id, olds: {}, news: {}, identity }, {}, id);
    return answer.gone === true ? undefined : (previous) => this.model.stateOf(answer, identity, previous);
  }

  /** Reads the object by its identity (a tool's read of what it found); undefined when it does not exist. */
  async fetch(identity: Readonly<Record<string, string>>, previous: State = {}): Promise<State | undefined> {
    return this.read(this.ids.idOf(identity), previous);
  }

  /**
   * Applies an in-place change of what changed: the update step's plan (a move, the write the update
   * kind or hook says, the read back where the answer is not the object). `previous` is the stored
   * state (its etag guards an update that declares one; a hook may send what it says the object holds).
   * A refusal is explained by the declaration where it knows it.
   */
  async update(id: string, args: Args, patch: ArgsDiff["patch"], previous: State = {}): Promise<State> {
    const { send, move } = updateOf(this.declaration.update);
    if (send === "none") throw new Error(`${this.label} cannot be updated in place`);
    const stored = this.ids.identityIn(id, previous);
    // A move's request goes where the object is; what follows it, where it went.
    const identity = move !== undefined && move.field in patch.set ? { ...stored, [move.field]: String(args[move.field]) } : stored;
    const { plan, context } = this.prepared("update", { id, olds: previous, news: args, diff: { patch }, identity: stored }, args, id);
    let answer: Answer;
    try {
      answer = await runPlan(plan, context);
    } catch (error) {
      const etagged = plan.some((entry) => entry.kind === "send" && entry.underEtag !== undefined);
      if (error instanceof ApiError && error.outcome === "rejected" && !(etagged && error.status === 409)) {
        throw this.model.explainRefusal(error, args, "update") ?? error;
      }
      throw error;
    }
    if (answer.gone === true) throw new Error(`${this.label} ${id} disappeared during the update`);
    return this.model.stateOf(answer, { ...pathValues(this.declaration, args), ...identity }, args);
  }

  /** Deletes the object by the delete step's plan; one already gone counts as deleted; `abandon` leaves it and says so. */
  async delete(id: string, state: State = {}): Promise<void> {
    const identity = this.ids.identityIn(id, state);
    const known = { ...state, ...identity };
    const step = this.declaration.steps?.delete;
    if (this.declaration.hooks?.policy === undefined && abandons(step)) {
      const words = step === "abandon" ? "the API cannot delete it, so it remains (abandoned)" : step.abandon(known);
      this.deps.log(`svc: ${this.label} ${id}: ${words}; it is no longer managed by this stack.`);
      return;
    }
    try {
      await this.run("delete", { id, olds: state, news: {}, identity }, state, id);
    } catch (error) {
      if (error instanceof ApiError && error.isNotFound) return;
      throw (error instanceof ApiError ? this.model.explainRefusal(error, known, "delete") : undefined) ?? error;
    }
  }

  /** What an interrupted create of this resource made, when it exists (svc-recover): reads only. */
  async madeBy(args: Args, creator: Creator | undefined): Promise<{ id: string; state: State } | { none: string }> {
    const { plan, context } = this.prepared("create", { olds: {}, news: args, identity: this.createIdentity(args) }, args, "(pending create)", creator);
    const [entry] = plan;
    if (entry?.kind !== "reconcile") return { none: "the create has no reconciliation" };
    return findMade(entry, context);
  }
}

/*
 * A declared resource as the executor needs it (executor/context.ts ObjectModel): the state of an
 * answer, parsed once (in the call path when its request said so, else here), whether an update's
 * answer is the whole object, its id, how it differs from the program, its refusals explained.
 */
export function objectModel(declaration: ResourceDeclaration, ids: ResourceIds): ObjectModel {
  const { wire } = declaration;
  const declared = updateOf(declaration.update).answer;
  const member = typeof declared === "object" ? declared.member : undefined;

  /** The state of a wire form the wire schema has already parsed. */
  const stateOfParsed = (parsed: unknown, identity: Readonly<Record<string, string>>, previous: State): State =>
    // Absent members are dropped: the engine's wire format (a protobuf Struct) has no undefined.
    Object.fromEntries(Object.entries({ ...declaration.toState(parsed, previous), ...ids.inputsOf(identity) }).filter(([, value]) => value !== undefined));

  return {
    label: ids.label,
    wire,
    stateOf: (answer, identity, previous = {}) => {
      if (answer.parsedBy === wire) return stateOfParsed(answer.value, identity, previous);
      const parsed = answers.parse(wire, answer.value);
      if (!parsed.success) throw parsed.error;
      return stateOfParsed(parsed.data, identity, previous);
    },
    objectOf: (answer: Answer) => {
      if (answer.value === undefined) return undefined;
      if (member === undefined && answer.parsedBy === wire) return answer;
      const candidate = member === undefined ? answer.value : (answer.value as Record<string, unknown> | null)?.[member];
      const parsed = answers.parse(wire, candidate);
      return parsed.success ? { value: parsed.data, parsedBy: wire } : undefined;
    },
    idOf: (args, state = {}) => ids.idOf(ids.identityOf(args, state)),
    made: (args, state) => {
      const identity = ids.identityOf(args, state);
      return { id: ids.idOf(identity), state: { ...state, ...ids.inputsOf(identity) } };
    },
    differs: (state, args) => diffArgs(declaration, state, args).changed,
    explainRefusal: (error, args, step) => declaration.hooks?.explainRefusal?.(error, args, step),
  };
}
