// Adopting CI objects that already exist: a project follow and a checkout key.
//
// Configuration: vcsType (default "vcs-a"), org, project, keyType (default
// "deploy-key") and keyFingerprint, the md5 fingerprint of the existing key
// (as `getCheckoutKeys` or the CI service shows it).
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const vcsType = config.get<"vcs-a" | "vcs-b">("vcsType") ?? "vcs-a";
const username = config.require("org");
const project = config.require("project");

const follow = new svc.ci.ProjectFollow("follow", { vcsType, username, project }, { import: `${vcsType}/${username}/${project}` });

const key = new svc.ci.CheckoutKey(
  "existing-key",
  { vcsType, username, project, type: config.get<"deploy-key" | "vcs-user-key">("keyType") ?? "deploy-key" },
  { import: `${vcsType}/${username}/${project}/${config.require("keyFingerprint")}` },
);

export const followed = follow.followed;
export const keyId = key.id;
export const publicKey = key.publicKey;
