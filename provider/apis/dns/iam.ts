/**
 * Access policy of a managed zone, three ways (as the Google provider offers
 * it): the whole policy (ManagedZoneIamPolicy), every member of one role
 * (ManagedZoneIamBinding), or one member of one role (ManagedZoneIamMember).
 *
 * Every step is the shared read-modify-write cycle on the zone's policy
 * (google/iamPolicy.ts: etag-guarded, serialized per zone, restarted on a
 * stale etag); each resource says only what its grant is (the policy hook).
 */
import { accessDropped, bindingDrops, memberDrops, policyDrops } from "./iamReview";
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";
import { declare } from "../../engine/declaration/declaration";
import { normalizeBindings, type Binding } from "../../google/iamPolicy";
import { projectId, zoneName } from "./names";
import { API_PREFIX } from "./wire";

export { normalizeBindings };

/** A project id as `projectId` takes it, optionally domain-scoped ("example.com:my-project"). */
const PROJECT = "(?:[a-z][a-z0-9.-]*:)?[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?";
const ROLE_FORMS = [
  /^roles\/[A-Za-z][A-Za-z0-9_.]*$/,
  new RegExp(`^projects/(?:${PROJECT})/roles/[A-Za-z0-9_.]{3,64}$`),
  /^organizations\/\d+\/roles\/[A-Za-z0-9_.]{3,64}$/,
];

export const iamRole = z
  .string()
  .refine((role) => ROLE_FORMS.some((form) => form.test(role)), {
    error: (issue) =>
      `must be a role: "roles/NAME" (e.g. "roles/dns.reader"), "projects/PROJECT/roles/NAME" or "organizations/ORG_ID/roles/NAME" (custom roles: 3-64 letters, digits, _ or .); got ${excerpt(issue.input)}`,
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
    `"deleted:user:EMAIL?uid=N" (or serviceAccount/group), "projectOwner:PROJECT" (or projectEditor/projectViewer), "principal://..." or "principalSet://..."; got ${excerpt(issue.input)}`,
});

const ZONE = `${API_PREFIX}/managedZones/{managedZone}`;
/** Where every IAM resource of a zone reads and writes: the zone's policy. */
const ZONE_POLICY = { resource: ZONE, label: "zone {managedZone}" };

const zoneShape = {
  project: projectId.optional().meta({ description: "The project. Defaults to `svc:project` / `SVC_PROJECT`." }),
  managedZone: zoneName.meta({ description: "The managed zone's name." }),
};
const bindingShape = z.object({
  role: iamRole,
  members: z
    .array(iamMember)
    .min(1, { error: "must name at least one member" })
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

export const managedZoneIamPolicyArgs = z.object({
  ...zoneShape,
  bindings: z.array(bindingShape).meta({ description: "Every (unconditional) binding of the zone's policy: roles and their members, compared sorted." }),
});
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
  toState: (policy) => ({ bindings: normalizeBindings(policy.bindings) }),
  update: "policy",
  equal: { bindings: sameBindings },
  adoption: { never: "svc-import writes one ManagedZoneIamBinding per role instead (a program should not hold both forms for one zone)" },
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
  hooks: {
    policy: {
      ...ZONE_POLICY,
      grant: (_bindings, { bindings }) => bindings,
      // Authoritative: removing the resource leaves the zone with no (unconditional) bindings.
      revoke: () => [],
      find: (bindings) => ({ bindings: normalizeBindings(bindings) }),
    },
  },
  outputs: {},
  review: [accessDropped(policyDrops)],
});

// --- ManagedZoneIamBinding ------------------------------------------------------------

export const managedZoneIamBindingArgs = z.object({
  ...zoneShape,
  role: iamRole,
  members: z
    .array(iamMember)
    .min(1, { error: "must name at least one member" })
    .meta({ description: "Every member of the role, e.g. `user:jane@example.com`; compared as a set." }),
});
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
  toState: (binding) => ({ role: binding.role, members: [...binding.members].sort() }),
  update: "policy",
  equal: { members: sameMembers },
  adoption: {
    list: { path: `${ZONE}:getIamPolicy`, method: "POST", field: "bindings" },
    under: { type: "dns:ManagedZone", from: { managedZone: "name" } },
    identity: { role: "role" },
    leaveOut: (binding) =>
      binding["condition"] !== undefined ? "a conditional binding: ManagedZoneIamBinding manages a role's unconditional members" : undefined,
    naming: "{managedZone}_{role}",
  },
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
  hooks: {
    policy: {
      ...ZONE_POLICY,
      grant: (bindings, { role, members }) => [...bindings.filter((b) => b.role !== role), { role, members }],
      revoke: (bindings, state) => bindings.filter((b) => b.role !== state["role"]),
      find: (bindings, known) => {
        const role = String(known["role"]);
        const members = membersOf(bindings, role);
        return members === undefined ? undefined : { role, members };
      },
    },
  },
  outputs: {},
  review: [accessDropped(bindingDrops)],
});

// --- ManagedZoneIamMember -------------------------------------------------------------

export const managedZoneIamMemberArgs = z.object({
  ...zoneShape,
  role: iamRole,
  member: iamMember.meta({ description: "The member, e.g. `user:jane@example.com`." }),
});
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
  toState: (grant) => ({ role: grant.role, member: grant.member }),
  update: "none",
  adoption: { never: "svc-import writes one ManagedZoneIamBinding per role instead (a program should not hold both forms for one zone)" },
  docs: {
    summary:
      "One member of one role on a managed zone (other members and roles are kept). " + "Members added in parallel all survive; removing one removes only it.",
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
  hooks: {
    policy: {
      ...ZONE_POLICY,
      grant: (bindings, { role, member }) => {
        const existing = bindings.find((b) => b.role === role);
        if (existing === undefined) return [...bindings, { role, members: [member] }];
        if (!existing.members.includes(member)) existing.members.push(member);
        return bindings;
      },
      revoke: (bindings, state) =>
        bindings
          .map((b) => (b.role === state["role"] ? { ...b, members: b.members.filter((m) => m !== state["member"]) } : b))
          .filter((b) => b.members.length > 0),
      find: (bindings, known) => {
        const role = String(known["role"]);
        const member = String(known["member"]);
        return (membersOf(bindings, role) ?? []).includes(member) ? { role, member } : undefined;
      },
    },
  },
  outputs: {},
  review: [accessDropped(memberDrops)],
});
