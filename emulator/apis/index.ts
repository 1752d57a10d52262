/**
 * Every API the emulator serves, in the order `--help` lists them. The one
 * place the shared core (server, CLI, internal endpoints) learns of an API:
 * a new API is its folder and one entry here (see "Adding an API" in README.md).
 */
import { iamCredentialsApi, metadataApi, oauthApi, stsApi } from "../google/tokens/plugins";
import { adsApi } from "./ads/plugin";
import { calendarApi } from "./calendar/plugin";
import { ciApi } from "./ci/plugin";
import { codeHostApi } from "./codehost/plugin";
import { dnsApi } from "./dns/plugin";
import { quotasApi } from "./quotas/plugin";
import { reportsApi } from "./reports/plugin";

export const apis = [dnsApi, ciApi, adsApi, codeHostApi, calendarApi, quotasApi, reportsApi, oauthApi, stsApi, iamCredentialsApi, metadataApi];
