/**
 * The report: for every step of the preview on a pulumi-svc resource, what changes (by the
 * provider's own comparison, diffArgs with the declaration's equality and normalisation), why a
 * replacement happens and in which order, and the requests `up` sends; a summary with warnings.
 */
import { declarations } from "../../provider/registry";
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { resourceToken } from "../../provider/typeTokens";
import { diffArgs, replacedBy, type ArgsDiff } from "../../provider/engine/plan/diff";
import { abandons } from "../../provider/engine/declaration/steps";
import type { PreviewJson, PreviewStep } from "./preview";
import type { JoinEntry } from "../../provider/engine/kinds";
import type { StepFacts } from "../../provider/engine/plan/planStep";
import { describeStep, joinedRequests, joinedSummaries, reviewWarnings, type Described } from "./describe";
import { anyLimit, checkLimits, type Limits } from "./limits";
import { zoneFacts, type ZoneFacts } from "./recordSets";
import { OPERATIONS, type Operation, type PlanReport, type PropertyChange, type ResourceChange } from "./schema";
import { holdsSecret, properties, SECRET, shown } from "./values";

const byKey = new Map(declarations.map((declaration) => [typeKey(declaration), declaration]));
/** A provider plugin stack names its types by token (`svc:dns/recordSet:RecordSet`). */
const byToken = new Map(declarations.map((declaration) => [resourceToken(declaration), declaration]));
const DYNAMIC_TYPE = /^pulumi-nodejs:dynamic\/(\w+:\w+)$/;
/** The SDK's serialized provider names its declaration (sdk/internal/resource.ts). */
const PROVIDER_KEY = /providerFor\("(\w+:\w+)"\)/;

/** The declaration of a step's resource, from its type or, failing that, the serialized provider's key. */
function declarationOf(step: PreviewStep): ResourceDeclaration | undefined {
  const state = step.newState ?? step.oldState;
  const fromType = DYNAMIC_TYPE.exec(state?.type ?? step.urn.split("::")[2] ?? "")?.[1];
  const provider = state?.inputs?.["__provider"] ?? state?.outputs?.["__provider"];
  const fromProvider = typeof provider === "string" ? PROVIDER_KEY.exec(provider)?.[1] : undefined;
  return byKey.get(fromType ?? "") ?? byKey.get(fromProvider ?? "") ?? byToken.get(state?.type ?? step.urn.split("::")[2] ?? "");
}

const REPLACE_OPS = new Set(["replace", "create-replacement", "delete-replaced"]);

function operationOf(ops: ReadonlySet<string>, importing: boolean): Operation | "same" | undefined {
  if ([...ops].some((op) => REPLACE_OPS.has(op))) return "replace";
  if (ops.has("create")) return importing ? "adopt" : "create";
  for (const op of ["update", "delete", "read"] as const) if (ops.has(op)) return op;
  return ops.has("same") ? "same" : undefined;
}

/** diffArgs on values the preview may hide: a secret is left out of the comparison and told apart below. */
function compare(declaration: ResourceDeclaration, olds: State, news: Args): { diff: ArgsDiff; secrets: string[] } {
  const secrets = Object.keys(declaration.args.shape).filter(
    (field) => holdsSecret(olds[field]) || holdsSecret(news[field]) || (declaration.secretOutputs ?? []).includes(field),
  );
  const without = (values: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(values).filter(([field]) => !secrets.includes(field)));
  return { diff: diffArgs(declaration, without(olds), without(news)), secrets };
}

