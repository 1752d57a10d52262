/**
 * The polls in progress of one provider process (its EngineProcess), by client and path: every
 * waiter of one piece of work (the resources of one change) shares one poll, and each check is
 * spent from the budget of every step waiting when it is sent (a waiter whose budget is spent stops
 * waiting, failing with it; the others go on). The poll itself, its checks and their pauses, is the
 * executor's (executor/polls.ts).
 */
import { setTimeout as defaultSleep } from "node:timers/promises";
import { Budget, type BudgetSpent } from "../../http/retry";

/** The clock and the sleep a poll waits with (tests pass their own). */
export interface PollClock {
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

const REAL_CLOCK: PollClock = { sleep: (ms) => defaultSleep(ms), now: Date.now };

/** A poll in progress: what it resolves to, and its waiters, each with its budget and how it is let go. */
interface InProgress {
  readonly done: Promise<unknown>;
  readonly waiters: Map<Budget, (error: BudgetSpent) => void>;
}

/** Polls in progress of one provider process, by client and path: every waiter of one piece of work shares one poll. */
export class Polls {
  private readonly inProgress = new Map<unknown, Map<string, InProgress>>();

  constructor(readonly clock: PollClock = REAL_CLOCK) {}

  /**
   * The poll of `path` by `client`, joined when it is in progress, else started by `poll` with the
   * shared budget (every waiter's, `budget` among them).
   */
  shared<T>(client: unknown, path: string, budget: Budget, poll: (budget: Budget) => Promise<T>): Promise<T> {
    let byPath = this.inProgress.get(client);
    if (byPath === undefined) {
      byPath = new Map();
      this.inProgress.set(client, byPath);
    }
    const progress = byPath.get(path) ?? this.start(client, byPath, path, budget, poll);
    return new Promise<T>((resolve, reject) => {
      progress.waiters.set(budget, reject);
      (progress.done as Promise<T>).then(resolve, reject).finally(() => progress.waiters.delete(budget));
    });
  }

  private start<T>(client: unknown, paths: Map<string, InProgress>, path: string, first: Budget, poll: (budget: Budget) => Promise<T>): InProgress {
    const waiters = new Map<Budget, (error: BudgetSpent) => void>();
    const shared = Budget.shared(first.owner, {
      budgets: () => waiters.keys(),
      spent: (waiter, error) => {
        waiters.get(waiter)?.(error);
        waiters.delete(waiter);
      },
    });
    const progress: InProgress = {
      waiters,
      done: poll(shared).finally(() => {
        paths.delete(path);
        if (paths.size === 0) this.inProgress.delete(client);
      }),
    };
    // Every waiter is told the outcome; the shared promise itself is not left unhandled when all have gone.
    progress.done.catch(() => undefined);
    paths.set(path, progress);
    return progress;
  }
}
