/**
 * zod schemas of Cloud DNS policy and response-policy request bodies, strict as schemas.ts's
 * are: Google refuses unknown field names and ignores output-only ones.
 */
import { z } from "zod";
import { isDomainName } from "./domain-names";
import { ignoredOutputField, NETWORK_URL_PATTERN, GKE_CLUSTER_NAME_PATTERN, message, targetAddresses } from "./nested-schemas";
import { labels, MANAGED_ZONE_NAME_PATTERN, nullableOptional, optional, resourceRecordSetSchema } from "./schemas";

const policyNetwork = z.strictObject({ kind: ignoredOutputField, networkUrl: z.string().regex(NETWORK_URL_PATTERN) });

const targetNameServer = z
  .strictObject({
    kind: ignoredOutputField,
    ...targetAddresses,
    forwardingPath: z.enum(["default", "private"]).optional(),
  })
  // A target is one address, of one family.
  .refine((target) => (target.ipv4Address === undefined) !== (target.ipv6Address === undefined), {
    path: ["ipv4Address"],
  });

const alternativeNameServerConfig = z.strictObject({
  kind: ignoredOutputField,
  targetNameServers: z.array(targetNameServer).optional(),
  outboundEndpoints: z.array(message("dns#policyAlternativeNameServerConfigOutboundEndpoint", { name: z.string().min(1) })).optional(),
});

const dns64Config = z.strictObject({
  kind: ignoredOutputField,
  scope: z.strictObject({ kind: ignoredOutputField, allQueries: z.boolean().optional() }),
});

const policyMutableFields = {
  description: z.string().max(1024),
  enableInboundForwarding: z.boolean(),
  enableLogging: z.boolean(),
  networks: z.array(policyNetwork),
  alternativeNameServerConfig,
  dns64Config,
};

/** policies.create, and the merged result of a patch/update (checked again with this schema). */
export const policySchema = z.strictObject({
  kind: ignoredOutputField,
  id: ignoredOutputField,
  name: z.string().regex(MANAGED_ZONE_NAME_PATTERN),
  ...optional(policyMutableFields),
});

export type PolicyRequest = z.infer<typeof policySchema>;

/** policies.patch/update: null clears a field (PATCH); `name` may be sent if it is unchanged. */
export const policyUpdateSchema = z.strictObject({
  kind: ignoredOutputField,
  id: ignoredOutputField,
  name: z.string().nullable().optional(),
  ...nullableOptional(policyMutableFields),
});

export type PolicyUpdateRequest = z.infer<typeof policyUpdateSchema>;

const responsePolicyMutableFields = {
  description: z.string().max(1024),
  networks: z.array(policyNetwork),
  gkeClusters: z.array(z.strictObject({ kind: ignoredOutputField, gkeClusterName: z.string().regex(GKE_CLUSTER_NAME_PATTERN) })),
  labels,
};

export const responsePolicySchema = z.strictObject({
  kind: ignoredOutputField,
  id: ignoredOutputField,
  responsePolicyName: z.string().regex(MANAGED_ZONE_NAME_PATTERN),
  ...optional(responsePolicyMutableFields),
});

export type ResponsePolicyRequest = z.infer<typeof responsePolicySchema>;

export const responsePolicyUpdateSchema = z.strictObject({
  kind: ignoredOutputField,
  id: ignoredOutputField,
  responsePolicyName: z.string().nullable().optional(),
  ...nullableOptional(responsePolicyMutableFields),
});

export type ResponsePolicyUpdateRequest = z.infer<typeof responsePolicyUpdateSchema>;

/**
 * responsePolicyRules.create, and the merged result of a patch/update. The
 * "behavior or localData, not both" rule and the checks of the local data
 * against `dnsName` are in the handler.
 */
/** ResponsePolicyRuleLocalData has no `kind`. */
const localDataSchema = z.strictObject({ localDatas: z.array(resourceRecordSetSchema).optional() });

export const responsePolicyRuleSchema = z.strictObject({
  kind: ignoredOutputField,
  ruleName: z.string().regex(MANAGED_ZONE_NAME_PATTERN),
  dnsName: z.string().refine((name) => isDomainName(name, { allowWildcard: true })),
  behavior: z.enum(["behaviorUnspecified", "bypassResponsePolicy"]).optional(),
  localData: localDataSchema.optional(),
});

export type ResponsePolicyRuleRequest = z.infer<typeof responsePolicyRuleSchema>;

export const responsePolicyRuleUpdateSchema = z.strictObject({
  kind: ignoredOutputField,
  ruleName: z.string().nullable().optional(),
  dnsName: z.string().nullable().optional(),
  behavior: z.string().nullable().optional(),
  localData: localDataSchema.nullable().optional(),
});

export type ResponsePolicyRuleUpdateRequest = z.infer<typeof responsePolicyRuleUpdateSchema>;
