/**
 * The Google provider's types (hashicorp/google, and google-beta, whose types have the same
 * names and attributes) that pulumi-svc manages. Attribute names and forms are the provider's
 * (google/services/dns and google/services/cloudquotas, and tpgiamresource for the zone IAM
 * types): ids and `managed_zone` as Terraform writes them, TTL a number, record data as the API
 * returns it, `effective_labels` beside the configured `labels`, IAM members as a set.
 */
import type { Attributes, TerraformMapping } from "./mapping";
import { camelDeep, lastSegment, terraformTxt, text, unset } from "./values";

const GOOGLE = ["google", "google-beta"];
/**
 * The zone each zone IAM type lives in, named by reference: said here, since the ids cannot say it
 * (a zone's IAM policy has the zone's own id) and `svc-import dns` never lists the member or the
 * policy. Their `managed_zone` is the zone's long name (`projects/p/managedZones/z`, as the
 * provider's IAM resources write it) or the name alone: the input is its last segment.
 */
const IN_ZONE = { type: "dns:ManagedZone", from: { managedZone: "name" } };
/** Every Google resource's Terraform-only settings and the outputs the provider computes. */
const TERRAFORM_OWN = ["id", "deletion_policy", "timeouts", "effective_labels", "terraform_labels"];

/** Record data of a type, as the API stores it: TXT and SPF quoted and split as the service splits them. */
function rrdatasOf(type: unknown, value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const strings = value.filter((item): item is string => typeof item === "string" && item !== "");
  return type === "TXT" || type === "SPF" ? strings.map(terraformTxt) : strings;
}

/**
 * The labels on the object: `effective_labels` (every label the service holds, the provider's
 * default labels and `goog-terraform-provisioned` among them), else `labels` (a state written
 * before the provider kept both). What the object holds is what an import reads.
 */
function liveLabels(attributes: Attributes): unknown {
  const effective = attributes["effective_labels"];
  return unset(effective) ? attributes["labels"] : effective;
}

/** A grant with an IAM condition: pulumi-svc keeps conditional bindings but does not manage them. */
function conditional(attributes: Attributes): string | undefined {
  return unset(attributes["condition"])
    ? undefined
    : "a conditional grant (IAM condition): pulumi-svc keeps conditional bindings as they are but does not manage them";
}

const healthChecked = (targets: unknown): unknown => (unset(targets) ? undefined : camelDeep((targets as unknown[])[0]));

/** A routed item (wrr or geo) in the API's form. */
function routedItems(items: unknown, type: unknown, extra: (item: Record<string, unknown>) => Record<string, unknown>): unknown[] | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  return items.map((item: Record<string, unknown>) => {
    const rrdatas = rrdatasOf(type, item["rrdatas"]);
    const targets = healthChecked(item["health_checked_targets"]);
    return { ...extra(item), ...(rrdatas !== undefined && { rrdatas }), ...(targets !== undefined && { healthCheckedTargets: targets }) };
  });
}

/** `routing_policy` (one block: wrr, geo or primary_backup, and a health check) in the API's form. */
function routingPolicyOf(attributes: Attributes): unknown {
  const block = (attributes["routing_policy"] as Array<Record<string, unknown>> | undefined)?.[0];
  if (block === undefined || unset(block)) return undefined;
  const type = attributes["type"];
  const wrr = routedItems(block["wrr"], type, (item) => ({ weight: item["weight"] }));
  const geo = routedItems(block["geo"], type, (item) => ({ location: item["location"] }));
  const backup = (block["primary_backup"] as Array<Record<string, unknown>> | undefined)?.[0];
  const healthCheck = unset(block["health_check"]) ? undefined : block["health_check"];
  return {
    ...(wrr !== undefined && { wrr: { items: wrr } }),
    ...(geo !== undefined && { geo: { items: geo, ...(block["enable_geo_fencing"] === true && { enableFencing: true }) } }),
    ...(backup !== undefined &&
      !unset(backup) && {
        primaryBackup: {
          primaryTargets: healthChecked(backup["primary"]),
          backupGeoTargets: {
            items: routedItems(backup["backup_geo"], type, (item) => ({ location: item["location"] })) ?? [],
            ...(backup["enable_geo_fencing_for_backups"] === true && { enableFencing: true }),
          },
          ...(typeof backup["trickle_ratio"] === "number" && backup["trickle_ratio"] !== 0 && { trickleTraffic: backup["trickle_ratio"] }),
        },
      }),
    ...(healthCheck !== undefined && { healthCheck }),
  };
}

/** A quota parent (`projects/p`, `folders/123`, `organizations/456`) as the one input it is. */
const parentPart =
  (kind: "projects" | "folders" | "organizations") =>
  (attributes: Attributes): string | undefined => {
    const match = /^(projects|folders|organizations)\/([^/]+)$/.exec(text(attributes["parent"]));
    return match?.[1] === kind ? match[2] : undefined;
  };

