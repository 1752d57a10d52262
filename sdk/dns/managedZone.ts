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
  /** For a private zone: the networks (and GKE clusters) that can see it. */
  privateVisibilityConfig?: pulumi.Input<{
    networks?: pulumi.Input<pulumi.Input<{ networkUrl: pulumi.Input<string> }>[]>;
    gkeClusters?: pulumi.Input<pulumi.Input<{ gkeClusterName: pulumi.Input<string> }>[]>;
  }>;
  /** For a forwarding zone: the name servers queries are forwarded to (each with ipv4Address or ipv6Address). */
  forwardingConfig?: pulumi.Input<{ targetNameServers: pulumi.Input<pulumi.Input<TargetNameServer>[]> }>;
  /** For a peering zone: the network whose DNS answers queries. */
  peeringConfig?: pulumi.Input<{ targetNetwork: pulumi.Input<{ networkUrl: pulumi.Input<string> }> }>;
  /** DNSSEC: `state` `off`, `on` or `transfer`, and optionally `nonExistence` `nsec` or `nsec3`. */
  dnssecConfig?: pulumi.Input<{ state: pulumi.Input<"off" | "on" | "transfer">; nonExistence?: pulumi.Input<"nsec" | "nsec3"> }>;
  /**
   * Delete the zone's record sets (not the apex SOA and NS) before deleting the
   * zone. Without it, deleting a zone that still holds record sets fails and
   * nothing is lost. Client-side only; changing it sends no request.
   */
  forceDestroy?: pulumi.Input<boolean>;
}

/** A name server that queries are forwarded to. */
export interface TargetNameServer {
  /** Its IPv4 address. */
  ipv4Address?: pulumi.Input<string>;
  /** Its IPv6 address. */
  ipv6Address?: pulumi.Input<string>;
  /** `default` (Internet for public addresses) or `private` (always through the VPC). */
  forwardingPath?: pulumi.Input<"default" | "private">;
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
  /** Private visibility settings, when set. */
  declare public readonly privateVisibilityConfig: pulumi.Output<unknown>;
  /** Forwarding settings, when set. */
  declare public readonly forwardingConfig: pulumi.Output<unknown>;
  /** Peering settings, when set. */
  declare public readonly peeringConfig: pulumi.Output<unknown>;
  /** DNSSEC settings, when set. */
  declare public readonly dnssecConfig: pulumi.Output<{ state: string; nonExistence?: string } | undefined>;
  /** Whether destroy deletes the zone's record sets first. */
  declare public readonly forceDestroy: pulumi.Output<boolean>;
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
        inputs: [
          "project", "name", "dnsName", "description", "visibility", "labels", "cloudLoggingConfig",
          "privateVisibilityConfig", "forwardingConfig", "peeringConfig", "dnssecConfig", "forceDestroy",
        ],
        outputs: ["managedZoneId", "nameServers", "creationTime"],
      },
      name,
      args,
      opts,
    );
  }
}
