/**
 * What each step may send, per resource, from its plan and the one retry table
 * (provider/http/retryTable.ts): its budget (each entry's by its kind, STEP_BUDGET's rule) and
 * what its loops multiply to without one. docs/performance.md lists the same table word for word.
 * That the budget holds what a step sends under a fault storm is the storm test's
 * (tests/emulator/storm.test.ts), counted against the emulator.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { typeKey, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { declarations } from "../../provider/registry";
import { REPO_ROOT } from "../support/toolchain";
import { stepPlans } from "../support/stepPlans";
import { stepWorstCase } from "../../provider/engine/plan/worstCase";

function rows(declaration: ResourceDeclaration): string[] {
  return stepPlans(declaration).map(({ step, plan }) => {
    const { unbounded, budget } = stepWorstCase(plan);
    return `| ${typeKey(declaration)} | ${step} | ${unbounded} | ${budget} |`;
  });
}

/** The table as docs/performance.md shows it. */
function table(): string {
  return ["| resource | step | without a budget | its budget, from its plan |", "|---|---|---|---|", ...declarations.flatMap(rows)].join("\n");
}

it("lists every resource's steps with their budgets, as docs/performance.md does", () => {
  const doc = readFileSync(path.join(REPO_ROOT, "docs/performance.md"), "utf8");
  const between = /<!-- worst-case:start -->\n([\s\S]*?)\n<!-- worst-case:end -->/.exec(doc)?.[1];
  expect(between).toBe(table());
});
