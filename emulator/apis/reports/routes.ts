/**
 * The reports API's methods at their documented paths: activities.list,
 * activities.watch and channels.stop (at `admin/reports_v1`, the channel
 * base), plus `POST /_emulator/reports/activities`, which adds activities to
 * the trail so tests can cause notifications.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { ApiCall, ApiResult, ApiRoute } from "../../api";
import { firstQueryValue, pathParam } from "../../api";
import { channelInternalRoutes } from "../../channels/internal";
import type { OwnerTable } from "../../channels/owners";
import { ownerOf } from "../../channels/owners";
import { ApiError } from "../../errors";
import { bearerToken } from "../../google/auth";
import type { TokenAuthority } from "../../google/tokens/authority";
import { compareNumericStrings, pagingBy } from "../../google/paging";
import { parseRequestBody } from "../../google/request-body";
import type { Selection, StoredActivity } from "./activities";
import { checkApplicationName, checkTimeWindow, checkUserKey, parseFilters, parseTimeParameter, selectedEvent } from "./activities";
import { buildActivity } from "./seed";
import type { ReportsStore, ReportsTopic } from "./state";

export const REPORTS_PREFIX = "/admin/reports/v1";
export const CHANNELS_PREFIX = "/admin/reports_v1";
const ACTIVITIES = `${REPORTS_PREFIX}/activity/users/:userKey/applications/:applicationName`;

/** The reference: maxResults defaults to 1000, at most 1000. */
const { paginate } = pagingBy({ parameter: "maxResults", defaultSize: 1000, maxSize: 1000 });

export interface ReportsContext {
  store: ReportsStore;
  owners: OwnerTable;
  nonAdmins: ReadonlySet<string>;
  now: () => Date;
  /** The tokens the emulator issued: one is whom it acts for (domain-wide delegation), across refreshes. */
  accessTokens?: TokenAuthority;
}

/** What a list or a watch is about; a caller who is not an administrator may only ask about themselves. */
function topicOf(context: ReportsContext, call: ApiCall): ReportsTopic {
  const userKey = pathParam(call, "userKey");
  checkUserKey(userKey);
  const applicationName = pathParam(call, "applicationName");
  checkApplicationName(applicationName);
  const token = bearerToken({ headers: call.headers, query: call.query }) ?? "";
  if (context.nonAdmins.has(token) && userKey.toLowerCase() !== ownerOf(context.owners, call, context.accessTokens).user.toLowerCase()) {
    throw new ApiError({ httpStatus: 403, reason: "forbidden", message: "Not Authorized to access this resource/api" });
  }
  const eventName = firstQueryValue(call.query, "eventName");
  return {
    userKey,
    applicationName,
    ...(eventName !== undefined && eventName !== "" && { eventName }),
    filters: parseFilters(firstQueryValue(call.query, "filters")),
  };
}

function listActivities(context: ReportsContext, call: ApiCall): ApiResult {
  const topic = topicOf(context, call);
  const now = context.now().getTime();
  const startTime = parseTimeParameter("startTime", firstQueryValue(call.query, "startTime"));
  const endTime = parseTimeParameter("endTime", firstQueryValue(call.query, "endTime"));
  checkTimeWindow(startTime, endTime, now);
  const actorIpAddress = firstQueryValue(call.query, "actorIpAddress");
  const selection: Selection = {
    ...topic,
    ...(actorIpAddress !== undefined && actorIpAddress !== "" && { actorIpAddress }),
    ...(startTime !== undefined && { startTime }),
    endTime: endTime ?? now + 1,
  };
  // Newest first, as the service lists them; the cursor is the trail's sequence number.
  const selected = context.store.activities.filter(({ activity }) => selectedEvent(activity, selection) !== undefined).reverse();
  const page = paginate<StoredActivity>({
    // The query as given (not the default end time, which moves): a token of another list is refused.
    listId: JSON.stringify({ ...topic, actorIpAddress, startTime, endTime }),
    sortedItems: selected,
    keyOf: (item) => String(item.sequence),
    compareKeys: (a, b) => compareNumericStrings(b, a),
    query: call.query,
  });
  const etag = `"${createHash("sha256")
    .update(page.items.map((item) => item.activity.etag).join())
    .digest("base64url")
    .slice(0, 27)}"`;
  return {
    status: 200,
    body: {
      kind: "admin#reports#activities",
      etag,
      ...(page.items.length > 0 && { items: page.items.map((item) => item.activity) }),
      ...(page.nextPageToken !== undefined && { nextPageToken: page.nextPageToken }),
    },
  };
}

