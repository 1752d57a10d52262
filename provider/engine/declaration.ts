/**
 * A resource is a declaration: what its inputs are, which of them force a
 * replacement, where it lives, how its id reads, and how to turn inputs into
 * request bodies and responses into state. One engine (resourceEngine.ts) and
 * one adapter (dynamicProvider.ts) do the rest for every resource.
 */
import type { z } from "zod";
import type { ApiName } from "../config";
import type { ApiClient } from "../http/client";
import type { ApiError } from "../http/errors";

export type Args = Record<string, unknown>;
export type State = Record<string, unknown>;

/** What an in-place update changes: fields given a new value, and fields removed. */
export interface PatchChange<A extends Args> {
  readonly set: Partial<A>;
  readonly cleared: readonly (keyof A & string)[];
}

/** What hooks get to work with. */
export interface HookContext {
  readonly client: ApiClient;
  /** The identity values (`project`, `managedZone`, ...) of the object at hand, as far as known. */
  readonly identity: Readonly<Record<string, string>>;
  readonly log: (message: string) => void;
}

/**
 * Lifecycle steps of APIs that do not follow the collection/item pattern
 * (no read endpoint, a read through a listing, a delete by POST). Each
 * returns the object in its wire form (what `toState` reads) or, for read,
 * undefined when it is gone.
 */
export interface LifecycleOverrides<A extends Args> {
  readonly create?: (args: A, context: HookContext) => Promise<unknown>;
  readonly read?: (previous: State, context: HookContext) => Promise<unknown>;
  readonly delete?: (state: State, context: HookContext) => Promise<void>;
  /**
   * For objects whose id the server assigns: the objects that exist now, so a
   * create whose response was lost can find the object it made.
   */
  readonly list?: (args: A, context: HookContext) => Promise<unknown[]>;
  /** An in-place update other than one request to the item path; returns nothing, the engine reads back. */
  readonly update?: (change: PatchChange<A>, args: A, context: HookContext) => Promise<void>;
}

/** The accepted form of a server-assigned id part: a pattern, and the words that describe it in messages. */
export interface ServerAssignedForm {
  readonly pattern: RegExp;
  readonly accepted: string;
}

/** One change of inputs, applied over the current ones; an input set to `undefined` is removed. */
export type SampleChange<A extends Args> = { readonly [K in keyof A]?: A[K] | undefined };

/**
 * A valid object and its changes, as data: what the conformance run creates,
 * updates, replaces, imports and deletes. Import forms come from `id`, which
 * inputs replace from `immutable`, which change without a request from `localInputs`.
 */
export interface ConformanceSamples<A extends Args> {
  /** Inputs of a valid object, as a program gives them (`project` may be left to the settings). */
  readonly inputs: SampleChange<A>;
  /** Objects it lives in, made first through their own declarations (by type key, e.g. `dns:ManagedZone`), deleted last. */
  readonly parents?: readonly { readonly type: string; readonly inputs: Args }[];
  /** Changes in place, applied in order; together they give every mutable input a new value. */
  readonly updates: readonly SampleChange<A>[];
  /**
   * Changes that replace, each tried against the current object alone (diff only);
   * together they give every immutable input a new value. A change may carry
   * mutable inputs along where the new value needs them (a new record type, new data).
   */
  readonly replacements: readonly SampleChange<A>[];
}

