/**
 * The windows' reducer (batching/windowsReducer.ts) as a table: a state reached by events, one more
 * event, and what comes of it (the effects, and the key's quiet time after).
 */
import { closedWindows, reduceWindows, type Effect, type WindowEvent, type WindowsState } from "../../provider/engine/batching/windowsReducer";

const config = { window: { quietMs: 60, minQuietMs: 2, maxQuietMs: 1000, maxWaitMs: 3000 }, admit: () => true };
const KEY = "zone";

function reduceAll(events: readonly WindowEvent<number>[]): readonly [WindowsState<number>, readonly Effect<number>[]] {
  let state = closedWindows<number>();
  let effects: readonly Effect<number>[] = [];
  for (const event of events) [state, effects] = reduceWindows(state, event, config);
  return [state, effects];
}

const arrive = (item: number, now: number): WindowEvent<number> => ({ kind: "arrive", key: KEY, item, now });
const quietEnded = (now: number, facts: { owedArrivals?: boolean; busyElsewhere?: number; announced?: number } = {}): WindowEvent<number> => ({
  kind: "quietEnded",
  key: KEY,
  now,
  owedArrivals: facts.owedArrivals ?? false,
  busyElsewhere: facts.busyElsewhere ?? 0,
  announced: facts.announced ?? 0,
});

/** The effects in words: `run [1,2]`, `quiet 60`, ... */
const said = (effects: readonly Effect<number>[]): string[] =>
  effects.map((effect) => {
    switch (effect.kind) {
      case "run":
        return `run ${JSON.stringify(effect.items)}`;
      case "timer":
        return `${effect.timer} ${effect.ms}`;
      case "cancel":
        return "cancel";
      case "waits":
        return `waits ${effect.count}`;
      case "confirm":
        return "confirm";
    }
  });

describe("a window's quiet time ends", () => {
  it.each([
    [
      "a lone write, nothing owed or announced: it goes, and the quiet time halves (a chain)",
      [arrive(1, 0)],
      quietEnded(60),
      ["cancel", "waits -1", "run [1]"],
      30,
    ],
    [
      "two writes, nothing owed or announced: they go, the quiet time stays",
      [arrive(1, 0), arrive(2, 20)],
      quietEnded(80),
      ["cancel", "waits -2", "run [1,2]"],
      60,
    ],
    ["operations ended whose slots the engine has not filled: it waits on", [arrive(1, 0)], quietEnded(60, { owedArrivals: true }), ["quiet 60"], 60],
    [
      "the engine announced 9 more updates (a change of 10 records in a 2,000-record stack, each write after a checkpoint): it waits on",
      [arrive(1, 0)],
      quietEnded(60, { announced: 9 }),
      ["quiet 60"],
      60,
    ],
    [
      "8 writes 50 ms apart, 2 more announced, silent for 150 ms (within 4 quiet times): it waits on",
      [0, 50, 100, 150, 200, 250, 300, 350].map((at, i) => arrive(i, at)),
      quietEnded(500, { announced: 2 }),
      ["quiet 60"],
      60,
    ],
    [
      "8 writes 50 ms apart, 2 more announced, silent for 250 ms, past 4 quiet times (the engine's slots are full): they go",
      [0, 50, 100, 150, 200, 250, 300, 350].map((at, i) => arrive(i, at)),
      quietEnded(600, { announced: 2 }),
      ["cancel", "waits -8", "run [0,1,2,3,4,5,6,7]"],
      60,
    ],
    [
      "2 writes 400 ms apart (a large stack's checkpoints), 8 more announced, silent for 1.5 s (within 4 of its gaps): it waits on",
      [arrive(1, 0), arrive(2, 400)],
      quietEnded(1900, { announced: 8 }),
      ["quiet 60"],
      60,
    ],
    [
      "others busy elsewhere, nothing announced: it goes, and the quiet time doubles",
      [arrive(1, 0)],
      quietEnded(60, { busyElsewhere: 2 }),
      ["cancel", "waits -1", "run [1]"],
      120,
    ],
  ])("%s", (_what, before, event, effects, quietAfter) => {
    const [state] = reduceAll(before);
    const [next, out] = reduceWindows(state, event, config);
    expect(said(out)).toEqual(effects);
    expect(next.quiet.get(KEY) ?? config.window.quietMs).toBe(quietAfter);
  });

  it("waits on for announced writes only up to the window's deadline", () => {
    const [state] = reduceAll([arrive(1, 0), quietEnded(60, { announced: 9 }), arrive(2, 400), quietEnded(460, { announced: 8 })]);
    const [next, out] = reduceWindows(state, { kind: "deadline", key: KEY, now: 3000 }, config);
    expect(said(out)).toEqual(["cancel", "waits -2", "run [1,2]"]);
    expect(next.open.size).toBe(0);
  });
});
