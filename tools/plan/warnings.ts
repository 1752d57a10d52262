/** What a reviewer must not miss, from the changes the report lists. */
import type { ResourceChange, Warning } from "./schema";

interface Facts {
  readonly change: ResourceChange;
  readonly olds: Readonly<Record<string, unknown>>;
  readonly news: Readonly<Record<string, unknown>>;
}

type Members = ReadonlyMap<string, ReadonlySet<string>>;

/** Each role's members in a binding list (or one role's members). */
function membersOf(bindings: unknown): Members {
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

/** The members of `before` that `after` lacks, as "role: member" words. */
function dropped(before: Members, after: Members): string[] {
  const lost: string[] = [];
  for (const [role, members] of before) for (const member of members) if (after.get(role)?.has(member) !== true) lost.push(`${member} (${role})`);
  return lost;
}

function iamDrops({ change, olds, news }: Facts): string[] {
  const gone = change.operation === "delete" || change.operation === "replace";
  switch (change.type) {
    case "svc.dns.ManagedZoneIamPolicy":
      return dropped(membersOf(olds["bindings"]), gone ? new Map() : membersOf(news["bindings"]));
    case "svc.dns.ManagedZoneIamBinding": {
      const binding = (values: Readonly<Record<string, unknown>>): Members => membersOf([{ role: values["role"], members: values["members"] }]);
      return dropped(binding(olds), change.operation === "delete" ? new Map() : binding(news));
    }
    case "svc.dns.ManagedZoneIamMember":
      return gone ? [`${String(olds["member"])} (${String(olds["role"])})`] : [];
    default:
      return [];
  }
}

function quotaDecrease({ change, olds, news }: Facts): Warning | undefined {
  if (change.type !== "svc.quotas.QuotaPreference" || change.operation !== "update") return undefined;
  // An int64 is a number or a decimal string; anything else (a secret, a value not known yet) cannot be compared.
  const whole = (value: unknown): string | undefined =>
    typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)) ? String(value) : undefined;
  const [before, after] = [whole(olds["preferredValue"]), whole(news["preferredValue"])];
  if (before === undefined || after === undefined || BigInt(after) >= BigInt(before)) return undefined;
  return {
    urn: change.urn,
    kind: "quotaDecrease",
    message:
      `quota preference ${change.name} is decreased from ${before} to ${after}: the service refuses a value below ` +
      "current usage (or a large cut) unless ignoreSafetyChecks allows it, and a lower limit stops work beyond it",
  };
}

/** The warnings of one resource's change. */
export function warningsOf(facts: Facts): Warning[] {
  const { change, olds } = facts;
  const warnings: Warning[] = [];
  const gone = change.operation === "delete" || change.operation === "replace";
  const add = (kind: string, message: string): void => {
    warnings.push({ urn: change.urn, kind, message });
  };
  if (change.type === "svc.dns.ManagedZone" && change.operation === "replace") {
    add(
      "zoneReplaced",
      `zone ${change.name} is replaced (${change.replacedBecauseOf.join(", ")}): its record sets go with it and the new zone gets new name servers to delegate to`,
    );
  }
  if (change.type === "svc.dns.ManagedZone" && gone && olds["forceDestroy"] === true) {
    add("forceDestroy", `zone ${change.name} has forceDestroy: deleting it first deletes every record set in it, including those this stack does not manage`);
  }
  const decrease = quotaDecrease(facts);
  if (decrease !== undefined) warnings.push(decrease);
  const drops = iamDrops(facts);
  if (drops.length > 0) add("iamMembersDropped", `${change.type.replace("svc.", "")} ${change.name} drops ${drops.join(", ")} from the zone's access policy`);
  if (change.type === "svc.calendar.AclRule" && gone) {
    const scope = olds["scope"] as { type?: string; value?: string } | undefined;
    add(
      "aclRuleRemoved",
      `ACL rule ${change.name} is removed${change.operation === "replace" ? " and made anew" : ""}: ${scope?.type ?? "its scope"}${scope?.value === undefined ? "" : ` ${scope.value}`} loses its ${String(olds["role"])} access to calendar ${String(olds["calendarId"])}${change.operation === "replace" ? " until the new rule exists" : ""}`,
    );
  }
  if (change.type.endsWith("WatchChannel") && change.operation === "replace") {
    add(
      "channelRecreated",
      `watch channel ${change.name} is re-created: a new channel (new id and resource id) starts and the old one is stopped; receivers see a new sync message`,
    );
  }
  if (change.type === "svc.dns.RecordSet" && change.operation === "replace" && change.deleteFirst) {
    add(
      "recordsGap",
      `record set ${change.name} is deleted before its replacement is created (a CNAME cannot stand beside another type): ${String(olds["name"])} answers nothing in between`,
    );
  }
  return warnings;
}
