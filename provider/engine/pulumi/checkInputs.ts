/**
 * What `check` holds inputs and ids to before any request: the failures the engine shows (a
 * top-level property and a bounded reason; an id's parts: lifecycle/ids.ts), and the auto-named
 * input Pulumi fills in.
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Args, ResourceDeclaration } from "../declaration/declaration";
import type { CheckFailure } from "../declaration/checkFailure";
import { clip } from "../declaration/excerpt";
import { matchAny } from "../declaration/template";

export type { CheckFailure } from "../declaration/checkFailure";

/**
 * A reason longer than this is cut: a validator that echoes a huge input must not flood the
 * engine's output. Values are already echoed as bounded excerpts; this is the safety net, wide
 * enough for a record type's accepted form, an example and the problem found.
 */
export const REASON_LIMIT = 800;

/**
 * The engine looks a failure's property up among the top-level inputs to show its value
 * ("property rrdatas value [...] has a problem: ..."); a nested path would show as `{<nil>}`.
 * So the property is the top-level input, and the reason starts with the full path (taking
 * the place of a shorter path the reason may start with, such as `rrdatas[1]` inside local data).
 */
export function forTheEngine({ property, reason }: CheckFailure): CheckFailure {
  const top = /^[^.[]+/.exec(property)?.[0] ?? property;
  if (top === property) return { property, reason: clip(reason, REASON_LIMIT) };
  const [first = "", ...rest] = reason.split(" ");
  const located = property.endsWith(first) && /[.[\]]/.test(first) ? [property, ...rest].join(" ") : `${property} ${reason}`;
  return { property: top, reason: clip(located, REASON_LIMIT) };
}

export function issuesToFailures(issues: readonly z.core.$ZodIssue[], label: string): CheckFailure[] {
  return issues.map((issue) => {
    const property = issue.path.map((key, i) => (typeof key === "number" ? `[${key}]` : `${i > 0 ? "." : ""}${String(key)}`)).join("");
    return { property: property || label, reason: issue.message };
  });
}

/**
 * Fills the declaration's auto-named input when the program leaves it out: the value of the
 * last check when it was Pulumi's own (so an update keeps it), else the resource's name and a
 * random suffix (a first create, or a replacement, which the engine checks without the old inputs).
 * Returns whether the value is Pulumi's.
 */
export function autoName(declaration: ResourceDeclaration, olds: Args, args: Args, resourceName: unknown, importId: unknown): boolean {
  const rule = declaration.autoName;
  if (rule === undefined || (args[rule.property] !== undefined && args[rule.property] !== "")) return false;
  // An import names the object: its id says the value.
  const imported = typeof importId === "string" ? matchAny([declaration.id.format, ...declaration.id.importFormats], importId)?.[rule.property] : undefined;
  if (imported !== undefined) {
    args[rule.property] = imported;
    return true;
  }
  const previous = olds[rule.property];
  if (olds["__autoName"] === true && typeof previous === "string" && previous !== "") {
    args[rule.property] = previous;
    return true;
  }
  const suffix = `-${randomBytes(4).toString("hex")}`;
  const base = (typeof resourceName === "string" && resourceName !== "" ? resourceName : declaration.name)
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .slice(0, rule.maxLength - suffix.length);
  args[rule.property] = `${base}${suffix}`;
  return true;
}
