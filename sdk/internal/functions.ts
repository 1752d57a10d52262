/**
 * Read-only functions run in the program's own process (dynamic providers
 * have no invokes): their settings come from the same stack configuration
 * and environment variables as the resources'.
 */
import * as pulumi from "@pulumi/pulumi";
import { useStackConfig } from "../../provider/config";

let installed = false;

/** Points the settings lookup at this program's stack configuration, once. */
export function useProgramConfig(): void {
  if (installed) return;
  useStackConfig({ get: (key) => pulumi.runtime.getConfig(key) });
  installed = true;
}

/** The `getXOutput` form of a function: takes inputs, returns an Output. */
export function outputOf<A, R>(call: (args: A) => Promise<R>, args: pulumi.Input<A>): pulumi.Output<R> {
  return pulumi.output(args).apply((plain) => call(plain as A));
}

/** A function's promise form: reads the program's settings, then queries. */
export function promiseFunction<A extends unknown[], R>(query: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    useProgramConfig();
    return query(...args);
  };
}

/** A function's `getXOutput` form: takes inputs (resolved first), returns an Output. */
export function outputFunction<A, R>(query: (args: A) => Promise<R>): (args: { [K in keyof A]: pulumi.Input<A[K]> }) => pulumi.Output<R> {
  const call = promiseFunction(query);
  return (args) => outputOf(call, args as pulumi.Input<A>);
}
