/**
 * The admin activity reporting API (Admin SDK Reports v1) as an emulator
 * plug-in: options under `reports`, flags `--reports-...`. Token audit
 * activities, their listing, and push-notification channels on them through
 * the shared channel core (`emulator/channels/`). Google legacy errors, as
 * the Admin SDK answers.
 */
import { ChannelRegistry } from "../../channels/registry";
import { googleLegacyErrors } from "../../errors";
import { reportsApi } from "../../../provider/apis/reports/api";
import { GOOGLE_CREDENTIAL_QUERY_PARAMETERS, googleFactsOf, googleScopedAuth } from "../../google/auth";
import { definePlugin } from "../../plugin";
import { reportsObjects } from "./console";
import type { ReportsInput } from "./options";
import { reportsFlags, resolveReportsOptions } from "./options";
import { CHANNELS_PREFIX, REPORTS_PREFIX, reportsInternalRoutes, reportsRoutes } from "./routes";
import type { ReportsTopic } from "./state";
import { ReportsStore } from "./state";
import { discoveryDocument } from "../../google/contracts/sources";

export const reportsPlugin = definePlugin({
  name: "reports",
  summary: `the admin activity reporting API (Reports v1) at ${REPORTS_PREFIX}/... and ${CHANNELS_PREFIX}/channels/stop`,
  pathPrefixes: [`${REPORTS_PREFIX}/`, `${CHANNELS_PREFIX}/`],
  errorFamily: googleLegacyErrors,
  contracts: [discoveryDocument("admin.reports_v1.json")],
  partialResponses: true,
  // A channel token is the receiver's secret: the request log never shows it.
  secrets: { queryParameters: GOOGLE_CREDENTIAL_QUERY_PARAMETERS, bodyFields: ["token"] },
  options: (input: ReportsInput) => resolveReportsOptions(input),
  flags: reportsFlags,
  createStore: () => new ReportsStore(),
  mount: ({ store, accessTokens, options, now, channelDelivery }) => {
    const registry = new ChannelRegistry<ReportsTopic>({ now, maxTtlMs: options.channelMaxTtlMs, delivery: channelDelivery });
    store.attach({ registry, seedCount: options.seedActivities, now });
    const context = { store, owners: options.owners, nonAdmins: options.nonAdmins, now, accessTokens };
    return {
      authenticate: googleScopedAuth(accessTokens, googleFactsOf(reportsApi)),
      routes: reportsRoutes(context),
      internalRoutes: reportsInternalRoutes(context),
      objects: reportsObjects(store),
      close: () => registry.close(),
    };
  },
});
