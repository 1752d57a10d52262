/**
 * The code host's rate-limit status (spec "Endpoints E"): `GET /rate_limit`,
 * which does not count against the primary limit, so a program or a policy
 * can check the budget before a large run.
 */
import { z } from "zod";
import { readFunctionsOf } from "../../engine/functions/readFunction";

/** One resource's window; `reset` is when it starts over (the wire's UTC epoch seconds, as a Date). */
export const rateLimitWindowSchema = z
  .object({
    limit: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    reset: z.number().int(),
  })
  .transform((window) => ({ ...window, reset: new Date(window.reset * 1000) }));

export type RateLimitWindow = z.output<typeof rateLimitWindowSchema>;

/**
 * `core` (the REST API), `search` and `graphql` are always reported; any
 * other resource the code host reports (`code_search`, `integration_manifest`, ...) is kept under its name.
 */
export const rateLimitStatusSchema = z.object({
  resources: z.object({ core: rateLimitWindowSchema, search: rateLimitWindowSchema, graphql: rateLimitWindowSchema }).catchall(rateLimitWindowSchema),
});

export type RateLimitStatus = z.output<typeof rateLimitStatusSchema>;

const { get } = readFunctionsOf("codehost");

export const getRateLimit = get({
  name: "getRateLimit",
  doc:
    "The code host's rate-limit status: `{ resources: { core, search, graphql, ... } }`, each `{ limit, used, remaining, reset }` with `reset` as a Date. " +
    "The call does not count against the primary limit. Credentials come from the settings (`svc:codehostToken`, SVC_TOKEN, an OAuth app's id and secret, or none).",
  example: [
    "const { resources } = await svc.codehost.getRateLimit();",
    "if (resources.core.remaining < 500) {",
    "  throw new Error(`only ${resources.core.remaining} requests left until ${resources.core.reset.toISOString()}`);",
    "}",
  ],
  path: "/rate_limit",
  result: rateLimitStatusSchema,
});
