/**
 * Access policy of a managed zone, three ways (as the Google provider offers
 * it): the whole policy (ManagedZoneIamPolicy), every member of one role
 * (ManagedZoneIamBinding), or one member of one role (ManagedZoneIamMember).
 *
 * Every change is a read-modify-write guarded by the policy's etag. Writes to
 * one zone are serialized within the deployment, and a stale etag (someone
 * else changed the policy meanwhile) restarts the cycle from a fresh read,
 * so concurrent changes are never overwritten.
 */
import { z } from "zod";
import { excerpt as show } from "../engine/excerpt";
import { declare, type HookContext } from "../engine/declaration";
import { fillTemplate } from "../engine/template";
import { ApiError } from "../http/errors";
import { projectId, zoneName } from "./names";
import { API_PREFIX } from "./wire";

/** A project id as `projectId` takes it, optionally domain-scoped ("example.com:my-project"). */
const PROJECT = "(?:[a-z][a-z0-9.-]*:)?[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?";
const ROLE_FORMS = [
  /^roles\/[A-Za-z][A-Za-z0-9_.]*$/,
  new RegExp(`^projects/(?:${PROJECT})/roles/[A-Za-z0-9_.]{3,64}$`),
  /^organizations\/\d+\/roles\/[A-Za-z0-9_.]{3,64}$/,
];

export const iamRole = z.string().refine((role) => ROLE_FORMS.some((form) => form.test(role)), {
  error: (issue) =>
    `must be a role: "roles/NAME" (e.g. "roles/dns.reader"), "projects/PROJECT/roles/NAME" or "organizations/ORG_ID/roles/NAME" (custom roles: 3-64 letters, digits, _ or .); got ${show(issue.input)}`,
})
  .meta({ description: "The role, e.g. `roles/dns.reader` (or a custom role `projects/<p>/roles/<r>`)." });

const EMAIL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+";
const DOMAIN = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+";

/** The member forms IAM documents for allow policies. */
const MEMBER_FORMS = [
  /^allUsers$/,
  /^allAuthenticatedUsers$/,
  new RegExp(`^(?:user|serviceAccount|group):${EMAIL}$`),
  new RegExp(`^domain:${DOMAIN}$`),
  // What IAM shows for a principal deleted after the grant; a read-modify-write sends it back.
  new RegExp(`^deleted:(?:user|serviceAccount|group):${EMAIL}\\?uid=\\d+$`),
  new RegExp(`^(?:projectOwner|projectEditor|projectViewer):(?:${PROJECT})$`),
  // Workload and workforce identity federation: principal://iam.googleapis.com/..., principalSet://...
  /^principal(?:Set)?:\/\/[A-Za-z0-9.-]+\/[^\s]+$/,
];

export const iamMember = z.string().refine((member) => MEMBER_FORMS.some((form) => form.test(member)), {
  error: (issue) =>
    `must be a member: "user:EMAIL", "serviceAccount:EMAIL", "group:EMAIL", "domain:DOMAIN", "allUsers", "allAuthenticatedUsers", ` +
    `"deleted:user:EMAIL?uid=N" (or serviceAccount/group), "projectOwner:PROJECT" (or projectEditor/projectViewer), "principal://..." or "principalSet://..."; got ${show(issue.input)}`,
});

const bindingWire = z.looseObject({ role: z.string(), members: z.array(z.string()).default([]), condition: z.unknown().optional() });
const policyWire = z.looseObject({
  version: z.number().optional(),
  // Every policy the API returns carries its etag; one without is not a policy (and writing back
  // without an etag would overwrite concurrent changes), so it is an unreadable answer.
  etag: z.string().min(1),
  bindings: z.array(bindingWire).optional(),
});
type IamPolicy = z.infer<typeof policyWire>;
type Binding = z.infer<typeof bindingWire>;

const ZONE = `${API_PREFIX}/managedZones/{managedZone}`;
const RMW_ATTEMPTS = 8;

/** Writes to one zone's policy, one at a time within this process. */
const zoneLocks = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = zoneLocks.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  zoneLocks.set(key, run.catch(() => undefined));
  return run;
}

