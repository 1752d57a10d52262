/**
 * The ad API's options (`createEmulator({ ads: {...} })`) and flags
 * (`--ads-...`): which bearer tokens see which publisher accounts.
 */
import { UsageError } from "../../command-line";
import type { ApiFlags } from "../../plugin";

/** `pub-` and 16 characters, the publisher id form of the spec. */
export const PUBLISHER_ID = /^pub-[A-Za-z0-9]{16}$/;

export interface AdsOptions {
  /**
   * Token -> the publisher ids it may read. A token left out sees no
   * publisher (403). When not given at all, every accepted token sees every
   * seeded publisher.
   */
  publisherTokens?: Record<string, string | string[]>;
}

/** The ad API's part of `createEmulator`'s options. */
export interface AdsInput {
  /** The ad-mediation adapter listing API at `/v1beta/accounts/...`: which token sees which publisher. */
  ads?: AdsOptions;
}

export interface ResolvedAdsOptions {
  /** `null`: any token sees every publisher. */
  publisherTokens: ReadonlyMap<string, ReadonlySet<string>> | null;
}

export function resolveAdsOptions({ ads = {} }: AdsInput): ResolvedAdsOptions {
  if (ads.publisherTokens === undefined) return { publisherTokens: null };
  const tokens = new Map<string, ReadonlySet<string>>();
  for (const [token, publishers] of Object.entries(ads.publisherTokens)) {
    const ids = typeof publishers === "string" ? [publishers] : publishers;
    if (token === "") throw new Error("ads publisher tokens must not be empty");
    for (const id of ids) {
      if (!PUBLISHER_ID.test(id)) throw new Error(`ads publisher token '${token}': publisher must be 'pub-' and 16 characters, got '${id}'`);
    }
    tokens.set(token, new Set(ids));
  }
  return { publisherTokens: tokens };
}

export const adsFlags: ApiFlags<AdsInput> = {
  flags: [
    {
      name: "ads-publisher-token",
      value: "<token=pub-...>",
      help: "a bearer token and a publisher it may read; repeatable\n(default: any token reads the seeded publisher)",
      multiple: true,
    },
  ],
  parse: (values) => {
    const pairs = values.all("ads-publisher-token");
    if (pairs.length === 0) return {};
    const publisherTokens: Record<string, string[]> = {};
    for (const pair of pairs) {
      const match = /^([^=]+)=(pub-[A-Za-z0-9]{16})$/.exec(pair);
      if (match?.[1] === undefined || match[2] === undefined) {
        throw new UsageError(`--ads-publisher-token must be <token>=pub-<16 characters>, got '${pair}'`);
      }
      publisherTokens[match[1]] = [...(publisherTokens[match[1]] ?? []), match[2]];
    }
    return { ads: { publisherTokens } };
  },
};
