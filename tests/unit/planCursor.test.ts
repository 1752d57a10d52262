/**
 * A planned listing is read to its last page (tests/support/planCursor.ts): a recording whose
 * listing stopped while an answer still named a next page fails the comparison with the plan,
 * unless the listing looks for ids (`untilSeen`) and every one of them was seen.
 */
import type { PlanEntry, PlannedRequest } from "../../provider/engine/kinds";
import { send } from "../../provider/engine/plan/planRequests";
import { planMismatch } from "../support/planLog";
import type { Recorded, SentQuery } from "../support/recorder";

const PATH = "v1/projects/p/things";
const page = (query: SentQuery, answer: unknown): Recorded => ({
  method: "GET",
  path: `/${PATH}`,
  query,
  search: "",
  body: undefined,
  status: 200,
  answer,
});

const listing = (extra: Partial<NonNullable<PlannedRequest["paging"]>> = {}): PlanEntry[] => [
  send({ method: "GET", path: PATH, query: { pageSize: "2" }, paging: { field: "things", ...extra } }),
];
const first = page({ pageSize: "2" }, { things: [{ id: "a" }, { id: "b" }], nextPageToken: "t2" });
const second = page({ pageSize: "2", pageToken: "t2" }, { things: [{ id: "c" }] });

it("accepts a listing read to its last page", () => {
  expect(planMismatch("", listing(), [first, second])).toBeUndefined();
});

it("fails a listing that stopped after its first page while the answer named a next one", () => {
  expect(planMismatch("", listing(), [first])).toMatch(/the plan's GET \/v1\/projects\/p\/things \?\{"pageSize":"2","pageToken":"t2"\} was not sent/);
});

it("fails a listing whose next page is another request than the one the answer named", () => {
  const other = page({ pageSize: "2", pageToken: "t9" }, { things: [] });
  expect(planMismatch("", listing(), [first, other])).toMatch(
    /"pageToken":"t2"\} was not sent next; sent: GET \/v1\/projects\/p\/things \?\{"pageSize":"2","pageToken":"t9"\}/,
  );
});

it("accepts a listing that stops once every id it looks for was seen, and fails one that stops before", () => {
  expect(planMismatch("", listing({ untilSeen: ["a", "b"] }), [first])).toBeUndefined();
  expect(planMismatch("", listing({ untilSeen: ["a", "c"] }), [first])).toMatch(/"pageToken":"t2"\} was not sent/);
  expect(planMismatch("", listing({ untilSeen: ["a", "c"] }), [first, second])).toBeUndefined();
});
