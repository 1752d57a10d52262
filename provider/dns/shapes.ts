/** Nested DNS shapes shared by zones, policies and rules (reference: dns-v1 schemas). */
import { z } from "zod";
import { fqdn } from "./names";

const show = (value: unknown): string => JSON.stringify(value);

/** A VPC network as the API takes it: the full Compute Engine URL (a partial path is refused). */
export const networkUrl = z
  .string()
  .regex(/^https:\/\/(www|compute)\.googleapis\.com\/compute\/(v1|beta|alpha)\/projects\/[^/\s]+\/global\/networks\/[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/, {
    error: (issue) =>
      `must be the network's full URL, e.g. "https://www.googleapis.com/compute/v1/projects/my-project/global/networks/default"; got ${show(issue.input)}`,
  });

export const networks = z.array(z.object({ networkUrl }))
  .meta({ description: "The VPC networks, each by its full URL (`networkUrl`)." });

export const gkeClusters = z.array(
  z.object({
    gkeClusterName: z.string().regex(/^projects\/[^/]+\/locations\/[^/]+\/clusters\/[^/]+$/, {
      error: (issue) => `must be "projects/<p>/locations/<l>/clusters/<c>"; got ${show(issue.input)}`,
    }),
  }),
)
  .meta({ description: "The GKE clusters, each by its name `projects/<p>/locations/<l>/clusters/<c>` (`gkeClusterName`)." });

const ipv4 = z.ipv4({ error: (issue) => `must be an IPv4 address; got ${show(issue.input)}` });
const ipv6 = z.ipv6({ error: (issue) => `must be an IPv6 address; got ${show(issue.input)}` });

export const targetNameServers = z.array(
  z
    .object({
      ipv4Address: ipv4.optional()
        .meta({ description: "Its IPv4 address." }),
      ipv6Address: ipv6.optional()
        .meta({ description: "Its IPv6 address." }),
      forwardingPath: z.enum(["default", "private"]).optional()
        .meta({ description: "`default` (the Internet for public addresses) or `private` (always through the VPC)." }),
    })
    .refine((target) => (target.ipv4Address === undefined) !== (target.ipv6Address === undefined), {
      error: "each target name server has exactly one of ipv4Address or ipv6Address",
    }),
)
  .meta({ description: "The name servers, each with exactly one of `ipv4Address` or `ipv6Address`." });

/** A record set as response policy rules hold it (no SOA or NS). */
export const localRecordSet = z.object({
  name: fqdn
    .meta({ description: "The owner name, fully qualified with a trailing dot." }),
  type: z.string().refine((type) => type !== "SOA" && type !== "NS", { error: "local data may not hold SOA or NS records" })
    .meta({ description: "The record type (not SOA or NS)." }),
  ttl: z.number().int().min(0).optional()
    .meta({ description: "Time to live in seconds." }),
  rrdatas: z.array(z.string().min(1)).min(1, { error: "must hold at least one record" })
    .meta({ description: "The record data." }),
});
