import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The arguments of a {@link ResponsePolicy}. */
export interface ResponsePolicyArgs {
  /** The project. Defaults to `svc:project` / `SVC_PROJECT`. Changing it replaces the policy. */
  project?: pulumi.Input<string>;
  /** The policy's name. Changing it replaces the policy. */
  responsePolicyName: pulumi.Input<string>;
  /** A description. */
  description?: pulumi.Input<string>;
  /** The networks it applies to. */
  networks?: pulumi.Input<pulumi.Input<{ networkUrl: pulumi.Input<string> }>[]>;
  /** The GKE clusters it applies to. */
  gkeClusters?: pulumi.Input<pulumi.Input<{ gkeClusterName: pulumi.Input<string> }>[]>;
  /** Labels. */
  labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * A response policy: rules ({@link ResponsePolicyRule}) that override DNS
 * answers for networks and GKE clusters. Updated in place with PATCH. The API
 * refuses to delete a policy that still has rules. Import with
 * `{ import: "projects/{project}/responsePolicies/{name}" }`, `{project}/{name}` or `{name}`.
 */
export class ResponsePolicy extends SvcResource {
  /** The project. */
  declare public readonly project: pulumi.Output<string>;
  /** The policy's name. */
  declare public readonly responsePolicyName: pulumi.Output<string>;
  /** The description. */
  declare public readonly description: pulumi.Output<string>;
  /** The networks. */
  declare public readonly networks: pulumi.Output<{ networkUrl: string }[]>;
  /** The GKE clusters. */
  declare public readonly gkeClusters: pulumi.Output<{ gkeClusterName: string }[]>;
  /** The labels. */
  declare public readonly labels: pulumi.Output<Record<string, string>>;
  /** The server-assigned id. */
  declare public readonly responsePolicyId: pulumi.Output<string>;

  /**
   * @param name The Pulumi resource name.
   * @param args The policy's properties.
   * @param opts Resource options; `import` adopts an existing policy.
   */
  constructor(name: string, args: ResponsePolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      {
        module: "dns",
        name: "ResponsePolicy",
        inputs: ["project", "responsePolicyName", "description", "networks", "gkeClusters", "labels"],
        outputs: ["responsePolicyId"],
      },
      name,
      args,
      opts,
    );
  }
}