/** Opaque, stable across versions: the same watched list gives the same id. */
function resourceIdOf(topic: ReportsTopic): string {
  return createHash("sha256").update(JSON.stringify(topic)).digest("base64url").slice(0, 27);
}

function resourceUriOf(call: ApiCall, topic: ReportsTopic): string {
  const host = call.headers.host ?? "admin.googleapis.com";
  const query = new URLSearchParams({ alt: "json" });
  if (topic.eventName !== undefined) query.set("eventName", topic.eventName);
  const filters = firstQueryValue(call.query, "filters");
  if (filters !== undefined && filters !== "") query.set("filters", filters);
  const path = `${REPORTS_PREFIX}/activity/users/${encodeURIComponent(topic.userKey)}/applications/${encodeURIComponent(topic.applicationName)}`;
  return `http://${host}${path}?${query.toString()}`;
}

function watchActivities(context: ReportsContext, call: ApiCall): ApiResult {
  const topic = topicOf(context, call);
  const channel = context.store.channels.watch(
    call.body,
    { resourceId: resourceIdOf(topic), resourceUri: resourceUriOf(call, topic), topic },
    ownerOf(context.owners, call, context.accessTokens),
  );
  return { status: 200, body: channel };
}

function stopChannel(context: ReportsContext, call: ApiCall): ApiResult {
  context.store.channels.stop(call.body, ownerOf(context.owners, call, context.accessTokens));
  return { status: 204 };
}

const activitySpecSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        parameters: z.record(z.string(), z.union([z.string(), z.number().int(), z.boolean(), z.array(z.string())])).optional(),
      }),
    )
    .min(1),
  actorEmail: z.string().optional(),
  ipAddress: z.string().optional(),
  applicationName: z.string().optional(),
});

const addActivitiesSchema = z.strictObject({ activities: z.array(activitySpecSchema).min(1) });

/** Adds activities now (in order) and notifies the channels each one concerns. */
function addActivities(context: ReportsContext, call: ApiCall): ApiResult {
  const { activities } = parseRequestBody(addActivitiesSchema, call.body, "");
  const added = activities.map((spec) => {
    const stored = context.store.add((sequence) => buildActivity(sequence, context.now(), spec));
    const notified = context.store.channels.notify((topic) => selectedEvent(stored.activity, topic)?.name, stored.activity);
    return { activity: stored.activity, notifiedChannels: notified };
  });
  return { status: 200, body: { added } };
}

export function reportsRoutes(context: ReportsContext): ApiRoute[] {
  return [
    { method: "GET", pattern: ACTIVITIES, operation: "reports.activities.list", handle: (call) => listActivities(context, call) },
    { method: "POST", pattern: `${ACTIVITIES}/watch`, operation: "reports.activities.watch", handle: (call) => watchActivities(context, call) },
    { method: "POST", pattern: `${CHANNELS_PREFIX}/channels/stop`, operation: "admin.channels.stop", handle: (call) => stopChannel(context, call) },
  ];
}

export function reportsInternalRoutes(context: ReportsContext): ApiRoute[] {
  return [
    { method: "POST", pattern: "/activities", operation: "emulator.reports.addActivities", handle: (call) => addActivities(context, call) },
    ...channelInternalRoutes(() => context.store.channels),
  ];
}
