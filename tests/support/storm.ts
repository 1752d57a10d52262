/**
 * The fault storm's kinds (tests/emulator/storm.test.ts): for each, what the emulator does while a
 * step runs (its faults, emulator/faults.ts; for a wait that never ends, its speed), worked out from
 * the step's plan, which also says where a kind applies; and the provider process a storm runs in,
 * which counts at the wire every attempt a step sends. A kind goes as deep as a step can take and
 * still end as it would: every request fails all but its last allowed attempt, a loop's write is
 * refused all but its last round (an access policy's three rounds: below); a POST's 5xx and a lost
 * answer come once.
 */
import type { SpeedSettings } from "../../emulator/speed";
import type { FaultKind } from "../../emulator/recorder";
import { RELAY_POLICY, type RelayPolicy } from "../../provider/engine/batching/relay";
import { ENTRY_KINDS, kindOf, type PlanEntry } from "../../provider/engine/kinds";
import { requestsOf } from "../../provider/engine/plan/requests";
import { LOOPS, RATE_LIMITED_ATTEMPTS, REQUEST_ATTEMPTS, type LoopName } from "../../provider/http/retryTable";
import { ProviderRuntime } from "../../provider/runtime";
import type { FaultSettings } from "./emulatorControl";

export const STORM_KINDS = ["429", "5xx", "POST 5xx", "lost answer", "stale etag", "refused", "never done"] as const;
export type StormKind = (typeof STORM_KINDS)[number];

/** What the emulator does to a step in the storm: its faults, and its speed (how long a write stays pending). */
export interface Weather {
  readonly faults?: FaultSettings;
  readonly speed?: SpeedSettings;
  /** The emulator's name of the faults it injects (none: a wait that never ends injects none). */
  readonly injects?: FaultKind;
}

/** The plan's entries with those nested in others: a create's, an adoption's, a joined write's alone, a detach before a refused write goes again. */
export function flatPlan(plan: readonly PlanEntry[]): PlanEntry[] {
  return plan.flatMap((entry) => [entry, ...flatPlan(nestedIn(entry))]);
}

/** The entries inside an entry, as its kind's descriptor says. */
function nestedIn(entry: PlanEntry): readonly PlanEntry[] {
  return kindOf(ENTRY_KINDS, entry).nested?.(entry) ?? [];
}

/** The loops of the plan that send a write again after a refusal as stale, by the retry table's names. */
function etagLoops(entries: readonly PlanEntry[]): LoopName[] {
  return entries.flatMap((entry) => [...(kindOf(ENTRY_KINDS, entry).loops?.(entry) ?? [])]);
}

/**
 * How often a loop's write is refused as stale: all but its last round, but three times for a loop
 * that pauses for contention between rounds (an access policy's: up to 2 s a pause, 5 s in all for
 * its eight rounds, which the storm cannot spend on every IAM step).
 */
const staleRefusals = (loop: LoopName): number => (LOOPS[loop].pause === "contention" ? 3 : LOOPS[loop].attempts - 1);

/** Whether the plan waits for work the service finishes after answering (a poll, a change settled and then served). */
const waits = (entries: readonly PlanEntry[]): boolean =>
  entries.some((entry) => entry.kind === "poll" || (entry.kind === "settled" && entry.waits !== undefined));

/** A planned path as the emulator's path prefix (below the API's `base`): up to its first part known only at run time (a server-assigned id). */
const prefixOf = (base: string, path: string): string => `${base}/${path.split(/\{|<|_svcplan_/)[0] ?? ""}`;

/** An hour, the emulator's longest: past every deadline of the retry table. */
const FOREVER_MS = 3_600_000;

/** Where a step's requests go in the emulator: its API's base path; with `together`, writes of one zone joined into atomic changes (`changes`, their path). */
export interface StormedAt {
  readonly base: string;
  readonly together?: { readonly changes: string };
}

