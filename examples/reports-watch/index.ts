// A security team's token audit in code: a push-notification channel that
// tells an HTTPS receiver of every matching token event in the domain (kept
// alive across expirations: a refresh drops an expired channel and the next
// `up` makes a new one), and the audit trail read with a typed function.
// The receiver itself is a small server built with svc.reports.notificationHandler
// (see docs/reports.md).
//
// Configuration:
//   address        the receiver's HTTPS address (required)
//   channelToken   the token the receiver checks, set with --secret (required)
//   userKey        "all" (default) or a user's e-mail
//   eventName      the token event to watch (default "authorize")
//   ttlSeconds     how long each channel should live (optional; the service caps it)
//   filters        JSON list of "<parameter>=<value>" conditions (optional)
//   channelId      a fixed channel id (optional; by default Pulumi names it, anew for each replacement)
//   importId       "{channelId}/{resourceId}" of an existing channel to adopt (optional)
//   pageSize       activities per request when reading the trail (default 100)
// The token is svc:reportsToken (set with --secret) or SVC_REPORTS_TOKEN; channels are
// stopped at svc:reportsChannelBaseUrl (default: the reports base address).
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();
const userKey = config.get("userKey") ?? "all";
const importId = config.get("importId");

const channel = new svc.reports.ActivityWatchChannel(
  "token-audit",
  {
    userKey,
    eventName: config.get("eventName") ?? "authorize",
    address: config.require("address"),
    token: config.requireSecret("channelToken"),
    ttlSeconds: config.getNumber("ttlSeconds"),
    filters: config.getObject<string[]>("filters"),
    channelId: config.get("channelId"),
  },
  importId === undefined ? {} : { import: importId },
);

const trail = svc.reports.getActivitiesOutput({ userKey: "all", maxResults: config.getNumber("pageSize") ?? 100 });
const revokes = svc.reports.getActivitiesOutput({ userKey: "all", eventName: "revoke" });

export const channelId = channel.channelId;
export const resourceId = channel.resourceId;
export const effectiveExpiration = channel.effectiveExpiration;
export const activityCount = trail.apply(({ activities }) => activities.length);
// Each token event as the admin console words it, newest first.
export const latestMessages = trail.apply(({ activities }) =>
  activities.slice(0, 5).flatMap((activity) => activity.events.map((event) => svc.reports.consoleMessage(activity, event) ?? event.name)),
);
// What the typed parameters give: API calls by product bucket.
export const callsByProduct = trail.apply(({ activities }) => {
  const counts: Record<string, number> = {};
  for (const event of activities.flatMap((activity) => activity.events)) {
    if (event.token?.event === "activity") counts[event.token.product_bucket] = (counts[event.token.product_bucket] ?? 0) + 1;
  }
  return counts;
});
// Activities containing a revoke, each with all its event names.
export const revokeEventNames = revokes.apply(({ activities }) => activities.map((activity) => activity.events.map((event) => event.name)));
