/**
 * The code host's options (`createEmulator({ codehost: {...} })`) and flags
 * (`--codehost-...`): which token is which kind, the primary limits per kind
 * (the spec's table), the scaled hour, the secondary limits and latency.
 */
import type { ApiFlags } from "../../plugin";
import { commaList, parseInteger, parsePositiveInteger, UsageError } from "../../command-line";

/** Caller kinds of the spec's primary-limit table; `anonymous` is an unauthenticated caller. */
export const TOKEN_KINDS = [
  "personal",
  "enterprise-personal",
  "installation",
  "enterprise-installation",
  "workflow",
  "enterprise-workflow",
  "oauth-app",
  "enterprise-oauth-app",
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
export type CallerKind = TokenKind | "anonymous";

/** Requests per hour (spec "Primary limits"). */
export const PRIMARY_LIMITS: Readonly<Record<CallerKind, number>> = {
  anonymous: 60,
  personal: 5000,
  "enterprise-personal": 15_000,
  installation: 5000,
  "enterprise-installation": 15_000,
  workflow: 1000,
  "enterprise-workflow": 15_000,
  "oauth-app": 5000,
  "enterprise-oauth-app": 15_000,
};

export interface SecondaryLimits {
  /** Requests in flight at once, per caller (default 100). */
  concurrency: number;
  /** Points per minute per endpoint per caller (default 900; GET 1, writes 5). */
  pointsPerMinute: number;
  /** Content-creating requests (POST) per minute and per hour (default 80 and 500). */
  creationsPerMinute: number;
  creationsPerHour: number;
  /** Whether the per-minute and per-hour refusals say `retry-after` (the concurrency refusal never does). Default true. */
  retryAfter: boolean;
}

export interface CodeHostOptions {
  /** Token -> its kind. Absent: any token is a personal token. */
  tokens?: Record<string, TokenKind>;
  /** OAuth app client id -> client secret, for HTTP Basic. Absent: any id and secret (an `oauth-app`). */
  oauthApps?: Record<string, string>;
  /** Real milliseconds a code-host hour lasts (default 3,600,000); minutes scale with it. */
  hourMs?: number;
  /** Primary limits per kind, replacing the spec's values (e.g. a small one to exhaust in a test). */
  primaryLimits?: Partial<Record<CallerKind, number>>;
  secondary?: Partial<SecondaryLimits>;
  /** 403 (default) or 429: the status of a rate-limit refusal. */
  limitStatus?: 403 | 429;
  /** Milliseconds every request is held before it is answered (default 0), so requests in flight overlap. */
  latencyMs?: number;
}

export interface CodeHostInput {
  /** The code host at `/codehost/...`: token kinds, primary and secondary limits, the scaled hour. */
  codehost?: CodeHostOptions;
}

export interface ResolvedCodeHostOptions {
  tokens: ReadonlyMap<string, TokenKind> | null;
  oauthApps: ReadonlyMap<string, string> | null;
  hourMs: number;
  primaryLimits: Readonly<Record<CallerKind, number>>;
  secondary: SecondaryLimits;
  limitStatus: 403 | 429;
  latencyMs: number;
}

export function resolveCodeHostOptions({ codehost = {} }: CodeHostInput): ResolvedCodeHostOptions {
  const hourMs = codehost.hourMs ?? 3_600_000;
  if (!Number.isInteger(hourMs) || hourMs < 60) throw new Error(`codehost.hourMs must be an integer of at least 60, got ${hourMs}`);
  return {
    tokens: codehost.tokens === undefined ? null : new Map(Object.entries(codehost.tokens)),
    oauthApps: codehost.oauthApps === undefined ? null : new Map(Object.entries(codehost.oauthApps)),
    hourMs,
    primaryLimits: { ...PRIMARY_LIMITS, ...codehost.primaryLimits },
    secondary: {
      concurrency: 100,
      pointsPerMinute: 900,
      creationsPerMinute: 80,
      creationsPerHour: 500,
      retryAfter: true,
      ...codehost.secondary,
    },
    limitStatus: codehost.limitStatus ?? 403,
    latencyMs: codehost.latencyMs ?? 0,
  };
}

function isTokenKind(kind: string): kind is TokenKind {
  return (TOKEN_KINDS as readonly string[]).includes(kind);
}

export const codeHostFlags: ApiFlags<CodeHostInput> = {
  flags: [
    {
      name: "codehost-tokens",
      value: "<token=kind,...>",
      help: `code-host tokens and their kinds (${TOKEN_KINDS.join(", ")});\ndefault: any token is a personal token`,
    },
    { name: "codehost-hour-ms", value: "<n>", help: "real milliseconds a code-host hour lasts (default 3600000); minutes scale too" },
    { name: "codehost-limit-status", value: "<403|429>", help: "status of a code-host rate-limit refusal (default 403)" },
    { name: "codehost-latency-ms", value: "<n>", help: "hold every code-host request this long (default 0)" },
  ],
  parse: (values) => {
    const codehost: CodeHostOptions = {};
    for (const pair of commaList(values.one("codehost-tokens")) ?? []) {
      const [token, kind] = pair.split("=");
      if (token === undefined || token === "" || kind === undefined || !isTokenKind(kind)) {
        throw new UsageError(`--codehost-tokens takes <token>=<kind> pairs, kind one of ${TOKEN_KINDS.join(", ")}; got '${pair}'`);
      }
      codehost.tokens = { ...codehost.tokens, [token]: kind };
    }
    const hourMs = values.one("codehost-hour-ms");
    if (hourMs !== undefined) codehost.hourMs = parsePositiveInteger("--codehost-hour-ms", hourMs);
    const status = values.one("codehost-limit-status");
    if (status !== undefined) {
      if (status !== "403" && status !== "429") throw new UsageError(`--codehost-limit-status must be 403 or 429, got '${status}'`);
      codehost.limitStatus = status === "403" ? 403 : 429;
    }
    const latency = values.one("codehost-latency-ms");
    if (latency !== undefined) codehost.latencyMs = parseInteger("--codehost-latency-ms", latency, 60_000);
    // No flag, no key: the options of a command line without code-host flags stay as they were.
    return Object.keys(codehost).length === 0 ? {} : { codehost };
  },
};
