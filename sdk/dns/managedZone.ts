import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The arguments of a {@link ManagedZone}. */
export interface ManagedZoneArgs {
  /** The project that owns the zone. Defaults to `svc:project` / `SVC_PROJECT`. Changing it replaces the zone. */
  project?: pulumi.Input<string>;
  /** The zone's name in the project: 1-63 lowercase letters, digits and dashes, starting with a letter. Changing it replaces the zone. */
  name: pulumi.Input<string>;
  /** The DNS name of the zone, fully qualified with a trailing dot, e.g. `example.com.`. Changing it replaces the zone. */
  dnsName: pulumi.Input<string>;
  /** A description of up to 1024 characters. */
  description?: pulumi.Input<string>;
  /** `public` (default) or `private`. Changing it replaces the zone. */
  visibility?: pulumi.Input<"public" | "private">;
  /** Labels: lowercase keys and values of up to 63 characters. */
  labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Whether queries to the zone are logged. */
  cloudLoggingConfig?: pulumi.Input<{ enableLogging: pulumi.Input<boolean> }>;
}

/**
 * A DNS managed zone: the container of a domain's record sets.
 *
 * The API creates the apex `SOA` and `NS` record sets with the zone; they are
 * not managed by this resource. Import with `{ import: "projects/{project}/managedZones/{name}" }`,
 * `{project}/{name}` or `{name}`.
 *
 * @example
 * ```ts
 * const zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });
 * export const nameServers = zone.nameServers;
 * ```
 */
export class ManagedZone extends SvcResource {
  /** The project that owns the zone. */
  declare public readonly project: pulumi.Output<string>;
  /** The zone's name in the project. */
  declare public readonly name: pulumi.Output<string>;
  /** The DNS name of the zone, with a trailing dot. */
  declare public readonly dnsName: pulumi.Output<string>;
  /** The description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** `public` or `private`. */
  declare public readonly visibility: pulumi.Output<"public" | "private">;
  /** The zone's labels. */
  declare public readonly labels: pulumi.Output<Record<string, string>>;
  /** Query logging settings, when set. */
  declare public readonly cloudLoggingConfig: pulumi.Output<{ enableLogging: boolean } | undefined>;
  /** The server-assigned numeric id of the zone. */
  declare public readonly managedZoneId: pulumi.Output<string>;
  /** The name servers to delegate the domain to. */
  declare public readonly nameServers: pulumi.Output<string[]>;
  /** When the zone was created (RFC 3339). */
  declare public readonly creationTime: pulumi.Output<string>;

  /**
   * @param name The Pulumi resource name.
   * @param args The zone's properties.
   * @param opts Resource options; `import` adopts an existing zone.
   */
  constructor(name: string, args: ManagedZoneArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      {
        module: "dns",
        name: "ManagedZone",
        inputs: ["project", "name", "dnsName", "description", "visibility", "labels", "cloudLoggingConfig"],
        outputs: ["managedZoneId", "nameServers", "creationTime"],
      },
      name,
      args,
      opts,
    );
  }
}
