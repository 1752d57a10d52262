/**
 * A made-up kind of plan entry, in one file as each kind of provider/engine/kinds/ is: `until`, a
 * wait that checks an object until its answer says it is ready, pausing between checks, at most
 * `checks` of them; the answer after it is the one before it (a wait changes nothing). All the
 * engine needs of it is its descriptor: added to the engine's registry (`withUntil`), the executor
 * runs it, svc-plan lists it, the budget counts its checks and the conformance recorder follows it
 * (tests/unit/entryKinds.test.ts). The engine's own kinds are in its registry by `npm run generate`.
 */
import { ENTRY_KINDS, entryKind, type PlanEntry, type PlannedRequest, type Registry } from "../../../provider/engine/kinds";

export interface UntilEntry {
  readonly kind: "until";
  /** The check, sent until its answer says `ready: true`. */
  readonly request: PlannedRequest;
  /** The most checks it makes; past them the step fails. */
  readonly checks: number;
  readonly pauseMs: number;
}

const ready = (answer: unknown): boolean => (answer as { ready?: unknown } | null)?.ready === true;

export const until = entryKind<UntilEntry>({
  async run(entry, previous, runner) {
    for (let check = 1; ; check++) {
      if (ready((await runner.send(entry.request)).value)) return previous;
      if (check >= entry.checks) throw new Error(`${entry.request.path} was not ready after ${entry.checks} checks`);
      await runner.sleep(entry.pauseMs);
    }
  },
  requests: (entry) => [entry.request],
  // Its checks are a wait's: its budget counts each once, not the worst case of its requests.
  worstCase: () => 0,
  budget: (entry) => entry.checks,
});

/** The engine's kinds and `until`. */
export const withUntil: Registry = { ...ENTRY_KINDS, until };

/** An `until` entry for the check of `path`, as a plan's entry (the engine's `PlanEntry` does not know the kind: only `withUntil` does). */
export const untilReady = (path: string, checks: number): PlanEntry =>
  ({
    kind: "until",
    request: { method: "GET", path, sent: "untilDone", note: "checked until it is ready" },
    checks,
    pauseMs: 1,
  }) satisfies UntilEntry as unknown as PlanEntry;
