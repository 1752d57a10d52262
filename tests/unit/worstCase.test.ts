/**
 * The most requests a fault storm can cause, per resource and step, from each step's plan and the
 * one retry table (provider/http/retryTable.ts): nested loops multiply without the step's budget,
 * and the budget bounds them. The table is listed here and in docs/performance.md (word for word),
 * and a storm against a real plan shows the bound holds: the step stops at its budget, saying so.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { typeKey, type Args, type ResourceDeclaration, type State } from "../../provider/engine/declaration/declaration";
import { diffArgs } from "../../provider/engine/lifecycle/diff";
import { planStep, type PlannedStep } from "../../provider/engine/plan/planStep";
import { batchWorstCase, stepWorstCase } from "../../provider/engine/plan/worstCase";
import { formatId, placeholders } from "../../provider/engine/declaration/template";
import { declarations } from "../../provider/registry";
import { LOOPS, STEP_BUDGET } from "../../provider/http/retryTable";
import { StepBudget, withStepBudget } from "../../provider/http/stepBudget";
import { aclRule } from "../../provider/apis/calendar/aclRule";
import { REPO_ROOT } from "../support/toolchain";
import { createApiClient } from "../../provider/http/client";
import { ResourceEngine } from "../../provider/engine/lifecycle/resourceEngine";

/** Sample inputs as a program's check leaves them: defaults applied, a parent's output and the default project filled in. */
function inputsOf(declaration: ResourceDeclaration, sample: Args): Args {
  const filled = JSON.parse(JSON.stringify(sample).replace(/\{\{parents\[\d+\]\.\w+\}\}/g, "c_0123abcd@group.calendar.google.com")) as Args;
  const withProject = declaration.projectScoped === true && filled["project"] === undefined ? { ...filled, project: "p" } : filled;
  return declaration.args.parse(withProject);
}

function idOf(declaration: ResourceDeclaration, inputs: Args): string {
  const part = (name: string): string => (typeof inputs[name] === "string" ? inputs[name] : `${name}-1`);
  return formatId(declaration.id.format, Object.fromEntries(placeholders(declaration.id.format).map((name) => [name, part(name)])));
}

/** Each step of a declaration's samples: its plan's worst case (an update: the worst of its sample updates). */
function worstCases(declaration: ResourceDeclaration): Array<{ step: PlannedStep; unbounded: number; bounded: number }> {
  const samples = declaration.samples!;
  const inputs = inputsOf(declaration, samples.inputs);
  const id = idOf(declaration, inputs);
  const state: State = inputs;
  const of = (step: PlannedStep, entries: ReturnType<typeof planStep>) => ({ step, ...stepWorstCase(step, entries) });
  const rows = [
    of("create", planStep("create", { declaration, olds: {}, news: inputs })),
    of("read", planStep("read", { declaration, id, olds: state, news: state })),
  ];
  const updates = samples.updates
    .map((change) => inputsOf(declaration, { ...(samples.inputs as Args), ...(change as Args) }))
    .map((news) => ({ news, diff: diffArgs(declaration, state, news) }))
    .filter(({ diff }) => diff.changed.length > 0 && diff.replaces.length === 0)
    .map(({ news, diff }) => of("update", planStep("update", { declaration, id, olds: state, news, diff })));
  const worstUpdate = updates.sort((a, b) => b.unbounded - a.unbounded)[0];
  return [...rows, ...(worstUpdate === undefined ? [] : [worstUpdate]), of("delete", planStep("delete", { declaration, id, olds: state, news: {} }))];
}

/** The table as docs/performance.md shows it. */
function table(): string {
  const lines = ["| resource | step | without the step budget | at most |", "|---|---|---|---|"];
  for (const declaration of declarations) {
    for (const row of worstCases(declaration)) lines.push(`| ${typeKey(declaration)} | ${row.step} | ${row.unbounded} | ${row.bounded} |`);
  }
  return lines.join("\n");
}

