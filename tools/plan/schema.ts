/**
 * The report svc-plan writes, as a zod schema: the type the code builds and, through
 * `z.toJSONSchema`, the JSON Schema the package ships for bots that read `--json`.
 */
import { z } from "zod";

export const OPERATIONS = ["create", "adopt", "update", "replace", "delete", "read"] as const;
export type Operation = (typeof OPERATIONS)[number];

const request = z
  .object({
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    path: z.string().meta({ description: "Below the API's base address, percent-encoded as it is sent." }),
    query: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]))
      .optional()
      .meta({ description: "The query parameters; a list is a repeated parameter, sent once per value (`a=x&a=y`)." }),
    headers: z.record(z.string(), z.string()).optional().meta({ description: "Headers that matter to the review, e.g. If-Match." }),
    body: z.unknown().optional().meta({ description: 'The body, of only what changed; secret values as "[secret]".' }),
    note: z.string().optional().meta({ description: "When or how the request is sent, in words." }),
    onlyIf: z
      .string()
      .optional()
      .meta({ description: "Sent only on this condition (an adopted object that differs from the program): counted in requestsAtMost, not in requests." }),
  })
  .meta({ id: "Request" });
export type PlannedRequest = z.infer<typeof request>;

const recordSet = z.object({
  name: z.string(),
  type: z.string(),
  ttl: z.number().optional(),
  rrdatas: z.unknown().optional(),
  routingPolicy: z.unknown().optional(),
});

const recordWrite = z
  .object({
    zone: z.string().meta({ description: "The zone's path, e.g. dns/v1/projects/p/managedZones/z." }),
    deletions: z.array(recordSet),
    additions: z.array(recordSet),
  })
  .meta({ id: "RecordWrite", description: "What a record set adds to and deletes from its zone's atomic change." });
export type RecordWrite = z.infer<typeof recordWrite>;

const propertyChange = z
  .object({
    property: z.string(),
    old: z.unknown().optional().meta({ description: "Absent when the property was not set." }),
    new: z.unknown().optional().meta({ description: 'Absent when the property is removed; "(known after up)" when not known yet.' }),
    secret: z.boolean().meta({ description: 'The values are Pulumi secrets, shown as "[secret]".' }),
    forcesReplacement: z.boolean(),
  })
  .meta({ id: "PropertyChange" });
export type PropertyChange = z.infer<typeof propertyChange>;

const warning = z.object({ urn: z.string().optional(), kind: z.string(), message: z.string() }).meta({ id: "Warning" });
export type Warning = z.infer<typeof warning>;

const resourceChange = z
  .object({
    urn: z.string(),
    name: z.string(),
    type: z.string().meta({ description: "The SDK class, e.g. svc.dns.RecordSet." }),
    id: z.string().optional(),
    operation: z.enum(OPERATIONS),
    words: z.string().meta({ description: 'The operation in words, e.g. "replace (forced by type; the old one is deleted first)".' }),
    importId: z.string().optional(),
    replacedBecauseOf: z.array(z.string()),
    deleteFirst: z.boolean(),
    properties: z.array(propertyChange),
    requests: z.array(request),
    recordWrites: z.array(recordWrite).meta({ description: "Record-set writes, which join the zone's atomic change." }),
  })
  .meta({ id: "ResourceChange" });
export type ResourceChange = z.infer<typeof resourceChange>;

const zoneChange = z.object({ zone: z.string(), deletions: z.number().int(), additions: z.number().int(), words: z.string() }).meta({ id: "ZoneChange" });
export type ZoneChange = z.infer<typeof zoneChange>;

export const CRITICAL_KINDS = ["apex NS", "SOA", "delegation NS", "NS", "DS", "MX", "CAA"] as const;
export type CriticalKind = (typeof CRITICAL_KINDS)[number];

const criticalSet = z
  .object({
    project: z.string(),
    zone: z.string().meta({ description: "The managed zone's name." }),
    name: z.string().meta({ description: "The record set's DNS name, absolute when the zone's DNS name is known." }),
    type: z.string(),
    kind: z
      .enum(CRITICAL_KINDS)
      .meta({ description: '"NS" when the zone\'s DNS name is not in the preview, so the apex and a delegation cannot be told apart.' }),
    change: z.enum(["update", "delete"]),
    resource: z.string().meta({ description: "The SDK class and the resource's name, e.g. svc.dns.ZoneRecords records." }),
    property: z.string().optional().meta({ description: 'The set\'s entry in the resource, e.g. records["@ MX"].' }),
    urn: z.string(),
  })
  .meta({ id: "CriticalRecordSet", description: "A record set whose change or deletion `--fail-on critical` stops." });
