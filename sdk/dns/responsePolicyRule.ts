import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** A record set a rule answers with. */
export interface LocalRecordSet {
  /** The owner name, fully qualified with a trailing dot. */
  name: pulumi.Input<string>;
  /** The record type (not SOA or NS). */
  type: pulumi.Input<string>;
  /** Time to live in seconds. */
  ttl?: pulumi.Input<number>;
  /** The record data. */
  rrdatas: pulumi.Input<pulumi.Input<string>[]>;
}

/** The arguments of a {@link ResponsePolicyRule}. Give exactly one of `localData` and `behavior`. */
export interface ResponsePolicyRuleArgs {
  /** The project. Defaults to `svc:project` / `SVC_PROJECT`. Changing it replaces the rule. */
  project?: pulumi.Input<string>;
  /** The response policy's name. Changing it replaces the rule. */
  responsePolicy: pulumi.Input<string>;
  /** The rule's name. Changing it replaces the rule. */
  ruleName: pulumi.Input<string>;
  /** The name the rule matches, fully qualified with a trailing dot (may start with `*.`). */
  dnsName: pulumi.Input<string>;
  /** `bypassResponsePolicy`: answer normally for this name. */
  behavior?: pulumi.Input<"behaviorUnspecified" | "bypassResponsePolicy">;
  /** The records to answer with. */
  localData?: pulumi.Input<{ localDatas: pulumi.Input<pulumi.Input<LocalRecordSet>[]> }>;
}

/**
 * One rule of a response policy. Updated in place with PATCH. Import with
 * `{ import: "projects/{project}/responsePolicies/{policy}/rules/{rule}" }`,
 * `{project}/{policy}/{rule}` or `{policy}/{rule}`.
 */
export class ResponsePolicyRule extends SvcResource {
  /** The project. */
  declare public readonly project: pulumi.Output<string>;
  /** The response policy. */
  declare public readonly responsePolicy: pulumi.Output<string>;
  /** The rule's name. */
  declare public readonly ruleName: pulumi.Output<string>;
  /** The name matched. */
  declare public readonly dnsName: pulumi.Output<string>;
  /** The behavior, when set. */
  declare public readonly behavior: pulumi.Output<string | undefined>;
  /** The local data, when set. */
  declare public readonly localData: pulumi.Output<{ localDatas: { name: string; type: string; ttl?: number; rrdatas: string[] }[] } | undefined>;

  /**
   * @param name The Pulumi resource name.
   * @param args The rule's properties.
   * @param opts Resource options; `import` adopts an existing rule.
   */
  constructor(name: string, args: ResponsePolicyRuleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      {
        module: "dns",
        name: "ResponsePolicyRule",
        inputs: ["project", "responsePolicy", "ruleName", "dnsName", "behavior", "localData"],
        outputs: [],
      },
      name,
      args,
      opts,
    );
  }
}
