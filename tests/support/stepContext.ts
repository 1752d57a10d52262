/**
 * The conformance step a request is sent in (conformanceChecks.ts `step` runs its work inside one),
 * for the recording client to note with what it records: the wire comparison
 * (tests/emulator/conformance-wire.test.ts) groups what was sent by step. Steps inside a step are
 * named by both, outer first.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string>();

/** Runs `work` as the step `what` (inside the step it is called from, if any). */
export function inStep<T>(what: string, work: () => Promise<T>): Promise<T> {
  const outer = current.getStore();
  return current.run(outer === undefined ? what : `${outer} / ${what}`, work);
}

/** The step the caller runs in; undefined outside every step. */
export function currentStep(): string | undefined {
  return current.getStore();
}
