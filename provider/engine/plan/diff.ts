/**
 * Patch-semantics diff, computed from the stored state and the new inputs
 * alone (no API call): a changed mutable input is an in-place update carrying
 * only what changed; a changed immutable input is a replacement. Values are
 * compared stably (key order does not matter) with the empties of a field
 * (absent, null, "", [], {}) as one value, since an API that omits an empty
 * field and a program that leaves it out agree; a declaration may name another
 * comparison for a field. The bodies of in-place updates are pure functions of
 * the change: a PATCH of the changed fields, an update-mask PATCH of their paths.
 */
import type { Args, PatchChange, ResourceDeclaration, State } from "../declaration/declaration";
import { placeholders } from "../declaration/template";
import { updateOf, type UpdateKind } from "../declaration/steps";
import { comparisonFor } from "../declaration/comparisons";
import { isEmpty } from "../declaration/values";

export { isEmpty, sameValue, stableJson } from "../declaration/values";
export { comparisonFor, NAMED_COMPARISONS, type Comparison, type ComparisonName, type DetailChange, type DetailOf } from "../declaration/comparisons";

/** The value the engine sends for inputs that are not known yet during a preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Inputs that steer the engine rather than describe the object; never a diff. */
export const CONTROL_INPUTS: ReadonlySet<string> = new Set(["__provider", "__import", "__resourceName", "__autoName", "__owner", "__ownerNonce"]);

export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsUnknown);
  return false;
}

/**
 * What happens to one property, in the engine's words (`PropertyDiff.Kind` of the provider protocol):
 * set where it was not (`add`), removed (`delete`), changed (`update`), each `-replace` when the
 * change replaces the object.
 */
export type PropertyChangeKind = "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";

export interface ArgsDiff {
  readonly changed: string[];
  /** Each changed property and what happens to it: what a host shows as the property-level diff (`detailedDiff`). */
  readonly detailed: Readonly<Record<string, PropertyChangeKind>>;
  readonly replaces: string[];
  readonly patch: PatchChange<Args>;
  /** Identity kept while replacing: the old object must go before the new one can exist. */
  readonly deleteBeforeReplace: boolean;
}

export function diffArgs(declaration: ResourceDeclaration, olds: State, news: Args): ArgsDiff {
  const fields = Object.keys(declaration.args.shape);
  const changed: string[] = [];
  const set: Record<string, unknown> = {};
  const cleared: string[] = [];
  for (const field of fields) {
    // A request option is never part of the object: no change of it is a diff.
    if (CONTROL_INPUTS.has(field) || declaration.requestOptions?.[field] !== undefined) continue;
    const next = news[field];
    const previous = olds[field];
    const equal = comparisonFor(declaration.equal?.[field]);
    if (!containsUnknown(next) && (equal(previous, next, news) || (isEmpty(previous) && isEmpty(next)))) continue;
    changed.push(field);
    if (isEmpty(next)) cleared.push(field);
    else set[field] = next;
  }
  const replaces = replacedBy(declaration, changed);
  const identity = placeholders(declaration.id.format);
  // A part the server assigns (a key's fingerprint) is new for every new object: the old one can stay until the new one exists.
  const identityKept = (declaration.id.serverAssigned ?? []).length === 0 && identity.every((field) => !replaces.includes(field));
  const detailed = Object.fromEntries(
    changed.flatMap((field): [string, PropertyChangeKind][] => {
      const kind = isEmpty(olds[field]) ? "add" : cleared.includes(field) ? "delete" : "update";
      const replaced = replaces.includes(field);
      const inside = replaced || containsUnknown(news[field]) ? [] : (declaration.detail?.[field]?.(olds[field], news[field], news) ?? []);
      if (inside.length > 0) return inside.map(({ path, kind: each }) => [path, each]);
      return [[field, replaced ? `${kind}-replace` : kind]];
    }),
  );
  return {
    changed,
    detailed,
    replaces,
    patch: { set, cleared },
    deleteBeforeReplace: replaces.length > 0 && (identityKept || exclusive(declaration, olds, news)),
  };
}

/** The changed inputs that replace the object: the immutable ones, or every one when the API has no update. */
export function replacedBy(declaration: ResourceDeclaration, changed: readonly string[]): string[] {
  return updateOf(declaration.update).send === "none" ? [...changed] : changed.filter((field) => declaration.immutable.includes(field));
}

/** Whether the old object must be gone before the new one can exist beside it. */
function exclusive(declaration: ResourceDeclaration, olds: State, news: Args): boolean {
  const rule = declaration.deleteBeforeReplace;
  return typeof rule === "function" ? rule(olds, news) : rule === true;
}

/** A PATCH body of what changed: the new values, and `null` for what the program removed. */
export function defaultPatchBody(change: PatchChange<Args>): Args {
  const body: Args = { ...change.set };
  for (const field of change.cleared) body[field] = null;
  return body;
}

type MaskUpdate = Extract<UpdateKind, { patch: "updateMask" }>;

/** The value at a dotted path of a body; undefined when absent. */
function valueAtPath(body: unknown, path: string): unknown {
  let current = body;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Sets a value at a dotted path, making the objects on the way. */
function setAtPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let current = body;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    current = (current[key] = typeof next === "object" && next !== null ? next : {}) as Record<string, unknown>;
  }
  current[keys[keys.length - 1] as string] = value;
}

/**
 * An update-mask PATCH: the mask names the changed inputs' paths; the body is the create
 * body cut down to those paths (a removed input is named and absent, which clears it),
 * plus the stored etag when declared. Without a create body: the patch body, nulls left out.
 */
export function maskedPatch(
  declaration: ResourceDeclaration,
  update: MaskUpdate,
  change: PatchChange<Args>,
  args: Args,
  previous: State,
): { mask: string[]; body: Args } {
  const paths = update.paths ?? {};
  const changed = [...Object.keys(change.set), ...change.cleared];
  const mask = changed.map((field) => paths[field] ?? field);
  let body: Args;
  if (declaration.toCreateBody === undefined) {
    const fields = defaultPatchBody(change);
    body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  } else {
    const whole = declaration.toCreateBody(args);
    body = {};
    for (const path of mask) {
      const value = valueAtPath(whole, path);
      if (value !== undefined) setAtPath(body, path, value);
    }
  }
  if (update.etagField !== undefined && typeof previous[update.etagField] === "string") body[update.etagField] = previous[update.etagField];
  return { mask, body };
}
