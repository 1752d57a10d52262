import type * as Queries from "../../provider/quotas/functions";

import { lazily, outputFunction, promiseFunction } from "../internal/functions";

export type {
  QuotaInfo,
  QuotaInfoArgs,
  QuotaInfosArgs,
  QuotaPreferenceInfo,
  QuotaPreferencesArgs,
  QuotaPreferencesResult,
} from "../../provider/quotas/functions";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/quotas/functions") as typeof Queries);

/**
 * One quota of a service as it stands for a project, folder or organization
 * (`GET /v1/{parent}/locations/global/services/{service}/quotaInfos/{quotaId}`): its
 * dimensions, values per dimension, eligibility for increases, precision and refresh interval.
 *
 * @example
 * ```ts
 * const cpus = await svc.quotas.getQuotaInfo({ project: "my-project", service: "compute.googleapis.com", quotaId: "CPUS-per-project-region" });
 * ```
 */
export const getQuotaInfo = promiseFunction(queries, "getQuotaInfo");
/** {@link getQuotaInfo} as an Output: its arguments may be Outputs. */
export const getQuotaInfoOutput = outputFunction(queries, "getQuotaInfo");

/**
 * Every quota of a service for a parent, read across all pages.
 *
 * @example
 * ```ts
 * const quotas = await svc.quotas.getQuotaInfos({ project: "my-project", service: "compute.googleapis.com" });
 * ```
 */
export const getQuotaInfos = promiseFunction(queries, "getQuotaInfos");
/** {@link getQuotaInfos} as an Output: its arguments may be Outputs. */
export const getQuotaInfosOutput = outputFunction(queries, "getQuotaInfos");

/**
 * The quota preferences of a parent, read across all pages: `filter` (e.g. `reconciling=true`),
 * `orderBy` (e.g. `quota_id`, `service, create_time desc`), and the locations the service
 * could not reach (`unreachable`: the list may miss preferences there).
 *
 * @example
 * ```ts
 * const { quotaPreferences, unreachable } = await svc.quotas.getQuotaPreferences({ project: "my-project", filter: "reconciling=true" });
 * ```
 */
export const getQuotaPreferences = promiseFunction(queries, "getQuotaPreferences");
/** {@link getQuotaPreferences} as an Output: its arguments may be Outputs. */
export const getQuotaPreferencesOutput = outputFunction(queries, "getQuotaPreferences");
