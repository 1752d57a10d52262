import * as pulumi from "@pulumi/pulumi";
import type * as Queries from "../../provider/codehost/functions";
import type { RateLimitStatus } from "../../provider/codehost/functions";
export type { RateLimitStatus, RateLimitWindow } from "../../provider/codehost/functions";
export declare const getRateLimit: typeof Queries.getRateLimit;
export declare const getRateLimitOutput: () => pulumi.Output<RateLimitStatus>;
