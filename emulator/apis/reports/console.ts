/**
 * The activity reports in the web console: the push-notification channels watching the token
 * audit trail (never their tokens), and the trail's recent activities, newest first.
 */
import type { ObjectTree } from "../../console/tree";
import { bodyOf, decodedPath, nodeKey } from "../../console/tree";
import type { ReportsStore } from "./state";

/** The trail grows without bound; the console shows its newest part. */
const RECENT = 500;

export function reportsObjects(store: ReportsStore): ObjectTree {
  return () => [
    {
      title: "activity channels",
      nodes: store.channels.channels().map((channel) => ({
        key: nodeKey("channel", channel.id),
        kind: "activity channel",
        label: channel.id,
        summary: `to ${channel.address}, until ${new Date(Number(channel.expiration)).toISOString()}`,
        wire: () => channel,
        touchedBy: (request) =>
          (request.request.method === "POST" && bodyOf(request)?.["id"] === channel.id) || decodedPath(request).includes(channel.resourceId),
      })),
    },
    {
      title: "recent activities",
      nodes: store.activities
        .slice(-RECENT)
        .reverse()
        .map(({ activity }) => ({
          key: nodeKey("activity", activity.id.uniqueQualifier),
          kind: "activity",
          label: `${activity.id.time} ${activity.events.map((event) => event.name).join(", ")}`,
          summary: `${activity.actor.email} from ${activity.ipAddress}`,
          wire: () => activity,
          // Lists answer many activities at once: the console does not count them as touching each.
          touchedBy: () => false,
        })),
    },
  ];
}
