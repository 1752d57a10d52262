/**
 * Cloud Quotas (v1 and v1beta) as an emulator plug-in: options under `quotas`,
 * flags `--quotas-...`. A One Platform API, so errors are the AIP-193 envelope
 * with canonical `status` (ABORTED for an etag mismatch, FAILED_PRECONDITION
 * for a safety check), not Cloud DNS's legacy `errors[]`.
 */
import { googleAip193Errors } from "../../errors";
import { quotasApi } from "../../../provider/apis/quotas/api";
import { GOOGLE_CREDENTIAL_QUERY_PARAMETERS, googleFactsOf, googleScopedAuth } from "../../google/auth";
import { definePlugin } from "../../plugin";
import { quotasFlags, resolveQuotasOptions, type QuotasInput } from "./options";
import { quotasObjects } from "./console";
import type { QuotasContext } from "./preferences";
import { QUOTAS_PATH_PREFIXES, quotasRoutes } from "./routes";
import { QuotasStore } from "./state";

export const quotasPlugin = definePlugin({
  name: "quotas",
  summary: "Cloud Quotas at /v1/... and /v1beta/...",
  pathPrefixes: QUOTAS_PATH_PREFIXES,
  errorFamily: googleAip193Errors("cloudquotas.googleapis.com"),
  contracts: [
    { file: "cloudquotas.v1.json", protos: { npmPackage: "@google-cloud/cloudquotas", folder: "google/api/cloudquotas/v1" } },
    { file: "cloudquotas.v1beta.json", protos: { npmPackage: "@google-cloud/cloudquotas", folder: "google/api/cloudquotas/v1beta" } },
  ],
  partialResponses: true,
  secrets: { queryParameters: GOOGLE_CREDENTIAL_QUERY_PARAMETERS },
  options: (input: QuotasInput) => resolveQuotasOptions(input),
  flags: quotasFlags,
  createStore: () => new QuotasStore(),
  mount: ({ store, accessTokens, options, now, propagationMs }) => {
    // The emulator's change propagation (--change-propagation, /_emulator/speed) is how long an increase reconciles while it is set.
    const context: QuotasContext = {
      store,
      now,
      unreachable: options.unreachable,
      get reconcileMs() {
        return propagationMs() ?? options.reconcileMs;
      },
    };
    return { authenticate: googleScopedAuth(accessTokens, googleFactsOf(quotasApi)), routes: quotasRoutes(context), objects: quotasObjects(context) };
  },
});
