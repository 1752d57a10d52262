/**
 * Read-only functions run in the program's own process (dynamic providers
 * have no invokes): their settings come from the same stack configuration
 * and environment variables as the resources'.
 *
 * The provider's query code (its schemas, HTTP client and limiter: zod, ky,
 * bottleneck) is loaded on a function's first call, not when the program
 * imports the SDK: a program that calls none (most only declare resources)
 * starts about 100 ms sooner on every preview and update.
 */
import * as pulumi from "@pulumi/pulumi";
import { isConfigSecret } from "./config";

import type { ConfigSource } from "../../provider/config";
import type { ProviderRuntime } from "../../provider/runtime";

/** Where a program's settings are: its stack configuration, then the environment. */
const PROGRAM_CONFIG: ConfigSource = { get: (key) => pulumi.runtime.getConfig(key), isSecret: isConfigSecret };

/**
 * The program's runtime for its functions: the process's one (held by its root, provider/index.ts,
 * loaded with the first call), reading this program's stack configuration and the environment.
 */
export function programRuntime(): ProviderRuntime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first call (see above)
  return (require("../../provider") as typeof import("../../provider")).processRuntime(PROGRAM_CONFIG);
}

/** A module of the provider's queries, loaded on first use and kept. */
export function lazily<M>(load: () => M): () => M {
  let loaded: M | undefined;
  return () => (loaded ??= load());
}

type Query = (...args: never[]) => Promise<unknown>;
type QueryNames<M> = { [K in keyof M]: M[K] extends Query ? K : never }[keyof M];

/** The `getXOutput` form of a query taking `A` and resolving to `R`: takes inputs, returns an Output. */
type OutputForm<F> = F extends (args: infer A) => Promise<infer R> ? (args: { [K in keyof A]: pulumi.Input<A[K]> }) => pulumi.Output<R> : never;

/** The `getXOutput` form of a function: takes inputs, returns an Output. */
export function outputOf<A, R>(call: (args: A) => Promise<R>, args: pulumi.Input<A>): pulumi.Output<R> {
  return pulumi.output(args).apply((plain) => call(plain as A));
}

/** A declared query as a program calls it (its declaration, which the generator reads, left behind). */
type Callable<F> = F extends (...args: infer A) => infer R ? (...args: A) => R : never;

/** A function's promise form: runs the query `name` of `queries` in the program's runtime (its settings, its clients). */
export function promiseFunction<M, K extends QueryNames<M>>(queries: () => M, name: K): Callable<M[K]> {
  const call = (...args: unknown[]): Promise<unknown> => {
    const query = queries()[name] as ((...args: unknown[]) => Promise<unknown>) & {
      on?: (runtime: ProviderRuntime) => (...args: unknown[]) => Promise<unknown>;
    };
    // A declared query runs in the program's runtime; a function of an API's extras (a receiver, a parser) as it is.
    return query.on === undefined ? query(...args) : query.on(programRuntime())(...args);
  };
  return call as Callable<M[K]>;
}

/** A function's `getXOutput` form: takes inputs (resolved first), returns an Output. */
export function outputFunction<M, K extends QueryNames<M>>(queries: () => M, name: K): OutputForm<M[K]> {
  const call = promiseFunction(queries, name) as (args: unknown) => Promise<unknown>;
  const output = (args: unknown): pulumi.Output<unknown> => outputOf(call, args);
  return output as OutputForm<M[K]>;
}

/** The `getXOutput` form of a function that takes no arguments. */
export function noArgsOutputFunction<M, K extends QueryNames<M>>(queries: () => M, name: K): () => pulumi.Output<Awaited<ReturnType<Callable<M[K]>>>> {
  const call = promiseFunction(queries, name) as () => Promise<Awaited<ReturnType<Callable<M[K]>>>>;
  return () => pulumi.output({}).apply(() => call());
}
