/**
 * The lifecycle every declared resource shares: create (with reconciliation of
 * lost responses), adopt (the `{ import }` option), read, update in place, and
 * delete, all on the declaration's paths through the one HTTP call path.
 */
import { ApiError } from "../http/errors";
import type { ApiClient } from "../http/client";
import type { Args, HookContext, ResourceDeclaration, State } from "./declaration";
import { diffArgs } from "./diff";
import { fillTemplate, matchAny, matchTemplate, placeholders } from "./template";

/** How many times a create whose outcome was unknown is tried again after reading showed nothing. */
const CREATE_ATTEMPTS = 4;

export class ResourceEngine {
  constructor(
    private readonly declaration: ResourceDeclaration,
    private readonly client: ApiClient,
    private readonly log: (message: string) => void,
  ) {}

  /** The identity values (the id's placeholders) taken from inputs. */
  identityOf(args: Args): Record<string, string> {
    const values: Record<string, string> = {};
    for (const name of placeholders(this.declaration.id.format)) {
      const value = args[name];
      if (typeof value !== "string" || value === "") throw new Error(`${this.label}: input ${name} is required`);
      values[name] = value;
    }
    return values;
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

  idOf(identity: Readonly<Record<string, string>>): string {
    // The canonical id is unencoded text: it is what users see and type.
    return this.declaration.id.format.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_match, name: string) => identity[name] ?? "");
  }

  private get label(): string {
    return `svc.${this.declaration.module}.${this.declaration.name}`;
  }

  private context(identity: Readonly<Record<string, string>>): HookContext {
    return { client: this.client, identity, log: this.log };
  }

  private stateOf(wire: unknown, identity: Readonly<Record<string, string>>): State {
    const parsed = this.declaration.wire.parse(wire);
    // Absent members are dropped: the engine's wire format (a protobuf Struct) has no undefined.
    const state = Object.entries({ ...this.declaration.toState(parsed), ...identity }).filter(([, value]) => value !== undefined);
    return Object.fromEntries(state);
  }

  /** GETs the object; undefined when it does not exist. */
  async fetch(identity: Readonly<Record<string, string>>): Promise<State | undefined> {
    try {
      const wire = await this.client.send({ method: "GET", path: fillTemplate(this.declaration.paths.item, identity) });
      return this.stateOf(wire, identity);
    } catch (error) {
      if (error instanceof ApiError && error.isNotFound) return undefined;
      throw error;
    }
  }

  /**
   * Creates the object. A POST whose response was lost is never repeated blindly:
   * the object is read first, adopted if it is what was asked for, and only
   * created again when it is absent.
   */
  async create(args: Args): Promise<{ id: string; state: State }> {
    const identity = this.identityOf(args);
    const id = this.idOf(identity);
    const body = this.declaration.toCreateBody(args);
    let outcomeUnknown = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const wire = await this.client.send({
          method: "POST",
          path: fillTemplate(this.declaration.paths.collection, identity),
          body,
        });
        return { id, state: this.stateOf(wire, identity) };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const mayExist = error.outcome === "unknown" || (error.isConflict && outcomeUnknown);
        if (!mayExist) {
          if (error.isConflict) {
            throw new Error(
              `${this.label} ${id} already exists and is not managed by this stack. ` +
                `To manage it, add the resource option { import: "${id}" }; or choose another name. (${error.message})`,
            );
          }
          throw error;
        }
        outcomeUnknown = true;
        const existing = await this.fetch(identity);
        if (existing !== undefined) {
          const difference = diffArgs(this.declaration, existing, args);
          if (difference.changed.length === 0) {
            this.log(`svc: ${this.label} ${id}: the create response was lost; the object exists as requested and is adopted.`);
            return { id, state: existing };
          }
          throw new Error(
            `${this.label} ${id}: the create response was lost and an object with this id now exists ` +
              `that differs in ${difference.changed.join(", ")}; it was not adopted. Inspect it, then import it or delete it. (${error.message})`,
          );
        }
        if (attempt >= CREATE_ATTEMPTS) throw error;
        this.log(`svc: ${this.label} ${id}: the create failed with an unknown outcome and the object is absent; creating again.`);
      }
    }
  }

  /**
   * Adopts an existing object for `{ import: id }`: it must exist and agree on
   * every immutable input; mutable inputs that differ are converged with one update.
   */
  async adopt(importId: string, args: Args): Promise<{ id: string; state: State }> {
    const identity = this.parseImportId(importId, args);
    for (const [name, value] of Object.entries(identity)) {
      if (args[name] !== undefined && args[name] !== value) {
        throw new Error(
          `${this.label}: the import id "${importId}" names ${name} "${value}" but the program sets ${name} ${JSON.stringify(args[name])}; make them agree.`,
        );
      }
    }
    const id = this.idOf(identity);
    const existing = await this.fetch(identity);
    if (existing === undefined) {
      throw new Error(`${this.label}: cannot import "${importId}": no such object exists (${id}). Remove the import option to create it.`);
    }
    const difference = diffArgs(this.declaration, existing, { ...args, ...identity });
    if (difference.replaces.length > 0) {
      const detail = difference.replaces
        .map((field) => `${field}: existing ${JSON.stringify(existing[field])}, program ${JSON.stringify(args[field])}`)
        .join("; ");
      throw new Error(
        `${this.label}: cannot import "${importId}": these properties cannot change in place and differ (${detail}). ` +
          `Change the program to match the existing object.`,
      );
    }
    if (difference.changed.length === 0) return { id, state: existing };
    this.log(`svc: ${this.label} ${id}: imported; updating ${difference.changed.join(", ")} to match the program.`);
    return { id, state: await this.update(id, { ...args, ...identity }, difference.patch) };
  }

  /** Reads the object for refresh; undefined when it is gone. */
  async read(id: string): Promise<State | undefined> {
    return this.fetch(this.parseId(id));
  }

  /** Applies an in-place change with a body that holds only what changed. */
  async update(id: string, args: Args, patch: ReturnType<typeof diffArgs>["patch"]): Promise<State> {
    const identity = this.parseId(id);
    const { update } = this.declaration;
    if (update === "none") throw new Error(`${this.label} cannot be updated in place`);
    const body =
      update === "PUT"
        ? this.declaration.toCreateBody(args)
        : (this.declaration.toPatchBody ?? defaultPatchBody)(patch, args);
    const response = await this.client.send({ method: update, path: fillTemplate(this.declaration.paths.item, identity), body });
    if (this.declaration.hooks?.afterUpdate !== undefined) {
      await this.declaration.hooks.afterUpdate(response, this.context(identity));
    }
    const state = await this.fetch(identity);
    if (state === undefined) throw new Error(`${this.label} ${id} disappeared during the update`);
    return state;
  }

  /** Deletes the object; one already gone counts as deleted. */
  async delete(id: string): Promise<void> {
    try {
      await this.client.send({ method: "DELETE", path: fillTemplate(this.declaration.paths.item, this.parseId(id)) });
    } catch (error) {
      if (error instanceof ApiError && error.isNotFound) return;
      throw error;
    }
  }
}

function defaultPatchBody(change: { set: Args; cleared: readonly string[] }): Args {
  const body: Args = { ...change.set };
  for (const field of change.cleared) body[field] = null;
  return body;
}
