/** `svc.ci.CheckoutKey`: a deploy key or user key a project uses to check out its code. */
import { z } from "zod";
import { declare } from "../engine/declaration";
import { fillTemplate } from "../engine/template";
import { publicKeyFingerprints } from "./keys";
import { PROJECT_PATH, projectShape } from "./names";

export const checkoutKeyArgs = z.object({
  ...projectShape,
  type: z.enum(["deploy-key", "vcs-user-key"], {
    error: (issue) => `must be "deploy-key" or "vcs-user-key"; got ${JSON.stringify(issue.input)}`,
  }),
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
  lifecycle: {
    list: async (_args, { client, identity }) => {
      // Validated: a listing that is not a list of keys must fail the settling, not count as "no keys".
      return client.send({ method: "GET", path: fillTemplate(`${PROJECT_PATH}/checkout-key`, identity), schema: z.array(checkoutKeyWire) });
    },
  },
  outputs: ["fingerprint", "sha256Fingerprint", "publicKey", "preferred", "time"],
});
