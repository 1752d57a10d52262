/**
 * Counts, for each call of a provider, the parses of its declaration's wire schema (parse and
 * safeParse) made on that call's behalf, calls that overlap (a batch) each counted apart: the
 * count follows the call through its awaits (AsyncLocalStorage). A call may parse several answers
 * (a move's, then the update's); `again` counts the parses of a value that a parse took or gave
 * before (an answer parsed in the call path, then its parsed value parsed again).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import type { DynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";

export interface ParseCount {
  readonly call: string;
  parses: number;
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

export function countParses(declaration: ResourceDeclaration, provider: DynamicProvider): ParseCounter {
  const store = new AsyncLocalStorage<ParseCount>();
  const counts: ParseCount[] = [];
  const wire = declaration.wire;
  const parse = wire.parse.bind(wire);
  const safeParse = wire.safeParse.bind(wire);
  const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;
  const counting = (value: unknown, parsed: unknown): void => {
    const count = store.getStore();
    if (count === undefined) return;
    count.parses++;
    if (isObject(value) && count.seen.has(value)) count.again++;
    for (const each of [value, parsed]) if (isObject(each)) count.seen.add(each);
  };
  const parseSpy = jest.spyOn(wire, "parse").mockImplementation((...args: Parameters<typeof wire.parse>) => {
    const parsed = parse(...args);
    counting(args[0], parsed);
    return parsed;
  });
  const safeParseSpy = jest.spyOn(wire, "safeParse").mockImplementation((...args: Parameters<typeof wire.safeParse>) => {
    const result = safeParse(...args);
    counting(args[0], result.data);
    return result;
  });
  const counted = <T>(call: string, work: () => Promise<T>): Promise<T> => {
    const count = { call, parses: 0, again: 0, seen: new WeakSet<object>() };
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
    restore: () => {
      parseSpy.mockRestore();
      safeParseSpy.mockRestore();
    },
  };
}
