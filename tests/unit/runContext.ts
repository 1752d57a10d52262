/** A run context for unit tests of the executor's entries: a client, a large budget, a process of its own (its polls on the test's clock). */
import { EngineProcess } from "../../provider/engine/batching/engineProcess";
import type { RunContext } from "../../provider/engine/executor/context";
import type { PollEntry } from "../../provider/engine/kinds";
import type { PollKind } from "../../provider/google/poll";
import type { ApiClient } from "../../provider/http/client";
import { testBudget } from "../support/budget";

export interface TestClock {
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

export function runContext(client: ApiClient, options: { log?: (message: string) => void; clock?: TestClock } = {}): RunContext {
  return {
    client,
    identity: {},
    log: options.log ?? (() => undefined),
    budget: testBudget(),
    process: new EngineProcess(options.clock === undefined ? {} : { polls: options.clock }),
  };
}

/** A poll entry of `kind` for the work at `template` (`{id}` the work's id), bounded by `timeoutMs` as an opt-in wait when given. */
export function pollEntry(kind: PollKind, template: string, timeoutMs?: number): PollEntry {
  return {
    kind: "poll",
    poll: kind,
    template,
    request: { method: "GET", path: template, schema: kind.schema, sent: "untilDone", waits: kind.schedule },
    ...(timeoutMs !== undefined && { timeoutMs }),
    objectAnswer: kind.pollsTheObject === true,
  };
}
