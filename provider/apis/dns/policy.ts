/**
 * `svc.dns.Policy`: a DNS server policy applied to networks. The API refuses
 * to delete a policy that networks still use, so delete detaches them first.
 */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { projectId, zoneName } from "./names";
import { networks, targetNameServers } from "./shapes";
import { API_PREFIX, withoutKinds } from "./wire";
import { DNS_PAGING } from "./service";

export const policyArgs = z.object({
  project: projectId.optional().meta({ description: "The project. Defaults to `svc:project` / `SVC_PROJECT`." }),
  name: zoneName.meta({ description: "The policy's name: lowercase letters, digits and dashes." }),
  description: z.string().max(1024, { error: "must be at most 1024 characters" }).default("").meta({ description: "A description of up to 1024 characters." }),
  enableInboundForwarding: z.boolean().optional().meta({ description: "Whether the networks accept inbound DNS forwarding (unset is false)." }),
  enableLogging: z.boolean().optional().meta({ description: "Whether queries are logged (unset is false)." }),
  networks: networks.optional().meta({ description: "The networks the policy applies to. A network holds one policy." }),
  alternativeNameServerConfig: z
    .object({ targetNameServers })
    .optional()
    .meta({ description: "Alternative name servers that answer instead of the default resolver." }),
});
export type PolicyArgs = z.infer<typeof policyArgs>;

const policyWire = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  description: z.string().optional(),
  enableInboundForwarding: z.boolean().optional(),
  enableLogging: z.boolean().optional(),
  networks: z.array(z.unknown()).optional(),
  alternativeNameServerConfig: z.unknown().optional(),
});

const ITEM = `${API_PREFIX}/policies/{name}`;

export const policy = declare<PolicyArgs, z.infer<typeof policyWire>>({
  module: "dns",
  name: "Policy",
  api: "dns",
  args: policyArgs,
  immutable: ["project", "name"],
  // A network has one DNS server policy: the new policy can only bind it once the old one is gone.
  deleteBeforeReplace: true,
  projectScoped: true,
  id: { format: "projects/{project}/policies/{name}", importFormats: ["{project}/{name}", "{name}"] },
  paths: { collection: `${API_PREFIX}/policies`, item: ITEM },
  wire: policyWire,
  toCreateBody: ({ project: _project, ...policy }) => policy,
  toState: (policy) => ({
    name: policy.name,
    description: policy.description ?? "",
    enableInboundForwarding: policy.enableInboundForwarding ?? false,
    enableLogging: policy.enableLogging ?? false,
    networks: withoutKinds(policy.networks ?? []),
    alternativeNameServerConfig: withoutKinds(policy.alternativeNameServerConfig),
    policyId: policy.id,
  }),
  update: { send: "PATCH", answer: { member: "policy" } },
  equal: {
    // Unset booleans are false on the server.
    enableInboundForwarding: "falseWhenUnset",
    enableLogging: "falseWhenUnset",
  },
  // The API refuses to delete a policy networks still use (also ones attached outside Pulumi since the last refresh).
  steps: { detachBeforeDelete: { fields: ["networks"], inUseReason: "resourceInUseByAnotherResource" } },
  outputs: {
    policyId: z.string().meta({ description: "The server-assigned id." }),
  },
  adoption: {
    list: { path: `${API_PREFIX}/policies`, field: "policies", paging: DNS_PAGING },
    scope: { flag: "project", pattern: "{project}", example: "my-project" },
    identity: { name: "name" },
    naming: "policy_{name}",
  },
  docs: {
    summary:
      "A DNS server policy for networks. The API refuses to delete a policy networks still use: destroy detaches them first. " +
      "A network holds one policy, so a replacement deletes the old policy first.",
    example:
      'new svc.dns.Policy("inbound", { name: "inbound", enableInboundForwarding: true,\n' +
      '  networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/my-project/global/networks/default" }] });',
  },
  samples: {
    inputs: {
      name: "conformance-policy",
      description: "Made by the conformance run",
      networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp" }],
    },
    names: ["name"],
    updates: [
      { description: "Changed in place" },
      { enableInboundForwarding: true },
      { enableLogging: true },
      { networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp-eu" }] },
      { alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "10.0.0.54" }] } },
    ],
    replacements: [{ project: "other-project" }, { name: "other-policy" }],
  },
});
