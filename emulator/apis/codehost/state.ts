/**
 * The code host's state: issues (the one thing a client creates), the
 * rate-limit windows of each caller, and the arrival log tests read to see
 * when requests came and how many were in flight.
 */
import { z } from "zod";
import { parseSnapshot } from "../../persistence/snapshot-schema";
import type { ApiStore } from "../../store";

export interface Issue {
  owner: string;
  repo: string;
  number: number;
  title: string;
  body: string | null;
  state: "open";
}

/** A primary window of one caller and resource: `used` requests until `resetMs` (a whole second). */
export interface PrimaryWindow {
  used: number;
  resetMs: number;
}

/** What the emulator made of one arriving request. */
export interface Arrival {
  method: string;
  path: string;
  /** Emulator clock, epoch milliseconds. */
  at: number;
  outcome: "admitted" | "primary" | "secondary";
  /** Which secondary limit refused it. */
  secondary?: "concurrency" | "points" | "creations";
}

const issuesSnapshot = z.object({
  issues: z.array(z.object({ owner: z.string(), repo: z.string(), number: z.int(), title: z.string(), body: z.string().nullable(), state: z.literal("open") })),
});

export class CodeHostStore implements ApiStore {
  issues: Issue[] = [];
  /** `caller resource` -> its window. */
  primary = new Map<string, PrimaryWindow>();
  /** `caller endpoint` -> [time, points] of the requests of the last minute. */
  points = new Map<string, Array<[number, number]>>();
  /** caller -> times of its content-creating requests of the last hour. */
  creations = new Map<string, number[]>();
  /** caller -> requests in flight. */
  inFlight = new Map<string, number>();
  /** The most requests in flight at once, all callers together, since the last reset. */
  peakInFlight = 0;
  arrivals: Arrival[] = [];

  reset(): void {
    this.issues = [];
    this.primary.clear();
    this.points.clear();
    this.creations.clear();
    this.inFlight.clear();
    this.peakInFlight = 0;
    this.arrivals = [];
  }

  /** Only the issues: the rate-limit windows and the arrival log describe the traffic, not objects. */
  snapshot(): unknown {
    return { issues: this.issues };
  }

  restore(snapshot: unknown): void {
    this.reset();
    this.issues = parseSnapshot(issuesSnapshot, snapshot, "codehost").issues;
  }

  userObjects(): Record<string, unknown[]> {
    return { issues: [...this.issues] };
  }

  totalInFlight(): number {
    let total = 0;
    for (const count of this.inFlight.values()) total += count;
    return total;
  }
}
