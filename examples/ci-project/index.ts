// A CI project made ready for deployments: the user follows it, it gets
// checkout keys, and (when a private key is configured) an SSH key for the
// deploy host. The read-only functions report its build history.
//
// Configuration:
//   vcsType        "vcs-a" (default) or "vcs-b"
//   org, project   the project (required)
//   keyCount       how many checkout keys (default 1)
//   keyType        "deploy-key" (default) or "vcs-user-key"
//   sshHost        the deploy host (default "deploy.example.com")
//   sshPrivateKey  a private key, set with --secret (optional)
// The token comes from `svc:ciToken` (set it with --secret) or SVC_CI_TOKEN.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const vcsType = config.get<"vcs-a" | "vcs-b">("vcsType") ?? "vcs-a";
const username = config.require("org");
const project = config.require("project");
const keyCount = config.getNumber("keyCount") ?? 1;
const keyType = config.get<"deploy-key" | "vcs-user-key">("keyType") ?? "deploy-key";

const follow = new svc.ci.ProjectFollow("follow", { vcsType, username, project });

const keys = Array.from(
  { length: keyCount },
  (_, i) => new svc.ci.CheckoutKey(`checkout-key-${i}`, { vcsType, username, project, type: keyType }, { dependsOn: follow }),
);

const sshPrivateKey = config.getSecret("sshPrivateKey");
const deployKey =
  sshPrivateKey === undefined
    ? undefined
    : new svc.ci.SshKey("deploy-host", { vcsType, username, project, hostname: config.get("sshHost") ?? "deploy.example.com", privateKey: sshPrivateKey });

// Read after the follow, which may have started the project's first build.
const builds = follow.followed.apply(() => svc.ci.getProjectBuilds({ vcsType, username, project, allPages: true }));

export const firstBuildNumber = follow.firstBuildNumber;
export const fingerprints = keys.map((key) => key.fingerprint);
export const deployKeyFingerprint = deployKey?.fingerprint;
export const buildCount = builds.apply((all) => all.length);
export const newestBuild = builds.apply((all) => all[0]?.build_num);
