/**
 * The bodies of in-place updates, as pure functions of the change: a PATCH of the changed
 * fields, and an update-mask PATCH (`updateMask`) of the changed inputs' paths.
 */
import type { Args, PatchChange, ResourceDeclaration, State } from "../declaration/declaration";
import type { UpdateKind } from "../declaration/steps";

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
