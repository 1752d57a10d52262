/**
 * Batching's machine (batching/machine.ts) as tables: the events that reach a state, one more
 * event, and the effects in words. One group of windows ("w", a zone's writes) and one relay
 * ("r"), with small numbers; the relay's phases and where the parts meet (saturation from a
 * parked holder, a quiet time decided from the occupancy, activity, a holder reading idleness).
 */
import {
  initialBatching,
  reduceBatching,
  type BatchingEffect,
  type BatchingEvent,
  type BatchingState,
  type MachineConfig,
} from "../../provider/engine/batching/machine";
import { RELAY_POLICY, WaitUnfinished, type RelayEvent } from "../../provider/engine/batching/relay";

const policy = {
  ...RELAY_POLICY,
  firstPatienceMs: 200,
  minPatienceMs: 50,
  maxPatienceMs: 2000,
  firstPauseMs: 400,
  maxPauseMs: 1600,
  reportAfterMs: 3000,
  timeoutMs: 10_000,
};
const config: MachineConfig = {
  windows: new Map([["w", { window: { quietMs: 60, minQuietMs: 2, maxQuietMs: 1000, maxWaitMs: 3000 }, admit: () => true, countsAnnounced: true }]]),
  relays: new Map([["r", { policy, describe: (key: string, count: number) => `${count} changes of ${key}` }]]),
};

type RelayCall = RelayEvent extends infer E ? (E extends unknown ? Omit<E, "now"> : never) : never;

const begin = (now: number): BatchingEvent => ({ kind: "begin", now });
const end = (now: number): BatchingEvent => ({ kind: "end", now });
const arrive = (item: number, now: number): BatchingEvent => ({ kind: "arrive", group: "w", key: "zone", item, now });
const quietEnds = (now: number): BatchingEvent => ({ kind: "windowTimer", group: "w", timer: "quiet", key: "zone", now });
const relay = (event: RelayCall, now: number): BatchingEvent => ({ kind: "relay", group: "r", event, now });
const settle = (id: string | undefined, holder: number, now: number): BatchingEvent => relay({ kind: "settle", key: "zone", id, context: "ctx", holder }, now);
const pledge = (now: number): BatchingEvent => relay({ kind: "pledge", key: "zone" }, now);
const patienceEnds = (holder: number, now: number): BatchingEvent => ({ kind: "relayTimer", group: "r", timer: "patience", key: "zone", holder, now });
const pauseEnds = (holder: number, now: number): BatchingEvent => ({ kind: "relayTimer", group: "r", timer: "pause", key: "zone", holder, now });
const checked = (holder: number, done: string[], now: number): BatchingEvent => relay({ kind: "checked", key: "zone", holder, done }, now);

function reached(events: readonly BatchingEvent[]): BatchingState {
  return events.reduce((state, event) => reduceBatching(state, event, config)[0], initialBatching);
}

/** The effects in words: `timer r|pause|zone 400 (service)`, `check [c1] for 1`, ... */
const said = (effects: readonly BatchingEffect[]): string[] =>
  effects.map((effect) => {
    switch (effect.kind) {
      case "timer":
        return `timer ${effect.name} ${effect.ms}${effect.clock === "service" ? " (service)" : ""}`;
      case "cancel":
        return `cancel ${effect.names.join(", ")}`;
      case "run":
        return `run ${effect.group} ${JSON.stringify(effect.items)}`;
      case "check":
        return `check ${JSON.stringify(effect.ids)} for ${effect.holder}`;
      case "release":
        return `release ${effect.holder}`;
      case "fail":
        return `fail ${effect.holder}: ${effect.error instanceof WaitUnfinished ? effect.error.message : String(effect.error)}`;
      case "log":
        return `log ${effect.message}`;
    }
  });

/** A zone's last write settles with change c1 at 0 ms, the engine running it and nothing else: it holds. */
const holding: BatchingEvent[] = [begin(0), pledge(0), settle("c1", 1, 0)];

