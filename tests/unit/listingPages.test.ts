/**
 * A listing past the pages a plan counts it at (STEP_BUDGET's): each further page is granted its
 * one send as its answer shows it, so a zone of more record sets than the default quota is read to
 * its end on the budget of its plan, while a page's faults past its own attempts still end the step.
 */
import { EngineProcess } from "../../provider/engine/batching/engineProcess";
import { sendPlanned } from "../../provider/engine/executor/context";
import { requestsOf } from "../../provider/engine/plan/requests";
import { budgetOf } from "../../provider/engine/plan/worstCase";
import type { PlanEntry, PlannedRequest } from "../../provider/engine/kinds";
import type { ApiClient, RequestSpec } from "../../provider/http/client";
import { Budget, BudgetSpent } from "../../provider/http/retry";
import { STEP_BUDGET } from "../../provider/http/retryTable";

const listing: PlannedRequest = {
  method: "GET",
  path: "dns/v1/projects/p/managedZones/z/rrsets",
  paging: { field: "rrsets", pageParam: "pageToken" },
};

/** A client over a listing of `pages` pages: each send is spent from the budget it is given, as the real client's attempts are. */
function pagedClient(pages: number, failFirstOf?: number): { client: ApiClient; sent: () => number } {
  let sent = 0;
  const client = {
    async send(spec: RequestSpec<unknown>, budget: Budget) {
      budget.spend(`${spec.method} ${spec.path}`);
      sent++;
      const page = Number(spec.query?.["pageToken"] ?? 1);
      if (page === failFirstOf) throw new Error("unreachable");
      return { rrsets: [{ name: `r${page}` }], ...(page < pages && { nextPageToken: String(page + 1) }) };
    },
  } as unknown as ApiClient;
  return { client, sent: () => sent };
}

const contextOf = (client: ApiClient, budget: Budget) => ({ client, identity: {}, log: () => undefined, budget, process: new EngineProcess() });

it("reads a listing of more pages than the plan counts to its end, on its plan's budget", async () => {
  // A whole-listing read (a ZoneRecords' refresh): one entry, its one listing.
  const plan: PlanEntry[] = [{ kind: "read", via: { item: listing } }];
  expect(requestsOf(plan)).toEqual([listing]);
  const limit = budgetOf(plan);
  const pages = limit + 5;
  const { client, sent } = pagedClient(pages);
  const budget = new Budget({ step: "read", resource: "a zone's record sets" }, limit);
  const items = (await sendPlanned(listing, contextOf(client, budget))) as unknown[];
  expect(items).toHaveLength(pages);
  expect(sent()).toBe(pages);
  // Granted one send for each page past STEP_BUDGET's, no more.
  expect(budget.limit).toBe(limit + pages - STEP_BUDGET.pages);
});

it("ends a step whose budget is spent before the pages the plan counts", async () => {
  const budget = new Budget({ step: "read", resource: "a zone's record sets" }, 3);
  const { client } = pagedClient(20);
  await expect(sendPlanned(listing, contextOf(client, budget))).rejects.toThrow(BudgetSpent);
});