/** What the storm of `kind` does to a step of `plan`; undefined where the kind does not apply. */
export function weatherOf(kind: StormKind, plan: readonly PlanEntry[], { base, together }: StormedAt): Weather | undefined {
  const entries = flatPlan(plan);
  const requests = requestsOf(plan, { alone: true });
  const stormed = (methods: readonly string[]): boolean => together !== undefined || requests.some((request) => methods.includes(request.method));
  switch (kind) {
    case "429":
      // Every rule sends any request again after a rate limit, up to the table's attempts.
      return stormed(["GET", "POST", "PUT", "PATCH", "DELETE"])
        ? { faults: { rate429: 1, retryAfterSeconds: 0, perRequest: RATE_LIMITED_ATTEMPTS - 1 }, injects: "rateLimited" }
        : undefined;
    case "5xx": {
      // The methods whose repeat rules send them again after a 5xx; a POST's rule is its own (a create is never repeated blindly).
      const methods = ["GET", "PUT", "PATCH", "DELETE"];
      const attempts = Math.min(REQUEST_ATTEMPTS.read.attempts, REQUEST_ATTEMPTS.idempotent.attempts);
      return stormed(methods) ? { faults: { rate5xx: 1, status5xx: 503, methods, perRequest: attempts - 1 }, injects: "serverError" } : undefined;
    }
    case "POST 5xx":
      // Each POST fails once before it is processed: a read as POST goes again, a create's outcome is unknown (read first, then sent again).
      return stormed(["POST"]) ? { faults: { rate5xx: 1, status5xx: 503, methods: ["POST"], perRequest: 1 }, injects: "serverError" } : undefined;
    case "lost answer": {
      // The step's first write lands, and its answer is lost.
      const write = together === undefined ? requests.find((request) => request.method !== "GET" && request.repeat !== "read") : { method: "POST", path: "" };
      if (write === undefined) return undefined;
      const pathPrefix = together?.changes ?? prefixOf(base, write.path);
      return { faults: { lostResponseRate: 1, methods: [write.method], pathPrefix, count: 1 }, injects: "lostResponse" };
    }
    case "stale etag": {
      // Refused as stale all but the last round of the shortest of its loops.
      const loops = etagLoops(entries);
      if (loops.length === 0) return undefined;
      return { faults: { staleEtagRate: 1, perRequest: Math.min(...loops.map(staleRefusals)) }, injects: "staleEtag" };
    }
    case "refused": {
      // Every joint change refused, down to each write alone; a write refused because something is attached, once: detached, then sent again.
      if (together !== undefined) return { faults: { refusedRate: 1, methods: ["POST"], pathPrefix: together.changes }, injects: "refused" };
      const refusable = entries.find((entry) => entry.kind === "send" && entry.whenRefused !== undefined);
      if (refusable?.kind !== "send" || refusable.whenRefused === undefined) return undefined;
      const { request, whenRefused } = refusable;
      return {
        faults: {
          refusedRate: 1,
          refusedReason: whenRefused.reason,
          methods: [request.method],
          pathPrefix: prefixOf(base, request.path),
          perRequest: LOOPS.refused.attempts - 1,
        },
        injects: "refused",
      };
    }
    case "never done":
      return waits(entries) || together !== undefined ? { speed: { changePropagationMs: FOREVER_MS } } : undefined;
  }
}

/**
 * Whether a write's unknown outcome ends the step by the plan: a create of an object that cannot be
 * read back or listed (a watch channel) has no way to tell whether it landed, so its failure stands
 * (its ownership record says so to svc-recover) rather than risk a second object.
 */
export const unsettled = (plan: readonly PlanEntry[]): boolean =>
  flatPlan(plan).some((entry) => entry.kind === "reconcile" && entry.settle === undefined && entry.listBefore === undefined);

/**
 * A provider process for the storm of `kind`: its clients' fetch counts what is sent (while `on`),
 * without waiting between attempts. In a storm of waits that never end, the polls run on a clock
 * that moves only when they pause (their deadlines pass at once, after every check the schedule
 * makes), and the relay of a zone's changes on its policy shrunk a thousandfold (its test knob).
 */
export function stormProcess(kind: StormKind): { readonly runtime: ProviderRuntime; on(yes: boolean): void; sent(): number } {
  let storming = false;
  let sent = 0;
  let now = 0;
  const relay = Object.fromEntries(
    Object.entries(RELAY_POLICY).map(([name, value]) => [name, name === "gapsOfPatience" ? value : value / 1000]),
  ) as unknown as RelayPolicy;
  const runtime = new ProviderRuntime({
    client: {
      sleep: async () => undefined,
      log: () => undefined,
      fetch: async (input, init) => {
        if (storming) sent++;
        return fetch(input instanceof Request ? input : new Request(input, init));
      },
    },
    ...(kind === "never done" && {
      engine: {
        relay,
        polls: {
          now: () => now,
          sleep: async (ms: number) => {
            now += ms;
          },
        },
      },
    }),
  });
  return { runtime, on: (yes) => (storming = yes), sent: () => sent };
}
