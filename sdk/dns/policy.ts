import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";
import type { TargetNameServer } from "./managedZone";

/** The arguments of a {@link Policy}. */
export interface PolicyArgs {
  /** The project. Defaults to `svc:project` / `SVC_PROJECT`. Changing it replaces the policy. */
  project?: pulumi.Input<string>;
  /** The policy's name: lowercase letters, digits and dashes. Changing it replaces the policy. */
  name: pulumi.Input<string>;
  /** A description of up to 1024 characters. */
  description?: pulumi.Input<string>;
  /** Whether the networks accept inbound DNS forwarding. */
  enableInboundForwarding?: pulumi.Input<boolean>;
  /** Whether queries are logged. */
  enableLogging?: pulumi.Input<boolean>;
  /** The networks the policy applies to. */
  networks?: pulumi.Input<pulumi.Input<{ networkUrl: pulumi.Input<string> }>[]>;
  /** Alternative name servers that answer instead of the default resolver. */
  alternativeNameServerConfig?: pulumi.Input<{ targetNameServers: pulumi.Input<pulumi.Input<TargetNameServer>[]> }>;
}

/**
 * A DNS server policy for networks. Updated in place with PATCH. The API
 * refuses to delete a policy networks still use: destroy detaches them first.
 * Import with `{ import: "projects/{project}/policies/{name}" }`, `{project}/{name}` or `{name}`.
 */
export class Policy extends SvcResource {
  /** The project. */
  declare public readonly project: pulumi.Output<string>;
  /** The policy's name. */
  declare public readonly name: pulumi.Output<string>;
  /** The description. */
  declare public readonly description: pulumi.Output<string>;
  /** Whether inbound forwarding is on. */
  declare public readonly enableInboundForwarding: pulumi.Output<boolean>;
  /** Whether logging is on. */
  declare public readonly enableLogging: pulumi.Output<boolean>;
  /** The networks it applies to. */
  declare public readonly networks: pulumi.Output<{ networkUrl: string }[]>;
  /** Alternative name servers, when set. */
  declare public readonly alternativeNameServerConfig: pulumi.Output<unknown>;
  /** The server-assigned id. */
  declare public readonly policyId: pulumi.Output<string>;

  /**
   * @param name The Pulumi resource name.
   * @param args The policy's properties.
   * @param opts Resource options; `import` adopts an existing policy.
   */
  constructor(name: string, args: PolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      {
        module: "dns",
        name: "Policy",
        inputs: ["project", "name", "description", "enableInboundForwarding", "enableLogging", "networks", "alternativeNameServerConfig"],
        outputs: ["policyId"],
      },
      name,
      args,
      opts,
    );
  }
}
