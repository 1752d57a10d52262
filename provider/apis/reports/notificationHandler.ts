/**
 * `svc.reports.notificationHandler`: the receiver of an ActivityWatchChannel's
 * notifications, the shared channel receiver (channels/receiver.ts) with the
 * reports body: the Activity that happened, typed (activitySchema.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { channelReceiver, type ChannelMessage } from "../../channels/receiver";
import { parseActivity, type Activity } from "./activitySchema";

export type { ChannelMessage } from "../../channels/receiver";

/** An activity notification: the headers' facts, and the activity when the channel carries bodies (`payload`). */
export interface ActivityNotification extends ChannelMessage {
  /** The event name that made the activity match (`X-Svc-Resource-State`). */
  resourceState: string;
  activity?: Activity;
}

export interface NotificationHandlerOptions {
  /** The channel's `token`: notifications without it are answered 401 and not read. */
  token: string;
  /** Called once per notification (repeats are dropped); the service gets 200 when it resolves, 500 (and retries) when it throws. */
  onNotification: (notification: ActivityNotification) => unknown;
  /** Called for the channel's first message, `sync`: the channel exists and reaches this receiver. */
  onSync?: (message: ChannelMessage) => unknown;
}

/**
 * The receiver of an ActivityWatchChannel's notifications, as a request handler of an HTTP
 * server: checks the channel token, drops repeats, and hands each notification, with its
 * activity typed when the channel carries bodies, to `onNotification`.
 */
export function notificationHandler(options: NotificationHandlerOptions): (request: IncomingMessage & { body?: unknown }, response: ServerResponse) => void {
  return channelReceiver<Activity>({
    token: options.token,
    parseBody: parseActivity,
    onNotification: ({ body, ...message }) => options.onNotification({ ...message, ...(body !== undefined && { activity: body }) }),
    ...(options.onSync !== undefined && { onSync: options.onSync }),
  });
}
