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
  /** The record data, in the type's presentation format, e.g. `["192.0.2.1"]`. Order does not matter. Updated in place. */
  rrdatas: pulumi.Input<pulumi.Input<string>[]>;
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

  /**
   * @param name The Pulumi resource name.
   * @param args The record set's properties.
   * @param opts Resource options; `import` adopts an existing record set.
   */
  constructor(name: string, args: RecordSetArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      { module: "dns", name: "RecordSet", inputs: ["project", "managedZone", "name", "type", "ttl", "rrdatas"], outputs: [] },
      name,
      args,
      opts,
    );
  }
}
