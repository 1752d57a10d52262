/**
 * A resource is a declaration: what its inputs are, which of them force a
 * replacement, where it lives, how its id reads, and how to turn inputs into
 * request bodies and responses into state. One engine (lifecycle/resource.ts) and
 * one adapter (dynamicProvider.ts) do the rest for every resource.
 */
import type { z } from "zod";
import type { ApiName } from "../../config";
import { abandons, updateOf, type RequestOption, type Steps, type UpdateDeclaration } from "./steps";
import type { Hooks } from "./hooks";
import type { Comparison, ComparisonName, DetailOf } from "./comparisons";
import type { Adoption, NotAdopted } from "./adoption";
import type { ReviewWarning } from "./review";

export type { Steps, UpdateDeclaration, UpdateKind } from "./steps";
export type { Hooks, PolicyHook, RefusedStep } from "./hooks";

export type Args = Record<string, unknown>;
export type State = Record<string, unknown>;

/** What an in-place update changes: fields given a new value, and fields removed. */
export interface PatchChange<A extends Args> {
  readonly set: Partial<A>;
  readonly cleared: readonly (keyof A & string)[];
}

/** The accepted form of a server-assigned id part: a pattern, and the words that describe it in messages. */
export interface ServerAssignedForm {
  readonly pattern: RegExp;
  readonly accepted: string;
}

/**
 * A path or id part computed from the inputs rather than given as one: which of
 * several inputs names the parent (`projects` and the project id, or `folders`
 * and the folder id), or the API version a program picks. Parts of the id are
 * parsed back from it; parts only of paths come from the stored state on read.
 */
export interface DerivedValue {
  /** The value from the inputs (create, update, import) or the stored state (read, delete); undefined when they do not say. */
  readonly from: (known: Readonly<Record<string, unknown>>) => string | undefined;
  readonly pattern: RegExp;
  /** The accepted form, in words, for messages. */
  readonly accepted: string;
}

/**
 * The form the engine holds an input in, where the program's would cost every step dearly: the
 * engine passes each value through a protobuf Struct, whose cost grows with the number of values
 * (a map of 10,000 nested objects takes seconds a pass, 10,000 strings milliseconds).
 */
