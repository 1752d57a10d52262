/** What every API's snapshot schema is built from, and the one way a snapshot is checked. */
import { z } from "zod";
import { SnapshotError } from "../store";

/**
 * An object kept as the API answers it (a zone, an event): checked to be an object only, since
 * its fields were checked by the API's own schemas when a client wrote it.
 */
export function wireObject<T>(): z.ZodType<T> {
  return z.custom<T>((value) => typeof value === "object" && value !== null && !Array.isArray(value), "an object");
}

/** A `Date` kept as its ISO string. */
export const isoDate = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

/** A `bigint` kept as its decimal string (JSON has no 64-bit integers). */
export const bigintString = z
  .string()
  .regex(/^-?\d+$/)
  .transform((text) => BigInt(text));

export function parseSnapshot<T>(schema: z.ZodType<T, unknown>, snapshot: unknown, api: string): T {
  const parsed = schema.safeParse(snapshot);
  if (!parsed.success) throw new SnapshotError(`the saved state of '${api}' does not fit this emulator:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
