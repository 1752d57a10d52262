/**
 * The requests of an access policy (a zone's IAM): its read, and its read-modify-write with a
 * change, which svc-plan shows as sent, what only the read knows marked. Pure.
 */
import { z } from "zod";
import { bindingWire, policyWire, type Binding } from "../../google/iamPolicy";
import type { Args, PolicyHook } from "../declaration/declaration";
import { fillTemplate, formatId } from "../declaration/template";
import { BINDINGS_READ, MEMBERS_READ, type PlannedRequest, type PolicyEntry } from "../kinds";

type Identity = Readonly<Record<string, string>>;

/** The stand-in role of the policy read's other bindings, when a grant is shown. */
const OTHER_ROLE = "roles/<another role read>";

/** The read of an access policy, as a read sent as POST. */
export function policyRead(resource: string): PlannedRequest {
  return { method: "POST", path: `${resource}:getIamPolicy`, body: { options: { requestedPolicyVersion: 3 } }, repeat: "read", schema: policyWire };
}

/** An access policy's read-modify-write with `change`; `shown` is the bindings a reader sees (from none). */
export function policyEntry(hook: PolicyHook<Args, unknown>, identity: Identity, change: (bindings: Binding[]) => Binding[], shown: unknown): PolicyEntry {
  const resource = fillTemplate(hook.resource, identity);
  return {
    kind: "policy",
    read: { ...policyRead(resource), note: "reads the policy and its etag" },
    write: {
      method: "POST",
      path: `${resource}:setIamPolicy`,
      body: { bindings: shown },
      described: true,
      repeat: "idempotent",
      schema: policyWire,
      note: "the policy read, with this change, under its etag (read again and redone when it changed meanwhile)",
    },
    change,
    label: formatId(hook.label, identity),
  };
}

/**
 * The bindings a grant writes, for a reader, as sent: built from the policy read, which only the read
 * knows. The grant is run on a stand-in for it, each of its roles and one other role holding the
 * members read (MEMBERS_READ): what the grant keeps of other roles is printed as BINDINGS_READ, what
 * it keeps of a role's members as MEMBERS_READ (a member added to those read), and what it writes
 * in full as written (a whole policy, a role's binding). Built from inputs not known yet (a
 * preview's), they may be no bindings: then they are said to be built at up, with why. A grant that
 * fails is an error of the step.
 */
export function shownGrant(hook: PolicyHook<Args, unknown>, args: Args): unknown {
  const alone = z.array(bindingWire).safeParse(hook.grant([], args));
  if (!alone.success) {
    const [issue] = alone.error.issues;
    return `(built from the inputs at up: ${issue === undefined ? "not bindings yet" : `${issue.path.join(".") || "the bindings"}: ${issue.message}`})`;
  }
  const roles = [...new Set(alone.data.map((binding) => binding.role))];
  const read: Binding[] = [OTHER_ROLE, ...roles].map((role) => ({ role, members: [MEMBERS_READ] }));
  return z
    .array(bindingWire)
    .parse(hook.grant(read, args))
    .map((binding) => (binding.role === OTHER_ROLE ? BINDINGS_READ : binding));
}
