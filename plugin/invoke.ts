/**
 * Invokes: each declared read function of `provider/apis/<api>/functions.ts` by its token
 * (`svc:dns/getManagedZone:getManagedZone`). The function checks its arguments before any
 * request, as it does for the TypeScript SDK; a refusal names the argument.
 */
import { z } from "zod";
import { declaredFunctions, type ReadFunction } from "../provider/engine/functions/readFunction";
import type { ProviderRuntime } from "../provider/runtime";
import { FUNCTION_MODULES } from "./functionModules";
import { invokeOutputs, resultForm } from "./invokeResult";
import { functionToken } from "../provider/typeTokens";
import type { Values } from "./values";

type Query = (args?: unknown) => Promise<unknown>;

interface Declared {
  readonly query: ReadFunction<unknown, unknown>;
  readonly result?: z.ZodType;
}

const functions = new Map<string, Declared>(
  Object.entries(FUNCTION_MODULES).flatMap(([api, module]) =>
    declaredFunctions(module).map((info) => [
      functionToken(api, info.exportName),
      { query: module[info.exportName] as ReadFunction<unknown, unknown>, ...(info.result && { result: info.result }) },
    ]),
  ),
);

export function functionTokens(): string[] {
  return [...functions.keys()];
}

/** Invokes in a plugin process's runtime: its configuration, its clients. */
export function invoker(runtime: ProviderRuntime): (tok: string, args: Values) => Promise<Values> {
  return async (tok, args) => {
    const fn = functions.get(tok);
    if (fn === undefined) throw new Error(`pulumi-svc: no function ${tok} (known: ${functionTokens().join(", ")})`);
    const value = await (fn.query.on(runtime) as Query)(Object.keys(args).length === 0 ? undefined : args);
    return invokeOutputs(resultForm(fn.result), value);
  };
}
