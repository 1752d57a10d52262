/**
 * The polls in progress of one provider process (its EngineProcess), by client and path: every
 * waiter of one piece of work (the resources of one change) shares one poll. The poll itself, its
 * checks and their pauses, is the executor's (executor/polls.ts).
 */
import { setTimeout as defaultSleep } from "node:timers/promises";

/** The clock and the sleep a poll waits with (tests pass their own). */
export interface PollClock {
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

const REAL_CLOCK: PollClock = { sleep: (ms) => defaultSleep(ms), now: Date.now };

/** Polls in progress of one provider process, by client and path: every waiter of one piece of work shares one poll. */
export class Polls {
  private readonly inProgress = new Map<unknown, Map<string, Promise<unknown>>>();

  constructor(readonly clock: PollClock = REAL_CLOCK) {}

  shared<T>(client: unknown, path: string, poll: () => Promise<T>): Promise<T> {
    let byPath = this.inProgress.get(client);
    if (byPath === undefined) {
      byPath = new Map();
      this.inProgress.set(client, byPath);
    }
    const existing = byPath.get(path);
    if (existing !== undefined) return existing as Promise<T>;
    const paths = byPath;
    const started = poll().finally(() => {
      paths.delete(path);
      if (paths.size === 0) this.inProgress.delete(client);
    });
    paths.set(path, started);
    return started;
  }
}
