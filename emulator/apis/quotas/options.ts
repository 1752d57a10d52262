/**
 * The quota API's options (`createEmulator({ quotas: {...} })`) and flags
 * (`--quotas-...`): how long an increase stays `reconciling`, and which
 * locations lists report as unreachable.
 */
import { UsageError } from "../../command-line";
import type { ApiFlags } from "../../plugin";

export const DEFAULT_RECONCILE_MS = 2000;

export interface QuotasOptions {
  /** How long a quota increase stays `reconciling: true` before it is decided (default 2000 ms). */
  reconcileMs?: number;
  /** Locations every quotaPreferences.list reports in `unreachable` (default none), for clients that must report them. */
  unreachable?: readonly string[];
}

/** The quota API's part of `createEmulator`'s options. */
export interface QuotasInput {
  /** Cloud Quotas at `/v1/...` and `/v1beta/...`: the increase decision delay, unreachable locations. */
  quotas?: QuotasOptions;
}

export interface ResolvedQuotasOptions {
  reconcileMs: number;
  unreachable: readonly string[];
}

export function resolveQuotasOptions({ quotas = {} }: QuotasInput): ResolvedQuotasOptions {
  const reconcileMs = quotas.reconcileMs ?? DEFAULT_RECONCILE_MS;
  if (!Number.isInteger(reconcileMs) || reconcileMs < 0) throw new Error(`quotas.reconcileMs must be a whole number of milliseconds >= 0, got ${reconcileMs}`);
  return { reconcileMs, unreachable: [...(quotas.unreachable ?? [])] };
}

export const quotasFlags: ApiFlags<QuotasInput> = {
  flags: [
    {
      name: "quotas-reconcile-ms",
      value: "<ms>",
      help: `how long a quota increase stays reconciling before it is decided (default ${DEFAULT_RECONCILE_MS})`,
    },
  ],
  parse: (values) => {
    const raw = values.one("quotas-reconcile-ms");
    if (raw === undefined) return {};
    if (!/^\d+$/.test(raw)) throw new UsageError(`--quotas-reconcile-ms must be a whole number of milliseconds, got '${raw}'`);
    return { quotas: { reconcileMs: Number(raw) } };
  },
};
