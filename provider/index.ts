/**
 * Entry point of the dynamic provider process. The serialized provider of
 * every resource is a few lines that `require` this module by package name and
 * call `providerFor(type)`, so state stays small and holds no credentials.
 */
import { dynamicProvider, type DynamicProvider } from "./engine/dynamicProvider";
import { declarationFor } from "./registry";

const providers = new Map<string, DynamicProvider>();

export function providerFor(key: string): DynamicProvider {
  let provider = providers.get(key);
  if (provider === undefined) {
    provider = dynamicProvider(declarationFor(key));
    providers.set(key, provider);
  }
  return provider;
}

export { ApiError } from "./http/errors";
export type { DynamicProvider } from "./engine/dynamicProvider";
