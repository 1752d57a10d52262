/** What a change of zone access takes away from the zone's policy, for a reviewer (svc-plan's `iamMembersDropped`). */
import type { ReviewFacts, ReviewWarning } from "../../engine/declaration/review";

type Members = ReadonlyMap<string, ReadonlySet<string>>;

/** Each role's members in a binding list. */
export function membersByRole(bindings: unknown): Members {
  const roles = new Map<string, Set<string>>();
  if (!Array.isArray(bindings)) return roles;
  for (const binding of bindings as Array<{ role?: unknown; members?: unknown }>) {
    if (typeof binding.role !== "string" || !Array.isArray(binding.members)) continue;
    const members = roles.get(binding.role) ?? new Set<string>();
    for (const member of binding.members) if (typeof member === "string") members.add(member);
    roles.set(binding.role, members);
  }
  return roles;
}

/** The members of `before` that `after` lacks, as "member (role)" words. */
function dropped(before: Members, after: Members): string[] {
  const lost: string[] = [];
  for (const [role, members] of before) for (const member of members) if (after.get(role)?.has(member) !== true) lost.push(`${member} (${role})`);
  return lost;
}

/** The warning of one kind of zone access: `drops` says what a change takes away. */
export function accessDropped(drops: (facts: ReviewFacts) => string[]): ReviewWarning {
  return {
    kind: "iamMembersDropped",
    on: ["update", "replace", "delete"],
    says: (facts) => {
      const lost = drops(facts);
      return lost.length === 0 ? undefined : `${facts.type} ${facts.name} drops ${lost.join(", ")} from the zone's access policy`;
    },
  };
}

const gone = (facts: ReviewFacts): boolean => facts.operation === "delete" || facts.operation === "replace";

/** A whole policy: every member the new bindings lack (all of them when it goes). */
export const policyDrops = (facts: ReviewFacts): string[] =>
  dropped(membersByRole(facts.olds["bindings"]), gone(facts) ? new Map() : membersByRole(facts.news["bindings"]));

/** One role's binding: its members the new list lacks (all when it is deleted). */
export const bindingDrops = (facts: ReviewFacts): string[] => {
  const binding = (values: Readonly<Record<string, unknown>>): Members => membersByRole([{ role: values["role"], members: values["members"] }]);
  return dropped(binding(facts.olds), facts.operation === "delete" ? new Map() : binding(facts.news));
};

/** One member: itself, when it goes. */
export const memberDrops = (facts: ReviewFacts): string[] => (gone(facts) ? [`${String(facts.olds["member"])} (${String(facts.olds["role"])})`] : []);
