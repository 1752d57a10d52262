/**
 * Resource names as Cloud Quotas forms them: `{projects|folders|organizations}/{id}/locations/global/...`.
 * Projects are implicit (any id), folders and organizations are numeric; the only location is `global`.
 */
import type { ApiCall } from "../../api";
import { pathParam } from "../../api";
import { ApiError } from "../../errors";

export const VERSIONS = ["v1", "v1beta"] as const;
export const PARENT_KINDS = ["projects", "folders", "organizations"] as const;
export type ParentKind = (typeof PARENT_KINDS)[number];

export function invalidArgument(message: string, metadata: Record<string, string> = {}): ApiError {
  return new ApiError({ httpStatus: 400, reason: "invalidArgument", message, errorInfo: { metadata } });
}

export function notFound(name: string): ApiError {
  return new ApiError({ httpStatus: 404, reason: "notFound", message: `Resource '${name}' was not found`, errorInfo: { metadata: { name } } });
}

/** `projects/p`, `folders/123`: the container a route's `:parentId` and `:location` name, checked. */
export function parentOf(call: ApiCall, kind: ParentKind): string {
  const id = pathParam(call, "parentId");
  const location = pathParam(call, "location");
  if (kind !== "projects" && !/^\d+$/.test(id)) {
    throw invalidArgument(`Invalid resource name '${kind}/${id}': ${kind} are named by their numeric id.`, { resource: `${kind}/${id}` });
  }
  if (location !== "global") {
    throw invalidArgument(`Location '${location}' is not supported: the only location is 'global'.`, { location });
  }
  return `${kind}/${id}/locations/global`;
}
