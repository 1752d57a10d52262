/**
 * zod schemas of Cloud DNS request bodies. Objects are strict because Google
 * refuses unknown field names; output-only fields (`id`, `creationTime`, ...)
 * are accepted and ignored, as Google does, so a client may send back a
 * resource it read. Rules that need the zone (is the name inside it?) live in
 * record-rules.ts.
 */
import { z } from "zod";
// The record types are a fact of the API, said once: the provider holds rrdatas to the same list.
import { RECORD_TYPES } from "../../../provider/apis/dns/rrdataSyntax";
import { isDomainName } from "./domain-names";
import {
  cloudLoggingConfig,
  forwardingConfig,
  ignoredOutputField,
  peeringConfig,
  privateVisibilityConfig,
  reverseLookupConfig,
  routingPolicy,
  serviceDirectoryConfig,
} from "./nested-schemas";

const MAX_INT32 = 2_147_483_647;

/** Google's JSON reader accepts an int32 either as a number or as a decimal string. */
const int32 = z.preprocess((value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value), z.int().min(0).max(MAX_INT32));

// ---------------------------------------------------------------- managed zones

/** 1-63 chars, starts with a letter, ends with a letter or digit, lowercase letters, digits and dashes. */
export const MANAGED_ZONE_NAME_PATTERN = /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/;

const zoneDnsName = z.string().refine((name) => isDomainName(name, { allowWildcard: false }));

/** GCP label rules: lowercase keys starting with a letter, up to 63 characters each. */
export const labels = z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/), z.string().regex(/^[a-z0-9_-]{0,63}$/));

const zoneVisibility = z.enum(["public", "private"]);

export const DNS_KEY_ALGORITHMS = ["rsasha1", "rsasha256", "rsasha512", "ecdsap256sha256", "ecdsap384sha384"] as const;

export const dnsKeySpec = z.strictObject({
  kind: ignoredOutputField,
  algorithm: z.enum(DNS_KEY_ALGORITHMS),
  keyLength: int32,
  keyType: z.enum(["keySigning", "zoneSigning"]),
});

/** Key lengths and their pairing with algorithms are checked by the handler (dns-keys.ts), against the zone. */
export const dnssecConfigSchema = z.strictObject({
  kind: ignoredOutputField,
  state: z.enum(["off", "on", "transfer"]).optional(),
  nonExistence: z.enum(["nsec", "nsec3"]).optional(),
  defaultKeySpecs: z.array(dnsKeySpec).optional(),
});

export type DnssecConfigRequest = z.infer<typeof dnssecConfigSchema>;

const managedZoneConfigFields = {
  privateVisibilityConfig,
  forwardingConfig,
  peeringConfig,
  dnssecConfig: dnssecConfigSchema,
  cloudLoggingConfig,
  reverseLookupConfig,
  serviceDirectoryConfig,
};

const managedZoneOutputFields = {
  kind: ignoredOutputField,
  id: ignoredOutputField,
  creationTime: ignoredOutputField,
  nameServers: ignoredOutputField,
};

/** managedZones.create: `name`, `dnsName` and `description` are required (Cloud DNS error-messages page). */
export const managedZoneCreateSchema = z.strictObject({
  name: z.string().regex(MANAGED_ZONE_NAME_PATTERN),
  dnsName: zoneDnsName,
  description: z.string().max(1024),
  visibility: zoneVisibility.optional(),
  labels: labels.optional(),
  nameServerSet: z.string().optional(),
  ...optional(managedZoneConfigFields),
  ...managedZoneOutputFields,
});

export type ManagedZoneCreateRequest = z.infer<typeof managedZoneCreateSchema>;

/**
 * managedZones.patch and managedZones.update. Every field may be absent or
 * JSON null (PATCH: null clears the field). Immutable fields are plain
 * strings here: the handler compares them with the zone and refuses a change.
 */
export const managedZoneUpdateSchema = z.strictObject({
  name: z.string().nullable().optional(),
  dnsName: z.string().nullable().optional(),
  visibility: z.string().nullable().optional(),
  nameServerSet: z.string().nullable().optional(),
  description: z.string().max(1024).nullable().optional(),
  labels: labels.nullable().optional(),
  ...nullableOptional(managedZoneConfigFields),
  ...managedZoneOutputFields,
});

export type ManagedZoneUpdateRequest = z.infer<typeof managedZoneUpdateSchema>;

// ---------------------------------------------------------------- record sets

export const resourceRecordSetSchema = z.strictObject({
  kind: ignoredOutputField,
  name: z.string().refine((name) => isDomainName(name, { allowWildcard: true })),
  type: z.enum(RECORD_TYPES),
  ttl: int32,
  rrdatas: z.array(z.string()).optional(),
  signatureRrdatas: z.array(z.string()).optional(),
  routingPolicy: routingPolicy.optional(),
});

export type ResourceRecordSetRequest = z.infer<typeof resourceRecordSetSchema>;

/**
 * resourceRecordSets.patch: only present fields change; null clears an
 * optional field. The merged record set is then checked with
 * `resourceRecordSetSchema`, so the field rules live in one place.
 */
export const resourceRecordSetPatchSchema = z.strictObject({
  kind: ignoredOutputField,
  name: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  ttl: z.unknown().optional(),
  rrdatas: z.array(z.string()).nullable().optional(),
  signatureRrdatas: z.array(z.string()).nullable().optional(),
  routingPolicy: routingPolicy.nullable().optional(),
});

export type ResourceRecordSetPatchRequest = z.infer<typeof resourceRecordSetPatchSchema>;

// ---------------------------------------------------------------- changes

export const changeCreateSchema = z.strictObject({
  kind: ignoredOutputField,
  additions: z.array(resourceRecordSetSchema).optional(),
  deletions: z.array(resourceRecordSetSchema).optional(),
  id: ignoredOutputField,
  startTime: ignoredOutputField,
  status: ignoredOutputField,
  isServing: ignoredOutputField,
});

export type ChangeCreateRequest = z.infer<typeof changeCreateSchema>;

// ---------------------------------------------------------------- helpers

export function optional<Shape extends Record<string, z.ZodType>>(shape: Shape): { [K in keyof Shape]: z.ZodOptional<Shape[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof Shape]: z.ZodOptional<Shape[K]>;
  };
}

export function nullableOptional<Shape extends Record<string, z.ZodType>>(shape: Shape): { [K in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[K]>> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.nullable().optional()])) as {
    [K in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[K]>>;
  };
}
