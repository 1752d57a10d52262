/**
 * Quota adjuster settings (v1beta, projects only): every project has them.
 * A project that has not set its own inherits the nearest setting of its folder
 * or organization (seeded), or the service default; `inherited: true` in a
 * patch goes back to inheriting.
 */
import { z } from "zod";
import type { ApiCall, ApiResult } from "../../api";
import { ApiError } from "../../errors";
import { parseRequestBody } from "../../google/request-body";
import { ENABLEMENT } from "./enums";
import { invalidArgument, parentOf } from "./names";
import type { QuotasContext } from "./preferences";
import { DEFAULT_ENABLEMENT, SEED_ANCESTOR_SETTINGS, SEED_ANCESTRY, type Enablement } from "./seed";
import { booleanParameter, maskedFields } from "./update-mask";

const settingsBody = z.strictObject({
  name: z.string().optional(),
  enablement: ENABLEMENT.schema.optional(),
  etag: z.string().optional(),
  inherited: z.boolean().optional(),
  // Output only: accepted, ignored.
  updateTime: z.string().optional(),
  inheritedFrom: z.string().optional(),
});

const EPOCH = new Date(0);

function inheritedSetting(projectId: string): { enablement: Enablement; from: string } {
  for (const ancestor of SEED_ANCESTRY[projectId] ?? []) {
    const enablement = SEED_ANCESTOR_SETTINGS[ancestor];
    if (enablement !== undefined) return { enablement, from: ancestor };
  }
  return { enablement: DEFAULT_ENABLEMENT, from: "default" };
}

function settingsWire(context: QuotasContext, name: string, projectId: string): Record<string, unknown> {
  const own = context.store.adjusterSettings.get(name);
  if (own !== undefined) {
    return { name, enablement: own.enablement, updateTime: own.updateTime.toISOString(), etag: own.etag };
  }
  const inherited = inheritedSetting(projectId);
  const since = context.store.inheritedSince.get(name) ?? EPOCH;
  return {
    name,
    enablement: inherited.enablement,
    updateTime: since.toISOString(),
    // Stable while nothing changes: derived from what the answer says.
    etag: `W/"inherited-${inherited.enablement}-${since.getTime()}"`,
    inherited: true,
    inheritedFrom: inherited.from,
  };
}

function settingsName(call: ApiCall): { name: string; projectId: string } {
  const parent = parentOf(call, "projects");
  return { name: `${parent}/quotaAdjusterSettings`, projectId: parent.split("/")[1] ?? "" };
}

export function getAdjusterSettings(context: QuotasContext, call: ApiCall): ApiResult {
  const { name, projectId } = settingsName(call);
  return { status: 200, body: settingsWire(context, name, projectId) };
}

const MASK_PATHS = { enablement: ["enablement"], inherited: ["inherited"], etag: ["etag"] } as const;

export function patchAdjusterSettings(context: QuotasContext, call: ApiCall): ApiResult {
  const { name, projectId } = settingsName(call);
  const body = parseRequestBody(settingsBody, call.body, "quotaAdjusterSettings");
  if (body.name !== undefined && body.name !== "" && body.name !== name) {
    throw invalidArgument(`The name in the body '${body.name}' does not match the name in the URL '${name}'.`, { field: "quota_adjuster_settings.name" });
  }
  const live = settingsWire(context, name, projectId);
  if (body.etag !== undefined && body.etag !== "" && body.etag !== live["etag"]) {
    throw new ApiError({
      httpStatus: 409,
      reason: "aborted",
      rpcStatus: "ABORTED",
      message: `The etag of '${name}' does not match: the settings were changed since they were read. Read them again and retry.`,
      errorInfo: { reason: "ETAG_MISMATCH", metadata: { name } },
    });
  }
  const fields = maskedFields<"enablement" | "inherited" | "etag">(call.query, MASK_PATHS) ?? new Set(["enablement", "inherited"] as const);
  const inherit = fields.has("inherited") && body.inherited === true;
  const enablement = fields.has("enablement") ? body.enablement : undefined;
  if (!inherit && fields.has("enablement") && (enablement === undefined || enablement === "ENABLEMENT_UNSPECIFIED")) {
    throw invalidArgument("quota_adjuster_settings.enablement must be ENABLED or DISABLED (or set inherited to true).", { field: "enablement" });
  }
  if (booleanParameter(call.query, "validateOnly")) {
    return { status: 200, body: { ...live, ...(enablement !== undefined && !inherit && { enablement }) } };
  }
  const now = context.now();
  if (inherit) {
    if (context.store.adjusterSettings.delete(name)) context.store.inheritedSince.set(name, now);
  } else if (enablement !== undefined) {
    context.store.adjusterSettings.set(name, { enablement: enablement as Enablement, etag: context.store.etag(name), updateTime: now });
  }
  return { status: 200, body: settingsWire(context, name, projectId) };
}
