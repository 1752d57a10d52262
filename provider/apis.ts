/**
 * Every API, in the order the SDK and the docs list them: the one place that names them.
 * A new API is its folder (its manifest `api.ts`, its declarations, its functions) and one
 * entry here and in `registry.ts`.
 */
import { adsApi } from "./ads/api";
import { calendarApi } from "./calendar/api";
import { ciApi } from "./ci/api";
import { codehostApi } from "./codehost/api";
import { dnsApi } from "./dns/api";
import { quotasApi } from "./quotas/api";
import { reportsApi } from "./reports/api";

export const API_MANIFESTS = [dnsApi, calendarApi, quotasApi, ciApi, reportsApi, adsApi, codehostApi] as const;
