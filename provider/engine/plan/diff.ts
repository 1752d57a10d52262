/**
 * Patch-semantics diff, computed from the stored state and the new inputs
 * alone (no API call): a changed mutable input is an in-place update carrying
 * only what changed; a changed immutable input is a replacement.
 */
import type { Args, PatchChange, ResourceDeclaration, State } from "../declaration/declaration";
import { comparisonFor, isEmpty } from "../declaration/equality";
import { placeholders } from "../declaration/template";
import { updateOf } from "../declaration/steps";

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
    changed.map((field): [string, PropertyChangeKind] => {
      const kind = isEmpty(olds[field]) ? "add" : cleared.includes(field) ? "delete" : "update";
      return [field, replaces.includes(field) ? `${kind}-replace` : kind];
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
