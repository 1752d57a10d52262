/**
 * The calendar's push-notification channels on the shared channel core
 * (`emulator/channels/`): acl.watch and events.watch (of a calendar),
 * calendarList.watch and settings.watch (of the caller), and channels.stop.
 * A watch needs the access the matching list needs (owner for the ACL, reader
 * for events); each change the store announces on its feed notifies the
 * channels watching that collection with resource state `exists`, without a
 * body (the calendar's notifications say only that something changed: the
 * receiver syncs the list). `channels/stop` obeys the core's ownership rule;
 * the calendar's channels are made by users (one OAuth client), so only the
 * user who made a channel may stop it.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { ApiCall, ApiResult, ApiRoute } from "../../api";
import { channelInternalRoutes } from "../../channels/internal";
import { DEFAULT_OAUTH_CLIENT } from "../../channels/owners";
import type { ChannelOwner, ChannelRegistry, ChannelSettings } from "../../channels/registry";
import { channelSnapshotSchema, ChannelRegistry as Registry } from "../../channels/registry";
import { parseSnapshot, wireObject } from "../../persistence/snapshot-schema";
import type { CalendarContext } from "./context";
import { CALENDAR_PREFIX, caller, pathCalendar } from "./context";
import type { Role } from "./resources";
import type { CalendarChange } from "./store";
import { CalendarStore } from "./store";

/** What a calendar channel watches: one collection, of a calendar (acl, events) or of a user (calendarList, settings). */
export interface CalendarTopic {
  resource: CalendarChange["resource"];
  /** The watched calendar's canonical id (acl, events). */
  calendarId?: string;
  /** The user whose list or settings are watched (calendarList, settings). */
  user?: string;
}

/** The calendar's state with its channels: a reset drops them, `/_emulator/objects` lists them. */
export class CalendarWatchStore extends CalendarStore {
  private registry: ChannelRegistry<CalendarTopic> | undefined;

  /** Set once at mount (the registry needs the clock and the delivery settings); the change feed notifies it. */
  attachChannels(settings: ChannelSettings): ChannelRegistry<CalendarTopic> {
    const registry = new Registry<CalendarTopic>(settings);
    this.registry = registry;
    this.onChange((change) => registry.notify((topic) => (concerns(topic, change) ? "exists" : undefined), undefined));
    return registry;
  }

  get channels(): ChannelRegistry<CalendarTopic> {
    if (this.registry === undefined) throw new Error("the calendar store is used before its API was mounted");
    return this.registry;
  }

  override reset(): void {
    super.reset();
    this.registry?.reset();
  }

  override snapshot(): unknown {
    return { ...(super.snapshot() as object), channels: this.registry?.snapshot() ?? [] };
  }

  override restore(snapshot: unknown): void {
    const { channels } = parseSnapshot(z.looseObject({ channels: z.array(channelSnapshotSchema(wireObject<CalendarTopic>())) }), snapshot, "calendar");
    super.restore(snapshot);
    this.channels.restore(channels);
  }

  override userObjects(): Record<string, unknown[]> {
    return { ...super.userObjects(), channels: this.registry?.channels() ?? [] };
  }
}

function concerns(topic: CalendarTopic, change: CalendarChange): boolean {
  if (topic.resource !== change.resource) return false;
  return topic.calendarId !== undefined ? topic.calendarId === change.calendarId : topic.user === change.user;
}

/** A calendar user's channel: users of the emulator share one OAuth client and are never service accounts. */
function ownerOf(email: string): ChannelOwner {
  return { user: email, client: DEFAULT_OAUTH_CLIENT, serviceAccount: false };
}

/** The collection's path below the API (the resource URI's path, and what the resource id is made of). */
function collectionPath(topic: CalendarTopic): string {
  if (topic.calendarId !== undefined) return `/calendars/${encodeURIComponent(topic.calendarId)}/${topic.resource}`;
  return `/users/me/${topic.resource}`;
}

function watchOf(store: CalendarWatchStore, call: ApiCall, email: string, topic: CalendarTopic): ApiResult {
  // Opaque and stable: the same collection (of the same user, for the per-user ones) gives the same id.
  const resourceId = createHash("sha256").update(JSON.stringify(topic)).digest("base64url").slice(0, 27);
  const host = call.headers.host ?? "www.googleapis.com";
  const resourceUri = `http://${host}${CALENDAR_PREFIX}${collectionPath(topic)}?alt=json`;
  return { status: 200, body: store.channels.watch(call.body, { resourceId, resourceUri, topic }, ownerOf(email)) };
}

function calendarWatch(resource: "acl" | "events", minimum: Role): (context: CalendarContext, call: ApiCall) => ApiResult {
  return (context, call) => {
    const { email, stored } = pathCalendar(context, call, minimum);
    return watchOf(context.store as CalendarWatchStore, call, email, { resource, calendarId: stored.calendar.id });
  };
}

function userWatch(resource: "calendarList" | "settings"): (context: CalendarContext, call: ApiCall) => ApiResult {
  return (context, call) => {
    const email = caller(context, call);
    return watchOf(context.store as CalendarWatchStore, call, email, { resource, user: email });
  };
}

function stopChannel(context: CalendarContext, call: ApiCall): ApiResult {
  (context.store as CalendarWatchStore).channels.stop(call.body, ownerOf(caller(context, call)));
  return { status: 204 };
}

export function calendarWatchRoutes(context: CalendarContext): ApiRoute[] {
  const route = (pattern: string, operation: string, handler: (context: CalendarContext, call: ApiCall) => ApiResult): ApiRoute => ({
    method: "POST",
    pattern: `${CALENDAR_PREFIX}${pattern}`,
    operation,
    handle: (call) => handler(context, call),
  });
  return [
    // The lists' access: only an owner reads the ACL; events need a reader.
    route("/calendars/:calendarId/acl/watch", "calendar.acl.watch", calendarWatch("acl", "owner")),
    route("/calendars/:calendarId/events/watch", "calendar.events.watch", calendarWatch("events", "reader")),
    route("/users/me/calendarList/watch", "calendar.calendarList.watch", userWatch("calendarList")),
    route("/users/me/settings/watch", "calendar.settings.watch", userWatch("settings")),
    route("/channels/stop", "calendar.channels.stop", stopChannel),
  ];
}

export function calendarWatchInternalRoutes(store: CalendarWatchStore): ApiRoute[] {
  return channelInternalRoutes(() => store.channels);
}