describe("the relay's phases", () => {
  it.each<[string, BatchingEvent[], BatchingEvent, string[]]>([
    [
      "the last write settles with work outstanding: it holds, parked, and its patience looks every 10 ms",
      [begin(0), pledge(0)],
      settle("c1", 1, 0),
      ["timer r|patience|zone 10"],
    ],
    ["a write settles while another of the zone is on its way: it returns at once", [begin(0), pledge(0), pledge(0)], settle("c1", 1, 0), ["release 1"]],
    ["a write settles with nothing outstanding: it returns at once", [begin(0), pledge(0)], settle(undefined, 1, 0), ["release 1"]],
    ["the engine sends the zone's next write: the holder returns, its timers stop", holding, pledge(30), ["cancel r|patience|zone, r|pause|zone", "release 1"]],
    [
      "patience over, the engine idle, the change 10 ms old: the first check waits until it is 400 ms old",
      holding,
      patienceEnds(1, 10),
      ["timer r|pause|zone 390 (service)"],
    ],
    ["patience over, the change 500 ms old: it checks at once", holding, patienceEnds(1, 500), ['check ["c1"] for 1']],
    [
      "the engine busy elsewhere and the first patience (200 ms) not over: it looks again",
      [...holding, begin(5)],
      patienceEnds(1, 150),
      ["timer r|patience|zone 10"],
    ],
    ["the engine busy elsewhere, the first patience over: it checks", [...holding, begin(5)], patienceEnds(1, 500), ['check ["c1"] for 1']],
    [
      "the engine owes an update it announced: it waits for it up to the longest handover that counts",
      [{ kind: "announce", id: "b" }, ...holding],
      patienceEnds(1, 9_000),
      ["timer r|patience|zone 10"],
    ],
    ["the first pause ended: it checks", [...holding, patienceEnds(1, 10)], pauseEnds(1, 400), ['check ["c1"] for 1']],
    [
      "the check says c1 is done: the holder returns",
      [...holding, patienceEnds(1, 500)],
      checked(1, ["c1"], 520),
      ["cancel r|patience|zone, r|pause|zone", "release 1"],
    ],
    ["the check says c1 is not done: it pauses 400 ms", [...holding, patienceEnds(1, 500)], checked(1, [], 520), ["timer r|pause|zone 400 (service)"]],
    [
      "not done again: the pause doubles",
      [...holding, patienceEnds(1, 500), checked(1, [], 520), pauseEnds(1, 920)],
      checked(1, [], 940),
      ["timer r|pause|zone 800 (service)"],
    ],
    [
      "still not done 3 s after the first check: it says so, once",
      [...holding, patienceEnds(1, 500), checked(1, [], 520), pauseEnds(1, 920), checked(1, [], 940), pauseEnds(1, 1740), checked(1, [], 1760)],
      checked(1, [], 3600),
      ["log svc: waiting for 1 changes of zone to be done...", "timer r|pause|zone 1600 (service)"],
    ],
    [
      "past the deadline: the holder fails, naming the work",
      [...holding, patienceEnds(1, 500)],
      checked(1, [], 10_600),
      ["cancel r|patience|zone, r|pause|zone", "fail 1: 1 changes of zone not done after 10s"],
    ],
    [
      "the check failed: the holder fails with its error",
      [...holding, patienceEnds(1, 500)],
      relay({ kind: "checkFailed", key: "zone", holder: 1, error: "403 forbidden" }, 520),
      ["cancel r|patience|zone, r|pause|zone", "fail 1: 403 forbidden"],
    ],
    [
      "a check of a holder that left answers: the work is marked done, nobody is released twice",
      [...holding, patienceEnds(1, 500), pledge(510)],
      checked(1, ["c1"], 520),
      [],
    ],
    ["a timer of a holder that left does nothing", [...holding, pledge(5)], patienceEnds(1, 10), []],
  ])("%s", (_what, before, event, effects) => {
    expect(said(reduceBatching(reached(before), event, config)[1])).toEqual(effects);
  });

  it("a holder counts as parked until it leaves", () => {
    expect(reached(holding).occupancy.parked).toBe(1);
    expect(reached([...holding, pledge(5)]).occupancy.parked).toBe(0);
    expect(
      reached([...holding, pledge(5)])
        .relays.get("r")
        ?.get("zone")?.handoverMs,
    ).toBe(5);
  });
});

describe("where the parts meet", () => {
  /** The engine showed it runs two at once (both ended), then runs two again. */
  const twoShown: BatchingEvent[] = [begin(0), begin(0), end(0), end(0), begin(100), begin(100)];

  it.each<[string, BatchingEvent[], BatchingEvent, string[]]>([
    [
      "one of two running operations waits in a window: its quiet time and deadline start",
      twoShown,
      arrive(1, 100),
      ["timer w|deadline|zone 3000", "timer w|quiet|zone 60"],
    ],
    [
      "the other parks as a relay's holder: every running operation waits, at an unconfirmed level: the windows probe",
      [...twoShown, arrive(1, 100), pledge(100)],
      settle("c1", 1, 100),
      ["timer w|probe| 25", "timer r|patience|zone 10"],
    ],
    [
      "a quiet time ends with slots just ended and owed: the window waits on",
      [begin(0), begin(0), end(30), begin(40), arrive(1, 40), end(50)],
      quietEnds(60),
      ["timer w|quiet|zone 60"],
    ],
    [
      "a quiet time ends with the engine's update announced and none ended yet: the window waits on",
      [{ kind: "announce", id: "b" }, begin(0), arrive(1, 0)],
      quietEnds(60),
      ["timer w|quiet|zone 60"],
    ],
    [
      "a quiet time ends with nothing owed, announced or busy: the window goes",
      [begin(0), arrive(1, 0)],
      quietEnds(60),
      ["cancel w|quiet|zone, w|deadline|zone", "run w [1]"],
    ],
    [
      "the engine diffed a resource: the open window's quiet time starts again",
      [begin(0), arrive(1, 0)],
      { kind: "touch", now: 30 },
      ["timer w|quiet|zone 60"],
    ],
  ])("%s", (_what, before, event, effects) => {
    expect(said(reduceBatching(reached(before), event, config)[1])).toEqual(effects);
  });

  it("a probe that saw the engine send nothing confirms the level, and the windows go", () => {
    const state = reached([...twoShown, arrive(1, 100), pledge(100), settle("c1", 1, 100)]);
    const [next, effects] = reduceBatching(state, { kind: "windowTimer", group: "w", timer: "probe", key: "", now: 125 }, config);
    expect(said(effects)).toEqual(["cancel w|quiet|zone, w|deadline|zone", "run w [1]"]);
    expect(next.occupancy.confirmedParallelism).toBe(2);
    expect(next.occupancy.waiting).toBe(0);
  });
});
