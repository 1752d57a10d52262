/**
 * Cloud Quotas' route table: for each version (v1, v1beta) and parent kind
 * (projects, folders, organizations) the quotaPreferences and quotaInfos
 * methods; the quota adjuster settings only under v1beta and projects. Every
 * answer's enums are numbers when the caller asks for `enum-encoding=int`.
 */
import type { ApiRoute } from "../../api";
import { withEnumEncoding } from "../../google/enums";
import { getAdjusterSettings, patchAdjusterSettings } from "./adjuster";
import { QUOTAS_ENUM_FIELDS } from "./enums";
import { PARENT_KINDS, VERSIONS } from "./names";
import { createPreference, getPreference, listPreferences, patchPreference, type QuotasContext } from "./preferences";
import { getQuotaInfo, listQuotaInfos } from "./quota-infos";

export const QUOTAS_PATH_PREFIXES = VERSIONS.flatMap((version) => PARENT_KINDS.map((kind) => `/${version}/${kind}/`));

export function quotasRoutes(context: QuotasContext): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const version of VERSIONS) {
    for (const kind of PARENT_KINDS) {
      const parent = `/${version}/${kind}/:parentId/locations/:location`;
      const operation = (method: string): string => `cloudquotas.${kind}.locations.${method}`;
      routes.push(
        {
          method: "POST",
          pattern: `${parent}/quotaPreferences`,
          operation: operation("quotaPreferences.create"),
          handle: (call) => createPreference(context, call, kind),
        },
        {
          method: "GET",
          pattern: `${parent}/quotaPreferences`,
          operation: operation("quotaPreferences.list"),
          handle: (call) => listPreferences(context, call, kind),
        },
        {
          method: "GET",
          pattern: `${parent}/quotaPreferences/:preferenceId`,
          operation: operation("quotaPreferences.get"),
          handle: (call) => getPreference(context, call, kind),
        },
        {
          method: "PATCH",
          pattern: `${parent}/quotaPreferences/:preferenceId`,
          operation: operation("quotaPreferences.patch"),
          handle: (call) => patchPreference(context, call, kind),
        },
        {
          method: "GET",
          pattern: `${parent}/services/:service/quotaInfos`,
          operation: operation("services.quotaInfos.list"),
          handle: (call) => listQuotaInfos(context, call, kind),
        },
        {
          method: "GET",
          pattern: `${parent}/services/:service/quotaInfos/:quotaId`,
          operation: operation("services.quotaInfos.get"),
          handle: (call) => getQuotaInfo(context, call, kind),
        },
      );
    }
  }
  const settings = "/v1beta/projects/:parentId/locations/:location/quotaAdjusterSettings";
  routes.push(
    {
      method: "GET",
      pattern: settings,
      operation: "cloudquotas.projects.locations.getQuotaAdjusterSettings",
      handle: (call) => getAdjusterSettings(context, call),
    },
    {
      method: "PATCH",
      pattern: settings,
      operation: "cloudquotas.projects.locations.updateQuotaAdjusterSettings",
      handle: (call) => patchAdjusterSettings(context, call),
    },
  );
  // Enums as numbers when the caller asks (`$alt=json;enum-encoding=int`), as Google's client does.
  return routes.map((route) => ({ ...route, handle: withEnumEncoding(QUOTAS_ENUM_FIELDS, route.handle) }));
}
