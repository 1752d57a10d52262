import type { CiStore } from "./state";

/** How the emulator tells CI tokens apart. */
export interface CiTokenConfig {
  /** Accepted personal tokens; `null`: any non-empty token that is not a project token is personal. */
  personal: ReadonlySet<string> | null;
  /** Project token -> slug (`vcs-a/org/project`) of the one project it works for. */
  project: ReadonlyMap<string, string>;
  /** The user every personal token belongs to. */
  login: string;
  name: string;
}

export interface CiThrottleConfig {
  /** Requests per caller per sliding minute; `null`: unlimited. */
  perUserPerMinute: number | null;
  /** Requests per caller to one path per sliding minute; `null`: unlimited. */
  perResourcePerMinute: number | null;
}

/** What the CI handlers need from the emulator around them. */
export interface CiContext {
  store: CiStore;
  now: () => Date;
  tokens: CiTokenConfig;
  throttle: CiThrottleConfig;
}
