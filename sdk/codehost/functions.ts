import * as pulumi from "@pulumi/pulumi";
import type * as Queries from "../../provider/codehost/functions";
import type { RateLimitStatus } from "../../provider/codehost/functions";
import { lazily, promiseFunction } from "../internal/functions";

export type { RateLimitStatus, RateLimitWindow } from "../../provider/codehost/functions";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call (sdk/internal/functions.ts)
const queries = lazily(() => require("../../provider/codehost/functions") as typeof Queries);

/**
 * The code host's rate-limit status: `{ resources: { core, search, graphql, ... } }`,
 * each `{ limit, used, remaining, reset }` with `reset` as a Date. The call does
 * not count against the primary limit. Credentials come from the settings
 * (`svc:codehostToken`, SVC_TOKEN, an OAuth app's id and secret, or none).
 *
 * @example
 * ```ts
 * import * as svc from "pulumi-svc";
 * const { resources } = await svc.codehost.getRateLimit();
 * if (resources.core.remaining < 500) {
 *   throw new Error(`only ${resources.core.remaining} requests left until ${resources.core.reset.toISOString()}`);
 * }
 * ```
 */
export const getRateLimit = promiseFunction(queries, "getRateLimit");
/** {@link getRateLimit} as an Output. */
export const getRateLimitOutput = (): pulumi.Output<RateLimitStatus> => pulumi.output({}).apply(() => getRateLimit());
