import type { ApiCall } from "../../api";
import { pathParam } from "../../api";
import { notFound } from "../../google/errors";
import type { DnsStore, ZoneEntry } from "./state";

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

/** The zone a call names by name or id (`managedZone`), or 404. */
export function requireZone(context: DnsContext, call: ApiCall): ZoneEntry {
  const project = pathParam(call, "project");
  const nameOrId = pathParam(call, "managedZone");
  const entry = context.store.findZone(project, nameOrId);
  if (entry === undefined) throw notFound("parameters.managedZone", nameOrId);
  return entry;
}
