/**
 * Turns a declaration into the methods Pulumi's dynamic provider calls:
 * check (validation and defaults, no API call), diff (patch semantics, no API
 * call), create/read/update/delete (through the resource engine).
 */
import type { z } from "zod";
import { clientFor } from "../clients";
import { defaultProject, resolveApiSettings, useStackConfig, type ConfigSource } from "../config";
import { report } from "../log";
import type { Args, ResourceDeclaration, State } from "./declaration";
import { containsUnknown, diffArgs } from "./diff";
import { ResourceEngine } from "./resourceEngine";

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

function issuesToFailures(issues: readonly z.core.$ZodIssue[], label: string): CheckFailure[] {
  return issues.map((issue) => {
    const property = issue.path.map(String).join(".");
    return { property: property || label, reason: issue.message };
  });
}

export function dynamicProvider(declaration: ResourceDeclaration): DynamicProvider {
  const engine = (): ResourceEngine => new ResourceEngine(declaration, clientFor(declaration.api), report);
  const label = `svc.${declaration.module}.${declaration.name}`;

  return {
    async configure(request) {
      useStackConfig(request.config);
    },

    async check(_olds, news) {
      const { __provider: _provider, __import: importId, ...given } = news;
      const args: Args = { ...given };
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
      if (parsed.success && unknownFields.length === 0 && declaration.crossCheck !== undefined) {
        failures.push(...declaration.crossCheck(parsed.data));
      }
      if (importId !== undefined && typeof importId !== "string") {
        failures.push({ property: "import", reason: "must be an id string, e.g. one of the forms in the README" });
      }
      // Settings are checked here so that `preview` reports a missing URL or token before anything runs.
      resolveApiSettings(declaration.api);
      if (failures.length > 0) return { failures };
      const inputs: Args = { ...(parsed.success ? (parsed.data) : {}) };
      for (const field of unknownFields) inputs[field] = args[field];
      if (importId !== undefined) inputs["__import"] = importId;
      return { inputs };
    },

    async diff(_id, olds, news) {
      const difference = diffArgs(declaration, olds, news);
      if (difference.changed.length === 0) return { changes: false };
      const replaces = declaration.update === "none" ? difference.changed : difference.replaces;
      return {
        changes: true,
        ...(replaces.length > 0 && { replaces }),
        ...((declaration.update === "none" ? replaces.length > 0 : difference.deleteBeforeReplace) && { deleteBeforeReplace: true }),
      };
    },

    async create(inputs) {
      const { __provider: _provider, __import: importId, ...args } = inputs;
      const { id, state } =
        typeof importId === "string" ? await engine().adopt(importId, args) : await engine().create(args);
      return { id, outs: state };
    },

    async read(id, props) {
      const { __provider: _provider, ...previous } = props;
      const state = await engine().read(id, previous);
      if (state !== undefined) return { id, props: state };
      // A refresh that finds the object gone returns no id, and the engine drops it from the state.
      // A program's `get` (nothing known but the id) must fail instead: the engine would take an
      // empty answer for an object without properties.
      if (Object.keys(previous).length === 0) throw new Error(`${label}: cannot read "${id}": no such object exists.`);
      return {};
    },

    async update(id, olds, news) {
      const { __provider: _provider, __import: _import, ...args } = news;
      const difference = diffArgs(declaration, olds, args);
      if (difference.replaces.length > 0) {
        throw new Error(`${label} ${id}: ${difference.replaces.join(", ")} cannot change in place`);
      }
      return { outs: await engine().update(id, args, difference.patch) };
    },

    async delete(id, props) {
      const { __provider: _provider, ...state } = props;
      await engine().delete(id, state);
    },
  };
}
