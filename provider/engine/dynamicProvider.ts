/**
 * Turns a declaration into the methods Pulumi's dynamic provider calls:
 * check (validation and defaults, no API call), diff (patch semantics, no API
 * call), create/read/update/delete (through the resource engine).
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { channelClientFor, clientFor } from "../clients";
import type { ApiClient } from "../http/client";
import { defaultProject, resolveApiSettings, useStackConfig, type ConfigSource } from "../config";
import { tokenSourceFor } from "../google/credentials/tokenSource";
import { report } from "../log";
import type { Args, ResourceDeclaration, State } from "./declaration";
import { containsUnknown, diffArgs } from "./diff";
import { clip, excerpt } from "./excerpt";
import { occupancy } from "./occupancy";
import { ResourceEngine } from "./resourceEngine";
import { matchAny, matchTemplate, pathValueProblem, placeholders } from "./template";
import { derivedProblem, isDerived } from "./derived";

export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/** The shape of `pulumi.dynamic.ResourceProvider`, kept here so the provider needs no Pulumi types. */
export interface DynamicProvider {
  configure(request: { config: ConfigSource }): Promise<void>;
  check(olds: Args, news: Args): Promise<{ inputs?: Args; failures?: CheckFailure[] }>;
  diff(id: string, olds: State, news: Args): Promise<{ changes: boolean; replaces?: string[]; deleteBeforeReplace?: boolean }>;
  create(inputs: Args): Promise<{ id: string; outs: State }>;
  read(id: string, props: State): Promise<{ id?: string; props?: State }>;
  update(id: string, olds: State, news: Args): Promise<{ outs: State }>;
  delete(id: string, props: State): Promise<void>;
}

/**
 * A reason longer than this is cut: a validator that echoes a huge input must not flood the
 * engine's output. Values are already echoed as bounded excerpts; this is the safety net, wide
 * enough for a record type's accepted form, an example and the problem found.
 */
const REASON_LIMIT = 800;

