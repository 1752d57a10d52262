/**
 * The requests of a plan as a reader sees them (svc-plan, the conformance run): each entry's, in
 * order, when nothing fails, by its kind's descriptor; and the requests of several steps' plans run
 * at the same time, their joined writes as one joint request per key. Pure.
 */
import { ENTRY_KINDS, jointParts, walkerOf, type PlanEntry, type PlannedRequest, type Reading, type Registry } from "../kinds";

export { readRequests } from "../kinds";

/** What a reader knows of answers: nothing (the plan before anything is sent). */
export const BEFORE_ANY_ANSWER: Reading = { answerOf: () => undefined };

/**
 * Every request of a plan as a reader sees it, in order, when nothing fails: a joined write as its
 * joint request, or with `alone` as what it sends when no other write comes with it; a create's
 * reconciliation by its listing first and its writes (its reads settle faults); a settled write by
 * its read (unless the state says what is live) and the write from it.
 */
export function requestsOf(entries: readonly PlanEntry[], options: { readonly alone?: boolean } = {}, registry: Registry = ENTRY_KINDS): PlannedRequest[] {
  return walkerOf(registry).requests(entries, { ...BEFORE_ANY_ANSWER, ...(options.alone === true && { alone: true }) });
}

/**
 * The requests of step plans that run at the same time (the resources of one `up` step): each
 * plan's requests of its own, then, for each key, the joint request of the writes joined under it
 * and the check that it is done.
 */
export function jointRequests(plans: readonly (readonly PlanEntry[])[], registry: Registry = ENTRY_KINDS): PlannedRequest[] {
  const { own, joined } = jointParts(plans, registry);
  return [
    ...own.flatMap((entries) => entries.flatMap((entry) => requestsOf([entry], {}, registry))),
    ...[...joined].flatMap(([key, entries]) => {
      const [first] = entries;
      if (first === undefined) return [];
      return [
        first.batch.joint(
          key,
          entries.map((entry) => entry.write),
        ),
        first.batch.served(key, []),
      ];
    }),
  ];
}
