/**
 * managedZones.getIamPolicy / setIamPolicy / testIamPermissions, on the
 * zone's `IamPolicyState` (see google/iam.ts for the IAM rules). The caller
 * is treated as the zone's owner: it holds every `dns.*` permission.
 */
import type { ApiCall, ApiResult } from "../../api";
import { requiredField } from "../../google/errors";
import { getIamPolicyRequestSchema, IamPolicyState, permissionsHeld, setIamPolicyRequestSchema, testIamPermissionsRequestSchema } from "../../google/iam";
import { parseRequestBody } from "../../google/request-body";
import type { DnsContext } from "./context";
import { requireZone } from "./context";

/** Basic roles, and the Cloud DNS predefined roles (`roles/dns.admin`, `roles/dns.reader`, ...). */
function supportsManagedZoneRole(role: string): boolean {
  return ["roles/owner", "roles/editor", "roles/viewer"].includes(role) || role.startsWith("roles/dns.");
}

/** A new zone's policy: no bindings, an etag of its own. */
export function newZoneIamPolicy(project: string, zoneId: string): IamPolicyState {
  return new IamPolicyState({ resourceKey: `dns/projects/${project}/managedZones/${zoneId}`, supportsRole: supportsManagedZoneRole });
}

export function getZoneIamPolicy(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  // The request body is optional.
  const request = parseRequestBody(getIamPolicyRequestSchema, call.body ?? {}, "");
  return { status: 200, body: entry.iam.read(request.options?.requestedPolicyVersion) };
}

export function setZoneIamPolicy(context: DnsContext, call: ApiCall): ApiResult {
  const entry = requireZone(context, call);
  if (call.body === undefined || call.body === null) throw requiredField("policy");
  const request = parseRequestBody(setIamPolicyRequestSchema, call.body, "");
  return { status: 200, body: entry.iam.write(request) };
}

export function testZoneIamPermissions(context: DnsContext, call: ApiCall): ApiResult {
  requireZone(context, call);
  const request = parseRequestBody(testIamPermissionsRequestSchema, call.body ?? {}, "");
  const permissions = permissionsHeld(request.permissions ?? [], (permission) => permission.startsWith("dns."));
  // An empty list is omitted, as Google omits it.
  return { status: 200, body: permissions.length > 0 ? { permissions } : {} };
}
