/** Nested DNS shapes shared by zones, policies and rules (reference: dns-v1 schemas). */
import { z } from "zod";
import { excerpt } from "../../engine/declaration/excerpt";
import { recordName } from "./names";
import { RECORD_TYPES, rrdataFailures } from "./rrdataSyntax";

/** A VPC network as the API takes it: the full Compute Engine URL (a partial path is refused). */
export const networkUrl = z
  .string()
  .regex(/^https:\/\/(www|compute)\.googleapis\.com\/compute\/(v1|beta|alpha)\/projects\/[^/\s]+\/global\/networks\/[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/, {
    error: (issue) =>
      `must be the network's full URL, e.g. "https://www.googleapis.com/compute/v1/projects/my-project/global/networks/default"; got ${excerpt(issue.input)}`,
  });

export const networks = z.array(z.object({ networkUrl })).meta({ description: "The VPC networks, each by its full URL (`networkUrl`)." });

export const gkeClusters = z
  .array(
    z.object({
      gkeClusterName: z.string().regex(/^projects\/[^/]+\/locations\/[^/]+\/clusters\/[^/]+$/, {
        error: (issue) => `must be "projects/<p>/locations/<l>/clusters/<c>"; got ${excerpt(issue.input)}`,
      }),
    }),
  )
  .meta({ description: "The GKE clusters, each by its name `projects/<p>/locations/<l>/clusters/<c>` (`gkeClusterName`)." });

const ipv4 = z.ipv4({ error: (issue) => `must be an IPv4 address; got ${excerpt(issue.input)}` });
const ipv6 = z.ipv6({ error: (issue) => `must be an IPv6 address; got ${excerpt(issue.input)}` });

export const targetNameServers = z
  .array(
    z
      .object({
        ipv4Address: ipv4.optional().meta({ description: "Its IPv4 address." }),
        ipv6Address: ipv6.optional().meta({ description: "Its IPv6 address." }),
        forwardingPath: z
          .enum(["default", "private"])
          .optional()
          .meta({ description: "`default` (the Internet for public addresses) or `private` (always through the VPC)." }),
      })
      .refine((target) => (target.ipv4Address === undefined) !== (target.ipv6Address === undefined), {
        error: "each target name server has exactly one of ipv4Address or ipv6Address",
      }),
  )
  .meta({ description: "The name servers, each with exactly one of `ipv4Address` or `ipv6Address`." });

/** The record types local data can hold: a rule answers queries, it is no zone (no SOA or NS). */
const LOCAL_TYPES = RECORD_TYPES.filter((type) => type !== "SOA" && type !== "NS");

const wholeSeconds = (issue: { input: unknown }): string => `must be a whole number of seconds from 0 to 2147483647; got ${excerpt(issue.input)}`;

/** A record set as response policy rules hold it, its record data checked by its type. */
export const localRecordSet = z
  .object({
    name: recordName.meta({ description: "The owner name, fully qualified with a trailing dot." }),
    type: z
      .enum(LOCAL_TYPES, {
        error: (issue) =>
          issue.input === "SOA" || issue.input === "NS"
            ? `local data may not hold SOA or NS records; got ${excerpt(issue.input)}`
            : `must be a record type, one of ${LOCAL_TYPES.join(", ")}; got ${excerpt(issue.input)}`,
      })
      .meta({ description: "The record type (not SOA or NS)." }),
    ttl: z
      .number({ error: wholeSeconds })
      .int({ error: wholeSeconds })
      .min(0, { error: wholeSeconds })
      .max(2147483647, { error: wholeSeconds })
      .optional()
      .meta({ description: "Time to live in seconds." }),
    rrdatas: z
      .array(z.string().min(1, { error: "record data must not be empty" }))
      .min(1, { error: "must hold at least one record" })
      .meta({ description: "The record data, checked by its type." }),
  })
  .superRefine(({ type, rrdatas }, context) => {
    for (const failure of rrdataFailures(type, rrdatas, "rrdatas")) {
      const index = /\[(\d+)\]$/.exec(failure.property)?.[1];
      context.addIssue({ code: "custom", message: failure.reason, path: index === undefined ? ["rrdatas"] : ["rrdatas", Number(index)] });
    }
  });

const LABEL_KEY = /^[a-z][a-z0-9_-]{0,62}$/;
const LABEL_VALUE = /^[a-z0-9_-]{0,63}$/;
const MAX_LABELS = 64;

const labelKeyRule = (key: unknown): string =>
  `label keys must start with a lowercase letter and hold 1-63 lowercase letters, digits, _ or -, e.g. "team"; got ${excerpt(key)}`;

/** Labels of zones and response policies, by Google's label rules. */
export const labels = z
  .record(
    z.string().regex(LABEL_KEY, { error: (issue) => labelKeyRule(issue.input) }),
    z.string().regex(LABEL_VALUE, {
      error: (issue) => `label values hold 0-63 lowercase letters, digits, _ or -, e.g. "web"; got ${excerpt(issue.input)}`,
    }),
    {
      // A bad key surfaces as the record's own issue (invalid_key), so its message is given here too.
      error: (issue) =>
        issue.code === "invalid_key" ? labelKeyRule(issue.input) : `must be a map of label keys to values, e.g. { team: "web" }; got ${excerpt(issue.input)}`,
    },
  )
  .refine((map) => Object.keys(map).length <= MAX_LABELS, {
    error: (issue) => `must hold at most ${MAX_LABELS} labels; got ${Object.keys(issue.input as object).length}`,
  });
