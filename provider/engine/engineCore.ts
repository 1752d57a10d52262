/**
 * What every step of the engine works with: the client, the context steps and hooks get, the
 * object's state made of an answer (parsed once), and the read of the object.
 */
import { ApiError } from "../http/errors";
import type { ApiClient } from "../http/client";
import type { HookContext, ResourceDeclaration, State } from "./declaration";
import { sharedListingsFor } from "./sharedListings";
import type { Answer } from "./plan/executor";
import { readWire } from "./readSteps";
import { pathValues } from "./derived";
import { ResourceIds } from "./resourceIds";

export class EngineCore extends ResourceIds {
  /** The API client, through which writes drop the shared listings they change (sharedListings.ts). */
  protected readonly client: ApiClient;

  constructor(
    declaration: ResourceDeclaration,
    client: ApiClient,
    protected readonly log: (message: string) => void,
    private readonly channelClient?: () => ApiClient,
  ) {
    super(declaration);
    this.client = sharedListingsFor(client).client;
  }

  /** What steps and hooks work with: the identity, and the path values derived from what is `known` (inputs or state). */
  protected context(identity: Readonly<Record<string, string>>, known: Readonly<Record<string, unknown>> = {}): HookContext {
    return {
      client: this.client,
      identity: { ...pathValues(this.declaration, known), ...identity },
      log: this.log,
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
}