function propertyChanges(declaration: ResourceDeclaration, operation: Operation, olds: State, news: Args): { properties: PropertyChange[]; diff?: ArgsDiff } {
  const fields = Object.keys(declaration.args.shape);
  if (operation === "create" || operation === "adopt") {
    const given = fields.filter((field) => news[field] !== undefined);
    return { properties: given.map((field) => ({ property: field, new: shown(news[field]), secret: holdsSecret(news[field]), forcesReplacement: false })) };
  }
  if (operation !== "update" && operation !== "replace") return { properties: [] };
  const { diff, secrets } = compare(declaration, olds, news);
  // Secret values are hidden from the preview: one the engine must have found changed (nothing else did) is listed; so is one set or removed.
  const hidden = secrets.filter((field) => diff.changed.length === 0 || (olds[field] === undefined) !== (news[field] === undefined));
  const changed = fields.filter((field) => diff.changed.includes(field) || hidden.includes(field));
  const replaces = replacedBy(declaration, changed);
  const properties = changed.flatMap((field): PropertyChange[] => {
    // A map read entry by entry (a zone's records) is listed by the entries that change, not as a whole.
    const inside = secrets.includes(field) || replaces.includes(field) ? undefined : declaration.detail?.[field]?.(olds[field], news[field], news);
    if (inside !== undefined && inside.length > 0) {
      return inside.map((entry) => ({
        property: entry.path,
        ...(entry.old !== undefined && { old: shown(entry.old) }),
        ...(entry.new !== undefined && { new: shown(entry.new) }),
        secret: false,
        forcesReplacement: false,
      }));
    }
    return [
      {
        property: field,
        ...(olds[field] !== undefined && { old: secrets.includes(field) ? SECRET : shown(olds[field]) }),
        ...(news[field] !== undefined && { new: secrets.includes(field) ? SECRET : shown(news[field]) }),
        secret: secrets.includes(field),
        forcesReplacement: replaces.includes(field),
      },
    ];
  });
  // A hidden secret that changed is written as any change is: the plan sends its (hidden) new value.
  const set = { ...diff.patch.set, ...Object.fromEntries(hidden.filter((field) => news[field] !== undefined).map((field) => [field, news[field]])) };
  const cleared = [...diff.patch.cleared, ...hidden.filter((field) => news[field] === undefined)];
  return { properties, diff: { ...diff, changed, patch: { set, cleared } } };
}

/** The requests of the operation, as the engine plans its steps (a replacement: both, in the order it runs them). */
function planned(operation: Operation, facts: StepFacts): Described {
  switch (operation) {
    case "replace": {
      const [first, second] =
        facts.diff?.deleteBeforeReplace === true
          ? [describeStep("delete", facts), describeStep("create", facts)]
          : [describeStep("create", facts), describeStep("delete", facts)];
      return {
        requests: [...first.requests, ...second.requests],
        recordWrites: [...first.recordWrites, ...second.recordWrites],
        joined: [...first.joined, ...second.joined],
        checks: first.checks + second.checks,
      };
    }
    default:
      return describeStep(operation, facts);
  }
}

function wordsOf(change: Pick<ResourceChange, "operation" | "replacedBecauseOf" | "deleteFirst" | "importId">, declaration: ResourceDeclaration): string {
  switch (change.operation) {
    case "adopt":
      return `adopt by import (${change.importId ?? ""}): the existing object is read, nothing is created`;
    case "update":
      return "update in place";
    case "replace":
      return `replace (forced by ${change.replacedBecauseOf.join(", ")}; ${change.deleteFirst ? "the old one is deleted first, then the new one created" : "the new one is created first, then the old one deleted"})`;
    case "delete":
      return abandons(declaration.steps?.delete) ? "delete from the stack (the API has no delete: the object remains at the service)" : "delete";
    case "read":
      return "read (not managed)";
    default:
      return "create";
  }
}

function resourceChange(
  steps: readonly PreviewStep[],
  declaration: ResourceDeclaration,
): { change: ResourceChange; olds: State; news: Args; joined: readonly JoinEntry[]; checks: number } | "same" | undefined {
  const [first] = steps;
  if (first === undefined) return undefined;
  const oldState = steps.map((step) => step.oldState).find((state) => state !== undefined);
  const newState = steps.map((step) => step.newState).find((state) => state !== undefined);
  const importValue = newState?.inputs?.["__import"];
  const importId = typeof importValue === "string" ? importValue : undefined;
  const operation = operationOf(new Set(steps.map((step) => step.op)), importId !== undefined && oldState === undefined);
  if (operation === undefined || operation === "same") return operation;
  const olds = properties(oldState?.outputs ?? oldState?.inputs);
  const news = properties(newState?.inputs);
  const { properties: changed, diff } = propertyChanges(declaration, operation, olds, news);
  const replacedBecauseOf = diff !== undefined && diff.replaces.length > 0 ? diff.replaces : steps.flatMap((step) => step.replaceReasons ?? []);
  const id = oldState?.id ?? newState?.id;
  const facts: StepFacts = { declaration, id, olds, news, diff, importId };
  const { requests, recordWrites, joined, checks } = planned(operation, facts);
  const base = {
    urn: first.urn,
    name: first.urn.split("::").pop() ?? first.urn,
    type: `svc.${declaration.module}.${declaration.name}`,
    ...(id !== undefined && { id }),
    operation,
    ...(importId !== undefined && { importId }),
    replacedBecauseOf: operation === "replace" ? [...new Set(replacedBecauseOf)] : [],
    deleteFirst: operation === "replace" && diff?.deleteBeforeReplace === true,
  };
  return { change: { ...base, words: wordsOf(base, declaration), properties: changed, requests, recordWrites }, olds, news, joined, checks };
}

