import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The zone an IAM resource applies to. */
interface ZoneRef {
  /** The project. Defaults to `svc:project` / `SVC_PROJECT`. */
  project?: pulumi.Input<string>;
  /** The managed zone's name. */
  managedZone: pulumi.Input<string>;
}

/** The arguments of a {@link ManagedZoneIamPolicy}. */
export interface ManagedZoneIamPolicyArgs extends ZoneRef {
  /** Every (unconditional) binding of the zone's policy: roles and their members. */
  bindings: pulumi.Input<pulumi.Input<{ role: pulumi.Input<string>; members: pulumi.Input<pulumi.Input<string>[]> }>[]>;
}

/** The arguments of a {@link ManagedZoneIamBinding}. */
export interface ManagedZoneIamBindingArgs extends ZoneRef {
  /** The role, e.g. `roles/dns.reader`. Changing it replaces the binding. */
  role: pulumi.Input<string>;
  /** Every member of the role, e.g. `user:jane@example.com`. Updated in place. */
  members: pulumi.Input<pulumi.Input<string>[]>;
}

/** The arguments of a {@link ManagedZoneIamMember}. */
export interface ManagedZoneIamMemberArgs extends ZoneRef {
  /** The role, e.g. `roles/dns.reader`. */
  role: pulumi.Input<string>;
  /** The member, e.g. `user:jane@example.com`. */
  member: pulumi.Input<string>;
}

/**
 * The whole access policy of a managed zone (authoritative: bindings not
 * listed are removed; destroy leaves the zone with none). Do not combine with
 * {@link ManagedZoneIamBinding} or {@link ManagedZoneIamMember} on one zone.
 * Changes are read-modify-writes on the policy's etag, retried from a fresh
 * read when someone else changed the policy meanwhile. Import with the zone's
 * id, `{project}/{zone}` or `{zone}`.
 */
export class ManagedZoneIamPolicy extends SvcResource {
  /** The project. */
  declare public readonly project: pulumi.Output<string>;
  /** The zone. */
  declare public readonly managedZone: pulumi.Output<string>;
  /** The bindings, roles and members sorted. */
  declare public readonly bindings: pulumi.Output<{ role: string; members: string[] }[]>;

  /**
   * @param name The Pulumi resource name.
   * @param args The zone and its bindings.
   * @param opts Resource options; `import` adopts the zone's current policy.
   */
  constructor(name: string, args: ManagedZoneIamPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super({ module: "dns", name: "ManagedZoneIamPolicy", inputs: ["project", "managedZone", "bindings"], outputs: [] }, name, args, opts);
  }
}

/**
 * Every member of one role on a managed zone (authoritative for that role;
 * other roles are kept). Bindings of several roles on one zone, applied in
 * parallel, all survive. Import with `"projects/{p}/managedZones/{z} roles/x"`.
 */
export class ManagedZoneIamBinding extends SvcResource {
  /** The project. */
  declare public readonly project: pulumi.Output<string>;
  /** The zone. */
  declare public readonly managedZone: pulumi.Output<string>;
  /** The role. */
  declare public readonly role: pulumi.Output<string>;
  /** The members, sorted. */
  declare public readonly members: pulumi.Output<string[]>;

  /**
   * @param name The Pulumi resource name.
   * @param args The zone, role and members.
   * @param opts Resource options; `import` adopts the role's binding.
   */
  constructor(name: string, args: ManagedZoneIamBindingArgs, opts?: pulumi.CustomResourceOptions) {
    super({ module: "dns", name: "ManagedZoneIamBinding", inputs: ["project", "managedZone", "role", "members"], outputs: [] }, name, args, opts);
  }
}

/**
 * One member of one role on a managed zone (other members and roles are
 * kept). Members added in parallel all survive; removing one removes only it.
 * Import with `"projects/{p}/managedZones/{z} roles/x user:jane@example.com"`.
 */
export class ManagedZoneIamMember extends SvcResource {
  /** The project. */
  declare public readonly project: pulumi.Output<string>;
  /** The zone. */
  declare public readonly managedZone: pulumi.Output<string>;
  /** The role. */
  declare public readonly role: pulumi.Output<string>;
  /** The member. */
  declare public readonly member: pulumi.Output<string>;

  /**
   * @param name The Pulumi resource name.
   * @param args The zone, role and member.
   * @param opts Resource options; `import` adopts an existing grant.
   */
  constructor(name: string, args: ManagedZoneIamMemberArgs, opts?: pulumi.CustomResourceOptions) {
    super({ module: "dns", name: "ManagedZoneIamMember", inputs: ["project", "managedZone", "role", "member"], outputs: [] }, name, args, opts);
  }
}
