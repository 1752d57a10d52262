/**
 * The channel part of an API's `/_emulator/<api>/` endpoints:
 *   GET /_emulator/<api>/channels -> { channels: ChannelView[], deliveries: DeliveryRecord[] }
 * (live channels without their tokens, and what happened to every message).
 */
import type { ApiRoute } from "../api";
import type { ChannelRegistry } from "./registry";

export function channelInternalRoutes(registry: () => ChannelRegistry<unknown>): ApiRoute[] {
  return [
    {
      method: "GET",
      pattern: "/channels",
      operation: "emulator.channels.list",
      handle: () => ({ status: 200, body: { channels: registry().channels(), deliveries: registry().deliveries() } }),
    },
  ];
}
