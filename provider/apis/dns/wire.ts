/**
 * Wire shapes of the DNS API (reference: dns-v1 discovery) and helpers shared
 * by the DNS declarations. Response schemas keep unknown fields: the API may
 * add some, and they must not fail a read. Paging, polling and IAM are the
 * shared Google helpers (provider/google/), with DNS's own parameters (service.ts).
 */
import { changeWire } from "./service";

export { changeWire };

export const API_PREFIX = "dns/v1/projects/{project}";

/** Where a zone's operations are read: the `wait` step's path (`{id}` is the operation's). */
export const ZONE_OPERATION = `${API_PREFIX}/managedZones/{name}/operations/{id}`;

/** Removes the `kind` markers the API puts on every object, which are no part of a resource's state. */
export function withoutKinds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKinds);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== "kind")
      .map(([key, member]) => [key, withoutKinds(member)]),
  );
}
