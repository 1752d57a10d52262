/**
 * Turns a declaration into the methods Pulumi's dynamic provider calls:
 * check (validation and defaults, no API call), diff (patch semantics, no API
 * call), create/read/update/delete (through the resource engine).
 */
import { defaultProject, resolveApiSettings, type ConfigSource } from "../../config";
import { ProviderRuntime } from "../../runtime";
import { report } from "../../log";
import type { Args, ResourceDeclaration, State } from "../declaration/declaration";
import { containsUnknown, diffArgs, type PropertyChangeKind } from "../plan/diff";
import { clip } from "../declaration/excerpt";
import type { OccupancyPort } from "../batching/driver";
import { Resource } from "../lifecycle/resource";
import { autoName, forTheEngine, issuesToFailures, REASON_LIMIT, type CheckFailure } from "./checkInputs";
import { assertUsableId, importFailures, pathInputs } from "../lifecycle/ids";
import { pathValueProblem } from "../declaration/template";
import { randomUUID } from "node:crypto";
import type { Creator, OwnershipRecords } from "../ownership/records";
import { abandons } from "../declaration/steps";

export type { CheckFailure };

/** The shape of `pulumi.dynamic.ResourceProvider`, kept here so the provider needs no Pulumi types. */
export interface DynamicProvider {
  configure(request: { config: ConfigSource }): Promise<void>;
  check(olds: Args, news: Args): Promise<{ inputs?: Args; failures?: CheckFailure[] }>;
  /** `detailedDiff`: each changed property and what happens to it, for a host that shows it (the plugin does; the dynamic host drops it). */
  diff(
    id: string,
    olds: State,
    news: Args,
  ): Promise<{ changes: boolean; replaces?: string[]; deleteBeforeReplace?: boolean; detailedDiff?: Readonly<Record<string, PropertyChangeKind>> }>;
  create(inputs: Args): Promise<{ id: string; outs: State }>;
  /** `inputs`: the inputs as the refresh found them (declaration `refreshInputs`), which the engine diffs the program's against. */
  read(id: string, props: State): Promise<{ id?: string; props?: State; inputs?: Args }>;
  update(id: string, olds: State, news: Args): Promise<{ outs: State }>;
  delete(id: string, props: State): Promise<void>;
}

/** An error message longer than this is cut (the error keeps its type): a service may echo a huge request back. */
const ERROR_MESSAGE_LIMIT = 2000;

/** Runs one operation the engine asked for, counted in the process's occupancy (batch windows use it); a huge error message is cut. */
async function bounded<T>(occupancy: OccupancyPort, work: () => Promise<T>): Promise<T> {
  const end = occupancy.begin();
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && error.message.length > ERROR_MESSAGE_LIMIT) error.message = clip(error.message, ERROR_MESSAGE_LIMIT);
    throw error;
  } finally {
    end();
  }
}

/**
 * The provider of `declaration`, in the provider process whose runtime is `runtime` (one per
 * process, made where it starts; a provider made alone, as a test's, has its own).
 */
