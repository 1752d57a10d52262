/**
 * The occupancy's account of updates the engine announced (batching/occupancy.ts): its diffs found
 * them, their updates have not begun. Windows wait for them only until an operation ends after the
 * announcement (then the refills the engine owes show its pace); the relay counts every one.
 */
import { Occupancy } from "../../provider/engine/batching/occupancy";

type Step = ["announce" | "arrived", string] | ["operation"];

function after(steps: readonly Step[]): { ahead: number; announced: number } {
  let now = 0;
  const occupancy = new Occupancy(() => now);
  for (const step of steps) {
    now += 10;
    if (step[0] === "announce") occupancy.announce(step[1]);
    else if (step[0] === "arrived") occupancy.arrived(step[1]);
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
      ["arrived", "a"],
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
    "an operation ended after the announcements: its pace is known, the windows go by the refills it owes",
    [["announce", "a"], ["announce", "b"], ["arrived", "a"], ["operation"]],
    { ahead: 0, announced: 1 },
  ],
  ["an announcement after an operation ended (a refresh's reads, then an update's diffs)", [["operation"], ["announce", "a"]], { ahead: 1, announced: 1 }],
])("%s", (_what, steps, expected) => {
  expect(after(steps)).toEqual(expected);
});
