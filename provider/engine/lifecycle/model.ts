/**
 * A declared resource as the executor needs it (executor/context.ts ObjectModel): the state of an
 * answer, parsed once (in the call path when its request said so, else here), whether an update's
 * answer is the whole object, its id, how it differs from the program, its refusals explained.
 */
import { answers } from "../../http/answer";
import type { Answer, ObjectModel } from "../executor/context";
import type { ResourceDeclaration, State } from "../declaration/declaration";
import { updateOf } from "../declaration/steps";
import { diffArgs } from "../plan/diff";
import type { ResourceIds } from "./ids";

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
