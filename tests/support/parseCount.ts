/**
 * Counts, for each call of a provider, the parses of answers made on that call's behalf, at the one
 * place answers are parsed (provider/http/answer.ts `answers.parse`: the call path's parse of every
 * request's answer and listing page, polls and joint requests included, and the engine's parse of
 * an answer no request parsed as the object). Calls that overlap (a batch) are counted apart: the
 * count follows the call through its awaits (AsyncLocalStorage, a test's tool). `again` counts the
 * parses of a value that a parse took or gave before, anywhere inside it (an answer parsed in the
 * call path, then its parsed value, or an item of a parsed page, parsed again).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import type { DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { answers } from "../../provider/http/answer";

export interface ParseCount {
  readonly call: string;
  parses: number;
  /** Parses by the declaration's wire schema. */
  wireParses: number;
  again: number;
  readonly seen: WeakSet<object>;
}

export interface ParseCounter {
  /** The provider whose create, read and update calls are counted. */
  readonly provider: DynamicProvider;
  /** One count per call that made a state of an answer. */
  readonly counts: readonly ParseCount[];
  readonly restore: () => void;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** Every object inside `value` (itself included). */
function objectsIn(value: unknown, into: object[] = []): object[] {
  if (!isObject(value)) return into;
  into.push(value);
  for (const member of Object.values(value)) objectsIn(member, into);
  return into;
}

/** Counts every parse of an answer while the returned counter lives, per call of `provider`. */
export function countParses(declaration: ResourceDeclaration, provider: DynamicProvider): ParseCounter {
  const store = new AsyncLocalStorage<ParseCount>();
  const counts: ParseCount[] = [];
  const parse = answers.parse.bind(answers);
  const spy = jest.spyOn(answers, "parse").mockImplementation((schema, value) => {
    const result = parse(schema, value);
    const count = store.getStore();
    if (count !== undefined) {
      count.parses++;
      if (schema === declaration.wire) count.wireParses++;
      if (objectsIn(value).some((object) => count.seen.has(object))) count.again++;
      for (const object of [...objectsIn(value), ...objectsIn(result.data)]) count.seen.add(object);
    }
    return result;
  });
  const counted = <T>(call: string, work: () => Promise<T>): Promise<T> => {
    const count: ParseCount = { call, parses: 0, wireParses: 0, again: 0, seen: new WeakSet<object>() };
    counts.push(count);
    return store.run(count, work);
  };
  return {
    provider: {
      ...provider,
      create: (inputs) => counted(`create${typeof inputs["__import"] === "string" ? " (import)" : ""}`, () => provider.create(inputs)),
      read: (id, props) => counted("read", () => provider.read(id, props)),
      update: (id, olds, news) => counted("update", () => provider.update(id, olds, news)),
    },
    counts,
    restore: () => spy.mockRestore(),
  };
}

/** Every parse of an answer while `work` runs, in all: how many, and how many parsed a value a parse had taken or given before. */
export async function parsesDuring(work: () => Promise<unknown>): Promise<{ parses: number; again: number; bySchema: Map<unknown, number> }> {
  const parse = answers.parse.bind(answers);
  const seen = new WeakSet<object>();
  const tally = { parses: 0, again: 0, bySchema: new Map<unknown, number>() };
  const spy = jest.spyOn(answers, "parse").mockImplementation((schema, value) => {
    const result = parse(schema, value);
    tally.parses++;
    tally.bySchema.set(schema, (tally.bySchema.get(schema) ?? 0) + 1);
    if (objectsIn(value).some((object) => seen.has(object))) tally.again++;
    for (const object of [...objectsIn(value), ...objectsIn(result.data)]) seen.add(object);
    return result;
  });
  try {
    await work();
    return tally;
  } finally {
    spy.mockRestore();
  }
}