describe("the worst case of each step, from the retry table", () => {
  it("is listed for every resource and step, and docs/performance.md lists the same table", () => {
    const listed = table();
    const doc = readFileSync(path.join(REPO_ROOT, "docs/performance.md"), "utf8");
    const between = /<!-- worst-case:start -->\n([\s\S]*?)\n<!-- worst-case:end -->/.exec(doc)?.[1];
    expect(between).toBe(listed);
    // Every step is bounded by the budget, whatever its loops multiply to.
    for (const line of listed.split("\n").slice(2)) expect(Number(line.split("|")[4])).toBeLessThanOrEqual(STEP_BUDGET.requests);
  });

  it("an ACL role change: a merged PUT's rounds times a GET's and a PUT's attempts, bounded by the step's budget", () => {
    const rows = worstCases(aclRule);
    // 5 rounds × (10 + 10), and a read back should the answer not be the rule (10).
    expect(rows.find((row) => row.step === "update")).toEqual({ step: "update", unbounded: LOOPS.merge.attempts * 20 + 10, bounded: STEP_BUDGET.requests });
  });

  it("a record-set TTL change alone is a PATCH and a read back; in a zone's change, the batch's rounds and splits", () => {
    const recordSet = declarations.find((declaration) => typeKey(declaration) === "dns:RecordSet")!;
    const inputs = inputsOf(recordSet, recordSet.samples!.inputs);
    const news = { ...inputs, ttl: 600 };
    const plan = planStep("update", { declaration: recordSet, id: idOf(recordSet, inputs), olds: inputs, news, diff: diffArgs(recordSet, inputs, news) });
    expect(stepWorstCase("update", plan)).toEqual({ unbounded: 20, bounded: 20 });
    // 500 writes of one zone: 999 joint changes at most, each 10 rounds of a change and a listing, and each write alone at its worst.
    expect(batchWorstCase(500, 20)).toBe(999 * 10 * 11 + 500 * 20);
  });

  it("holds in a storm: an ACL role change whose reads and writes fail all but their last attempt stops at the step's budget, saying so", async () => {
    // Each GET answers after nine 503s, each PUT after nine 503s with a 412 (changed meanwhile): the merge goes round again.
    const sent: string[] = [];
    let failuresInARow = 0;
    const client = createApiClient(
      { api: "calendar", baseUrl: "http://fake.invalid", token: "t" },
      {
        fetch: async (input) => {
          const request = input as Request;
          sent.push(request.method);
          if (++failuresInARow < 10) return new Response(JSON.stringify({ error: { code: 503, message: "busy" } }), { status: 503 });
          failuresInARow = 0;
          if (request.method === "GET") {
            return Response.json({ id: "user:ann@example.com", role: "reader", scope: { type: "user", value: "ann@example.com" }, etag: '"e"' });
          }
          return new Response(JSON.stringify({ error: { code: 412, message: "changed" } }), { status: 412 });
        },
        sleep: async () => undefined,
        log: () => undefined,
      },
    );
    const engine = new ResourceEngine(aclRule, client, () => undefined);
    const args = { calendarId: "c", scope: { type: "user", value: "ann@example.com" }, role: "writer" };
    const update = withStepBudget(new StepBudget("svc.calendar.AclRule c/user:ann@example.com: update"), () =>
      engine.update("c/user:ann@example.com", args, { set: { role: "writer" }, cleared: [] }, { ...args, role: "reader", ruleId: "user:ann@example.com" }),
    );
    await expect(update).rejects.toThrow(/the step sent 40 requests, its budget \(STEP_BUDGET in the retry table/);
    expect(sent).toHaveLength(STEP_BUDGET.requests);
    // Without the budget the same storm goes on: five rounds of a merge, each a GET and a PUT of ten attempts.
    sent.length = 0;
    failuresInARow = 0;
    await expect(
      engine.update("c/user:ann@example.com", args, { set: { role: "writer" }, cleared: [] }, { ...args, ruleId: "user:ann@example.com" }),
    ).rejects.toMatchObject({
      status: 412,
    });
    expect(sent).toHaveLength(LOOPS.merge.attempts * 20);
  });
});
