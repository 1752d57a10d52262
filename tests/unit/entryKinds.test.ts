/**
 * A new kind of plan entry is one file: a made-up wait (tests/support/kinds/until.ts), added to the
 * engine's registry, is run by the executor, listed by svc-plan and the plan's requests, counted by
 * the budget and followed by the conformance recorder, with no other file knowing it. The engine's
 * registry without it refuses it, saying where kinds are added.
 */
import { runPlan } from "../../provider/engine/executor/executor";
import { ENTRY_KINDS, requestBudget, requestWorstCase, type PlanEntry } from "../../provider/engine/kinds";
import { send } from "../../provider/engine/plan/planRequests";
import { requestsOf } from "../../provider/engine/plan/requests";
import { stepWorstCase } from "../../provider/engine/plan/worstCase";
import { STEP_BUDGET } from "../../provider/http/retryTable";
import { described } from "../../tools/plan/describe";
import { planMismatch } from "../support/planLog";
import type { Recorded } from "../support/recorder";
import { untilReady, withUntil } from "../support/kinds/until";
import { fakeClient } from "./fakeClient";
import { runContext } from "./runContext";

const THING = "v1/projects/p/things/t";
const STATUS = `${THING}/status`;
const create = send({ method: "POST", path: THING, body: { title: "new" } });
const plan: PlanEntry[] = [create, untilReady(STATUS, 3)];

/** A client whose status is ready at the `readyAt`th check. */
function client(readyAt: number): ReturnType<typeof fakeClient> {
  let checks = 0;
  return fakeClient(({ path }) => (path === STATUS ? { ready: ++checks >= readyAt } : { name: "t" }));
}

it("is run by the executor through the registry it is in: its checks until ready, the answer before it kept", async () => {
  const api = client(2);
  const answer = await runPlan(plan, { ...runContext(api), kinds: withUntil });
  expect(api.sent.map(({ method, path }) => `${method} ${path}`)).toEqual([`POST ${THING}`, `GET ${STATUS}`, `GET ${STATUS}`]);
  expect(answer.value).toEqual({ name: "t" });
  // At most its checks: past them the step fails.
  await expect(runPlan(plan, { ...runContext(client(4)), kinds: withUntil })).rejects.toThrow(`${STATUS} was not ready after 3 checks`);
});

it("is refused by a registry without it, saying where a kind is added", async () => {
  await expect(runPlan(plan, runContext(client(1)))).rejects.toThrow(
    /no descriptor for plan entries of kind "until": a kind is a file of provider\/engine\/kinds\//,
  );
  expect(() => requestsOf(plan)).toThrow(/kind "until"/);
  expect(ENTRY_KINDS).not.toHaveProperty("until");
});

it("is listed by the plan's requests and by svc-plan", () => {
  expect(requestsOf(plan, {}, withUntil).map(({ method, path }) => `${method} ${path}`)).toEqual([`POST ${THING}`, `GET ${STATUS}`]);
  const { requests } = described(plan, withUntil);
  expect(requests).toHaveLength(2);
  expect(requests[1]).toMatchObject({ method: "GET", path: expect.stringContaining("things/t/status") as unknown, note: "checked until it is ready" });
});

it("is counted by the budget from its own descriptor: its checks, besides the create's attempts and the step's token exchanges", () => {
  expect(stepWorstCase(plan, withUntil)).toEqual({
    unbounded: requestWorstCase(create.request),
    budget: requestBudget(create.request) + 3 + STEP_BUDGET.tokenExchanges,
  });
});

it("is followed by the conformance recorder: none or more checks, nothing beyond", () => {
  const recorded = (method: string, path: string, answer: unknown, body?: unknown): Recorded => ({
    method,
    path: `/${path}`,
    query: {},
    search: "",
    body,
    status: 200,
    answer,
  });
  const created = recorded("POST", THING, { name: "t" }, { title: "new" });
  const check = (ready: boolean): Recorded => recorded("GET", STATUS, { ready });
  expect(planMismatch("", plan, [created, check(false), check(true)], withUntil)).toBeUndefined();
  expect(planMismatch("", plan, [created], withUntil)).toBeUndefined();
  expect(planMismatch("", plan, [created, check(true), recorded("DELETE", THING, {})], withUntil)).toMatch(/sent beyond the plan: DELETE/);
});
