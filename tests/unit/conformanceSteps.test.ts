/** Which engine conformance steps `npm test` takes and which only the campaign takes (tests/support/conformance.ts). */
import { stepsToRun, type Step } from "../support/conformance";

const patch = (what: string, path: string): Step => ({ what, config: {}, changes: { same: 2, update: 1 }, writes: [{ method: "PATCH", path, body: {} }] });
const unnamed = (what: string, changes: Step["changes"]): Step => ({ what, config: {}, changes });

const updates = [
  patch("zone description", "/zones/a"),
  patch("zone labels", "/zones/a"),
  patch("record ttl", "/zones/a/rrsets/www"),
  unnamed("record weights", { same: 2, update: 1 }),
  unnamed("record routing", { same: 2, update: 1 }),
];
const replaces = [
  unnamed("zone name", { same: 1, replace: 2 }),
  unnamed("record name", { same: 2, replace: 1 }),
  unnamed("record type", { same: 2, replace: 1 }),
];

it("takes the first step of each request target, and of each change summary when a step names no request", () => {
  expect(stepsToRun(updates, replaces, false).map((step) => step.what)).toEqual([
    "zone description",
    "record ttl",
    "record weights",
    "zone name",
    "record name",
  ]);
});

it("takes every step, updates first, in the campaign", () => {
  expect(stepsToRun(updates, replaces, true)).toEqual([...updates, ...replaces]);
});

it("keeps an update and a replacement of the same summary apart", () => {
  const same = { same: 2, update: 1 };
  expect(stepsToRun([unnamed("an update", same)], [unnamed("a replacement", same)], false).map((step) => step.what)).toEqual(["an update", "a replacement"]);
});