export interface StoredForm {
  /** The stored form's schema, with its description: the input's type among the outputs (the SDK's, the package schema's). */
  readonly schema: z.ZodType;
  /** The program's form of a value in any form the engine may pass (the program's, the SDK's, the stored): what `check` validates. */
  readonly toProgram: (value: unknown) => unknown;
  /** The stored form of a checked value; `inputs` are the other checked inputs (a default it fills in). */
  readonly toStored: (value: unknown, inputs: Args) => unknown;
  /** What the TypeScript SDK sends in place of the program's value: a function of a module without imports (`module` from the repository's root). */
  readonly sdk?: { readonly module: string; readonly name: string };
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
   * Inputs that name the object (a dotted name by its first label, or under a zone the run names): the acceptance
   * run (tests/acceptance) names them `svc-acc-<purpose>-<unix>-<rand>`, and runs the replacements that change only these.
   */
  readonly names?: readonly (keyof A & string)[];
  /**
   * Changes that replace, each tried against the current object alone (diff only);
   * together they give every immutable input a new value. A change may carry
   * mutable inputs along where the new value needs them (a new record type, new data).
   */
  readonly replacements: readonly SampleChange<A>[];
  /**
   * For a resource whose writes of one key join into one request (a zone's atomic change): objects
   * written at the same time. `inputs` are made together; then at once the first gets `update`, the
   * second is deleted and `added` is made; then the rest are deleted together. Each time the
   * requests must be the joint plan of the steps (`jointRequests`).
   */
  readonly together?: {
    readonly inputs: readonly SampleChange<A>[];
    readonly update: SampleChange<A>;
    readonly added: SampleChange<A>;
  };
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
  /**
   * An input named by Pulumi when the program leaves it out: the resource's name plus a
   * random suffix, at most `maxLength` characters, kept across updates and made anew for a
   * replacement (the engine checks the inputs again without the old ones), so the new object
   * can exist beside the old. The SDK passes the resource's name as `__resourceName`.
   */
  readonly autoName?: { readonly property: string; readonly maxLength: number };
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
  /** Placeholders of the id or the paths that are no input: how each is computed (see DerivedValue). */
  readonly derived?: Readonly<Record<string, DerivedValue>>;
  /**
   * Request paths below the API base URL; placeholders are input names. Every
   * request the resource makes goes to one of these (or below it); `related`
   * names the paths outside collection and item its lifecycle uses (a listing).
   */
  readonly paths: { readonly collection: string; readonly item: string; readonly related?: readonly string[] };
  /** The object as the API returns it from create, get and update. */
  readonly wire: z.ZodType<W>;
  /**
   * The create request's body (also the body of an update `PUT`); none when left out
   * (a create that is a verb on a path, such as a follow).
   */
  readonly toCreateBody?: (args: A) => unknown;
  /**
   * Read normalisation: the resource's state from what the API returned.
   * `previous` is what is known besides (the inputs on create, the old state
   * on read), for APIs that do not return everything.
   */
  readonly toState: (wire: W, previous: State) => State;
  /** False for objects that cannot be read back, so cannot be checked on import. */
  readonly importable?: boolean;
  /**
   * The requests of each step where they differ from the collection/item
   * pattern (POST to the collection, GET/DELETE of the item), as data: see steps.ts.
   */
  readonly steps?: Steps<A>;
  /**
   * How mutable inputs change in place, all said here (steps.ts): `PATCH` (a body of the
   * changes), `PUT` (the whole create body), an `updateMask` PATCH, a merged PUT under
   * `If-Match`; `none` when the API has no update (every change replaces). The object form
   * adds what the answer holds and an input that moves the object:
   * `{ send: "PATCH", answer: { member: "policy" } }`.
   */
  readonly update: UpdateDeclaration;
  /** Inputs that are options of the requests, not part of the object: sent as query parameters with the steps named, never a change (steps.ts). */
  readonly requestOptions?: Readonly<Partial<Record<keyof A & string, RequestOption>>>;
  /** Inputs the API never sees (client-side behaviour such as `forceDestroy`): kept in state, changed without a request. */
  readonly localInputs?: readonly (keyof A & string)[];
  /**
   * Rules across inputs (e.g. exactly one of two); each failure names a property. A rule of one
   * input is its zod schema's refinement; a rule across the top-level inputs is here, not a
   * refinement of `args`: check leaves inputs not yet known out of the schema (zod cannot omit from
   * a refined object), and runs these once every input is known.
   */
  readonly crossCheck?: (args: A) => readonly { property: string; reason: string }[];
  /** Field comparisons that are not plain equality: a named one (NAMED_COMPARISONS in comparisons.ts), or a function (a list compared as a set). */
  readonly equal?: Partial<Record<keyof A & string, Comparison | ComparisonName>>;
  /**
   * What changed inside an input a reviewer reads entry by entry (a zone's record sets by name and
   * type): the paths of its detailed diff (`records.www.A.ttl`) in place of the input's name.
   */
  readonly detail?: Partial<Record<keyof A & string, DetailOf>>;
  /**
   * Inputs the engine holds in another form than the program gives (a zone's records map as one
   * string per record set): `check` validates the program's form and returns the stored one, which
   * the state, every diff and every step see.
   */
  readonly stored?: Partial<Record<keyof A & string, StoredForm>>;
  /**
   * Inputs a refresh rewrites from what it read (a zone's records map with a set made outside
   * Pulumi), so that the engine's own diff shows the drift: the dynamic host drops a provider's
   * detailed diff, and the engine then compares the old inputs with the new ones.
   */
  readonly refreshInputs?: readonly (keyof A & string)[];
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
  /** How existing objects are found for `svc-import` (engine/adoption.ts), or why they never are. */
  readonly adoption?: Adoption | NotAdopted;
  /** Outputs that must stay Pulumi secrets. */
  readonly secretOutputs?: readonly string[];
  /** What a reviewer of a change must not miss (svc-plan's warnings), by operation: review.ts. */
  readonly review?: readonly ReviewWarning[];
  /**
   * What stays special about a resource, a closed list of named hooks (with
   * `deleteBeforeReplace` as a predicate above). Each composes with the steps:
   * none turns another step off (`declare` refuses combinations that would).
   */
  readonly hooks?: Hooks<A, W>;
}