export type CriticalRecordSet = z.infer<typeof criticalSet>;

const zoneShare = z
  .object({
    project: z.string(),
    zone: z.string().meta({ description: "The managed zone's name." }),
    dnsName: z.string().optional(),
    managed: z.number().int().meta({ description: "The zone's record sets the stack manages before the run (RecordSets and ZoneRecords entries)." }),
    deletions: z.number().int(),
    updates: z.number().int(),
    additions: z.number().int(),
    deletePercent: z.number().meta({ description: "deletions of managed, in percent, to one decimal." }),
    updatePercent: z.number().meta({ description: "updates of managed, in percent, to one decimal." }),
    sharesApply: z.boolean().meta({ description: "Whether the share limits apply: the zone has at least 10 managed record sets." }),
  })
  .meta({ id: "ZoneShare" });
export type ZoneShare = z.infer<typeof zoneShare>;

export const LIMIT_FLAGS = ["max-delete-percent", "max-update-percent", "max-changes", "critical"] as const;
export type LimitFlag = (typeof LIMIT_FLAGS)[number];

const limitExceeded = z
  .object({
    limit: z.enum(LIMIT_FLAGS).meta({ description: "The flag: --max-delete-percent, --max-update-percent, --max-changes, or --fail-on critical." }),
    allowed: z.number().optional().meta({ description: "The limit given (a percentage or a count); absent for critical." }),
    actual: z.number().optional().meta({ description: "The zone's share in percent, or the run's record-set changes." }),
    project: z.string().optional(),
    zone: z.string().optional(),
    recordSet: criticalSet.optional(),
    words: z.string(),
  })
  .meta({ id: "LimitExceeded" });
export type LimitExceeded = z.infer<typeof limitExceeded>;

const limits = z
  .object({
    given: z.object({
      maxDeletePercent: z.number().optional(),
      maxUpdatePercent: z.number().optional(),
      maxChanges: z.number().int().optional(),
      critical: z.boolean(),
    }),
    recordSetChanges: z.number().int().meta({ description: "Record sets the run adds, changes or deletes, in every zone." }),
    zones: z.array(zoneShare),
    critical: z.array(criticalSet).meta({ description: "Every critical record set the run changes or deletes, whether or not --fail-on critical was given." }),
    exceeded: z.array(limitExceeded).meta({ description: "Each limit passed; svc-plan exits 2 when there is one." }),
  })
  .meta({ id: "Limits", description: "The blast-radius limits asked for, and what the run does against them." });
export type LimitsReport = z.infer<typeof limits>;

export const planReport = z
  .object({
    version: z.literal(1),
    stack: z.string().optional(),
    summary: z.object({
      operations: z.object(Object.fromEntries(OPERATIONS.map((operation) => [operation, z.number().int()])) as Record<Operation, z.ZodNumber>),
      unchanged: z.number().int().meta({ description: "Resources the preview leaves as they are (pulumi-svc or not)." }),
      otherChanges: z.number().int().meta({ description: "Steps on resources that are not pulumi-svc's (not described here)." }),
      requests: z.number().int().meta({
        description:
          "API requests expected, counting a zone's record-set writes as one atomic change and its status check; each wait for work the service finishes after answering counted as one status check (more are sent while the work is pending).",
      }),
      requestsAtMost: z.number().int().meta({
        description: "API requests expected when every record-set write goes on its own (each wait's status checks counted once), conditional ones included.",
      }),
      statusChecks: z
        .number()
        .int()
        .meta({ description: "The status checks counted in requests, one per wait: at least that many are sent, more while the service's work is pending." }),
      zoneChanges: z.array(zoneChange),
    }),
    limits: limits
      .optional()
      .meta({ description: "Present when a limit is given (--max-delete-percent, --max-update-percent, --max-changes, --fail-on critical)." }),
    warnings: z.array(warning),
    resources: z.array(resourceChange),
  })
  .meta({ title: "svc-plan report", description: "What `pulumi up` will change and send, per pulumi-svc resource." });
export type PlanReport = z.infer<typeof planReport>;

/** The JSON Schema of `svc-plan --json` (shipped as dist/tools/plan/report.schema.json). */
export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(planReport, { target: "draft-2020-12", io: "output" });
}