export function dynamicProvider(declaration: ResourceDeclaration, runtime: ProviderRuntime = new ProviderRuntime()): DynamicProvider {
  const { occupancy } = runtime.engine;
  // The records of what this stack made, in the folder the settings name when the first step needs it.
  let ownership: OwnershipRecords | undefined;
  const records = (): OwnershipRecords => (ownership ??= runtime.ownership());
  const engine = (): Resource =>
    new Resource(declaration, {
      client: () => runtime.clientFor(declaration.api),
      channelClient: () => runtime.channelClientFor(declaration.api),
      log: report,
      process: runtime.engine,
      ownership: records(),
    });
  const label = `svc.${declaration.module}.${declaration.name}`;
  const inputsInPaths = pathInputs(declaration);
  // Who made the object, in its outputs; with the nonce too where a refresh hands the engine inputs (which must keep it).
  const ownerOuts = (who: Creator | undefined): State =>
    who === undefined ? {} : { __owner: who.owner, ...(declaration.refreshInputs !== undefined && who.nonce !== undefined && { __ownerNonce: who.nonce }) };

  return {
    async configure(request) {
      runtime.configure(request.config);
      ownership = undefined;
    },

    async check(olds, news) {
      occupancy.touch();
      const {
        __provider: _provider,
        __import: importId,
        __resourceName: resourceName,
        __autoName: _autoName,
        __owner: owner,
        __ownerNonce: _nonce,
        ...given
      } = news;
      const args: Args = { ...given };
      const autoNamed = autoName(declaration, olds, args, resourceName, importId);
      if (declaration.projectScoped === true && (args["project"] === undefined || args["project"] === "")) {
        const project = defaultProject(runtime.settings);
        if (project !== undefined) args["project"] = project;
      }
      // An input the engine holds in another form is validated in the program's (it may come in either).
      const storedForms = Object.entries(declaration.stored ?? {}).filter(([field]) => field in args && !containsUnknown(args[field]));
      for (const [field, form] of storedForms) args[field] = form?.toProgram(args[field]);
      const unknownFields = Object.keys(args).filter((field) => containsUnknown(args[field]));
      const mask = Object.fromEntries(unknownFields.map((field) => [field, true as const]));
      const schema = unknownFields.length > 0 ? declaration.args.omit(mask) : declaration.args;
      const parsed = schema.safeParse(args);
      const failures: CheckFailure[] = parsed.success ? [] : issuesToFailures(parsed.error.issues, label);
      if (declaration.projectScoped === true && args["project"] === undefined) {
        failures.push({
          property: "project",
          reason: "is required: set `project` on the resource, or run `pulumi config set svc:project <project-id>` (or set SVC_PROJECT).",
        });
      }
      for (const name of inputsInPaths) {
        const value = args[name];
        if (typeof value !== "string" || unknownFields.includes(name) || failures.some((failure) => failure.property === name)) continue;
        const problem = pathValueProblem(value);
        if (problem !== undefined) failures.push({ property: name, reason: problem });
      }
      if (parsed.success && unknownFields.length === 0 && declaration.crossCheck !== undefined) {
        failures.push(...declaration.crossCheck(parsed.data));
      }
      if (importId !== undefined && typeof importId !== "string") {
        failures.push({
          property: "import",
          reason: `must be an id string in one of the forms ${[declaration.id.format, ...declaration.id.importFormats].join(", ")} (docs/adopting.md)`,
        });
      }
      if (typeof importId === "string" && declaration.importable !== false && unknownFields.length === 0) {
        failures.push(...importFailures(declaration, importId, parsed.success ? parsed.data : args));
      }
      // Settings are checked here so that `preview` reports a missing URL or token, or a credential that yields no
      // token, before anything runs (the token is fetched once per process and kept for the requests).
      if (resolveApiSettings(declaration.api, runtime.settings).authStyle === "google-credentials")
        await runtime.tokens.for(declaration.api, runtime.settings).token();
      if (failures.length > 0) return { failures: failures.map(forTheEngine) };
      const inputs: Args = { ...(parsed.success ? parsed.data : {}) };
      for (const [field, form] of storedForms) if (field in inputs && form !== undefined) inputs[field] = form.toStored(inputs[field], inputs);
      for (const field of unknownFields) inputs[field] = args[field];
      if (importId !== undefined) inputs["__import"] = importId;
      // Who makes the object (the SDK names the stack and the resource): the key of its ownership record; and what
      // tells this resource from a same-named one of another stack: a nonce made once and carried in this stack's state.
      if (typeof owner === "string") {
        inputs["__owner"] = owner;
        inputs["__ownerNonce"] = typeof olds["__ownerNonce"] === "string" ? olds["__ownerNonce"] : randomUUID();
      }
      // Marks the value as Pulumi's own, so it is kept by the next check and made anew for a replacement.
      if (autoNamed) inputs["__autoName"] = true;
      return { inputs };
    },

    async diff(id, olds, news) {
      occupancy.touch();
      const difference = diffArgs(declaration, olds, news);
      if (difference.changed.length === 0) return { changes: false };
      const { replaces } = difference;
      // An update in place follows (a replacement is a create and a delete, at times of the engine's choosing).
      if (replaces.length === 0) occupancy.announce(id);
      return {
        changes: true,
        ...(replaces.length > 0 && { replaces }),
        ...(difference.deleteBeforeReplace && { deleteBeforeReplace: true }),
        detailedDiff: difference.detailed,
      };
    },

    async create(inputs) {
      const { __provider: _provider, __import: importId, __autoName: _autoName, __owner: owner, __ownerNonce: nonce, ...args } = inputs;
      if (typeof importId === "string" && declaration.importable !== false) {
        const problems = importFailures(declaration, importId, args);
        if (problems.length > 0) throw new Error(`${label}: ${problems.map((p) => clip(p.reason, REASON_LIMIT)).join("; ")}`);
      }
      const who: Creator | undefined = typeof owner === "string" ? { owner, ...(typeof nonce === "string" && { nonce }) } : undefined;
      const { id, state } = await bounded(occupancy, () => (typeof importId === "string" ? engine().adopt(importId, args) : engine().create(args, who)));
      return { id, outs: { ...state, ...ownerOuts(who) } };
    },

    async read(id, props) {
      const { __provider: _provider, __owner: owner, __ownerNonce: nonce, ...previous } = props;
      assertUsableId(declaration, label, id);
      const state = await bounded(occupancy, () => engine().read(id, previous));
      const control = { ...(typeof owner === "string" && { __owner: owner }), ...(typeof nonce === "string" && { __ownerNonce: nonce }) };
      if (state !== undefined && declaration.refreshInputs !== undefined) {
        // The inputs as found, so the engine's own diff shows what a refresh found changed (the dynamic host drops the detailed one).
        const inputs = Object.fromEntries(
          Object.keys(declaration.args.shape)
            .filter((name) => state[name] !== undefined)
            .map((name) => [name, state[name]]),
        );
        return { id, props: { ...state, ...control }, inputs: { ...inputs, ...control } };
      }
      if (state !== undefined) return { id, props: { ...state, ...(typeof owner === "string" && { __owner: owner }) } };
      // A refresh that finds the object gone returns no id, and the engine drops it from the state.
      // A program's `get` (nothing known but the id) must fail instead: the engine would take an
      // empty answer for an object without properties.
      if (Object.keys(previous).length === 0) throw new Error(`${label}: cannot read "${id}": no such object exists.`);
      return {};
    },

    async update(id, olds, news) {
      const ended = occupancy.arrived(id);
      const { __provider: _provider, __import: _import, __autoName: _autoName, __owner: owner, __ownerNonce: nonce, ...args } = news;
      assertUsableId(declaration, label, id);
      const difference = diffArgs(declaration, olds, args);
      if (difference.replaces.length > 0) {
        throw new Error(`${label} ${id}: ${difference.replaces.join(", ")} cannot change in place`);
      }
      const { __provider: _olderProvider, ...previous } = olds;
      const outs = await bounded(occupancy, () => engine().update(id, args, difference.patch, previous)).finally(ended);
      return { outs: { ...outs, ...ownerOuts(typeof owner === "string" ? { owner, ...(typeof nonce === "string" && { nonce }) } : undefined) } };
    },

    async delete(id, props) {
      const { __provider: _provider, __owner: owner, ...state } = props;
      assertUsableId(declaration, label, id);
      await bounded(occupancy, () => engine().delete(id, state));
      // An object the API cannot delete stays, in no state now: a later create of it may adopt it.
      const who = typeof owner === "string" ? owner : undefined;
      if (abandons(declaration.steps?.delete)) records().release(who, id);
      else records().drop(who, id);
    },
  };
}
