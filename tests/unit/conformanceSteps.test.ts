/** Which engine conformance steps `npm test` takes and which only the campaign takes (tests/support/conformance.ts). */
import { rounds, stepsToRun, type Step } from "../support/conformance";

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

describe("rounds: which steps share one engine round", () => {
  const what = (result: Step[][]): string[][] => result.map((round) => round.map((step) => step.what));

  it("joins neighbouring updates of different objects, and keeps an update of an object already in the round apart", () => {
    const steps = [
      patch("zone description", "/zones/a"),
      patch("record ttl", "/zones/a/rrsets/www"),
      patch("policy", "/policies/p"),
      patch("zone labels", "/zones/a"),
    ];
    // stepsToRun already drops "zone labels" (same target as "zone description"); the campaign keeps it, alone.
    expect(what(rounds(steps, [], false))).toEqual([["zone description", "record ttl", "policy"]]);
    expect(what(rounds(steps, [], true))).toEqual([["zone description"], ["record ttl"], ["policy"], ["zone labels"]]);
  });

  it("never joins a replacement, an update that names no request, or steps that set the same config key", () => {
    const keyed = (name: string, path: string, key: string): Step => ({ ...patch(name, path), config: { [key]: { value: "x" } } });
    const steps = [keyed("a", "/a", "k"), keyed("b", "/b", "k"), unnamed("c", { same: 2, update: 1 }), patch("d", "/d")];
    expect(what(rounds(steps, [unnamed("e", { same: 2, replace: 1 })], false))).toEqual([["a"], ["b"], ["c"], ["d"], ["e"]]);
  });

  it("joins only steps of the same stack size, whose summaries add up", () => {
    const bigger: Step = { ...patch("x", "/x"), changes: { same: 3, update: 1 } };
    expect(what(rounds([patch("a", "/a"), bigger], [], false))).toEqual([["a"], ["x"]]);
  });

  it("keeps apart steps that write one target in common (a zone's change, which joins what is sent together)", () => {
    const change = { method: "POST", path: "/zones/a/changes", body: {} };
    const zoneAndRecord: Step = { ...patch("zone description, then a record", "/zones/a"), writes: [{ method: "PATCH", path: "/zones/a", body: {} }, change] };
    const policyAndRecord: Step = { ...patch("policy, then a record", "/p"), writes: [{ method: "PATCH", path: "/p", body: {} }, change] };
    expect(what(rounds([zoneAndRecord, policyAndRecord], [], false))).toEqual([["zone description, then a record"], ["policy, then a record"]]);
    expect(what(rounds([zoneAndRecord, patch("policy", "/p")], [], false))).toEqual([["zone description, then a record", "policy"]]);
  });
});
