/**
 * The engine's plan of a step (provider/engine/plan/planStep.ts) as the report shows it: each
 * request with its values masked, a joined write as its joint request (and what it sends alone)
 * with what it takes out and puts in, and the declaration's review warnings. A formatter only: the
 * requests are the engine's, worked out by the code `up` runs.
 */
import type { Args, ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { ENTRY_KINDS, walkerOf, type JoinEntry, type PlanEntry, type PlannedRequest as EngineRequest, type Registry } from "../../provider/engine/kinds";
import { BEFORE_ANY_ANSWER, requestsOf } from "../../provider/engine/plan/requests";
import { planStep, readerPath, type PlannedStep, type StepFacts } from "../../provider/engine/plan/planStep";
import type { ReviewFacts } from "../../provider/engine/declaration/review";
import type { PlannedRequest, RecordWrite, Warning, ZoneChange } from "./schema";
import { queryString } from "../../provider/http/query";
import { SECRET, shown, shownPath } from "./values";

/** The requests of a change, and the writes it adds to a joint request. */
export interface Described {
  readonly requests: PlannedRequest[];
  readonly recordWrites: RecordWrite[];
  readonly joined: readonly JoinEntry[];
  /** The status checks among `requests` sent whatever the answers (not only if): work the service finishes after answering, counted once each. */
  readonly checks: number;
}

/** A request as the report shows it: values masked, empty parts left out; a read sent as POST shows no body. */
function shownRequest(request: EngineRequest, note = request.note): PlannedRequest {
  const query = Object.entries(request.query ?? {}).filter(([, value]) => value !== undefined);
  return {
    method: request.method,
    path: shownPath(readerPath(request.path)),
    ...(query.length > 0 && { query: Object.fromEntries(query.map(([key, value]) => [key, typeof value === "object" ? [...value] : String(value)])) }),
    ...(request.headers !== undefined && { headers: { ...request.headers } }),
    ...(request.body !== undefined && request.repeat !== "read" && { body: shown(request.body) }),
    ...(note !== undefined && { note }),
  };
}

/** What a joined write sends when no other write comes with it, in words: its one request, or this change by itself. */
function aloneWords(join: JoinEntry, registry: Registry): string {
  const [only, ...more] = requestsOf(join.alone, {}, registry);
  if (only === undefined || more.length > 0) return "this change by itself";
  const { method, path, body } = shownRequest(only);
  return `${method} ${path}${body === undefined ? "" : ` ${JSON.stringify(body)}`}`;
}

/** The plan's requests as the report shows them, each entry's by its kind (`registry`: the engine's, or a test's). */
export function described(entries: readonly PlanEntry[], registry: Registry = ENTRY_KINDS): Described {
  const requests: PlannedRequest[] = [];
  const recordWrites: RecordWrite[] = [];
  const joined: JoinEntry[] = [];
  let checks = 0;
  for (const { request, onlyIf, joined: join } of walkerOf(registry).describe(entries, BEFORE_ANY_ANSWER)) {
    if (join === undefined) {
      requests.push({ ...shownRequest(request), ...(onlyIf !== undefined && { onlyIf }) });
      if (request.sent === "untilDone" && onlyIf === undefined) checks++;
      continue;
    }
    requests.push(shownRequest(request, `${request.note ?? ""}; alone, ${aloneWords(join, registry)}`));
    const { removes, adds } = join.batch.parts(join.write);
    recordWrites.push({ zone: join.key, deletions: shown(removes) as RecordWrite["deletions"], additions: shown(adds) as RecordWrite["additions"] });
    joined.push(join);
  }
  return { requests, recordWrites, joined, checks };
}

/** An input the preview hides is a secret placeholder; one that is a list is still a list (of one hidden value) for the body builders. */
function secretsInShape(declaration: ResourceDeclaration, values: Args): Args {
  const shaped: Args = { ...values };
  for (const [field, value] of Object.entries(values)) {
    if (value === SECRET && isList(declaration.args.shape[field])) shaped[field] = [SECRET];
  }
  return shaped;
}

function isList(schema: unknown): boolean {
  let def = (schema as { _zod?: { def?: { type?: string; innerType?: unknown } } } | undefined)?._zod?.def;
  while (def !== undefined && (def.type === "optional" || def.type === "default" || def.type === "nullable")) {
    def = (def.innerType as { _zod?: { def?: { type?: string; innerType?: unknown } } } | undefined)?._zod?.def;
  }
  return def?.type === "array";
}

/**
 * The requests of a step, as the engine plans them from what the preview shows (a secret or a value
 * not known yet stands in its place). A plan that cannot be made from it fails the report, naming
 * the resource, the step and why: a report that guessed would not be the engine's.
 */
export function describeStep(step: PlannedStep, facts: StepFacts): Described {
  const { declaration } = facts;
  try {
    return described(planStep(step, { ...facts, olds: secretsInShape(declaration, facts.olds), news: secretsInShape(declaration, facts.news) }));
  } catch (error) {
    throw new Error(
      `svc-plan: the ${step} of svc.${declaration.module}.${declaration.name} ${facts.id ?? ""} could not be planned from what the preview shows: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * What the joined writes of one key send: as one joint request and its check that the work is done
 * (at least one check; more while it is pending), or each what it sends alone (its checks counted
 * once each). One write of its key in the run goes alone.
 */
export function joinedRequests(entries: readonly JoinEntry[], registry: Registry = ENTRY_KINDS): { together: number; apart: number; checks: number } {
  const alone = entries.map((entry) => requestsOf(entry.alone, { alone: true }, registry));
  const apart = alone.reduce((sum, requests) => sum + requests.length, 0);
  if (entries.length === 1) return { together: apart, apart, checks: alone.flat().filter((request) => request.sent === "untilDone").length };
  return { together: Math.min(2, apart), apart, checks: 1 };
}

/** A joint request's check that its work is done, in words. */
function checkWords(entry: JoinEntry): string {
  const { method, path, query } = shownRequest(entry.batch.served(entry.key, []));
  return `; then its status is checked until it is done (${method} ${path}${query === undefined ? "" : `?${queryString(query)}`}: at least once, more while it is pending)`;
}

/** Each key's joined writes added up, in the words of their batch. */
export function joinedSummaries(joined: readonly JoinEntry[]): ZoneChange[] {
  const byKey = new Map<string, JoinEntry[]>();
  for (const entry of joined) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, entries]) => {
      const parts = entries.map((entry) => entry.batch.parts(entry.write));
      const [first] = entries;
      return {
        zone: key,
        deletions: parts.reduce((sum, part) => sum + part.removes.length, 0),
        additions: parts.reduce((sum, part) => sum + part.adds.length, 0),
        words:
          first === undefined
            ? ""
            : first.batch.summarize(
                key,
                entries.map((entry) => entry.write),
              ) + (entries.length > 1 ? checkWords(first) : ""),
      };
    });
}

/** The warnings a resource's declaration gives for this change. */
export function reviewWarnings(declaration: ResourceDeclaration, urn: string, facts: ReviewFacts): Warning[] {
  return (declaration.review ?? []).flatMap((warning) => {
    if (!warning.on.includes(facts.operation)) return [];
    const message = warning.says(facts);
    return message === undefined ? [] : [{ urn, kind: warning.kind, message }];
  });
}
