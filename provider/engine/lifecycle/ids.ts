/**
 * A declared resource's ids: the identity values its id format names, taken from inputs and,
 * for server-assigned parts, state; ids parsed back, import ids in their short forms too.
 */
import type { Args, ResourceDeclaration, State } from "../declaration/declaration";
import { derivedIdentity, isDerived, formatId, matchAny, matchTemplate, placeholders } from "../declaration/template";
import { updateOf } from "../declaration/steps";

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
