/**
 * The requests of a plan as a reader sees them (svc-plan, the conformance run): each entry's, in
 * order, when nothing fails; and the requests of several steps' plans run at the same time, their
 * joined writes as one joint request per key. Pure.
 */
import { writesOf, type JoinEntry, type PlanEntry, type PlannedRequest, type ReadVia } from "../kinds";

/** The requests of a read, as a reader sees the one that goes when it comes alone (with the read's note, when it has one). */
export function readRequests(via: ReadVia, note?: string): PlannedRequest[] {
  const requests = "stored" in via ? [] : "policy" in via ? [via.policy] : "list" in via ? [via.list] : [via.item];
  return note === undefined ? requests : requests.map((request) => ({ ...request, note }));
}

/**
 * Every request of a plan as a reader sees it, in order, when nothing fails: a joined write as its
 * joint request, or with `alone` as what it sends when no other write comes with it; a create's
 * reconciliation by its listing first and its writes (its reads settle faults); a settled write by
 * its read (unless the state says what is live) and the write from it.
 */
export function requestsOf(entries: readonly PlanEntry[], options: { readonly alone?: boolean } = {}): PlannedRequest[] {
  return entries.flatMap((entry): PlannedRequest[] => {
    switch (entry.kind) {
      case "send":
        return [entry.request];
      case "merge":
      case "policy":
        return [entry.read, entry.write];
      case "poll":
        return [entry.request];
      case "join":
        return options.alone === true ? requestsOf(entry.alone, options) : [entry.request];
      case "settled": {
        const writes = writesOf(entry.write(entry.believed));
        return [
          ...(entry.believed === undefined ? [entry.read] : []),
          ...writes.map((write) => (entry.believed === undefined ? { ...write, described: true as const } : write)),
          ...(entry.waits === undefined ? [] : [entry.waits.request]),
        ];
      }
      case "read":
        // A read back happens only when the answer turns out not to be the object.
        return entry.when === undefined ? readRequests(entry.via, entry.note) : [];
      case "reconcile":
        return [...(entry.listBefore === undefined ? [] : [entry.listBefore]), ...requestsOf(entry.create, options)];
      case "adopt":
        return readRequests(entry.read.via, entry.read.note);
    }
  });
}

/**
 * The requests of step plans that run at the same time (the resources of one `up` step): each
 * plan's requests of its own, then, for each key, the joint request of the writes joined under it
 * and the check that it is done.
 */
export function jointRequests(plans: readonly (readonly PlanEntry[])[]): PlannedRequest[] {
  const own: PlannedRequest[] = [];
  const joined = new Map<string, JoinEntry[]>();
  const visit = (entries: readonly PlanEntry[]): void => {
    for (const entry of entries) {
      if (entry.kind === "join") joined.set(entry.key, [...(joined.get(entry.key) ?? []), entry]);
      else if (entry.kind === "reconcile") visit(entry.create);
      else own.push(...requestsOf([entry]));
    }
  };
  for (const plan of plans) visit(plan);
  return [
    ...own,
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
