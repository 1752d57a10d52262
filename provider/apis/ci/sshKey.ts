/**
 * `svc.ci.SshKey`: an additional SSH key a project's jobs use for a host.
 * The API can add and remove such keys but not read them: the fingerprint is
 * computed here from the private key, and drift cannot be detected.
 */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { privateKeyFingerprints, privateKeyProblem, sameKey, sampleSshKey } from "./keys";
import { FINGERPRINT_FORM, PROJECT_PATH, hostname, projectShape } from "./names";

export const sshKeyArgs = z.object({
  ...projectShape,
  hostname: hostname.meta({ description: "The host the key is for, e.g. `deploy.example.com`." }),
  // The value is a secret: messages never echo it.
  privateKey: z
    .string()
    .superRefine((value, context) => {
      const problem = privateKeyProblem(value);
      if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
    })
    .meta({ description: "The private key, PEM or OpenSSH format, unencrypted. Always a Pulumi secret; never in logs or messages." }),
});
export type SshKeyArgs = z.infer<typeof sshKeyArgs>;

const sshKeyWire = z.looseObject({ hostname: z.string(), privateKey: z.string(), fingerprint: z.string() });

export const sshKey = declare<SshKeyArgs, z.infer<typeof sshKeyWire>>({
  module: "ci",
  name: "SshKey",
  api: "ci",
  args: sshKeyArgs,
  immutable: ["vcsType", "username", "project", "hostname", "privateKey"],
  id: {
    format: "{vcsType}/{username}/{project}/{hostname}/{fingerprint}",
    importFormats: [],
    serverAssigned: ["fingerprint"],
    serverAssignedForms: { fingerprint: FINGERPRINT_FORM },
  },
  paths: { collection: `${PROJECT_PATH}/ssh-key`, item: `${PROJECT_PATH}/ssh-key` },
  wire: sshKeyWire,
  toCreateBody: ({ hostname, privateKey }) => ({ hostname, private_key: privateKey }),
  toState: (key) => ({ hostname: key.hostname, privateKey: key.privateKey, fingerprint: key.fingerprint }),
  update: "none",
  equal: { privateKey: sameKey },
  importable: false,
  steps: {
    create: {
      // There is no read endpoint to settle an unknown outcome with, so the add must be safe to
      // repeat — and it is: the service keys SSH keys by hostname and fingerprint, so adding the
      // same key for the same host again changes nothing (no duplicate), while not repeating it
      // after a lost answer could leave the key out (lost) with nothing to notice it.
      repeat: "idempotent",
      answer: "ignored",
      toWire: (_answer, { hostname, privateKey }) => ({ hostname, privateKey, fingerprint: privateKeyFingerprints(privateKey).md5 }),
    },
    // No read endpoint: the state is all there is to know.
    read: "stored",
    // Deleting a key that is already gone answers 200, so a repeat after a lost answer is harmless.
    delete: {
      method: "DELETE",
      repeat: "idempotent",
      bodyFromState: { fingerprint: "fingerprint", hostname: "hostname" },
    },
  },
  outputs: {
    fingerprint: z.string().meta({ description: "The md5 fingerprint of the key, colon-separated hex, as the API and `ssh-keygen -l -E md5` show it." }),
  },
  secretOutputs: ["privateKey"],
  adoption: { never: "the API never returns a key's private part, which the resource needs" },
  docs: {
    summary:
      "An additional SSH key of a CI project, used by its jobs for one host.\n\n" +
      "The API can add and remove such keys but cannot read them: the fingerprint is computed locally from the private key, " +
      "a refresh cannot see a key deleted outside Pulumi (drift is not detected), and the resource cannot be imported. " +
      "Every change replaces the key. A key that does not parse (or is encrypted) fails at `preview`.",
    example:
      'new svc.ci.SshKey("deploy", { vcsType: "vcs-a", username: "acme", project: "api",\n' +
      '  hostname: "deploy.example.com", privateKey: config.requireSecret("deployKey") });',
  },
  // The project is one the emulator seeds; the keys are made when the samples are first read.
  samples: {
    inputs: {
      vcsType: "vcs-a",
      username: "acme",
      project: "api-service",
      hostname: "deploy.example.com",
      get privateKey() {
        return sampleSshKey(0);
      },
    },
    names: ["hostname"],
    updates: [],
    replacements: [
      { vcsType: "vcs-b" },
      { username: "other-org" },
      { project: "monorepo" },
      { hostname: "deploy2.example.com" },
      {
        get privateKey() {
          return sampleSshKey(1);
        },
      },
    ],
  },
});
