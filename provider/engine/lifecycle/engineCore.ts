/**
 * What every step of the engine works with: the client, the context steps and hooks get, the
 * object's state made of an answer (parsed once), and the read of the object.
 */
import { ApiError } from "../../http/errors";
import type { ApiClient } from "../../http/client";
import type { HookContext, ResourceDeclaration, State } from "../declaration/declaration";
import { sharedListingsFor } from "../batching/listings";
import { ProcessBatching } from "../batching/processBatching";
import { runPlan, type Answer, type ObjectReader } from "../executor/executor";
import { planStep, type PlannedStep, type StepFacts } from "../plan/planStep";
import type { PlanEntry } from "../plan/entries";
import { readWire } from "./readSteps";
import { updateOf } from "../declaration/steps";
import { pathValues } from "../declaration/derived";
import { ResourceIds } from "./resourceIds";

export class EngineCore extends ResourceIds {
  /** The API client, through which writes drop the shared listings they change (sharedListings.ts). */
  protected readonly client: ApiClient;

  constructor(
    declaration: ResourceDeclaration,
    client: ApiClient,
    protected readonly log: (message: string) => void,
    private readonly channelClient?: () => ApiClient,
    /** The provider process's batching; an engine on its own (a tool's) has its own. */
    protected readonly batching: ProcessBatching = new ProcessBatching(),
  ) {
    super(declaration);
    this.client = sharedListingsFor(client, batching.occupancy).client;
  }

  /** What steps and hooks work with: the identity, and the path values derived from what is `known` (inputs or state). */
  protected context(identity: Readonly<Record<string, string>>, known: Readonly<Record<string, unknown>> = {}): HookContext {
    return {
      client: this.client,
      identity: { ...pathValues(this.declaration, known), ...identity },
      log: this.log,
      batching: this.batching,
      ...(this.channelClient !== undefined && { channelClient: this.channelClient }),
    };
  }

  protected stateOf(wire: unknown, identity: Readonly<Record<string, string>>, previous: State = {}): State {
    return this.stateOfParsed(this.declaration.wire.parse(wire), identity, previous);
  }

  /** The state of an answer, parsed by the wire schema once: in the call path when its request said so, else here. */
  protected stateOfAnswer(answer: Answer, identity: Readonly<Record<string, string>>, previous: State = {}): State {
    return answer.parsedBy === this.declaration.wire ? this.stateOfParsed(answer.value, identity, previous) : this.stateOf(answer.value, identity, previous);
  }

  /** The state of a wire form the wire schema has already parsed. */
  protected stateOfParsed(parsed: unknown, identity: Readonly<Record<string, string>>, previous: State = {}): State {
    // Absent members are dropped: the engine's wire format (a protobuf Struct) has no undefined.
    const state = Object.entries({ ...this.declaration.toState(parsed, previous), ...this.inputsOf(identity) }).filter(([, value]) => value !== undefined);
    return Object.fromEntries(state);
  }

  /** The step's plan: what every step of the engine runs, and what `svc-plan` prints (plan/planStep.ts). */
  protected plan(step: PlannedStep, facts: Omit<StepFacts, "declaration">): PlanEntry[] {
    // The identity with the path values of what is known, as a step's context has it.
    const identity = facts.identity && { ...pathValues(this.declaration, { ...facts.olds, ...facts.news }), ...facts.identity };
    return planStep(step, { declaration: this.declaration, ...facts, identity });
  }

  /**
   * How the plan's `read` entries read the object (`known`: the inputs or state it is read with),
   * and whether an update's answer is the whole object (`update.answer`: it, or its `member`),
   * parsed by the wire schema once: in the call path when the request said so, else here.
   */
  protected reader(known: State): ObjectReader {
    const { wire } = this.declaration;
    const declared = updateOf(this.declaration.update).answer;
    const member = typeof declared === "object" ? declared.member : undefined;
    return {
      read: async (entry, context) => {
        try {
          return await readWire(this.declaration, entry.requests, known, context);
        } catch (error) {
          // Only a listing or a policy says "gone" by finding nothing (in an answer validated); otherwise only a 404 does.
          if (error instanceof ApiError && error.isNotFound) return undefined;
          throw error;
        }
      },
      objectOf: (answer) => {
        if (answer.value === undefined) return undefined;
        if (member === undefined && answer.parsedBy === wire) return answer;
        const candidate = member === undefined ? answer.value : (answer.value as Record<string, unknown> | null)?.[member];
        const parsed = wire.safeParse(candidate);
        return parsed.success ? { value: parsed.data, parsedBy: wire } : undefined;
      },
    };
  }

  /** Reads the object by the read step's plan; undefined when it does not exist. */
  async fetch(identity: Readonly<Record<string, string>>, previous: State = {}): Promise<State | undefined> {
    return this.readBy(this.plan("read", { identity, olds: previous, news: previous }), identity, previous);
  }

  /** Runs a plan that ends in a read of the object (a read step, a create's settling read); undefined when it is gone. */
  protected async readBy(entries: readonly PlanEntry[], identity: Readonly<Record<string, string>>, previous: State): Promise<State | undefined> {
    const readEntries = entries.map((entry) => (entry.kind === "read" ? { ...entry, when: undefined } : entry));
    const answer = await runPlan(readEntries, this.context(identity, previous), { reader: this.reader(previous) });
    return answer.gone === true ? undefined : this.stateOfAnswer(answer, identity, previous);
  }
}
