import type { IncomingMessage, ServerResponse } from "node:http";
export interface ChannelMessage {
    channelId: string;
    messageNumber: number;
    resourceId: string;
    resourceUri: string;
    resourceState: string;
    expiration?: string;
}
export interface ReceiverOptions<Body> {
    token: string;
    parseBody: (json: unknown) => Body;
    onNotification: (message: ChannelMessage & {
        body?: Body;
    }) => unknown;
    onSync?: (message: ChannelMessage) => unknown;
    remember?: number;
}
export type ReceivedRequest = IncomingMessage & {
    body?: unknown;
};
export declare function channelReceiver<Body>(options: ReceiverOptions<Body>): (request: ReceivedRequest, response: ServerResponse) => void;
