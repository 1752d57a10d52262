import type { DnsStore } from "./state";

/** What the DNS handlers need from the emulator around them. */
export interface DnsContext {
  store: DnsStore;
  now: () => Date;
  /** How long a new change reports `pending` before `done` (read at each change: the speed can change at run time). */
  readonly changeCompletionDelayMs: number;
  /** How long a managed-zone operation (patch/update) reports `pending` before `done`. */
  readonly operationCompletionDelayMs: number;
  /** The `user` of managed-zone operations (the emulator cannot tell who a token belongs to). */
  operationUser: string;
}
