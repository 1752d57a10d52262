/**
 * The occupancy's account of updates the engine announced (batching/occupancy.ts): its diffs found
 * them, their updates have not begun. Windows wait for them only until the first of them ended
 * (from then on the refills the engine owes show its pace); the relay counts every one.
 */
import { Occupancy } from "../../provider/engine/batching/occupancy";

type Step = ["announce", string] | ["begun", string] | ["updated", string] | ["other operation"];

function after(steps: readonly Step[]): { ahead: number; announced: number } {
  const occupancy = new Occupancy();
  const running = new Map<string, () => void>();
  for (const step of steps) {
    if (step[0] === "announce") occupancy.announce(step[1]);
    else if (step[0] === "begun") running.set(step[1], occupancy.arrived(step[1]));
    else if (step[0] === "updated") (running.get(step[1]) ?? occupancy.arrived(step[1]))();
    else occupancy.begin()();
  }
  return { ahead: occupancy.announcedAhead(), announced: occupancy.announcedWrites() };
}

it.each<[string, Step[], { ahead: number; announced: number }]>([
  [
    "three updates diffed, none begun",
    [
      ["announce", "a"],
      ["announce", "b"],
      ["announce", "c"],
    ],
    { ahead: 3, announced: 3 },
  ],
  [
    "one of them begun",
    [
      ["announce", "a"],
      ["announce", "b"],
      ["announce", "c"],
      ["begun", "a"],
    ],
    { ahead: 2, announced: 2 },
  ],
  [
    "a diff again of one announced (a preview's and an update's diffs in one process)",
    [
      ["announce", "a"],
      ["announce", "a"],
    ],
    { ahead: 1, announced: 1 },
  ],
  [
    "the first announced update ended: the engine showed its pace, the windows go by the refills it owes",
    [
      ["announce", "a"],
      ["announce", "b"],
      ["begun", "a"],
      ["updated", "a"],
    ],
    { ahead: 0, announced: 1 },
  ],
  [
    "announced after the first update ended (the engine diffs each resource just before its update, all through a step)",
    [
      ["announce", "a"],
      ["begun", "a"],
      ["updated", "a"],
      ["announce", "b"],
    ],
    { ahead: 0, announced: 1 },
  ],
  [
    "an operation that is no announced update ended (a refresh's read, a create)",
    [["other operation"], ["announce", "a"], ["other operation"]],
    { ahead: 1, announced: 1 },
  ],
])("%s", (_what, steps, expected) => {
  expect(after(steps)).toEqual(expected);
});
