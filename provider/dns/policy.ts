/**
 * `svc.dns.Policy`: a DNS server policy applied to networks. The API refuses
 * to delete a policy that networks still use, so delete detaches them first.
 */
import { z } from "zod";
import { declare, type HookContext } from "../engine/declaration";
import { fillTemplate } from "../engine/template";
import { ApiError } from "../http/errors";
import { projectId, zoneName } from "./names";
import { networks, targetNameServers } from "./shapes";
import { API_PREFIX, withoutKinds } from "./wire";

export const policyArgs = z.object({
  project: projectId.optional(),
  name: zoneName,
  description: z.string().max(1024, { error: "must be at most 1024 characters" }).default(""),
  enableInboundForwarding: z.boolean().optional(),
  enableLogging: z.boolean().optional(),
  networks: networks.optional(),
  alternativeNameServerConfig: z.object({ targetNameServers }).optional(),
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

async function detachNetworks(context: HookContext): Promise<void> {
  await context.client.send({ method: "PATCH", path: fillTemplate(ITEM, context.identity), body: { networks: [] } });
}

export const policy = declare<PolicyArgs, z.infer<typeof policyWire>>({
  module: "dns",
  name: "Policy",
  api: "dns",
  args: policyArgs,
  immutable: ["project", "name"],
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
  update: "PATCH",
  equal: {
    // Unset booleans are false on the server.
    enableInboundForwarding: (a, b) => (a ?? false) === (b ?? false),
    enableLogging: (a, b) => (a ?? false) === (b ?? false),
  },
  lifecycle: {
    delete: async (state, context) => {
      const path = fillTemplate(ITEM, context.identity);
      if (Array.isArray(state["networks"]) && state["networks"].length > 0) await detachNetworks(context);
      try {
        await context.client.send({ method: "DELETE", path });
      } catch (error) {
        // Networks attached outside Pulumi since the last refresh: detach them too, then delete.
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        await detachNetworks(context);
        await context.client.send({ method: "DELETE", path });
      }
    },
  },
  outputs: ["policyId"],
});
