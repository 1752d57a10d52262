/**
 * zod schemas of Cloud DNS request bodies. Objects are strict because Google
 * refuses unknown field names; output-only fields (`id`, `creationTime`, ...)
 * are accepted and ignored, as Google does, so a client may send back a
 * resource it read. Rules that need the zone (is the name inside it?) live in
 * record-rules.ts.
 */
import { z } from 'zod';
import { isDomainName } from './domain-names';

export const RECORD_TYPES = [
  'A',
  'AAAA',
  'CAA',
  'CNAME',
  'DNSKEY',
  'DS',
  'HTTPS',
  'IPSECKEY',
  'MX',
  'NAPTR',
  'NS',
  'PTR',
  'SOA',
  'SPF',
  'SRV',
  'SSHFP',
  'SVCB',
  'TLSA',
  'TXT',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number];

const MAX_INT32 = 2_147_483_647;

/** Google's JSON reader accepts an int32 either as a number or as a decimal string. */
const int32 = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value),
  z.int().min(0).max(MAX_INT32),
);

/** Any JSON object; stored as given (the emulator does not model its semantics). */
const jsonObject = z.record(z.string(), z.unknown());

/** Output-only fields: accepted in requests and ignored. */
const ignoredOutputField = z.unknown().optional();

// ---------------------------------------------------------------- managed zones

/** 1-63 chars, starts with a letter, ends with a letter or digit, lowercase letters, digits and dashes. */
export const MANAGED_ZONE_NAME_PATTERN = /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/;

const zoneDnsName = z.string().refine((name) => isDomainName(name, { allowWildcard: false }));

/** GCP label rules: lowercase keys starting with a letter, up to 63 characters each. */
const labels = z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/), z.string().regex(/^[a-z0-9_-]{0,63}$/));

const zoneVisibility = z.enum(['public', 'private']);

const managedZoneConfigFields = {
  privateVisibilityConfig: jsonObject,
  forwardingConfig: jsonObject,
  peeringConfig: jsonObject,
  dnssecConfig: jsonObject,
  cloudLoggingConfig: jsonObject,
  reverseLookupConfig: jsonObject,
  serviceDirectoryConfig: jsonObject,
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
  routingPolicy: jsonObject.optional(),
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
  routingPolicy: jsonObject.nullable().optional(),
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

function optional<Shape extends Record<string, z.ZodType>>(shape: Shape): { [K in keyof Shape]: z.ZodOptional<Shape[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof Shape]: z.ZodOptional<Shape[K]>;
  };
}

function nullableOptional<Shape extends Record<string, z.ZodType>>(
  shape: Shape,
): { [K in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[K]>> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.nullable().optional()])) as {
    [K in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[K]>>;
  };
}
