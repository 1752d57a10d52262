/**
 * What `check` holds inputs and ids to before any request: the failures the engine shows (a
 * top-level property and a bounded reason), the parts of ids and import ids, and the auto-named
 * input Pulumi fills in.
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Args, ResourceDeclaration } from "../declaration/declaration";
import { clip, excerpt } from "../declaration/excerpt";
import { matchAny, matchTemplate, pathValueProblem, placeholders, derivedProblem, isDerived } from "../declaration/template";

export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * A reason longer than this is cut: a validator that echoes a huge input must not flood the
 * engine's output. Values are already echoed as bounded excerpts; this is the safety net, wide
 * enough for a record type's accepted form, an example and the problem found.
 */
export const REASON_LIMIT = 800;

/** The inputs that are placed in request paths or ids: each must stay one segment naming the object. */
export function pathInputs(declaration: ResourceDeclaration): string[] {
  const serverAssigned = declaration.id.serverAssigned ?? [];
  const { collection, item, related = [] } = declaration.paths;
  const names = [collection, item, ...related, declaration.id.format].flatMap(placeholders);
  return [...new Set(names)].filter((name) => !serverAssigned.includes(name) && !isDerived(declaration, name));
}

/**
 * What is wrong with the parts of an id (parsed from an import id or from
 * state) before any request uses them: each must be a value the input schema
 * accepts (server-assigned parts: of the declared form) and stay one path segment.
 */
export function idPartProblems(
  declaration: ResourceDeclaration,
  parts: Readonly<Record<string, string>>,
  { inputSchema = true }: { inputSchema?: boolean } = {},
): CheckFailure[] {
  const serverAssigned = declaration.id.serverAssigned ?? [];
  const failures: CheckFailure[] = [];
  for (const [name, value] of Object.entries(parts)) {
    const pathProblem = pathValueProblem(value);
    if (pathProblem !== undefined) {
      failures.push({ property: name, reason: pathProblem });
      continue;
    }
    if (isDerived(declaration, name)) {
      const problem = derivedProblem(declaration, name, value);
      if (problem !== undefined) failures.push({ property: name, reason: problem });
      continue;
    }
    if (serverAssigned.includes(name)) {
      const form = declaration.id.serverAssignedForms?.[name];
      if (form !== undefined && !form.pattern.test(value)) {
        failures.push({ property: name, reason: `must be ${form.accepted}; got ${excerpt(value)}` });
      }
      continue;
    }
    if (!inputSchema) continue;
    const schema = declaration.args.shape[name] as z.ZodType | undefined;
    const parsed = schema?.safeParse(value);
    if (parsed !== undefined && !parsed.success) failures.push({ property: name, reason: parsed.error.issues[0]?.message ?? "is not valid" });
  }
  return failures;
}

/** The identity an import id names, with the parts a short form leaves out taken from the inputs. */
export function importIdentity(declaration: ResourceDeclaration, importId: string, inputs: Args): Record<string, string> | undefined {
  const values = matchAny([declaration.id.format, ...declaration.id.importFormats], importId);
  if (values === undefined) return undefined;
  for (const name of placeholders(declaration.id.format)) {
    const input = inputs[name];
    if (values[name] === undefined && typeof input === "string") values[name] = input;
  }
  return values;
}

export function importFailures(declaration: ResourceDeclaration, importId: string, inputs: Args): CheckFailure[] {
  const formats = [declaration.id.format, ...declaration.id.importFormats];
  let identity: Record<string, string> | undefined;
  try {
    identity = importIdentity(declaration, importId, inputs);
  } catch (error) {
    return [{ property: "import", reason: error instanceof Error ? error.message : String(error) }];
  }
  if (identity === undefined) {
    return [{ property: "import", reason: `${excerpt(importId)} matches none of the accepted forms: ${formats.join(", ")}` }];
  }
  return idPartProblems(declaration, identity).map(({ property, reason }) => ({
    property: "import",
    reason: `the import id's ${property} part ${reason}`,
  }));
}

/**
 * Refuses a stored (or `pulumi import`ed) id whose parts could send a request
 * elsewhere, before the engine uses it. Input rules are not applied again: an
 * id made under older, looser rules must stay readable and deletable.
 */
export function assertUsableId(declaration: ResourceDeclaration, label: string, id: string): void {
  const parts = matchTemplate(declaration.id.format, id);
  if (parts === undefined) return; // the engine reports an id of the wrong shape
  const problems = idPartProblems(declaration, parts, { inputSchema: false });
  if (problems.length > 0) {
    throw new Error(`${label}: id ${excerpt(id)} cannot be used: ${problems.map((p) => `${p.property} ${p.reason}`).join("; ")}`);
  }
}

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
