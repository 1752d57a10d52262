/**
 * Cloud DNS v1 as an emulator plug-in. Its options keep the top-level names
 * they had before APIs were plug-ins (`changeCompletionDelayMs`, ...), so
 * existing callers of `createEmulator` keep working.
 */
import { parseInteger } from "../../command-line";
import { googleLegacyErrors } from "../../errors";
import { dnsApi } from "../../../provider/apis/dns/api";
import { GOOGLE_CREDENTIAL_QUERY_PARAMETERS, googleFactsOf, googleScopedAuth } from "../../google/auth";
import { definePlugin } from "../../plugin";
import { dnsObjects } from "./console";
import type { DnsContext } from "./context";
import { DNS_PREFIX, dnsRoutes } from "./routes";
import { DnsStore } from "./state";
import { discoveryDocument } from "../../google/contracts/sources";

export interface DnsInput {
  /** How long a DNS change reports `pending` before `done` (default 50 ms). */
  changeCompletionDelayMs?: number;
  /** How long a DNS managed-zone operation (patch/update) reports `pending` before `done` (default: the change delay). */
  operationCompletionDelayMs?: number;
  /** `user` of DNS managed-zone operations (default `user@example.com`). */
  operationUser?: string;
}

type DnsOptions = Omit<DnsContext, "store" | "now">;

const DEFAULT_CHANGE_COMPLETION_DELAY_MS = 50;

export const dnsPlugin = definePlugin({
  name: "dns",
  summary: `Cloud DNS at ${DNS_PREFIX}/...`,
  pathPrefixes: [`${DNS_PREFIX}/`],
  errorFamily: googleLegacyErrors,
  contracts: [discoveryDocument("dns.v1.json", { Policy: "policyResource", ResourceRecordSet: "rrset" })],
  partialResponses: true,
  secrets: { queryParameters: GOOGLE_CREDENTIAL_QUERY_PARAMETERS },
  options: (input: DnsInput): DnsOptions => {
    const changeCompletionDelayMs = input.changeCompletionDelayMs ?? DEFAULT_CHANGE_COMPLETION_DELAY_MS;
    return {
      changeCompletionDelayMs,
      operationCompletionDelayMs: input.operationCompletionDelayMs ?? changeCompletionDelayMs,
      operationUser: input.operationUser ?? "user@example.com",
    };
  },
  flags: {
    flags: [{ name: "change-delay-ms", value: "<ms>", help: 'how long a DNS change stays "pending" (default 50)' }],
    parse: (values) => {
      const delay = values.one("change-delay-ms");
      return delay === undefined ? {} : { changeCompletionDelayMs: parseInteger("--change-delay-ms", delay, 3_600_000) };
    },
  },
  createStore: () => new DnsStore(),
  mount: ({ store, now, accessTokens, options, propagationMs }) => {
    // The emulator's change propagation (--change-propagation, /_emulator/speed) wins while it is set.
    const context: DnsContext = {
      store,
      now,
      operationUser: options.operationUser,
      get changeCompletionDelayMs() {
        return propagationMs() ?? options.changeCompletionDelayMs;
      },
      get operationCompletionDelayMs() {
        return propagationMs() ?? options.operationCompletionDelayMs;
      },
    };
    return { authenticate: googleScopedAuth(accessTokens, googleFactsOf(dnsApi)), routes: dnsRoutes(context), objects: dnsObjects(context) };
  },
});
