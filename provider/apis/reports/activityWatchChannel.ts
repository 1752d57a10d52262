/**
 * `svc.reports.ActivityWatchChannel`: a push-notification channel on the
 * activities of an application (token audit by default): the service POSTs
 * a notification to `address` for each new activity that matches. A channel
 * as every API's (provider/channels/watchChannel.ts); this file says what it
 * watches.
 */
import { z } from "zod";
import { channelCrossCheck, channelDeclaration, channelOutputs, channelShape, type ChannelArgs, type ChannelWire } from "../../channels/watchChannel";
import { declare } from "../../engine/declaration/declaration";
import { ACTIVITIES_PATH, CHANNEL_STOP_PATH, applicationName, eventName, filters, userKey } from "./names";

export const activityWatchChannelArgs = z.object({
  userKey,
  applicationName,
  eventName,
  filters,
  ...channelShape,
});

export interface ActivityWatchChannelArgs extends ChannelArgs {
  userKey: string;
  applicationName: string;
  eventName?: string;
  filters?: string[];
}

const INPUTS = Object.keys(activityWatchChannelArgs.shape);

export const activityWatchChannel = declare<ActivityWatchChannelArgs, ChannelWire>({
  module: "reports",
  name: "ActivityWatchChannel",
  api: "reports",
  args: activityWatchChannelArgs,
  ...channelDeclaration<ActivityWatchChannelArgs>({
    inputNames: INPUTS,
    watched: "{userKey}/{applicationName}",
    watchPath: `${ACTIVITIES_PATH}/watch`,
    watchQuery: { eventName: { input: "eventName" }, filters: { input: "filters", as: "commaList" } },
    stopPath: CHANNEL_STOP_PATH,
  }),
  paths: { collection: ACTIVITIES_PATH, item: ACTIVITIES_PATH, related: [CHANNEL_STOP_PATH] },
  crossCheck: channelCrossCheck,
  outputs: channelOutputs,
  adoption: { never: "the API has no listing of watch channels, and each ends by itself at its expiration" },
  docs: {
    summary:
      "A push-notification channel on the activities of an application: the service POSTs a notification to `address` for each new " +
      "activity that matches (`X-Svc-Resource-State` is the event name, the body the Activity), after a first `sync` message.\n\n" +
      "Channels cannot be read or changed: a channel reads as present until its `effectiveExpiration`, then as gone (a `refresh` drops it " +
      "and the next `up` makes a new one); every change replaces it, the new channel first, so no notification is missed. Destroy stops it " +
      "(`channels/stop` at `svc:reportsChannelBaseUrl`, default the reports base address). Receive notifications with " +
      "`svc.reports.notificationHandler`.",
    example:
      'new svc.reports.ActivityWatchChannel("token-audit", {\n' +
      '  userKey: "all", eventName: "authorize", address: "https://hooks.example.com/token-audit",\n' +
      '  token: config.requireSecret("channelToken"), ttlSeconds: 6 * 3600,\n});',
  },
  samples: {
    inputs: {
      userKey: "all",
      applicationName: "token",
      eventName: "authorize",
      filters: ["client_type=WEB"],
      address: "https://receiver.example.test/token-audit",
      token: "target=conformance",
      payload: true,
      ttlSeconds: 3600,
      channelId: "conformance-channel",
    },
    names: ["channelId"],
    updates: [],
    replacements: [
      { userKey: "alice@example.test" },
      { applicationName: "login" },
      { eventName: "revoke" },
      { filters: ["app_name=Mail Archiver"] },
      { address: "https://receiver.example.test/other" },
      { token: "target=other" },
      { payload: false },
      { ttlSeconds: undefined, expiration: "2099-01-01T00:00:00Z" },
      { ttlSeconds: 7200 },
      { channelId: "conformance-channel-2" },
    ],
  },
});
