/**
 * Push-notification channels, shared by every API that has `watch` methods
 * (reports activities; calendar acl, events, calendarList, settings): one
 * registry per API, which checks a watch request's channel, answers it with
 * the channel resource, sends the `sync` message and then a notification per
 * change the API reports, honours expiration and stops on `channels/stop`
 * with the ownership rules of the spec (document 001, "Authentication").
 *
 * The API decides what a channel watches (`topic`, its own type) and which
 * change concerns which channel (`notify`'s selector); everything about the
 * channel itself is here.
 */
import { randomInt } from "node:crypto";
import { z } from "zod";
import { ApiError } from "../errors";
import { invalidValue, requiredField } from "../google/errors";
import { parseRequestBody } from "../google/request-body";
import type { DeliveryRecord, DeliverySettings } from "./delivery";
import { Deliverer } from "./delivery";

/** Who made a channel, or asks to stop one: the emulator maps each token to a user and an OAuth client. */
export interface ChannelOwner {
  user: string;
  client: string;
  /** A service account's channels may be stopped by any user of the same client. */
  serviceAccount: boolean;
}

export interface ChannelSettings {
  now: () => Date;
  /** The service's own limit: a channel lives at most this long, and this long when no expiration is asked. */
  maxTtlMs: number;
  delivery: DeliverySettings;
}

/** What a watch request watches, as the API computes it from the path and query. */
export interface WatchedResource<Topic> {
  /** Opaque and stable: the same resource gives the same id. */
  resourceId: string;
  /** The API-version-specific address of the resource. */
  resourceUri: string;
  topic: Topic;
}

export interface Channel<Topic> extends WatchedResource<Topic> {
  id: string;
  address: string;
  token?: string;
  /** Whether notifications carry the changed object as their body. */
  payload: boolean;
  /** Unix milliseconds. */
  expiration: number;
  owner: ChannelOwner;
  lastMessageNumber: number;
}

/** A channel as `/_emulator/<api>/channels` and `/_emulator/objects` show it: never its token. */
export interface ChannelView {
  id: string;
  resourceId: string;
  resourceUri: string;
  address: string;
  expiration: string;
  owner: string;
  hasToken: boolean;
}

const MAX_ID_LENGTH = 64;
const MAX_TOKEN_LENGTH = 256;

const int64 = z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]);

/** The Channel resource as a watch request's body: unknown names are refused, as Google's JSON reader does. */
const watchBodySchema = z.strictObject({
  kind: z.literal("api#channel").optional(),
  id: z.string().min(1),
  type: z.string(),
  address: z.string(),
  token: z.string().optional(),
  payload: z.boolean().optional(),
  expiration: int64.optional(),
  params: z.record(z.string(), z.string()).optional(),
  resourceId: z.string().optional(),
  resourceUri: z.string().optional(),
});

/** A saved channel (`snapshot()`); its topic is the API's own, checked as an object. */
export function channelSnapshotSchema<Topic>(topic: z.ZodType<Topic>): z.ZodType<Channel<Topic>, unknown> {
  return z.object({
    id: z.string(),
    address: z.string(),
    token: z.string().optional(),
    payload: z.boolean(),
    expiration: z.number(),
    owner: z.object({ user: z.string(), client: z.string(), serviceAccount: z.boolean() }),
    lastMessageNumber: z.int(),
    resourceId: z.string(),
    resourceUri: z.string(),
    topic,
  });
}

const stopBodySchema = z.looseObject({ id: z.string().optional(), resourceId: z.string().optional() });

function badChannel(reason: string, message: string): ApiError {
  return new ApiError({ httpStatus: 400, reason, message });
}

export class ChannelRegistry<Topic> {
  private readonly live = new Map<string, Channel<Topic>>();
  private readonly deliverer: Deliverer;

  constructor(private readonly settings: ChannelSettings) {
    this.deliverer = new Deliverer(settings.delivery);
  }

  /**
   * Opens a channel from a watch request's body (400 for a bad one, naming
   * the field), queues its `sync` message, and returns the Channel resource
   * the watch answers with. The sync may reach the receiver first.
   */
  watch(body: unknown, resource: WatchedResource<Topic>, owner: ChannelOwner): Record<string, unknown> {
    const request = parseRequestBody(watchBodySchema, body, "resource");
    if (request.id.length > MAX_ID_LENGTH) throw invalidValue("resource.id", request.id, `a channel id has at most ${MAX_ID_LENGTH} characters`);
    if (request.type !== "web_hook") throw invalidValue("resource.type", request.type, "the only channel type is 'web_hook'");
    if (!isHttpsUrl(request.address)) {
      throw badChannel("push.webhookUrlNotHttps", `WebHook callback must be HTTPS: ${request.address}`);
    }
    if (request.token !== undefined && request.token.length > MAX_TOKEN_LENGTH) {
      // The token is not echoed: it is the receiver's secret.
      throw invalidValue("resource.token", `(${request.token.length} characters)`, `a channel token has at most ${MAX_TOKEN_LENGTH} characters`);
    }
    this.expireOld();
    if (this.live.has(request.id)) throw badChannel("channelIdNotUnique", `Channel id ${request.id} not unique`);
    const now = this.settings.now().getTime();
    const ceiling = now + this.settings.maxTtlMs;
    const asked = request.expiration === undefined ? undefined : Number(request.expiration);
    if (asked !== undefined && asked <= now) throw invalidValue("resource.expiration", request.expiration, "the expiration is in the past");
    // `params.ttl` (seconds), as the calendar and directory channels take it; with an expiration, the earlier wins.
    const ttl = request.params?.["ttl"];
    if (ttl !== undefined && !/^[1-9]\d{0,9}$/.test(ttl)) throw invalidValue("resource.params.ttl", ttl, "a ttl is a whole number of seconds");
    const fromTtl = ttl === undefined ? undefined : now + Number(ttl) * 1000;
    const requested = asked === undefined ? fromTtl : fromTtl === undefined ? asked : Math.min(asked, fromTtl);
    const channel: Channel<Topic> = {
      ...resource,
      id: request.id,
      address: request.address,
      ...(request.token !== undefined && { token: request.token }),
      payload: request.payload ?? true,
      // The more restrictive of the requested time and the service's own limit.
      expiration: Math.min(requested ?? ceiling, ceiling),
      owner,
      lastMessageNumber: 0,
    };
    this.live.set(channel.id, channel);
    this.send(channel, "sync", undefined);
    return {
      kind: "api#channel",
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: channel.resourceUri,
      ...(channel.token !== undefined && { token: channel.token }),
      expiration: String(channel.expiration),
    };
  }

