/**
 * The walks of a plan through a registry of kinds, each entry by its kind's descriptor: its requests
 * in order (each entry told the answer of the one before it), what svc-plan shows, its worst case
 * and its budget. The dispatchers (plan/requests.ts, plan/worstCase.ts, svc-plan, the
 * conformance run) walk with these; none names a kind.
 */
import type { JoinEntry } from "./join";
import { kindOf, type Nested, type PlanEntry, type Reading, type Registry, type Shown } from "./kind";
import { requestsOnce, sum, type PlannedRequest } from "./request";

/** The walks of `registry`'s kinds. */
export function walkerOf(registry: Registry): Nested {
  /** Each entry with the reading it is walked with: the answer of the entry before it, as far as the reading knows it. */
  const inTurn = <T>(
    entries: readonly PlanEntry[],
    reading: Reading,
    each: (entry: PlanEntry, reading: Reading) => T[],
    last: (item: T) => PlannedRequest,
  ): T[] => {
    const all: T[] = [];
    let before = reading.before;
    for (const entry of entries) {
      const items = each(entry, { ...reading, before });
      const final = items[items.length - 1];
      if (final !== undefined) before = reading.answerOf(last(final));
      all.push(...items);
    }
    return all;
  };
  const nested: Nested = {
    requests: (entries, reading) =>
      inTurn(
        entries,
        reading,
        (entry, at) => kindOf(registry, entry).requests(entry, at, nested),
        (request) => request,
      ),
    describe: (entries, reading) =>
      inTurn(
        entries,
        reading,
        (entry, at): Shown[] => {
          const kind = kindOf(registry, entry);
          return kind.describe?.(entry, at, nested) ?? kind.requests(entry, at, nested).map((request) => ({ request }));
        },
        (shown) => shown.request,
      ),
    worstCase: (entries) => sum(entries.map((entry) => kindOf(registry, entry).worstCase(entry, nested))),
    budget: (entries) => sum(entries.map((entry) => kindOf(registry, entry).budget(entry, nested))),
    // What svc-plan lists, each request at what it sends without faults (a listing its pages, a wait's checks none).
    once: (entries) => requestsOnce(nested.requests(entries, { answerOf: () => undefined, alone: true })),
  };
  return nested;
}

/** The entries of step plans that run at the same time, as a joint plan: each step's own, and the joined writes by key. */
export function jointParts(plans: readonly (readonly PlanEntry[])[], registry: Registry): { own: PlanEntry[][]; joined: Map<string, JoinEntry[]> } {
  const own: PlanEntry[][] = [];
  const joined = new Map<string, JoinEntry[]>();
  const flat = (entries: readonly PlanEntry[]): PlanEntry[] =>
    entries.flatMap((entry) => {
      const parts = kindOf(registry, entry).parts?.(entry);
      return parts === undefined ? [entry] : flat(parts);
    });
  for (const plan of plans) {
    const rest: PlanEntry[] = [];
    for (const entry of flat(plan)) {
      const join = kindOf(registry, entry).joint?.(entry);
      if (join === undefined) rest.push(entry);
      else joined.set(join.key, [...(joined.get(join.key) ?? []), join]);
    }
    if (rest.length > 0) own.push(rest);
  }
  return { own, joined };
}