const ORDER: readonly Operation[] = ["replace", "delete", "update", "adopt", "create", "read"];

function compareChanges(a: ResourceChange, b: ResourceChange): number {
  return ORDER.indexOf(a.operation) - ORDER.indexOf(b.operation) || a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn);
}

/** The report of a preview; with `limits` (any given), the run's record sets against them. */
export function buildReport(preview: PreviewJson, stack?: string, limits: Limits = {}): PlanReport {
  const byUrn = new Map<string, PreviewStep[]>();
  for (const step of preview.steps) byUrn.set(step.urn, [...(byUrn.get(step.urn) ?? []), step]);
  const resources: ResourceChange[] = [];
  const warnings: PlanReport["warnings"] = [];
  const joined = new Map<string, readonly JoinEntry[]>();
  let ownChecks = 0;
  const zones: ZoneFacts[] = [];
  let unchanged = 0;
  let otherChanges = 0;
  for (const steps of byUrn.values()) {
    const declaration = steps[0] === undefined ? undefined : declarationOf(steps[0]);
    if (declaration === undefined) {
      if (steps.every((step) => step.op === "same")) unchanged++;
      else otherChanges++;
      continue;
    }
    const found = resourceChange(steps, declaration);
    if (found !== undefined && anyLimit(limits)) zones.push(zoneFacts(steps, declaration, found === "same" ? "same" : found.change.operation));
    if (found === "same") unchanged++;
    if (found === undefined || found === "same") continue;
    resources.push(found.change);
    joined.set(found.change.urn, found.joined);
    ownChecks += found.checks;
    const { change } = found;
    const type = `${declaration.module}.${declaration.name}`;
    const facts = {
      operation: change.operation,
      name: change.name,
      type,
      olds: found.olds,
      news: found.news,
      replacedBecauseOf: change.replacedBecauseOf,
      deleteFirst: change.deleteFirst,
    };
    warnings.push(...reviewWarnings(declaration, change.urn, facts));
  }
  resources.sort(compareChanges);
  const allJoined = resources.flatMap((change) => joined.get(change.urn) ?? []);
  const zoneChanges = joinedSummaries(allJoined);
  // Each resource's own requests (a joined write is its zone's: counted below), then each zone's writes together or apart.
  const own = resources.reduce((sum, change) => sum + change.requests.length - change.recordWrites.length, 0);
  const conditional = resources.reduce((sum, change) => sum + change.requests.filter((request) => request.onlyIf !== undefined).length, 0);
  const byZone = new Map<string, JoinEntry[]>();
  for (const entry of allJoined) byZone.set(entry.key, [...(byZone.get(entry.key) ?? []), entry]);
  const writes = [...byZone.values()].map((entries) => joinedRequests(entries));
  const requests = own - conditional + writes.reduce((sum, zone) => sum + zone.together, 0);
  const requestsAtMost = own + writes.reduce((sum, zone) => sum + zone.apart, 0);
  const statusChecks = ownChecks + writes.reduce((sum, zone) => sum + zone.checks, 0);
  const listed = preview.changeSummary?.["same"];
  // Without --show-sames the preview lists only the stack itself of what it leaves as it is.
  const listedSame = [...byUrn.values()].filter((steps) => steps.every((step) => step.op === "same")).length;
  return {
    version: 1,
    ...(stack !== undefined && { stack }),
    summary: {
      operations: Object.fromEntries(OPERATIONS.map((operation) => [operation, resources.filter((change) => change.operation === operation).length])) as Record<
        Operation,
        number
      >,
      // The JSON lists a resource left as it is only sometimes: the engine's count says how many there are.
      unchanged: Math.max(unchanged, listed ?? 0),
      otherChanges,
      requests,
      requestsAtMost,
      statusChecks,
      zoneChanges,
    },
    ...(anyLimit(limits) && { limits: checkLimits(zones, limits, Math.max(0, (listed ?? 0) - listedSame)) }),
    warnings: warnings.sort(
      (a, b) => resources.findIndex((r) => r.urn === a.urn) - resources.findIndex((r) => r.urn === b.urn) || a.kind.localeCompare(b.kind),
    ),
    resources,
  };
}
