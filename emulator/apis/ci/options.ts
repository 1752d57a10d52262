/**
 * The CI API's options (`createEmulator({ ci: {...} })`) and flags
 * (`--ci-...`): its tokens and its throttle.
 */
import type { ApiFlags } from "../../plugin";
import { commaList, parsePositiveInteger, UsageError } from "../../command-line";
import type { CiThrottleConfig, CiTokenConfig } from "./context";
import { isVcsType, VCS_TYPES } from "./resources";

export const DEFAULT_CI_LOGIN = "emulator-user";

export interface CiOptions {
  /**
   * Accepted personal tokens, all belonging to the one emulated user. When
   * neither these nor project tokens are configured, any non-empty token is
   * a personal token.
   */
  personalTokens?: string[];
  /** Project token -> the project it works for, as `vcs-type/org/project` (e.g. `vcs-a/acme/monorepo`). */
  projectTokens?: Record<string, string>;
  /** Login of the emulated user (default `emulator-user`). */
  login?: string;
  /** Off by default. */
  throttle?: { perUserPerMinute?: number; perResourcePerMinute?: number };
}

/** The CI API's part of `createEmulator`'s options. */
export interface CiInput {
  /** The CI API at `/api/v1.1/...`: its tokens (personal, project) and throttle. */
  ci?: CiOptions;
}

/** The options with defaults filled and checked, as the handlers use them. */
export interface ResolvedCiOptions {
  tokens: CiTokenConfig;
  throttle: CiThrottleConfig;
}

export function resolveCiOptions({ ci = {} }: CiInput): ResolvedCiOptions {
  return { tokens: tokenConfig(ci), throttle: throttleConfig(ci) };
}

export const ciFlags: ApiFlags<CiInput> = {
  flags: [
    {
      name: "ci-personal-tokens",
      value: "<a,b,...>",
      help: "CI personal tokens (default, when no CI token is given:\nany non-empty token is a personal token)",
    },
    {
      name: "ci-project-token",
      value: "<token=vcs-type/org/project>",
      help: "a CI project token and its project; repeatable",
      multiple: true,
    },
    { name: "ci-throttle-per-user", value: "<n>", help: "CI requests per caller per minute, then 429 (default: off)" },
    { name: "ci-throttle-per-resource", value: "<n>", help: "CI requests per caller to one path per minute (default: off)" },
  ],
  parse: (values) => {
    const ci: CiOptions = {};
    const personalTokens = commaList(values.one("ci-personal-tokens"));
    if (personalTokens !== undefined && personalTokens.length > 0) ci.personalTokens = personalTokens;
    for (const pair of values.all("ci-project-token")) {
      const match = /^([^=]+)=((vcs-a|vcs-b)\/[^/]+\/[^/]+)$/.exec(pair);
      if (match?.[1] === undefined || match[2] === undefined) {
        throw new UsageError(`--ci-project-token must be <token>=<vcs-a|vcs-b>/<org>/<project>, got '${pair}'`);
      }
      ci.projectTokens = { ...ci.projectTokens, [match[1]]: match[2] };
    }
    const perUser = values.one("ci-throttle-per-user");
    const perResource = values.one("ci-throttle-per-resource");
    if (perUser !== undefined || perResource !== undefined) {
      ci.throttle = {
        ...(perUser !== undefined ? { perUserPerMinute: parsePositiveInteger("--ci-throttle-per-user", perUser) } : {}),
        ...(perResource !== undefined ? { perResourcePerMinute: parsePositiveInteger("--ci-throttle-per-resource", perResource) } : {}),
      };
    }
    return { ci };
  },
};

function tokenConfig(options: CiOptions): CiTokenConfig {
  const project = new Map<string, string>();
  for (const [token, slug] of Object.entries(options.projectTokens ?? {})) {
    const [vcsType, username, reponame, ...rest] = slug.split("/");
    if (vcsType === undefined || !isVcsType(vcsType) || !username || !reponame || rest.length > 0) {
      throw new Error(`CI project token '${token}': project must be '<vcs-type>/<org>/<project>' with vcs-type ${VCS_TYPES.join(" or ")}, got '${slug}'`);
    }
    if (token === "") throw new Error("CI project tokens must not be empty");
    project.set(token, slug);
  }
  const personal = options.personalTokens !== undefined && options.personalTokens.length > 0 ? new Set(options.personalTokens) : null;
  const login = options.login ?? DEFAULT_CI_LOGIN;
  return { personal, project, login, name: login === DEFAULT_CI_LOGIN ? "Emulator User" : login };
}

function throttleConfig(options: CiOptions): CiThrottleConfig {
  const check = (name: string, value: number | undefined): number | null => {
    if (value === undefined) return null;
    if (!Number.isInteger(value) || value < 1) throw new Error(`CI throttle ${name} must be a positive integer, got ${value}`);
    return value;
  };
  return {
    perUserPerMinute: check("perUserPerMinute", options.throttle?.perUserPerMinute),
    perResourcePerMinute: check("perResourcePerMinute", options.throttle?.perResourcePerMinute),
  };
}
