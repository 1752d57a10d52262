/**
 * A poll shared by several steps' waits (provider/engine/batching/polls.ts): each check is spent
 * from the budget of every step waiting when it is sent, so every waiter pays for the checks made
 * while it waits, a late joiner for none before it joined; a waiter whose budget is spent stops
 * waiting with BudgetSpent while the others go on; with none left the poll stops.
 */
import { Polls } from "../../provider/engine/batching/polls";
import { Budget, BudgetSpent } from "../../provider/http/retry";

const budget = (resource: string, limit: number): Budget => new Budget({ step: "update", resource }, limit);

/** A poll of `checks` checks, each spent from the shared budget; `tick` resolves when the next may go. */
function checker(checks: number): { poll: (shared: Budget) => Promise<string>; tick: () => Promise<void>; sent: () => number } {
  let sent = 0;
  let release: (() => void) | undefined;
  const gate = (): Promise<void> => new Promise((resolve) => (release = resolve));
  let next = gate();
  return {
    async poll(shared) {
      for (let check = 1; check <= checks; check++) {
        await next;
        next = gate();
        shared.spend("GET operations/op");
        sent++;
      }
      return "done";
    },
    async tick() {
      release?.();
      // Let the check run before the next tick.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    sent: () => sent,
  };
}

it("spends each check from every waiter's budget, a late joiner's from when it joined", async () => {
  const polls = new Polls();
  const a = budget("zone a", 10);
  const b = budget("zone b", 10);
  const work = checker(4);
  const first = polls.shared("client", "operations/op", a, work.poll);
  await work.tick();
  const second = polls.shared("client", "operations/op", b, () => Promise.reject(new Error("a second poll of the same work")));
  for (let i = 0; i < 3; i++) await work.tick();
  await expect(Promise.all([first, second])).resolves.toEqual(["done", "done"]);
  expect({ sent: work.sent(), a: a.spent, b: b.spent }).toEqual({ sent: 4, a: 4, b: 3 });
});

it("lets a waiter whose budget is spent go with BudgetSpent, the others waiting on; with none left the poll stops", async () => {
  const polls = new Polls();
  const poor = budget("zone poor", 2);
  const rich = budget("zone rich", 3);
  const work = checker(10);
  const poorWait = polls.shared("client", "operations/op", poor, work.poll);
  const richWait = polls.shared("client", "operations/op", rich, work.poll);
  for (let i = 0; i < 3; i++) await work.tick();
  await expect(poorWait).rejects.toThrow(BudgetSpent);
  await expect(poorWait).rejects.toThrow(/zone poor: its update sent 2 requests, all its budget/);
  expect({ poor: poor.spent, rich: rich.spent }).toEqual({ poor: 2, rich: 3 });
  await work.tick();
  await expect(richWait).rejects.toThrow(/zone rich: its update sent 3 requests, all its budget/);
  expect(work.sent()).toBe(3);
});