async function getPolicy(context: HookContext): Promise<IamPolicy> {
  return context.client.send({
    method: "POST",
    path: `${fillTemplate(ZONE, context.identity)}:getIamPolicy`,
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
 * Reads the policy, applies `change` to its bindings and writes it back with
 * the etag it read; a 409/412 (stale etag) starts over from a fresh read.
 * The write is repeated by the HTTP layer after a 5xx or a lost answer: under
 * its etag a copy can only land once, and a copy sent after the first landed
 * gets a stale etag, so the next cycle reads the policy, finds the change in
 * place and ends without writing.
 */
async function modifyPolicy(context: HookContext, change: (bindings: Binding[]) => Binding[]): Promise<IamPolicy> {
  const key = fillTemplate(ZONE, context.identity);
  return oneAtATime(key, async () => {
    for (let attempt = 1; ; attempt++) {
      const current = await getPolicy(context);
      const conditional = (current.bindings ?? []).filter((binding) => binding.condition !== undefined);
      const unconditional = (current.bindings ?? []).filter((binding) => binding.condition === undefined);
      const before = JSON.stringify(normalizeBindings(unconditional));
      const bindings = change(structuredClone(unconditional));
      if (JSON.stringify(normalizeBindings(bindings)) === before) return current;
      try {
        return await context.client.send({
          method: "POST",
          path: `${key}:setIamPolicy`,
          body: { policy: { version: 3, etag: current.etag, bindings: [...bindings, ...conditional] } },
          repeat: "idempotent",
          schema: policyWire,
        });
      } catch (error) {
        const stale = error instanceof ApiError && (error.status === 409 || error.status === 412);
        if (!stale || attempt >= RMW_ATTEMPTS) throw error;
        context.log(`svc: the access policy of zone ${context.identity["managedZone"]} changed meanwhile; reading it again (attempt ${attempt + 1})`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2)));
      }
    }
  });
}

const zoneShape = {
  project: projectId.optional()
    .meta({ description: "The project. Defaults to `svc:project` / `SVC_PROJECT`." }),
  managedZone: zoneName
    .meta({ description: "The managed zone's name." }),
};
const bindingShape = z.object({
  role: iamRole,
  members: z.array(iamMember).min(1, { error: "must name at least one member" })
    .meta({ description: "Every member of the role, e.g. `user:jane@example.com`." }),
});

function sameMembers(a: unknown, b: unknown): boolean {
  const left = Array.isArray(a) ? [...new Set(a as string[])].sort() : [];
  const right = Array.isArray(b) ? [...new Set(b as string[])].sort() : [];
  return left.length === right.length && left.every((member, i) => member === right[i]);
}

function sameBindings(a: unknown, b: unknown): boolean {
  const norm = (value: unknown): string => JSON.stringify(normalizeBindings((Array.isArray(value) ? value : []) as Binding[]));
  return norm(a) === norm(b);
}

// --- ManagedZoneIamPolicy -------------------------------------------------------------

export const managedZoneIamPolicyArgs = z.object({ ...zoneShape, bindings: z.array(bindingShape)
  .meta({ description: "Every (unconditional) binding of the zone's policy: roles and their members, compared sorted." }) });
export type ManagedZoneIamPolicyArgs = z.infer<typeof managedZoneIamPolicyArgs>;

const wholePolicy = z.looseObject({ bindings: z.array(z.object({ role: z.string(), members: z.array(z.string()) })) });

export const managedZoneIamPolicy = declare<ManagedZoneIamPolicyArgs, z.infer<typeof wholePolicy>>({
  module: "dns",
  name: "ManagedZoneIamPolicy",
  api: "dns",
  args: managedZoneIamPolicyArgs,
  immutable: ["project", "managedZone"],
  projectScoped: true,
  id: { format: "projects/{project}/managedZones/{managedZone}", importFormats: ["{project}/{managedZone}", "{managedZone}"] },
  paths: { collection: ZONE, item: ZONE },
  wire: wholePolicy,
  toCreateBody: () => undefined,
  toState: (policy) => ({ bindings: normalizeBindings(policy.bindings) }),
  update: "PATCH",
  equal: { bindings: sameBindings },
  docs: {
    summary:
      "The whole access policy of a managed zone (authoritative: bindings not listed are removed; destroy leaves the zone with none). " +
      "Do not combine with `ManagedZoneIamBinding` or `ManagedZoneIamMember` on one zone. " +
      "Changes are read-modify-writes on the policy's etag, retried from a fresh read when someone else changed the policy meanwhile; " +
      "conditional bindings are left as they are.",
    example:
      'new svc.dns.ManagedZoneIamPolicy("access", { managedZone: zone.name,\n' +
      '  bindings: [{ role: "roles/dns.reader", members: ["group:readers@example.com"] }] });',
  },
  samples: {
    parents: [{ type: "dns:ManagedZone", inputs: { name: "access-zone", dnsName: "access.example." } }],
    inputs: { managedZone: "access-zone", bindings: [{ role: "roles/dns.reader", members: ["group:readers@example.com"] }] },
    updates: [
      {
        bindings: [
          { role: "roles/dns.admin", members: ["user:jane@example.com"] },
          { role: "roles/dns.reader", members: ["group:ops@example.com", "group:readers@example.com"] },
        ],
      },
    ],
    replacements: [{ project: "other-project" }, { managedZone: "other-zone" }],
  },
  lifecycle: {
    create: async ({ bindings }, context) => ({ bindings: normalizeBindings((await modifyPolicy(context, () => bindings)).bindings ?? []) }),
    read: async (_previous, context) => ({ bindings: normalizeBindings((await getPolicy(context)).bindings ?? []) }),
    update: async (_change, { bindings }, context) => {
      await modifyPolicy(context, () => bindings);
    },
    // Authoritative: removing the resource leaves the zone with no (unconditional) bindings.
    delete: async (_state, context) => {
      await modifyPolicy(context, () => []);
    },
  },
  outputs: {},
});

// --- ManagedZoneIamBinding ------------------------------------------------------------

export const managedZoneIamBindingArgs = z.object({ ...zoneShape, role: iamRole, members: z.array(iamMember).min(1, { error: "must name at least one member" })
  .meta({ description: "Every member of the role, e.g. `user:jane@example.com`; compared as a set." }) });
export type ManagedZoneIamBindingArgs = z.infer<typeof managedZoneIamBindingArgs>;

const roleWire = z.looseObject({ role: z.string(), members: z.array(z.string()) });

function membersOf(bindings: readonly Binding[], role: string): string[] | undefined {
  return normalizeBindings(bindings).find((binding) => binding.role === role)?.members;
}

export const managedZoneIamBinding = declare<ManagedZoneIamBindingArgs, z.infer<typeof roleWire>>({
  module: "dns",
  name: "ManagedZoneIamBinding",
  api: "dns",
  args: managedZoneIamBindingArgs,
  immutable: ["project", "managedZone", "role"],
  projectScoped: true,
  id: {
    format: "projects/{project}/managedZones/{managedZone} {role*}",
    importFormats: ["{project}/{managedZone} {role*}", "{managedZone} {role*}"],
  },
  paths: { collection: ZONE, item: ZONE },
  wire: roleWire,
  toCreateBody: () => undefined,
  toState: (binding) => ({ role: binding.role, members: [...binding.members].sort() }),
  update: "PATCH",
  equal: { members: sameMembers },
  docs: {
    summary:
      "Every member of one role on a managed zone (authoritative for that role; other roles are kept). " +
      "Bindings of several roles on one zone, applied in parallel, all survive.",
    example: 'new svc.dns.ManagedZoneIamBinding("readers", { managedZone: zone.name, role: "roles/dns.reader", members: ["group:readers@example.com"] });',
  },
  samples: {
    parents: [{ type: "dns:ManagedZone", inputs: { name: "access-zone", dnsName: "access.example." } }],
    inputs: { managedZone: "access-zone", role: "roles/dns.reader", members: ["group:readers@example.com"] },
    updates: [{ members: ["group:ops@example.com", "group:readers@example.com"] }],
    replacements: [{ project: "other-project" }, { managedZone: "other-zone" }, { role: "projects/other-project/roles/dnsAuditor" }],
  },
  lifecycle: {
    create: async ({ role, members }, context) => {
      const policy = await modifyPolicy(context, (bindings) => [...bindings.filter((b) => b.role !== role), { role, members }]);
      return { role, members: membersOf(policy.bindings ?? [], role) ?? [] };
    },
    read: async (previous, context) => {
      const role = String(previous["role"]);
      const members = membersOf((await getPolicy(context)).bindings ?? [], role);
      return members === undefined ? undefined : { role, members };
    },
    update: async (_change, { role, members }, context) => {
      await modifyPolicy(context, (bindings) => [...bindings.filter((b) => b.role !== role), { role, members }]);
    },
    delete: async (state, context) => {
      await modifyPolicy(context, (bindings) => bindings.filter((b) => b.role !== state["role"]));
    },
  },
  outputs: {},
});

// --- ManagedZoneIamMember -------------------------------------------------------------

export const managedZoneIamMemberArgs = z.object({ ...zoneShape, role: iamRole, member: iamMember
  .meta({ description: "The member, e.g. `user:jane@example.com`." }) });
export type ManagedZoneIamMemberArgs = z.infer<typeof managedZoneIamMemberArgs>;

const memberWire = z.looseObject({ role: z.string(), member: z.string() });

export const managedZoneIamMember = declare<ManagedZoneIamMemberArgs, z.infer<typeof memberWire>>({
  module: "dns",
  name: "ManagedZoneIamMember",
  api: "dns",
  args: managedZoneIamMemberArgs,
  immutable: ["project", "managedZone", "role", "member"],
  projectScoped: true,
  id: {
    format: "projects/{project}/managedZones/{managedZone} {role*} {member*}",
    importFormats: ["{project}/{managedZone} {role*} {member*}", "{managedZone} {role*} {member*}"],
  },
  paths: { collection: ZONE, item: ZONE },
  wire: memberWire,
  toCreateBody: () => undefined,
  toState: (grant) => ({ role: grant.role, member: grant.member }),
  update: "none",
  docs: {
    summary:
      "One member of one role on a managed zone (other members and roles are kept). " +
      "Members added in parallel all survive; removing one removes only it.",
    example: 'new svc.dns.ManagedZoneIamMember("jane", { managedZone: zone.name, role: "roles/dns.admin", member: "user:jane@example.com" });',
  },
  samples: {
    parents: [{ type: "dns:ManagedZone", inputs: { name: "access-zone", dnsName: "access.example." } }],
    inputs: { managedZone: "access-zone", role: "roles/dns.admin", member: "user:jane@example.com" },
    updates: [],
    replacements: [
      { project: "other-project" },
      { managedZone: "other-zone" },
      { role: "roles/dns.reader" },
      { member: "serviceAccount:deployer@other-project.iam.gserviceaccount.com" },
    ],
  },
  lifecycle: {
    create: async ({ role, member }, context) => {
      await modifyPolicy(context, (bindings) => {
        const existing = bindings.find((b) => b.role === role);
        if (existing === undefined) return [...bindings, { role, members: [member] }];
        if (!existing.members.includes(member)) existing.members.push(member);
        return bindings;
      });
      return { role, member };
    },
    read: async (previous, context) => {
      const role = String(previous["role"]);
      const member = String(previous["member"]);
      const members = membersOf((await getPolicy(context)).bindings ?? [], role) ?? [];
      return members.includes(member) ? { role, member } : undefined;
    },
    delete: async (state, context) => {
      await modifyPolicy(context, (bindings) =>
        bindings
          .map((b) => (b.role === state["role"] ? { ...b, members: b.members.filter((m) => m !== state["member"]) } : b))
          .filter((b) => b.members.length > 0),
      );
    },
  },
  outputs: {},
});
