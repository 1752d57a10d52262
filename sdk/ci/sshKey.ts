import * as pulumi from "@pulumi/pulumi";
import { SvcResource } from "../internal/resource";

/** The arguments of an {@link SshKey}. */
export interface SshKeyArgs {
  /** `vcs-a` or `vcs-b`: the kind of source hosting of the project. */
  vcsType: pulumi.Input<"vcs-a" | "vcs-b">;
  /** The organization or user that owns the project. */
  username: pulumi.Input<string>;
  /** The project (repository) name. */
  project: pulumi.Input<string>;
  /** The host the key is for, e.g. `deploy.example.com`. */
  hostname: pulumi.Input<string>;
  /** The private key, PEM or OpenSSH format, unencrypted. Always stored as a Pulumi secret. */
  privateKey: pulumi.Input<string>;
}

/**
 * An additional SSH key of a CI project, used by its jobs for one host.
 *
 * The API can add and remove such keys but cannot read them: the fingerprint
 * is computed locally from the private key, a refresh cannot see a key deleted
 * outside Pulumi (drift is not detected), and the resource cannot be imported.
 * Every change replaces the key. The private key is a secret in the state and
 * never appears in logs or messages.
 *
 * @example
 * ```ts
 * new svc.ci.SshKey("deploy", { vcsType: "vcs-a", username: "acme", project: "api",
 *   hostname: "deploy.example.com", privateKey: config.requireSecret("deployKey") });
 * ```
 */
export class SshKey extends SvcResource {
  /** The kind of source hosting. */
  declare public readonly vcsType: pulumi.Output<"vcs-a" | "vcs-b">;
  /** The project's owner. */
  declare public readonly username: pulumi.Output<string>;
  /** The project's name. */
  declare public readonly project: pulumi.Output<string>;
  /** The host the key is for. */
  declare public readonly hostname: pulumi.Output<string>;
  /** The private key (secret). */
  declare public readonly privateKey: pulumi.Output<string>;
  /** The md5 fingerprint of the key, colon-separated hex, as the API and `ssh-keygen -l -E md5` show it. */
  declare public readonly fingerprint: pulumi.Output<string>;

  /**
   * @param name The Pulumi resource name.
   * @param args The key's properties.
   * @param opts Resource options.
   */
  constructor(name: string, args: SshKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      {
        module: "ci",
        name: "SshKey",
        inputs: ["vcsType", "username", "project", "hostname", "privateKey"],
        outputs: ["fingerprint"],
        secretOutputs: ["privateKey"],
      },
      name,
      { ...args, privateKey: pulumi.secret(args.privateKey) },
      opts,
    );
  }
}
