import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The arguments of a {@link CheckoutKey}. */
export interface CheckoutKeyArgs {
  /** `vcs-a` or `vcs-b`: the kind of source hosting of the project. */
  vcsType: pulumi.Input<"vcs-a" | "vcs-b">;
  /** The organization or user that owns the project. */
  username: pulumi.Input<string>;
  /** The project (repository) name. */
  project: pulumi.Input<string>;
  /** `deploy-key` (read access to this repository) or `vcs-user-key` (the user's access). */
  type: pulumi.Input<"deploy-key" | "vcs-user-key">;
}

/**
 * A checkout key of a CI project: the SSH key its jobs check code out with.
 *
 * The API has no update: every change of an input replaces the key. A key
 * deleted outside Pulumi disappears from the state on refresh. Needs a
 * personal (user) API token. Import with `{ import: "{vcsType}/{username}/{project}/{md5 fingerprint}" }`.
 *
 * @example
 * ```ts
 * const key = new svc.ci.CheckoutKey("deploy", { vcsType: "vcs-a", username: "acme", project: "api", type: "deploy-key" });
 * export const fingerprint = key.fingerprint;
 * ```
 */
export class CheckoutKey extends SvcResource {
  /** The kind of source hosting. */
  declare public readonly vcsType: pulumi.Output<"vcs-a" | "vcs-b">;
  /** The project's owner. */
  declare public readonly username: pulumi.Output<string>;
  /** The project's name. */
  declare public readonly project: pulumi.Output<string>;
  /** `deploy-key` or `vcs-user-key`. */
  declare public readonly type: pulumi.Output<"deploy-key" | "vcs-user-key">;
  /** The md5 fingerprint, colon-separated hex (the API's default form; part of the id). */
  declare public readonly fingerprint: pulumi.Output<string>;
  /** The sha256 fingerprint, `SHA256:` and base64, as `ssh-keygen -l` prints it. */
  declare public readonly sha256Fingerprint: pulumi.Output<string>;
  /** The public key in OpenSSH format. */
  declare public readonly publicKey: pulumi.Output<string>;
  /** Whether the project prefers this key. */
  declare public readonly preferred: pulumi.Output<boolean>;
  /** When the key was issued (ISO 8601). */
  declare public readonly time: pulumi.Output<string>;

  /**
   * @param name The Pulumi resource name.
   * @param args The key's properties.
   * @param opts Resource options; `import` adopts an existing key.
   */
  constructor(name: string, args: CheckoutKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      {
        module: "ci",
        name: "CheckoutKey",
        inputs: ["vcsType", "username", "project", "type"],
        outputs: ["fingerprint", "sha256Fingerprint", "publicKey", "preferred", "time"],
      },
      name,
      args,
      opts,
    );
  }
}