export interface ResourceDeclaration<A extends Args = Args, W = unknown> {
  /** SDK namespace and class name: `svc.<module>.<name>`. */
  readonly module: string;
  readonly name: string;
  readonly api: ApiName;
  /** Inputs as the program gives them; validated at check, where defaults are filled in. */
  readonly args: z.ZodObject<z.ZodRawShape>;
  /** Inputs whose change replaces the object. */
  readonly immutable: readonly (keyof A & string)[];
  /**
   * Replace by deleting first even when the id changes: for objects that hold
   * something exclusively (a network has one DNS server policy), so the new one
   * cannot exist beside the old. By default only a replacement that keeps the id deletes first.
   * A predicate says it per change, for objects that exclude each other only in
   * some combinations (a CNAME and any other record set at one name).
   */
  readonly deleteBeforeReplace?: boolean | ((olds: State, news: Args) => boolean);
  /** Fill `project` from `svc:project` / SVC_PROJECT when the program leaves it out. */
  readonly projectScoped?: boolean;
  /**
   * The id: its canonical format and the short forms accepted by `{ import }`.
   * Placeholders are input names, or state names the server assigns (listed
   * in `serverAssigned`); together they are the object's identity.
   */
  readonly id: {
    readonly format: string;
    readonly importFormats: readonly string[];
    readonly serverAssigned?: readonly string[];
    /**
     * The form of server-assigned parts, checked when an id is parsed (an
     * import id says them) before any request; e.g. a key fingerprint.
     */
    readonly serverAssignedForms?: Readonly<Record<string, ServerAssignedForm>>;
  };
  /**
   * Request paths below the API base URL; placeholders are input names. Every
   * request the resource makes goes to one of these (or below it); `related`
   * names the paths outside collection and item its lifecycle uses (a listing).
   */
  readonly paths: { readonly collection: string; readonly item: string; readonly related?: readonly string[] };
  /** The object as the API returns it from create, get and update. */
  readonly wire: z.ZodType<W>;
  readonly toCreateBody: (args: A) => unknown;
  /** Default: each changed field as it is, each removed field as null. */
  readonly toPatchBody?: (change: PatchChange<A>, args: A) => unknown;
  /**
   * Read normalisation: the resource's state from what the API returned.
   * `previous` is what is known besides (the inputs on create, the old state
   * on read), for APIs that do not return everything.
   */
  readonly toState: (wire: W, previous: State) => State;
  /** False for objects that cannot be read back, so cannot be checked on import. */
  readonly importable?: boolean;
  readonly lifecycle?: LifecycleOverrides<A>;
  /** How mutable inputs change in place; `none` when the API has no update (every change replaces). */
  readonly update: "PATCH" | "PUT" | "none";
  /** Inputs the API never sees (client-side behaviour such as `forceDestroy`): kept in state, changed without a request. */
  readonly localInputs?: readonly (keyof A & string)[];
  /** Rules across inputs (e.g. exactly one of two); each failure names a property. */
  readonly crossCheck?: (args: A) => readonly { property: string; reason: string }[];
  /** Field comparisons that are not plain equality (e.g. a list compared as a set). */
  readonly equal?: Partial<Record<keyof A & string, (stored: unknown, wanted: unknown, news: Args) => boolean>>;
  /**
   * Output-only properties (what the API assigns), with their types and
   * `.meta({ description })` docs: the SDK's output fields are generated from them.
   */
  readonly outputs: z.ZodRawShape;
  /**
   * What the SDK's TSDoc and the README say about the resource as a whole
   * (property docs live on the schemas, as `.meta({ description })`).
   */
  readonly docs: {
    /** One or more paragraphs, Markdown; the first sentence is the summary. */
    readonly summary: string;
    /** A TypeScript snippet, `svc.<module>.<Name>` as a program writes it. */
    readonly example: string;
  };
  /**
   * Conformance samples: data from which `tests/emulator/conformance.test.ts`
   * drives the resource through its whole lifecycle. Required in practice: that
   * test fails for a declaration without them.
   */
  readonly samples?: ConformanceSamples<A>;
  /** Outputs that must stay Pulumi secrets. */
  readonly secretOutputs?: readonly string[];
  readonly hooks?: {
    /** Runs after an update request; e.g. waits for a long-running operation the update returned. */
    readonly afterUpdate?: (response: unknown, context: HookContext) => Promise<void>;
    /**
     * Turns a create the API refused (4xx) into an error that names the input and the rule,
     * where the API's own message would not; undefined keeps the API's error.
     */
    readonly explainRefusal?: (error: ApiError, args: A) => Error | undefined;
  };
}

/** Erases a declaration's types for the registry and the engine, which treat all alike. */
export function declare<A extends Args, W>(declaration: ResourceDeclaration<A, W>): ResourceDeclaration {
  return declaration as unknown as ResourceDeclaration;
}

/** The type key of a declaration, e.g. `dns:ManagedZone`. */
export function typeKey(declaration: Pick<ResourceDeclaration, "module" | "name">): string {
  return `${declaration.module}:${declaration.name}`;
}
