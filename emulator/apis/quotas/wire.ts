/**
 * The QuotaPreference message as the API reads and answers it: the request
 * body's schema (unknown names refused, output-only fields accepted and
 * ignored; a field given by its proto name reaches here by its JSON name, read so
 * by the contract's guard) and the proto3 JSON answer (int64 as strings; empty and false left out).
 */
import { z } from "zod";
import { REQUEST_ORIGIN } from "./enums";
import type { StoredPreference } from "./state";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * proto3 JSON reads an int64 from a decimal string or a number (one above 2^53 reaches here as its
 * digits: body-parsers.ts), within the int64 bounds. The contract's guard refuses the rest first.
 */
const int64 = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).refine((value) => BigInt(value) >= INT64_MIN && BigInt(value) <= INT64_MAX);

export const SAFETY_CHECKS = ["QUOTA_DECREASE_BELOW_USAGE", "QUOTA_DECREASE_PERCENTAGE_TOO_HIGH"] as const;
export type SafetyCheck = (typeof SAFETY_CHECKS)[number];

export const preferenceBody = z.strictObject({
  name: z.string().optional(),
  dimensions: z.record(z.string(), z.string()).optional(),
  quotaConfig: z
    .strictObject({
      preferredValue: int64.optional(),
      annotations: z.record(z.string(), z.string()).optional(),
      // Output only: accepted, ignored.
      stateDetail: z.string().optional(),
      grantedValue: int64.optional(),
      traceId: z.string().optional(),
      requestOrigin: REQUEST_ORIGIN.schema.optional(),
    })
    .optional(),
  etag: z.string().optional(),
  service: z.string().optional(),
  quotaId: z.string().optional(),
  justification: z.string().optional(),
  contactEmail: z.string().optional(),
  // Output only: accepted, ignored.
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
  reconciling: z.boolean().optional(),
});
export type PreferenceBody = z.infer<typeof preferenceBody>;

const nonEmpty = (record: Readonly<Record<string, string>>): Record<string, string> | undefined =>
  Object.keys(record).length === 0 ? undefined : { ...record };

/** The answer: proto3 JSON, so `reconciling: false`, empty maps and empty strings are left out; contactEmail never appears. */
export function preferenceWire(preference: StoredPreference): Record<string, unknown> {
  const dimensions = nonEmpty(preference.dimensions);
  const annotations = nonEmpty(preference.annotations);
  return {
    name: preference.name,
    ...(dimensions !== undefined && { dimensions }),
    quotaConfig: {
      preferredValue: preference.preferredValue.toString(),
      ...(preference.stateDetail !== "" && { stateDetail: preference.stateDetail }),
      grantedValue: preference.grantedValue.toString(),
      ...(preference.traceId !== "" && { traceId: preference.traceId }),
      ...(annotations !== undefined && { annotations }),
    },
    etag: preference.etag,
    createTime: preference.createTime.toISOString(),
    updateTime: preference.updateTime.toISOString(),
    service: preference.service,
    quotaId: preference.quotaId,
    ...(preference.decideAt !== undefined && { reconciling: true }),
    ...(preference.justification !== "" && { justification: preference.justification }),
  };
}