/** Erases a declaration's types for the registry and the engine, which treat all alike. */
export function declare<A extends Args, W>(declaration: ResourceDeclaration<A, W>): ResourceDeclaration {
  const conflicts = stepConflicts(declaration as unknown as ResourceDeclaration);
  if (conflicts.length > 0) throw new Error(`svc.${declaration.module}.${declaration.name}: ${conflicts.join("; ")}`);
  return declaration as unknown as ResourceDeclaration;
}

/**
 * Declarations whose steps and hooks would silently turn each other off: each
 * step is said once, by data or by one hook, so what is declared is what runs.
 */
export function stepConflicts(declaration: ResourceDeclaration): string[] {
  const { steps = {}, hooks = {} } = declaration;
  const { send: update, move } = updateOf(declaration.update);
  const conflicts: string[] = [];
  if (hooks.policy !== undefined) {
    const data = (["create", "read", "delete", "detachBeforeDelete", "wait", "findCreated"] as const).filter((step) => steps[step] !== undefined);
    if (data.length > 0) conflicts.push(`the policy hook sends every step; steps.${data.join(", steps.")} would never run`);
    if (declaration.toCreateBody !== undefined) conflicts.push("the policy hook sends the create; toCreateBody would never be used");
    if ([hooks.planCreate, hooks.planUpdate, hooks.planDelete, hooks.planBeforeDelete].some((hook) => hook !== undefined)) {
      conflicts.push("the policy hook cannot be combined with planCreate, planUpdate, planDelete or planBeforeDelete");
    }
  }
  // The update is said where the update is declared: a hook that makes it is named by its kind.
  if ((hooks.planUpdate !== undefined) !== (update === "planned")) {
    conflicts.push(hooks.planUpdate !== undefined ? 'planUpdate plans the update: declare update: "planned"' : 'update "planned" needs the planUpdate hook');
  }
  if (hooks.policy !== undefined && update !== "policy" && update !== "none")
    conflicts.push('the policy hook writes every update: declare update: "policy" (or "none")');
  if (hooks.policy === undefined && update === "policy") conflicts.push('update "policy" needs the policy hook');
  if (hooks.planCreate !== undefined && steps.create !== undefined) conflicts.push("planCreate plans the create; steps.create would never be used");
  if (hooks.planDelete !== undefined && steps.delete !== undefined) conflicts.push("planDelete plans the delete; steps.delete would never be used");
  if (abandons(steps.delete) && (hooks.planBeforeDelete !== undefined || steps.detachBeforeDelete !== undefined)) {
    conflicts.push("delete is abandon: planBeforeDelete and detachBeforeDelete would never run");
  }
  if (steps.read === "stored" && declaration.importable !== false) conflicts.push("a read of the stored state cannot check an import: set importable: false");
  if (move !== undefined) {
    const { field } = move;
    if (update === "none") conflicts.push("update is none: every change replaces, so update.move would never run");
    if (declaration.immutable.includes(field)) conflicts.push(`update.move changes ${field}, which is immutable: it would never run`);
    if (!declaration.id.format.includes(`{${field}}`)) conflicts.push(`update.move changes ${field}, which is no part of the id`);
  }
  if (steps.findCreated !== undefined && (declaration.id.serverAssigned ?? []).length === 0) {
    conflicts.push("findCreated is for server-assigned ids; this id has none");
  }
  // An object that ends by itself and has no read or listing (a channel) cannot be settled: a lost create is reported.
  const unsettleable = typeof steps.read === "object" && "storedUntil" in steps.read;
  if ((declaration.id.serverAssigned ?? []).length > 0 && steps.findCreated === undefined && steps.create?.repeat !== "idempotent" && !unsettleable) {
    conflicts.push("a server-assigned id needs findCreated (or an idempotent create) to settle a lost create");
  }
  return conflicts;
}

/** The type key of a declaration, e.g. `dns:ManagedZone`. */
export function typeKey(declaration: Pick<ResourceDeclaration, "module" | "name">): string {
  return `${declaration.module}:${declaration.name}`;
}
