/**
 * `svc.calendar.WatchChannel`: a push-notification channel on one calendar
 * collection: a calendar's ACL or events, or the caller's calendar list or
 * settings. A channel as every API's (provider/channels/watchChannel.ts);
 * this file says what it watches and where the watch goes.
 */
import { z } from "zod";
import { channelCrossCheck, channelDeclaration, channelOutputs, channelShape, type ChannelArgs, type ChannelWire } from "../../channels/watchChannel";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import type { ChosenPath } from "../../engine/declaration/steps";
import { CALENDAR_LIST_PATH, CALENDAR_PATH, calendarId } from "./shapes";

export const WATCHED_RESOURCES = ["acl", "events", "calendarList", "settings"] as const;
export type WatchedResource = (typeof WATCHED_RESOURCES)[number];

/** The collections of one calendar; the others are the caller's own. */
const OF_A_CALENDAR: readonly WatchedResource[] = ["acl", "events"];

const SETTINGS_PATH = "users/me/settings";
const STOP_PATH = "channels/stop";

// The calendar's notifications never carry a body (the receiver syncs the list), so `payload` means nothing here.
const { payload: _payload, ...calendarChannelShape } = channelShape;

export const watchChannelArgs = z.object({
  resource: z.enum(WATCHED_RESOURCES, { error: (issue) => `must be one of ${WATCHED_RESOURCES.join(", ")}; got ${excerpt(issue.input)}` }).meta({
    description:
      "What is watched: `acl` (a calendar's access rules), `events` (a calendar's events), `calendarList` (the caller's calendar list) " +
      "or `settings` (the caller's settings).",
  }),
  calendarId: calendarId.optional().meta({
    description:
      "The calendar whose `acl` or `events` are watched: `primary`, an e-mail address (a primary calendar) or a calendar id. " +
      "Required for those two; not given for `calendarList` and `settings`, which are the caller's.",
  }),
  ...calendarChannelShape,
});

export interface WatchChannelArgs extends ChannelArgs {
  resource: WatchedResource;
  calendarId?: string;
}

const INPUTS = Object.keys(watchChannelArgs.shape);

/** The watch request's path below the calendar base address, by what is watched. */
export const watchPath = {
  by: "resource",
  paths: {
    acl: `${CALENDAR_PATH}/acl/watch`,
    events: `${CALENDAR_PATH}/events/watch`,
    calendarList: `${CALENDAR_LIST_PATH}/watch`,
    settings: `${SETTINGS_PATH}/watch`,
  },
} as const satisfies ChosenPath & { paths: Record<WatchedResource, string> };

/** `calendarId` goes with the collections of a calendar, and only with them. */
function calendarIdFailures(args: WatchChannelArgs): { property: string; reason: string }[] {
  const ofACalendar = OF_A_CALENDAR.includes(args.resource);
  if (ofACalendar && args.calendarId === undefined) {
    return [{ property: "calendarId", reason: `is required to watch ${args.resource}: the calendar whose ${args.resource} are watched, e.g. "primary"` }];
  }
  if (!ofACalendar && args.calendarId !== undefined) {
    return [
      {
        property: "calendarId",
        reason: `must be left out to watch ${args.resource} (the caller's own ${args.resource === "settings" ? "settings" : "calendar list"}); got ${excerpt(args.calendarId)}`,
      },
    ];
  }
  return [];
}

export const watchChannel = declare<WatchChannelArgs, ChannelWire>({
  module: "calendar",
  name: "WatchChannel",
  api: "calendar",
  args: watchChannelArgs,
  ...channelDeclaration<WatchChannelArgs>({
    inputNames: INPUTS,
    watched: "{resource}",
    watchPath,
    stopPath: STOP_PATH,
    // The calendar's channels take their life as `params.ttl`, counted by the service from the watch.
    ttlForm: "params",
  }),
  paths: {
    collection: "channels",
    item: "channels",
    related: [...Object.values(watchPath.paths), STOP_PATH],
  },
  crossCheck: (args) => [...channelCrossCheck(args), ...calendarIdFailures(args)],
  outputs: channelOutputs,
  adoption: { never: "the API has no listing of watch channels, and each ends by itself at its expiration" },
  docs: {
    summary:
      "A push-notification channel on a calendar's access rules or events, or on the caller's calendar list or settings: the service " +
      "POSTs a `sync` message to `address` first, then a notification (`X-Svc-Resource-State: exists`, no body: sync the list to see what " +
      "changed) after each change of what is watched.\n\n" +
      "Channels cannot be read or changed: a channel reads as present until its `effectiveExpiration`, then as gone (a `refresh` drops it " +
      "and the next `up` makes a new one); every change replaces it, the new channel first, so no notification is missed. Destroy stops it " +
      "(`channels/stop` at `svc:calendarChannelBaseUrl`, default the calendar base address). Import with `{channelId}/{resourceId}`.",
    example:
      'new svc.calendar.WatchChannel("team-acl", {\n' +
      '  resource: "acl", calendarId: team.calendarId, address: "https://hooks.example.com/calendar",\n' +
      '  token: config.requireSecret("channelToken"), ttlSeconds: 24 * 3600,\n});',
  },
  samples: {
    inputs: {
      resource: "acl",
      calendarId: "primary",
      address: "https://receiver.example.test/calendar",
      token: "target=conformance",
      ttlSeconds: 3600,
      channelId: "conformance-channel",
    },
    names: ["channelId"],
    updates: [],
    replacements: [
      { resource: "events" },
      { resource: "calendarList", calendarId: undefined },
      { calendarId: "ann@example.com" },
      { address: "https://receiver.example.test/other" },
      { token: "target=other" },
      { ttlSeconds: undefined, expiration: "2099-01-01T00:00:00Z" },
      { ttlSeconds: 7200 },
      { channelId: "conformance-channel-2" },
    ],
  },
});
