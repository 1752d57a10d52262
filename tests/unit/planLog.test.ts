/**
 * The conformance run's comparison of what a step sent with its plan (tests/support/planLog.ts)
 * fails on each kind of departure: another query, another body, a merged PUT that is not the live
 * object with the change, a request past the retries the table allows, a request beyond the plan.
 */
import type { PlanEntry } from "../../provider/engine/kinds";
import { send } from "../../provider/engine/plan/planRequests";
import { REQUEST_ATTEMPTS } from "../../provider/http/retryTable";
import { planMismatch } from "../support/planLog";
import { queryString } from "../../provider/http/query";
import { sentQuery, type Recorded, type SentQuery } from "../support/recorder";

const PATH = "v1/projects/p/things/t";
const sent = (method: string, body?: unknown, query: SentQuery = {}, status = 200, answer?: unknown, ifMatch?: string): Recorded => ({
  method,
  path: `/${PATH}`,
  query,
  search: Object.keys(query).length === 0 ? "" : `?${queryString(query)}`,
  body,
  status,
  answer,
  ...(ifMatch !== undefined && { ifMatch }),
});

const patch: PlanEntry[] = [send({ method: "PATCH", path: PATH, query: { updateMask: "title" }, body: { title: "new" } })];

it("accepts the plan's requests as planned", () => {
  expect(planMismatch("", patch, [sent("PATCH", { title: "new" }, { updateMask: "title" })])).toBeUndefined();
});

it("fails on another query or another body, naming what the plan says", () => {
  expect(planMismatch("", patch, [sent("PATCH", { title: "new" }, { updateMask: "title,color" })])).toMatch(
    /the plan's PATCH \/v1\/projects\/p\/things\/t \?\{"updateMask":"title"\}/,
  );
  expect(planMismatch("", patch, [sent("PATCH", { title: "new", color: "red" }, { updateMask: "title" })])).toMatch(/was not sent next; sent: .*"color":"red"/);
});

it("holds a repeated parameter to each of its occurrences: joined by commas, or one of them alone, is another query", () => {
  const both = ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"];
  const plan: PlanEntry[] = [send({ method: "PATCH", path: PATH, query: { ignoreSafetyChecks: both, updateMask: "v" }, body: { v: 1 } })];
  const occurrences = sentQuery([...both.map((check) => ["ignoreSafetyChecks", check] as const), ["updateMask", "v"]]);
  expect(planMismatch("", plan, [sent("PATCH", { v: 1 }, occurrences)])).toBeUndefined();
  expect(planMismatch("", plan, [sent("PATCH", { v: 1 }, { ignoreSafetyChecks: both.join(","), updateMask: "v" })])).toMatch(/was not sent next/);
  expect(planMismatch("", plan, [sent("PATCH", { v: 1 }, { ignoreSafetyChecks: both[1]!, updateMask: "v" })])).toMatch(/was not sent next/);
});

it("holds a merged PUT to the live object read with only the change in it, under its etag", () => {
  const merge: PlanEntry[] = [
    {
      kind: "merge",
      read: { method: "GET", path: PATH },
      write: { method: "PUT", path: PATH, body: { title: "new", color: null }, described: true },
      etagField: "etag",
    },
  ];
  const live = { title: "old", color: "red", note: "kept", etag: "e1" };
  const read = sent("GET", undefined, {}, 200, live);
  expect(planMismatch("", merge, [read, sent("PUT", { title: "new", note: "kept", etag: "e1" }, {}, 200, {}, "e1")])).toBeUndefined();
  // Someone else's field dropped, the removed one kept, or the etag not the one read: each fails.
  expect(planMismatch("", merge, [read, sent("PUT", { title: "new", etag: "e1" }, {}, 200, {}, "e1")])).toMatch(/PUT/);
  expect(planMismatch("", merge, [read, sent("PUT", { title: "new", color: "red", note: "kept", etag: "e1" }, {}, 200, {}, "e1")])).toMatch(/PUT/);
  expect(planMismatch("", merge, [read, sent("PUT", { title: "new", note: "kept", etag: "e1" }, {}, 200, {}, "e0")])).toMatch(/If-Match e1/);
});

it("allows a request again after a fault as often as its repeat rule's attempts, and no more", () => {
  const attempts = REQUEST_ATTEMPTS.idempotent.attempts;
  const failed = Array.from({ length: attempts - 1 }, () => sent("PATCH", { title: "new" }, { updateMask: "title" }, 503));
  const good = sent("PATCH", { title: "new" }, { updateMask: "title" });
  expect(planMismatch("", patch, [...failed, good])).toBeUndefined();
  expect(planMismatch("", patch, [...failed, sent("PATCH", { title: "new" }, { updateMask: "title" }, 503), good])).toMatch(/sent beyond the plan/);
});

it("fails on a request beyond the plan, and on one the plan names that was not sent", () => {
  expect(planMismatch("", patch, [sent("PATCH", { title: "new" }, { updateMask: "title" }), sent("GET")])).toMatch(/sent beyond the plan: GET/);
  expect(planMismatch("", patch, [])).toMatch(/was not sent/);
});
