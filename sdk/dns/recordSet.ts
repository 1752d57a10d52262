import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The arguments of a {@link RecordSet}. */
export interface RecordSetArgs {
  /** The project that owns the zone. Defaults to `svc:project` / `SVC_PROJECT`. Changing it replaces the record set. */
  project?: pulumi.Input<string>;
  /** The name of the managed zone the records belong to. Changing it replaces the record set. */
  managedZone: pulumi.Input<string>;
  /** The fully qualified owner name with a trailing dot, inside the zone's DNS name, e.g. `www.example.com.`. Changing it replaces the record set. */
  name: pulumi.Input<string>;
  /** The record type: A, AAAA, CAA, CNAME, MX, TXT, ... Changing it replaces the record set. */
  type: pulumi.Input<string>;
  /** Time to live in seconds (default 300). Updated in place. */
  ttl?: pulumi.Input<number>;
  /**
   * The record data, in the type's presentation format, e.g. `["192.0.2.1"]`.
   * Compared as a set in canonical form (order, TXT quoting, host-name case and
   * IPv6 spelling are no change). Updated in place through one atomic change,
   * so the name never goes without records. Give this or `routingPolicy`.
   */
  rrdatas?: pulumi.Input<pulumi.Input<string>[]>;
  /** Answers by location (`geo`), weight (`wrr`) or health (`primaryBackup`), instead of `rrdatas`. */
  routingPolicy?: pulumi.Input<RoutingPolicy>;
}

/** A routing policy: exactly one of `geo`, `wrr` or `primaryBackup`. */
export interface RoutingPolicy {
  /** Answers by the location of the query. */
  geo?: pulumi.Input<{
    items: pulumi.Input<pulumi.Input<{ location: pulumi.Input<string>; rrdatas?: pulumi.Input<pulumi.Input<string>[]> }>[]>;
    enableFencing?: pulumi.Input<boolean>;
  }>;
  /** Answers by weighted round robin. */
  wrr?: pulumi.Input<{ items: pulumi.Input<pulumi.Input<{ weight: pulumi.Input<number>; rrdatas?: pulumi.Input<pulumi.Input<string>[]> }>[]> }>;
  /** Primary targets with backups, by health (passed to the API as given). */
  primaryBackup?: pulumi.Input<Record<string, unknown>>;
  /** The health check that steers the policy. */
  healthCheck?: pulumi.Input<string>;
}

/**
 * The records of one name and type in a managed zone.
 *
 * Import with `{ import: "projects/{project}/managedZones/{zone}/rrsets/{name}/{type}" }`,
 * `{project}/{zone}/{name}/{type}` or `{zone}/{name}/{type}`.
 *
 * @example
 * ```ts
 * new svc.dns.RecordSet("www", { managedZone: zone.name, name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] });
 * ```
 */
export class RecordSet extends SvcResource {
  /** The project that owns the zone. */
  declare public readonly project: pulumi.Output<string>;
  /** The managed zone's name. */
  declare public readonly managedZone: pulumi.Output<string>;
  /** The owner name, with a trailing dot. */
  declare public readonly name: pulumi.Output<string>;
  /** The record type. */
  declare public readonly type: pulumi.Output<string>;
  /** Time to live in seconds. */
  declare public readonly ttl: pulumi.Output<number>;
  /** The record data. */
  declare public readonly rrdatas: pulumi.Output<string[]>;
  /** The routing policy, when set. */
  declare public readonly routingPolicy: pulumi.Output<unknown>;

  /**
   * @param name The Pulumi resource name.
   * @param args The record set's properties.
   * @param opts Resource options; `import` adopts an existing record set.
   */
  constructor(name: string, args: RecordSetArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      { module: "dns", name: "RecordSet", inputs: ["project", "managedZone", "name", "type", "ttl", "rrdatas", "routingPolicy"], outputs: [] },
      name,
      args,
      opts,
    );
  }
}