export const GOOGLE_MAPPINGS: readonly TerraformMapping[] = [
  {
    type: "google_dns_managed_zone",
    resource: "dns:ManagedZone",
    providers: GOOGLE,
    inputs: { labels: liveLabels, forceDestroy: null },
    ignore: [...TERRAFORM_OWN, "managed_zone_id", "name_servers", "creation_time", "force_destroy", "dnssec_config.kind", "dnssec_config.default_key_specs"],
    afterImport: (attributes) =>
      attributes["force_destroy"] === true
        ? ["forceDestroy: true (Terraform's force_destroy: client-side, so no import reads it; setting it sends no request)"]
        : [],
  },
  {
    type: "google_dns_record_set",
    resource: "dns:RecordSet",
    providers: GOOGLE,
    inputs: {
      managedZone: (attributes) => lastSegment(attributes["managed_zone"]),
      rrdatas: (attributes) => rrdatasOf(attributes["type"], attributes["rrdatas"]),
      routingPolicy: routingPolicyOf,
    },
    ignore: TERRAFORM_OWN,
  },
  {
    type: "google_dns_policy",
    resource: "dns:Policy",
    providers: GOOGLE,
    // dns64_config is computed (all_queries false unless set), and a setting pulumi-svc does not manage.
    ignore: [...TERRAFORM_OWN, "dns64_config"],
  },
  {
    type: "google_dns_response_policy",
    resource: "dns:ResponsePolicy",
    providers: GOOGLE,
    inputs: { labels: liveLabels },
    ignore: TERRAFORM_OWN,
  },
  {
    type: "google_dns_response_policy_rule",
    resource: "dns:ResponsePolicyRule",
    providers: GOOGLE,
    inputs: {
      responsePolicy: (attributes) => lastSegment(attributes["response_policy"]),
      localData: (attributes) => {
        const datas = (attributes["local_data"] as Array<{ local_datas?: Array<Record<string, unknown>> }> | undefined)?.[0]?.local_datas;
        if (datas === undefined || datas.length === 0) return undefined;
        return {
          localDatas: datas.map((data) => ({
            name: data["name"],
            type: data["type"],
            ...(typeof data["ttl"] === "number" && { ttl: data["ttl"] }),
            rrdatas: rrdatasOf(data["type"], data["rrdatas"]) ?? [],
          })),
        };
      },
    },
    ignore: TERRAFORM_OWN,
  },
  {
    type: "google_dns_managed_zone_iam_member",
    resource: "dns:ManagedZoneIamMember",
    providers: GOOGLE,
    under: IN_ZONE,
    inputs: { managedZone: (attributes) => lastSegment(attributes["managed_zone"]) },
    ignore: [...TERRAFORM_OWN, "etag", "condition"],
    refuse: conditional,
  },
  {
    type: "google_dns_managed_zone_iam_binding",
    resource: "dns:ManagedZoneIamBinding",
    providers: GOOGLE,
    under: IN_ZONE,
    inputs: {
      managedZone: (attributes) => lastSegment(attributes["managed_zone"]),
      // A set: Terraform keeps it in its hash order; sorted, the written program reads the same every time.
      members: (attributes) => (Array.isArray(attributes["members"]) ? [...(attributes["members"] as string[])].sort() : undefined),
    },
    ignore: [...TERRAFORM_OWN, "etag", "condition"],
    refuse: conditional,
  },
  {
    type: "google_dns_managed_zone_iam_policy",
    resource: "dns:ManagedZoneIamPolicy",
    providers: GOOGLE,
    under: IN_ZONE,
    inputs: {
      managedZone: (attributes) => lastSegment(attributes["managed_zone"]),
      bindings: (attributes, leftovers) => {
        const policy = JSON.parse(text(attributes["policy_data"]) || "{}") as { bindings?: Array<{ role: string; members?: string[]; condition?: unknown }> };
        const bindings = policy.bindings ?? [];
        for (const binding of bindings.filter((candidate) => candidate.condition !== undefined))
          leftovers.dropped.push(`policy_data: the conditional binding of ${binding.role} (kept as it is, not managed)`);
        return bindings
          .filter((binding) => binding.condition === undefined && (binding.members ?? []).length > 0)
          .map((binding) => ({ role: binding.role, members: [...(binding.members ?? [])].sort() }));
      },
    },
    ignore: [...TERRAFORM_OWN, "etag", "policy_data"],
  },
  {
    type: "google_cloud_quotas_quota_preference",
    resource: "quotas:QuotaPreference",
    providers: GOOGLE,
    inputs: {
      project: parentPart("projects"),
      folder: parentPart("folders"),
      organization: parentPart("organizations"),
      quotaPreferenceId: (attributes) => lastSegment(attributes["name"]),
      preferredValue: (attributes) => (attributes["quota_config"] as Array<Record<string, unknown>> | undefined)?.[0]?.["preferred_value"],
      annotations: (attributes) => {
        const annotations = (attributes["quota_config"] as Array<Record<string, unknown>> | undefined)?.[0]?.["annotations"];
        return unset(annotations) ? undefined : annotations;
      },
      // One safety check in Terraform, a list here; the unspecified one is none. Sent with each write, never compared.
      ignoreSafetyChecks: (attributes) => {
        const check = attributes["ignore_safety_checks"];
        return typeof check === "string" && check !== "" && check !== "QUOTA_SAFETY_CHECK_UNSPECIFIED" ? [check] : undefined;
      },
      contactEmail: null,
    },
    ignore: [...TERRAFORM_OWN, "parent", "name", "quota_config", "ignore_safety_checks", "contact_email", "etag", "create_time", "update_time", "reconciling"],
    afterImport: (attributes) =>
      unset(attributes["contact_email"])
        ? []
        : [
            `contactEmail: ${JSON.stringify(attributes["contact_email"])} (the API never returns it, so no import reads it; the next up sends it with an update)`,
          ],
  },
  {
    type: "google_cloud_quotas_quota_adjuster_settings",
    resource: "quotas:QuotaAdjusterSettings",
    providers: GOOGLE,
    inputs: { project: parentPart("projects") },
    ignore: [...TERRAFORM_OWN, "parent", "effective_container", "effective_enablement", "inherited", "inherited_from"],
    refuse: (attributes) =>
      /^projects\//.test(text(attributes["parent"])) ? undefined : `the settings of ${text(attributes["parent"])}: the API keeps them for projects only`,
  },
];
