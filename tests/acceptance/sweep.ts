/**
 * The sweeper: deletes, in every API, the objects an acceptance run made (named
 * `svc-acc-<purpose>-<unix>-<rand>`, names.ts) that are older than a limit, and nothing else, so
 * that runs at the same time never delete each other's objects. Objects are found as `svc-import`
 * finds them (the declarations' `adoption`, tools/import/discover.ts) and deleted through their
 * resource's own delete, children first (a zone's record sets before the zone). An object's age is
 * the creation time its API gives (a zone's `creationTime`, an AIP `createTime`, an item's
 * `created`); where the API gives none, the time its name carries.
 */
import { ProviderRuntime } from "../../provider/runtime";
import { apiNames, type ApiName } from "../../provider/config";
import { isAdoptable, type Adoption } from "../../provider/engine/declaration/adoption";
import { typeKey, type State } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";
import { abandons } from "../../provider/engine/declaration/steps";
import { fillTemplate, placeholders } from "../../provider/engine/declaration/template";
import { declarations } from "../../provider/registry";
import { adoptableOf, discover, type Found } from "../../tools/import/discover";
import { parseAcceptanceName } from "./names";

/** State properties that hold an object's creation time, by the APIs' conventions. */
const CREATION_FIELDS = ["creationTime", "createTime", "created"];

export interface SweepOptions {
  /** Objects made longer ago than this are deleted (ms). */
  readonly olderThanMs: number;
  /** Values of the listings' scopes: `project` (a Google project, which fills `{project}` scopes), and per API `<api>-<flag>` (`ci-project`). */
  readonly scope: Readonly<Record<string, string>>;
  readonly dryRun?: boolean;
  readonly now?: number;
  readonly log: (line: string) => void;
}

export interface Swept {
  readonly type: string;
  readonly id: string;
  readonly name: string;
  readonly ageSeconds: number;
  /** What happened: deleted, kept (younger), or why it could not be. */
  readonly outcome: string;
}

/** The scope flag values of an API's root listings, from the options; undefined when none can be given. */
function scopeOf(api: ApiName, options: SweepOptions): Record<string, string> | undefined {
  const roots = adoptableOf(api).filter((declaration) => (declaration.adoption as Adoption).scope !== undefined);
  if (roots.length === 0) return {};
  const scope: Record<string, string> = {};
  for (const declaration of roots) {
    const { flag, pattern } = (declaration.adoption as Adoption).scope!;
    const own = options.scope[`${api}-${flag}`];
    const project = options.scope["project"];
    if (own !== undefined) scope[flag] = own;
    else if (project !== undefined && placeholders(pattern).every((name) => name === "project")) scope[flag] = fillTemplate(pattern, { project });
  }
  return Object.keys(scope).length === 0 ? undefined : scope;
}

/** The run's name an object carries (in its id, or a property: a calendar's summary), with the time it holds. */
function runNameOf(found: Found): { name: string; unix: number } | undefined {
  for (const text of [found.id, ...Object.values(found.state).filter((value): value is string => typeof value === "string")]) {
    const parsed = parseAcceptanceName(text);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function createdAt(state: State, fallbackUnix: number): number {
  for (const field of CREATION_FIELDS) {
    const value = state[field];
    const time = typeof value === "string" ? Date.parse(value) : typeof value === "number" ? value : NaN;
    if (Number.isFinite(time)) return time;
  }
  return fallbackUnix * 1000;
}

export async function sweep(options: SweepOptions): Promise<Swept[]> {
  const now = options.now ?? Date.now();
  const swept: Swept[] = [];
  // One process's runtime: the sweep's clients and the deletes' engine share it.
  const runtime = new ProviderRuntime();
  for (const api of apiNames()) {
    if (!declarations.some((declaration) => declaration.api === api && isAdoptable(declaration.adoption))) continue;
    const scope = scopeOf(api, options);
    if (scope === undefined) {
      const flags = [...new Set(adoptableOf(api).flatMap((declaration) => (declaration.adoption as Adoption).scope?.flag ?? []))];
      options.log(`${api}: not swept, no scope given (${flags.map((flag) => `--${api}-${flag}`).join(", ")})`);
      continue;
    }
    const { found } = await discover(api, { scope, select: {}, runtime, progress: () => undefined });
    // Children were found after their parents: deleted first.
    for (const object of [...found].reverse()) {
      const named = runNameOf(object);
      if (named === undefined) continue;
      const type = typeKey(object.declaration);
      const ageSeconds = Math.round((now - createdAt(object.state, named.unix)) / 1000);
      const entry = { type, id: object.id, name: named.name, ageSeconds };
      if (ageSeconds * 1000 < options.olderThanMs) {
        swept.push({ ...entry, outcome: "younger" });
        continue;
      }
      if (abandons(object.declaration.steps?.delete)) {
        swept.push({ ...entry, outcome: "left: the API has no delete" });
        continue;
      }
      if (options.dryRun === true) {
        swept.push({ ...entry, outcome: "would delete" });
        continue;
      }
      try {
        await dynamicProvider(object.declaration, runtime).delete(object.id, object.state);
        swept.push({ ...entry, outcome: "deleted" });
      } catch (error) {
        swept.push({ ...entry, outcome: `failed: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    for (const entry of swept.filter((entry) => declarations.some((d) => d.api === api && typeKey(d) === entry.type))) {
      options.log(`${entry.outcome}: ${entry.type} ${entry.id} (${entry.name}, ${entry.ageSeconds} s old)`);
    }
  }
  return swept;
}

/** `15m`, `90s`, `2h`, `1d` in ms. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(text.trim());
  if (match === null) throw new Error(`--older-than is ${JSON.stringify(text)}; give a number and a unit: 90s, 15m, 2h, 1d`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "ms" | "s" | "m" | "h" | "d"];
  return Number(match[1]) * unit;
}