  /**
   * `channels/stop`: 404 for an unknown (or expired) channel or a resourceId
   * that is not its own; 403 when the caller may not stop it.
   */
  stop(body: unknown, caller: ChannelOwner): void {
    const request = parseRequestBody(stopBodySchema, body, "resource");
    if (request.id === undefined || request.id === "") throw requiredField("resource.id");
    if (request.resourceId === undefined || request.resourceId === "") throw requiredField("resource.resourceId");
    this.expireOld();
    const channel = this.live.get(request.id);
    if (channel === undefined || channel.resourceId !== request.resourceId) {
      throw new ApiError({ httpStatus: 404, reason: "notFound", message: `Channel '${request.id}' not found for resource id '${request.resourceId}'` });
    }
    const { owner } = channel;
    const permitted = caller.client === owner.client && (owner.serviceAccount || caller.user === owner.user);
    if (!permitted) {
      throw new ApiError({
        httpStatus: 403,
        reason: "forbidden",
        message: `Channel '${channel.id}' was created by another user or OAuth client; only ${
          owner.serviceAccount ? "a user of the OAuth client that created it" : "the same user from the same OAuth client"
        } can stop it.`,
      });
    }
    this.live.delete(channel.id);
  }

  /**
   * A change of the API's data: each live channel for which `select` gives a
   * resource state (the event name) gets a notification with `body`.
   * Returns how many channels were notified.
   */
  notify(select: (topic: Topic) => string | undefined, body: unknown): number {
    this.expireOld();
    let count = 0;
    for (const channel of this.live.values()) {
      const state = select(channel.topic);
      if (state === undefined) continue;
      this.send(channel, state, channel.payload ? body : undefined);
      count += 1;
    }
    return count;
  }

  /** The live channels (those watching what `select` accepts), without their tokens. */
  channels(select: (topic: Topic) => boolean = () => true): ChannelView[] {
    this.expireOld();
    return [...this.live.values()]
      .filter((channel) => select(channel.topic))
      .map((channel) => ({
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: channel.resourceUri,
        address: channel.address,
        expiration: String(channel.expiration),
        owner: channel.owner.user,
        hasToken: channel.token !== undefined,
      }));
  }

  /** The live channels, tokens included: what a restart keeps (the receivers still expect their tokens). */
  snapshot(): Channel<Topic>[] {
    this.expireOld();
    return [...this.live.values()].map((channel) => structuredClone(channel));
  }

  /** Replaces the live channels; no sync is sent again (their receivers had it). */
  restore(channels: readonly Channel<Topic>[]): void {
    this.live.clear();
    for (const channel of channels) this.live.set(channel.id, structuredClone(channel));
  }

  deliveries(): DeliveryRecord[] {
    return this.deliverer.deliveries();
  }

  reset(): void {
    this.live.clear();
    this.deliverer.clearLog();
  }

  close(): Promise<void> {
    this.live.clear();
    return this.deliverer.close();
  }

  private isLive(channel: Channel<Topic>): boolean {
    return this.live.get(channel.id) === channel && this.settings.now().getTime() < channel.expiration;
  }

  private expireOld(): void {
    for (const channel of [...this.live.values()]) if (!this.isLive(channel)) this.live.delete(channel.id);
  }

  private send(channel: Channel<Topic>, state: string, body: unknown): void {
    // 1 for the sync; later numbers increase, with gaps, as the service's do.
    channel.lastMessageNumber = state === "sync" ? 1 : channel.lastMessageNumber + 2 + randomInt(5);
    const headers: Record<string, string> = {
      "X-Svc-Channel-ID": channel.id,
      "X-Svc-Message-Number": String(channel.lastMessageNumber),
      "X-Svc-Resource-ID": channel.resourceId,
      "X-Svc-Resource-State": state,
      "X-Svc-Resource-URI": channel.resourceUri,
      "X-Svc-Channel-Expiration": new Date(channel.expiration).toUTCString(),
      ...(channel.token !== undefined && { "X-Svc-Channel-Token": channel.token }),
    };
    this.deliverer.enqueue(
      { channelId: channel.id, messageNumber: channel.lastMessageNumber, state, address: channel.address, headers, ...(body !== undefined && { body }) },
      () => this.isLive(channel),
    );
  }
}

function isHttpsUrl(address: string): boolean {
  try {
    return new URL(address).protocol === "https:";
  } catch {
    return false;
  }
}
