import type { IncomingMessage, ServerResponse } from "node:http";
import { type ChannelMessage } from "../channels/receiver";
import { type Activity } from "./activitySchema";
export type { ChannelMessage } from "../channels/receiver";
export interface ActivityNotification extends ChannelMessage {
    resourceState: string;
    activity?: Activity;
}
export interface NotificationHandlerOptions {
    token: string;
    onNotification: (notification: ActivityNotification) => unknown;
    onSync?: (message: ChannelMessage) => unknown;
}
export declare function notificationHandler(options: NotificationHandlerOptions): (request: IncomingMessage & {
    body?: unknown;
}, response: ServerResponse) => void;
