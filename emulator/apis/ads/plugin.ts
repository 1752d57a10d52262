/**
 * The ad-mediation adapter listing API (AdMob v1beta) as an emulator
 * plug-in: options under `ads`, flags `--ads-...`. AdMob is a One Platform
 * API, so its errors are the AIP-193 envelope (`status`, ErrorInfo details),
 * not the legacy `errors[]` one of Cloud DNS.
 */
import { googleAip193Errors } from "../../errors";
import { adsApi } from "../../../provider/apis/ads/api";
import { GOOGLE_CREDENTIAL_QUERY_PARAMETERS, googleFactsOf, googleScopedAuth } from "../../google/auth";
import { definePlugin } from "../../plugin";
import type { AdsInput } from "./options";
import { adsFlags, resolveAdsOptions } from "./options";
import { ADS_PREFIX, adsRoutes } from "./routes";
import { AdsStore } from "./state";
import { discoveryDocument } from "../../google/contracts/sources";

export const adsPlugin = definePlugin({
  name: "ads",
  summary: `the ad-mediation adapter listing API (AdMob v1beta) at ${ADS_PREFIX}/...`,
  pathPrefixes: [`${ADS_PREFIX}/`],
  errorFamily: googleAip193Errors("admob.googleapis.com"),
  contracts: [discoveryDocument("admob.v1beta.json")],
  partialResponses: true,
  secrets: { queryParameters: GOOGLE_CREDENTIAL_QUERY_PARAMETERS },
  options: (input: AdsInput) => resolveAdsOptions(input),
  flags: adsFlags,
  createStore: () => new AdsStore(),
  mount: ({ store, accessTokens, options }) => ({
    authenticate: googleScopedAuth(accessTokens, googleFactsOf(adsApi)),
    routes: adsRoutes({ store, ...options }),
  }),
});
