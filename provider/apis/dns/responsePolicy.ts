/** `svc.dns.ResponsePolicy`: a set of rules that override DNS answers for networks and GKE clusters. */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { projectId, zoneName } from "./names";
import { gkeClusters, labels, networks } from "./shapes";
import { API_PREFIX, withoutKinds } from "./wire";
import { DNS_PAGING } from "./service";

export const responsePolicyArgs = z.object({
  project: projectId.optional().meta({ description: "The project. Defaults to `svc:project` / `SVC_PROJECT`." }),
  responsePolicyName: zoneName.meta({ description: "The policy's name: lowercase letters, digits and dashes." }),
  description: z.string().max(1024, { error: "must be at most 1024 characters" }).optional().meta({ description: "A description of up to 1024 characters." }),
  networks: networks.optional().meta({ description: "The networks the policy applies to. A network holds one response policy." }),
  gkeClusters: gkeClusters.optional().meta({ description: "The GKE clusters the policy applies to." }),
  labels: labels.optional().meta({ description: "Labels: lowercase keys and values of up to 63 characters." }),
});
export type ResponsePolicyArgs = z.infer<typeof responsePolicyArgs>;

const responsePolicyWire = z.looseObject({
  id: z.string().optional(),
  responsePolicyName: z.string(),
  description: z.string().optional(),
  networks: z.array(z.unknown()).optional(),
  gkeClusters: z.array(z.unknown()).optional(),
  labels: z.record(z.string(), z.string()).optional(),
});

const ITEM = `${API_PREFIX}/responsePolicies/{responsePolicyName}`;

export const responsePolicy = declare<ResponsePolicyArgs, z.infer<typeof responsePolicyWire>>({
  module: "dns",
  name: "ResponsePolicy",
  api: "dns",
  args: responsePolicyArgs,
  immutable: ["project", "responsePolicyName"],
  // A network has one response policy: the new one can only bind it once the old one is gone.
  deleteBeforeReplace: true,
  projectScoped: true,
  id: {
    format: "projects/{project}/responsePolicies/{responsePolicyName}",
    importFormats: ["{project}/{responsePolicyName}", "{responsePolicyName}"],
  },
  paths: { collection: `${API_PREFIX}/responsePolicies`, item: ITEM },
  wire: responsePolicyWire,
  toCreateBody: ({ project: _project, ...policy }) => policy,
  toState: (policy) => ({
    responsePolicyName: policy.responsePolicyName,
    description: policy.description ?? "",
    networks: withoutKinds(policy.networks ?? []),
    gkeClusters: withoutKinds(policy.gkeClusters ?? []),
    labels: policy.labels ?? {},
    responsePolicyId: policy.id,
  }),
  update: { send: "PATCH", answer: { member: "responsePolicy" } },
  // The API refuses to delete a response policy networks or clusters still use.
  steps: { detachBeforeDelete: { fields: ["networks", "gkeClusters"], inUseReason: "resourceInUseByAnotherResource" } },
  outputs: {
    responsePolicyId: z.string().meta({ description: "The server-assigned id." }),
  },
  adoption: {
    list: { path: `${API_PREFIX}/responsePolicies`, field: "responsePolicies", paging: DNS_PAGING },
    scope: { flag: "project", pattern: "{project}", example: "my-project" },
    identity: { responsePolicyName: "responsePolicyName" },
    naming: "{responsePolicyName}",
  },
  docs: {
    summary:
      "A response policy: rules (`svc.dns.ResponsePolicyRule`) that override DNS answers for networks and GKE clusters. " +
      "The API refuses to delete a response policy networks or clusters still use: destroy detaches them first.",
    example:
      'const overrides = new svc.dns.ResponsePolicy("overrides", { responsePolicyName: "overrides",\n' +
      '  networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/my-project/global/networks/default" }] });',
  },
  samples: {
    inputs: {
      responsePolicyName: "conformance-overrides",
      networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp" }],
    },
    names: ["responsePolicyName"],
    updates: [
      { description: "Changed in place" },
      { networks: [{ networkUrl: "https://www.googleapis.com/compute/v1/projects/corp-net/global/networks/corp-eu" }] },
      { gkeClusters: [{ gkeClusterName: "projects/corp-net/locations/europe-west1/clusters/apps" }] },
      { labels: { team: "platform" } },
    ],
    replacements: [{ project: "other-project" }, { responsePolicyName: "other-overrides" }],
  },
});
