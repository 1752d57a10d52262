import type { z } from "zod";
import { invalidValue, requiredField, unknownField } from "./errors";

/**
 * Validates a JSON request body with its zod schema and turns the first
 * problem into the error Google would send, naming the field by its API path
 * (`entity.managedZone.dnsName`, `entity.change.additions[0].ttl`).
 *
 * `entityPath` is the name Google gives the body, e.g. `entity.managedZone`,
 * or `''` when the body is a request message whose fields are named by
 * themselves (`policy.etag`).
 */
export function parseRequestBody<Schema extends z.ZodType>(schema: Schema, body: unknown, entityPath: string): z.output<Schema> {
  if (body === undefined || body === null) throw requiredField(entityPath);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // Google's JSON reader refuses unknown names before any field is checked.
  const issue = result.error.issues.find((candidate) => candidate.code === "unrecognized_keys") ?? result.error.issues[0];
  if (issue === undefined) throw invalidValue(entityPath, body);
  const fieldPath = formatFieldPath(entityPath, issue.path);
  if (issue.code === "unrecognized_keys") {
    // Google only says where the unknown name is when it is nested, and names the place by its proto path.
    throw unknownField(issue.keys[0] ?? "", issue.path.length === 0 ? "" : protoFieldPath(entityPath, issue.path));
  }
  const offendingValue = valueAt(body, issue.path);
  if (offendingValue === undefined) throw requiredField(fieldPath);
  throw invalidValue(fieldPath, offendingValue);
}

/** `entityPath` may be empty when the body is the request itself (IAM methods: `policy.bindings[0].role`). */
export function formatFieldPath(entityPath: string, segments: readonly PropertyKey[]): string {
  let path = entityPath;
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else path += path === "" ? String(segment) : `.${String(segment)}`;
  }
  return path;
}

/**
 * The path Google's JSON reader names in "Unknown name" errors: proto field
 * names (snake_case) from the request message's body field, e.g.
 * `managed_zone.dnssec_config.default_key_specs[0]` for `entity.managedZone`.
 */
export function protoFieldPath(entityPath: string, segments: readonly PropertyKey[]): string {
  const body = entityPath.replace(/^entity\./, "");
  return formatFieldPath(
    body === "" ? "" : snakeCase(body),
    segments.map((segment) => (typeof segment === "number" ? segment : snakeCase(String(segment)))),
  );
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function valueAt(root: unknown, segments: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}
