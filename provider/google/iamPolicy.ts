/**
 * The IAM policy of Google APIs (`:getIamPolicy`, `:setIamPolicy` on a resource): its wire shape,
 * its read, and the normal form of its bindings. The read-modify-write cycle is a plan entry
 * (engine/kinds/ `policy`), run by the executor.
 */
import { z } from "zod";

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
