/**
 * The IAM read-modify-write cycle of Google APIs (`:getIamPolicy`,
 * `:setIamPolicy` on a resource): read the policy, change its unconditional
 * bindings, write it back under the etag read. Writes to one resource's
 * policy are serialized within the process, and a stale etag (someone else
 * changed the policy meanwhile) restarts the cycle from a fresh read, so
 * concurrent changes are never overwritten.
 */
import { z } from "zod";
import type { ApiClient } from "../http/client";
import { ApiError } from "../http/errors";
import { keyedLock } from "./keyedLock";

export const bindingWire = z.looseObject({ role: z.string(), members: z.array(z.string()).default([]), condition: z.unknown().optional() });
export const policyWire = z.looseObject({
  version: z.number().optional(),
  // Every policy the API returns carries its etag; one without is not a policy (and writing back
  // without an etag would overwrite concurrent changes), so it is an unreadable answer.
  etag: z.string().min(1),
  bindings: z.array(bindingWire).optional(),
});
export type IamPolicy = z.infer<typeof policyWire>;
export type Binding = z.infer<typeof bindingWire>;

/** Cycles in all before a policy that keeps changing under us is reported. */
const RMW_ATTEMPTS = 8;

export interface PolicyTarget {
  readonly client: ApiClient;
  /** The resource's path (encoded), e.g. `dns/v1/projects/p/managedZones/z`. */
  readonly resource: string;
  /** Words for the log, e.g. `zone prod`. */
  readonly label: string;
  readonly log: (message: string) => void;
}

export async function getPolicy({ client, resource }: Pick<PolicyTarget, "client" | "resource">): Promise<IamPolicy> {
  return client.send({
    method: "POST",
    path: `${resource}:getIamPolicy`,
    // Version 3 shows conditional bindings as they are, so a write can keep them intact.
    body: { options: { requestedPolicyVersion: 3 } },
    // A read sent as POST: repeated like a GET.
    repeat: "read",
    schema: policyWire,
  });
}

/** Sorted members of each role, roles sorted: the form state and diffs use. */
export function normalizeBindings(bindings: readonly Binding[]): Array<{ role: string; members: string[] }> {
  const byRole = new Map<string, Set<string>>();
  for (const binding of bindings) {
    if (binding.condition !== undefined) continue; // conditional bindings are not managed here
    const members = byRole.get(binding.role) ?? new Set<string>();
    for (const member of binding.members) members.add(member);
    byRole.set(binding.role, members);
  }
  return [...byRole.entries()]
    .filter(([, members]) => members.size > 0)
    .map(([role, members]) => ({ role, members: [...members].sort() }))
    .sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
}

/**
 * Reads the policy, applies `change` to its unconditional bindings and writes
 * it back with the etag it read; a 409/412 (stale etag) starts over from a
 * fresh read. The write is repeated by the HTTP layer after a 5xx or a lost
 * answer: under its etag a copy can only land once, and a copy sent after the
 * first landed gets a stale etag, so the next cycle reads the policy, finds
 * the change in place and ends without writing.
 */
export async function modifyPolicy(target: PolicyTarget, change: (bindings: Binding[]) => Binding[]): Promise<IamPolicy> {
  const { client, resource, label, log } = target;
  return keyedLock(`iam ${resource}`, async () => {
    for (let attempt = 1; ; attempt++) {
      const current = await getPolicy(target);
      const conditional = (current.bindings ?? []).filter((binding) => binding.condition !== undefined);
      const unconditional = (current.bindings ?? []).filter((binding) => binding.condition === undefined);
      const before = JSON.stringify(normalizeBindings(unconditional));
      const bindings = change(structuredClone(unconditional));
      if (JSON.stringify(normalizeBindings(bindings)) === before) return current;
      try {
        return await client.send({
          method: "POST",
          path: `${resource}:setIamPolicy`,
          body: { policy: { version: 3, etag: current.etag, bindings: [...bindings, ...conditional] } },
          repeat: "idempotent",
          schema: policyWire,
        });
      } catch (error) {
        const stale = error instanceof ApiError && (error.status === 409 || error.status === 412);
        if (!stale || attempt >= RMW_ATTEMPTS) throw error;
        log(`svc: the access policy of ${label} changed meanwhile; reading it again (attempt ${attempt + 1})`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2)));
      }
    }
  });
}
