/**
 * A declared resource's ids: the identity values its id format names, taken from inputs and,
 * for server-assigned parts, state; ids parsed back, import ids in their short forms too; and what
 * is wrong with an id's parts (an import id's at `check`, a stored id's before any request uses it).
 */
import type { Args, ResourceDeclaration, State } from "../declaration/declaration";
import type { CheckFailure } from "../declaration/checkFailure";
import { derivedIdentity, derivedProblem, isDerived, formatId, matchAny, matchTemplate, pathValueProblem, placeholders } from "../declaration/template";
import { updateOf } from "../declaration/steps";
import { excerpt } from "../declaration/excerpt";
import type { z } from "zod";

export class ResourceIds {
  constructor(readonly declaration: ResourceDeclaration) {}

  get label(): string {
    return `svc.${this.declaration.module}.${this.declaration.name}`;
  }

  get serverAssigned(): readonly string[] {
    return this.declaration.id.serverAssigned ?? [];
  }

  /** The identity values (the id's placeholders), from inputs and, for server-assigned parts, state. */
  identityOf(args: Args, state: State = {}): Record<string, string> {
    const values: Record<string, string> = {};
    const derived = derivedIdentity(this.declaration, args);
    for (const name of placeholders(this.declaration.id.format)) {
      const value = isDerived(this.declaration, name) ? derived[name] : this.serverAssigned.includes(name) ? state[name] : args[name];
      if (typeof value !== "string" || value === "") {
        throw new Error(`${this.label}: ${this.serverAssigned.includes(name) ? "the API returned no" : "input"} ${name}`);
      }
      values[name] = value;
    }
    return values;
  }

  /** The identity parts known before the object exists (what the collection path needs). */
  knownIdentity(args: Args): Record<string, string> {
    const values: Record<string, string> = derivedIdentity(this.declaration, args);
    for (const name of placeholders(this.declaration.id.format)) {
      const value = args[name];
      if (!this.serverAssigned.includes(name) && !isDerived(this.declaration, name) && typeof value === "string") values[name] = value;
    }
    return values;
  }

  /**
   * The identity of a stored object: its id's, with the current value of an input that moves it
   * (an event's calendar) taken from the state, since an id never changes.
   */
  identityIn(id: string, state: State): Record<string, string> {
    const identity = this.parseId(id);
    const field = updateOf(this.declaration.update).move?.field;
    const current = field === undefined ? undefined : state[field];
    if (field !== undefined && typeof current === "string" && current !== "") identity[field] = current;
    return identity;
  }

  /** Parses a canonical id (as stored in state). */
  parseId(id: string): Record<string, string> {
    const values = matchTemplate(this.declaration.id.format, id);
    if (values === undefined) throw new Error(`${this.label}: id "${id}" is not of the form ${this.declaration.id.format}`);
    return values;
  }

  /** Parses an import id in any accepted form; `defaults` supplies parts a short form leaves out. */
  parseImportId(id: string, defaults: Readonly<Record<string, unknown>>): Record<string, string> {
    const formats = [this.declaration.id.format, ...this.declaration.id.importFormats];
    const values = matchAny(formats, id);
    if (values === undefined) {
      throw new Error(`${this.label}: import id "${id}" matches none of the accepted forms: ${formats.join(", ")}`);
    }
    for (const name of placeholders(this.declaration.id.format)) {
      if (values[name] === undefined && typeof defaults[name] === "string") values[name] = defaults[name];
    }
    return values;
  }

  /** The canonical id is unencoded text: it is what users see and type. */
  idOf(identity: Readonly<Record<string, string>>): string {
    return formatId(this.declaration.id.format, identity);
  }

  /** The identity parts that are inputs: derived ones (which input names the parent) are not; toState says what the inputs are. */
  inputsOf(identity: Readonly<Record<string, string>>): Record<string, string> {
    return Object.fromEntries(Object.entries(identity).filter(([name]) => !isDerived(this.declaration, name)));
  }
}

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
