/**
 * Entry point of the dynamic provider process. The serialized provider of
 * every resource is a few lines that `require` this module by package name and
 * call `providerFor(type)`, so state stays small and holds no credentials.
 *
 * The process loads only the declarations of the types it is asked for: every
 * API's schemas and libraries (the CI API's key parsing, the code host's
 * limiter) cost it about 10 MB of resident memory that a deployment of DNS
 * records never uses. A declaration is looked for in its conventional file,
 * `<module>/<name>.js` (`dns:RecordSet` in dns/recordSet); types declared
 * elsewhere (the DNS IAM types in dns/iam) come from the full registry.
 */
import { type ResourceDeclaration, typeKey } from "./engine/declaration/declaration";
import { dynamicProvider, type DynamicProvider } from "./engine/pulumi/dynamicProvider";
import type { ConfigSource } from "./config";
import { ProviderRuntime } from "./runtime";
import { installCassetteFromEnv } from "./cassette";

// The acceptance run's record and replay (docs/acceptance.md): nothing unless SVC_CASSETTE is set.
export const cassette = installCassetteFromEnv();

/**
 * The process's root, the one place a provider process keeps anything: its runtime (the settings
 * `configure` gives, clients, token sources, the engine's windows, listings, polls and locks),
 * which every resource type's provider in it shares, and the providers made so far; a replay's
 * waits are the cassette's, passed in (no timer of the process is replaced). The engine
 * reaches this module by the package name in each serialized provider, so it must live here.
 */
const runtime = new ProviderRuntime(cassette?.sleep === undefined ? {} : { sleep: cassette.sleep });
const providers = new Map<string, DynamicProvider>();

/**
 * The process's runtime, for what runs in it besides its providers: a read function called
 * directly (engine/functions/readFunction.ts) and a program's functions (sdk/internal/functions.ts),
 * which give `config`, the program's stack configuration (no engine configures a program's
 * process; given again, it changes nothing). So a process's functions share its clients (their
 * rate-limit gates and limiters), its token sources and its engine with its providers.
 */
export function processRuntime(config?: ConfigSource): ProviderRuntime {
  if (config !== undefined) runtime.configure(config);
  return runtime;
}

/** The module file a type's declaration lives in by convention, e.g. `./dns/recordSet`; undefined for a key of another shape. */
export function conventionalFile(key: string): string | undefined {
  const parts = /^([a-z][a-zA-Z0-9]*):([A-Z][A-Za-z0-9]*)$/.exec(key);
  if (parts === null) return undefined;
  const [, module = "", name = ""] = parts;
  return `./apis/${module}/${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}

/** The declaration of `key` from its conventional file alone, when it is there. */
function fromConventionalFile(key: string): ResourceDeclaration | undefined {
  const file = conventionalFile(key);
  if (file === undefined) return undefined;
  let exported: Record<string, unknown>;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand: see the file comment
    exported = require(file) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: unknown }).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
  return Object.values(exported).find(
    (value): value is ResourceDeclaration =>
      typeof value === "object" && value !== null && "module" in value && "name" in value && "args" in value && typeKey(value as ResourceDeclaration) === key,
  );
}

/** Every declaration (all APIs loaded), for types outside the convention and for the error that lists the known types. */
function fromRegistry(key: string): ResourceDeclaration {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand: see the file comment
  return (require("./registry") as typeof import("./registry")).declarationFor(key);
}

/** The declaration of a type key, loading no more than it needs. */
export function declarationOf(key: string): ResourceDeclaration {
  return fromConventionalFile(key) ?? fromRegistry(key);
}

export function providerFor(key: string): DynamicProvider {
  let provider = providers.get(key);
  if (provider === undefined) {
    provider = dynamicProvider(declarationOf(key), runtime);
    providers.set(key, provider);
  }
  return provider;
}

export { ApiError } from "./http/answer";
export type { DynamicProvider } from "./engine/pulumi/dynamicProvider";
