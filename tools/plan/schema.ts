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

export const planReport = z
  .object({
    version: z.literal(1),
    stack: z.string().optional(),
    summary: z.object({
      operations: z.object(Object.fromEntries(OPERATIONS.map((operation) => [operation, z.number().int()])) as Record<Operation, z.ZodNumber>),
      unchanged: z.number().int().meta({ description: "Resources the preview leaves as they are (pulumi-svc or not)." }),
      otherChanges: z.number().int().meta({ description: "Steps on resources that are not pulumi-svc's (not described here)." }),
      requests: z.number().int().meta({ description: "API requests expected, counting a zone's record-set writes as one atomic change." }),
      requestsAtMost: z.number().int().meta({ description: "API requests expected when every record-set write goes on its own." }),
      zoneChanges: z.array(zoneChange),
    }),
    warnings: z.array(warning),
    resources: z.array(resourceChange),
  })
  .meta({ title: "svc-plan report", description: "What `pulumi up` will change and send, per pulumi-svc resource." });
export type PlanReport = z.infer<typeof planReport>;

/** The JSON Schema of `svc-plan --json` (shipped as dist/tools/plan/report.schema.json). */
export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(planReport, { target: "draft-2020-12", io: "output" });
}
