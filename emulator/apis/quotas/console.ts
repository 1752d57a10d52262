/**
 * Cloud Quotas in the web console: the quota preferences with their grant state (preferred,
 * granted, still reconciling), and the adjuster settings projects set for themselves. Each
 * node's JSON is what the API's read answers (a decided increase is settled by that read).
 */
import type { ObjectTree } from "../../console/tree";
import { answerOf, bodyOf, decodedPath, isAtOrUnder, nodeKey } from "../../console/tree";
import type { ApiCall } from "../../api";
import { getAdjusterSettings } from "./adjuster";
import type { ParentKind } from "./names";
import { getPreference, type QuotasContext } from "./preferences";

/** `projects/p/locations/global/...` as a read's path parameters. */
function paramsOf(name: string): { kind: ParentKind; params: Record<string, string> } {
  const [kind, parentId = "", , location = "", , preferenceId = ""] = name.split("/");
  return { kind: kind as ParentKind, params: { parentId, location, preferenceId } };
}

const atName = (path: string, name: string): boolean => ["/v1/", "/v1beta/"].some((version) => isAtOrUnder(path, `${version}${name}`));

export function quotasObjects(context: QuotasContext): ObjectTree {
  return () => [
    {
      title: "quota preferences",
      nodes: [...context.store.preferences.values()].map((preference) => {
        const { kind, params } = paramsOf(preference.name);
        return {
          key: nodeKey("preference", preference.name),
          kind: "quota preference",
          label: preference.name,
          summary: `${preference.service} ${preference.quotaId}: preferred ${preference.preferredValue}, granted ${preference.grantedValue}${
            preference.decideAt !== undefined ? ", reconciling" : ""
          }`,
          wire: () => answerOf((ctx: QuotasContext, call: ApiCall) => getPreference(ctx, call, kind), context, params),
          touchedBy: (request) => {
            const path = decodedPath(request);
            if (atName(path, preference.name)) return true;
            const id = preference.name.split("/").pop();
            return (
              request.request.method === "POST" && atName(path, `${preference.parent}/quotaPreferences`) && request.request.query["quotaPreferenceId"] === id
            );
          },
        };
      }),
    },
    {
      title: "quota adjuster settings",
      nodes: [...context.store.adjusterSettings].map(([name, settings]) => {
        const { params } = paramsOf(name);
        return {
          key: nodeKey("adjuster", name),
          kind: "quota adjuster settings",
          label: name,
          summary: settings.enablement,
          wire: () => answerOf(getAdjusterSettings, context, params),
          touchedBy: (request) => atName(decodedPath(request), name) && (request.request.method === "GET" || bodyOf(request) !== undefined),
        };
      }),
    },
  ];
}
