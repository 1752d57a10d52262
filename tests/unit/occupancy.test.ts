/**
 * The occupancy (batching/occupancy.ts), a pure part of the batching machine's state, as tables:
 * the events that reach a state, and what the machine reads of it. Announced updates: the engine's
 * diffs found them, their updates have not begun. Windows wait for them only until the first of
 * them ended (from then on the refills the engine owes show its pace); the relay counts every one.
 */
import {
  announcedAhead,
  busyElsewhere,
  emptyOccupancy,
  idle,
  owedArrivals,
  reduceOccupancy,
  saturated,
  type OccupancyEvent,
  type OccupancyState,
} from "../../provider/engine/batching/occupancy";

const after = (events: readonly OccupancyEvent[]): OccupancyState => events.reduce(reduceOccupancy, emptyOccupancy);

const begin = (now = 0): OccupancyEvent => ({ kind: "begin", now });
const end = (now = 0): OccupancyEvent => ({ kind: "end", now });
const announce = (id: string): OccupancyEvent => ({ kind: "announce", id });
const arrived = (id: string): OccupancyEvent => ({ kind: "arrived", id });
const updated: OccupancyEvent = { kind: "announcedEnded" };
const waits = (count: number): OccupancyEvent => ({ kind: "waits", count });
const parks = (count: number): OccupancyEvent => ({ kind: "parks", count });

describe("announced updates", () => {
  it.each<[string, OccupancyEvent[], { ahead: number; announced: number }]>([
    ["three updates diffed, none begun", [announce("a"), announce("b"), announce("c")], { ahead: 3, announced: 3 }],
    ["one of them begun", [announce("a"), announce("b"), announce("c"), arrived("a")], { ahead: 2, announced: 2 }],
    ["a diff again of one announced (a preview's and an update's diffs in one process)", [announce("a"), announce("a")], { ahead: 1, announced: 1 }],
    [
      "the first announced update ended: the engine showed its pace, the windows go by the refills it owes",
      [announce("a"), announce("b"), arrived("a"), updated],
      { ahead: 0, announced: 1 },
    ],
    [
      "announced after the first update ended (the engine diffs each resource just before its update, all through a step)",
      [announce("a"), arrived("a"), updated, announce("b")],
      { ahead: 0, announced: 1 },
    ],
    [
      "an operation that is no announced update ended (a refresh's read, a create)",
      [begin(), end(), announce("a"), begin(), end()],
      { ahead: 1, announced: 1 },
    ],
  ])("%s", (_what, events, expected) => {
    const state = after(events);
    expect({ ahead: announcedAhead(state), announced: state.announced.size }).toEqual(expected);
  });
});

describe("saturation", () => {
  it.each<[string, OccupancyEvent[], boolean]>([
    ["an operation that ran alone shows no parallelism: the next one waiting is no saturation", [begin(), end(), begin(), waits(1)], false],
    ["nothing has ended yet: the first burst may still grow", [begin(), begin(), waits(2)], false],
    ["two ran at once and ended; two run again, one waits", [begin(), begin(), end(), end(), begin(), begin(), waits(1)], false],
    ["two ran at once and ended; two run again, both wait", [begin(), begin(), end(), end(), begin(), begin(), waits(2)], true],
    ["two ran at once; one waits, one is a relay's holder", [begin(), begin(), end(), end(), begin(), begin(), waits(1), parks(1)], true],
    ["both left their window", [begin(), begin(), end(), end(), begin(), begin(), waits(2), waits(-2)], false],
    ["a probe confirmed three; two run, both wait", [begin(), begin(), begin(), { kind: "confirm" }, end(), end(), end(), begin(), begin(), waits(2)], false],
  ])("%s: %s", (_what, events, expected) => {
    expect(saturated(after(events))).toBe(expected);
  });
});

describe("what a window and a holder read", () => {
  it.each<[string, OccupancyEvent[], number, { owed: number; busyElsewhere: number; idle: boolean }]>([
    ["two ended just now: their slots are owed", [begin(0), begin(0), end(10), end(10)], 20, { owed: 2, busyElsewhere: 0, idle: false }],
    [
      "two ended long ago (past the least patience, 25 ms): nothing is owed",
      [begin(0), begin(0), end(10), end(10)],
      40,
      { owed: 0, busyElsewhere: 0, idle: true },
    ],
    [
      "an engine that refills in 20 ms: owed for four refills (80 ms)",
      [begin(0), end(0), begin(20), end(20), begin(40), end(40)],
      110,
      { owed: 1, busyElsewhere: 0, idle: false },
    ],
    ["one runs elsewhere while a holder is parked", [begin(0), begin(0), parks(1)], 1000, { owed: 0, busyElsewhere: 1, idle: false }],
    ["every running operation is a parked holder", [begin(0), parks(1)], 1000, { owed: 0, busyElsewhere: 0, idle: true }],
  ])("%s", (_what, events, now, expected) => {
    const state = after(events);
    expect({ owed: owedArrivals(state, now), busyElsewhere: busyElsewhere(state), idle: idle(state, now) }).toEqual(expected);
  });
});