/** The inputs that are placed in request paths or ids: each must stay one segment naming the object. */
function pathInputs(declaration: ResourceDeclaration): string[] {
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
function importIdentity(declaration: ResourceDeclaration, importId: string, inputs: Args): Record<string, string> | undefined {
  const values = matchAny([declaration.id.format, ...declaration.id.importFormats], importId);
  if (values === undefined) return undefined;
  for (const name of placeholders(declaration.id.format)) {
    const input = inputs[name];
    if (values[name] === undefined && typeof input === "string") values[name] = input;
  }
  return values;
}

function importFailures(declaration: ResourceDeclaration, importId: string, inputs: Args): CheckFailure[] {
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
function assertUsableId(declaration: ResourceDeclaration, label: string, id: string): void {
  const parts = matchTemplate(declaration.id.format, id);
  if (parts === undefined) return; // the engine reports an id of the wrong shape
  const problems = idPartProblems(declaration, parts, { inputSchema: false });
  if (problems.length > 0) {
    throw new Error(`${label}: id ${excerpt(id)} cannot be used: ${problems.map((p) => `${p.property} ${p.reason}`).join("; ")}`);
  }
}

/** An error message longer than this is cut (the error keeps its type): a service may echo a huge request back. */
const ERROR_MESSAGE_LIMIT = 2000;

/** Runs one operation the engine asked for, counted in the process's occupancy (batch windows use it). */
async function bounded<T>(work: () => Promise<T>): Promise<T> {
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

function issuesToFailures(issues: readonly z.core.$ZodIssue[], label: string): CheckFailure[] {
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
function autoName(declaration: ResourceDeclaration, olds: Args, args: Args, resourceName: unknown, importId: unknown): boolean {
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

export function dynamicProvider(declaration: ResourceDeclaration): DynamicProvider {
  // One engine per client: the client changes only with the settings (a configure with other ones).
  let current: { client: ApiClient; engine: ResourceEngine } | undefined;
  const engine = (): ResourceEngine => {
    const client = clientFor(declaration.api);
    if (current?.client !== client) {
      current = { client, engine: new ResourceEngine(declaration, client, report, () => channelClientFor(declaration.api)) };
    }
    return current.engine;
  };
  const label = `svc.${declaration.module}.${declaration.name}`;
  const inputsInPaths = pathInputs(declaration);

  return {
    async configure(request) {
      useStackConfig(request.config);
    },

    async check(olds, news) {
      occupancy.touch();
      const { __provider: _provider, __import: importId, __resourceName: resourceName, __autoName: _autoName, ...given } = news;
      const args: Args = { ...given };
      const autoNamed = autoName(declaration, olds, args, resourceName, importId);
      if (declaration.projectScoped === true && (args["project"] === undefined || args["project"] === "")) {
        const project = defaultProject();
        if (project !== undefined) args["project"] = project;
      }
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
        failures.push({ property: "import", reason: "must be an id string, e.g. one of the forms in the README" });
      }
      if (typeof importId === "string" && declaration.importable !== false && unknownFields.length === 0) {
        failures.push(...importFailures(declaration, importId, parsed.success ? parsed.data : args));
      }
      // Settings are checked here so that `preview` reports a missing URL or token, or a credential that yields no
      // token, before anything runs (the token is fetched once per process and kept for the requests).
      if (resolveApiSettings(declaration.api).authStyle === "google-credentials") await tokenSourceFor(declaration.api).token();
      if (failures.length > 0) return { failures: failures.map(forTheEngine) };
      const inputs: Args = { ...(parsed.success ? parsed.data : {}) };
      for (const field of unknownFields) inputs[field] = args[field];
      if (importId !== undefined) inputs["__import"] = importId;
      // Marks the value as Pulumi's own, so it is kept by the next check and made anew for a replacement.
      if (autoNamed) inputs["__autoName"] = true;
      return { inputs };
    },

    async diff(_id, olds, news) {
      occupancy.touch();
      const difference = diffArgs(declaration, olds, news);
      if (difference.changed.length === 0) return { changes: false };
      const { replaces } = difference;
      return {
        changes: true,
        ...(replaces.length > 0 && { replaces }),
        ...(difference.deleteBeforeReplace && { deleteBeforeReplace: true }),
      };
    },

    async create(inputs) {
      const { __provider: _provider, __import: importId, __autoName: _autoName, ...args } = inputs;
      if (typeof importId === "string" && declaration.importable !== false) {
        const problems = importFailures(declaration, importId, args);
        if (problems.length > 0) throw new Error(`${label}: ${problems.map((p) => clip(p.reason, REASON_LIMIT)).join("; ")}`);
      }
      const { id, state } = await bounded(() => (typeof importId === "string" ? engine().adopt(importId, args) : engine().create(args)));
      return { id, outs: state };
    },

    async read(id, props) {
      const { __provider: _provider, ...previous } = props;
      assertUsableId(declaration, label, id);
      const state = await bounded(() => engine().read(id, previous));
      if (state !== undefined) return { id, props: state };
      // A refresh that finds the object gone returns no id, and the engine drops it from the state.
      // A program's `get` (nothing known but the id) must fail instead: the engine would take an
      // empty answer for an object without properties.
      if (Object.keys(previous).length === 0) throw new Error(`${label}: cannot read "${id}": no such object exists.`);
      return {};
    },

    async update(id, olds, news) {
      const { __provider: _provider, __import: _import, __autoName: _autoName, ...args } = news;
      assertUsableId(declaration, label, id);
      const difference = diffArgs(declaration, olds, args);
      if (difference.replaces.length > 0) {
        throw new Error(`${label} ${id}: ${difference.replaces.join(", ")} cannot change in place`);
      }
      const { __provider: _olderProvider, ...previous } = olds;
      return { outs: await bounded(() => engine().update(id, args, difference.patch, previous)) };
    },

    async delete(id, props) {
      const { __provider: _provider, ...state } = props;
      assertUsableId(declaration, label, id);
      await bounded(() => engine().delete(id, state));
    },
  };
}
