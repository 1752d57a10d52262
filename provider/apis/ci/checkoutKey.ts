/** `svc.ci.CheckoutKey`: a deploy key or user key a project uses to check out its code. */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { sharedListing } from "../../engine/declaration/steps";
import { publicKeyFingerprints } from "./keys";
import { excerpt } from "../../engine/declaration/excerpt";
import { FINGERPRINT_FORM, PROJECT_PATH, projectShape } from "./names";

export const checkoutKeyArgs = z.object({
  ...projectShape,
  type: z
    .enum(["deploy-key", "vcs-user-key"], {
      error: (issue) => `must be "deploy-key" or "vcs-user-key"; got ${excerpt(issue.input)}`,
    })
    .meta({ description: "`deploy-key` (read access to this repository) or `vcs-user-key` (the user's access)." }),
});
export type CheckoutKeyArgs = z.infer<typeof checkoutKeyArgs>;

const checkoutKeyWire = z.looseObject({
  public_key: z.string(),
  type: z.string(),
  fingerprint: z.string(),
  preferred: z.boolean().optional(),
  time: z.string().optional(),
});

export const checkoutKey = declare<CheckoutKeyArgs, z.infer<typeof checkoutKeyWire>>({
  module: "ci",
  name: "CheckoutKey",
  api: "ci",
  args: checkoutKeyArgs,
  immutable: ["vcsType", "username", "project", "type"],
  id: {
    format: "{vcsType}/{username}/{project}/{fingerprint}",
    importFormats: [],
    serverAssigned: ["fingerprint"],
    serverAssignedForms: { fingerprint: FINGERPRINT_FORM },
  },
  paths: {
    collection: `${PROJECT_PATH}/checkout-key`,
    item: `${PROJECT_PATH}/checkout-key/{fingerprint}`,
  },
  wire: checkoutKeyWire,
  toCreateBody: ({ type }) => ({ type }),
  toState: (key) => {
    // Fingerprints are computed from the key itself, so both forms cost no extra request.
    const fingerprints = publicKeyFingerprints(key.public_key);
    return {
      // Create and get say "user-key" where the list and the request say "vcs-user-key".
      type: key.type === "user-key" ? "vcs-user-key" : key.type,
      publicKey: key.public_key,
      fingerprint: fingerprints.md5,
      sha256Fingerprint: fingerprints.sha256,
      preferred: key.preferred ?? false,
      time: key.time ?? "",
    };
  },
  update: "none",
  steps: {
    // A create whose answer was lost is found in the project's key listing (the collection).
    findCreated: {},
    // A refresh reads every key at once: one listing of the project answers them (in either fingerprint form).
    read: sharedListing({
      path: `${PROJECT_PATH}/checkout-key`,
      entry: checkoutKeyWire,
      match: (key, identity) => {
        const { md5, sha256 } = publicKeyFingerprints(key.public_key);
        return identity["fingerprint"] === md5 || identity["fingerprint"] === sha256;
      },
    }),
  },
  outputs: {
    fingerprint: z.string().meta({ description: "The md5 fingerprint, colon-separated hex (the API's default form; part of the id)." }),
    sha256Fingerprint: z.string().meta({ description: "The sha256 fingerprint, `SHA256:` and base64, as `ssh-keygen -l` prints it." }),
    publicKey: z.string().meta({ description: "The public key in OpenSSH format." }),
    preferred: z.boolean().meta({ description: "Whether the project prefers this key." }),
    time: z.string().meta({ description: "When the key was issued (ISO 8601)." }),
  },
  adoption: {
    list: { path: `${PROJECT_PATH}/checkout-key` },
    scope: { flag: "project", pattern: "{vcsType}/{username}/{project}", example: "gh/my-org/my-repo" },
    identity: { fingerprint: "fingerprint" },
    naming: "{project}_{type}_key",
  },
  docs: {
    summary:
      "A checkout key of a CI project: the SSH key its jobs check code out with.\n\n" +
      "The API has no update: every change of an input replaces the key. A key deleted outside Pulumi disappears from the state on refresh. " +
      "Needs a personal (user) API token. Keys of one project are created one at a time, so that a create whose response was lost " +
      "is settled by comparing the key listing before and after: never a duplicate key.",
    example:
      'const key = new svc.ci.CheckoutKey("deploy", { vcsType: "vcs-a", username: "acme", project: "api", type: "deploy-key" });\n' +
      "export const fingerprint = key.fingerprint;",
  },
  // The project is one the emulator seeds (the API has no way to create one).
  samples: {
    inputs: { vcsType: "vcs-a", username: "acme", project: "api-service", type: "deploy-key" },
    updates: [],
    replacements: [{ vcsType: "vcs-b" }, { username: "other-org" }, { project: "monorepo" }, { type: "vcs-user-key" }],
  },
});
